export * from './firefox/index.js';
export * as bidi from './bidi/index.js';
/** Recordings: the format of a session's steps, reading a recording file, and scripts made from one. */
export * from './mcp/recording/index.js';
/** Replay without a model: a session's recording run again through the same tools, each step's effect checked. */
export { replay, type ReplayOptions } from './mcp/replay/replay.js';
export { formatReplayReport, type ReplayReport, type ReplayFailure, type StepReport } from './mcp/replay/report.js';
/** The answer line for what an input action did (ActionResult.done), as the server words it. */
export { actionLine, targetWords } from './mcp/action-line.js';
