/**
 * Snapshots as the engine reads them, and how they are told: text, compression, diffs, find, what a model may trust.
 */
export {
  formatSnapshotText,
  formatHeader,
  formatNode,
  allNodes,
  type Snapshot,
  type SnapshotNode,
  type FormatOptions,
} from './format.js';
export {
  compressSnapshot,
  formatCompressedText,
  formatCollapsed,
  type CollapsedRun,
  type CompressedNode,
} from './compress.js';
export { diffSnapshots, formatDiff, type SnapshotDiff } from './diff.js';
export { findInSnapshot, formatFindResult, type FindResult, type FindMatch } from './budget.js';
export { type Observation, type ViewportInfo, type NameStatus, type Zone } from './observe.js';
export { CLIENT_WORDING, type SnapshotWording } from './wording.js';
export type { NameSource } from '../types.js';
