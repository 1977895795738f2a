/**
 * Recordings: the format of what a session did, the effect a step had, the check that a page shows it, and scripts made
 * from them.
 */
export {
  RECORDING_FORMAT,
  RECORDING_VERSION,
  type Recording,
  type RecordedStep,
  type RecordedTarget,
  type RecordedCss,
  type RecordedEffect,
  type RecordedElement,
  type RecordedOrder,
} from './format.js';
export { MAX_RECORDING_CHARS, parseRecording } from './parse.js';
export { comparable, effectBetween, recordedElement, wholePage } from './effects.js';
export { aroundTarget, quoteSnapshot } from './around.js';
export { findTarget, targetQuery, type FoundTarget } from './find.js';
export { effectMisses, expectEffect, type ExpectedEffect, type ExpectOptions, type ExpectPage } from './expect.js';
export { exportScript, SCRIPT_FORMATS, type ScriptFormat, type ExportOptions } from './export.js';
export { describeTarget } from './export-steps.js';
