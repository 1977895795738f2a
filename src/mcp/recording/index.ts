/**
 * Recordings: the format of what a session did (its steps keyed by the tools it called), the
 * reading of a recording file, the session's recorder, and scripts made from a recording.
 */
export {
  RECORDING_FORMAT,
  RECORDING_VERSION,
  type Recording,
  type RecordedStep,
  type RecordedEffect,
} from './format.js';
export { MAX_RECORDING_CHARS, parseRecording } from './parse.js';
export { exportScript, SCRIPT_FORMATS, type ScriptFormat, type ExportOptions } from './export.js';
export { describeTarget } from './export-steps.js';
