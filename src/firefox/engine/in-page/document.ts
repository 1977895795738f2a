/**
 * The page for the Markdown views: the snapshot's walk, reading content (see WalkOptions.content).
 * With a snapshot id (the agent view), what can be acted on gets uids from the same registry as
 * snapshots', stamped unless `stampUids` is false; without one (the document view), nothing is
 * given a uid and nothing is written.
 */
import { walk } from './walk.js';

export function readDocument(snapshotId: number | null, stampUids = true): string {
  if (snapshotId === null) return walk({ snapshotId: 0, stamp: false, content: 'document' });
  return walk({ snapshotId, stamp: stampUids, content: 'agent' });
}
