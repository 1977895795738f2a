/**
 * The in-page engine: what the page's sandbox can be asked to do. scripts/build-engine.js bundles
 * this module and the ones it imports into one self-contained function source, which runs in a
 * BiDi sandbox where page scripts that override built-ins cannot reach it, and where its state
 * (the uid registry) lives as long as the document does.
 */
export { memoSize, walk } from './walk.js';
export { readingSize, unchanged } from './changes.js';
export { readDocument } from './document.js';
export { adopt, clear, element, elements, frameWindows, lookup } from './registry.js';
export { prepareAction, readControl, selectContent, setValue } from './actions.js';
export { waitForQuiet } from './quiet.js';
export { focusDrawnPart } from './canvas-parts.js';
export { scrollBefore, scrollRest } from './scrolling.js';
export { scrollTo } from './scroll-to.js';
export { endDrag, nativeDragStarted, playDrop, watchDrag } from './drag.js';
export { focusSearchLike, insertText } from './actions.js';
export { selector } from './selectors.js';
export { locateText, readSelection } from './text-selection.js';
export { guardKeys, releaseKeys } from './key-guard.js';
export { settleTyped, takeKeys } from './typing.js';
export { focusedFrameWindow, markSecretField, markTypedSecret, secretFieldValues } from './secret-fields.js';
export { iframeWindows, pictureHosts, secretBoxes } from './secret-boxes.js';
export { hostCandidates, learnClosedRoots } from './closed-roots.js';
export { witnessFacts, witnessScope } from './witness.js';
export { rolesAndNames } from './names.js';
export { focusedTarget } from './approval.js';
export { uidsAt } from './point.js';
