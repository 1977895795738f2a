/**
 * What a step did to a page and the check that a page shows it again: an element said without its uid, the effect
 * between two snapshots, a recorded target found again by role and name, and the page around it.
 */
export type { ExpectedEffect, RecordedCss, RecordedElement, RecordedOrder, RecordedTarget } from './types.js';
export { comparable, effectBetween, recordedElement, wholePage } from './effects.js';
export { aroundTarget, quoteSnapshot } from './around.js';
export { findTarget, targetQuery, type FoundTarget } from './find.js';
export { effectMisses, expectEffect, type ExpectOptions, type ExpectPage } from './expect.js';
export { withCss } from './target.js';
