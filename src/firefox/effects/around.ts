/**
 * The part of a page a replay's failure quotes: the target's recorded container when the page still has it, else the
 * start of the page.
 */
import { formatSnapshotBody, type SnapshotNode } from '../engine/snapshot/format.js';
import { matches } from '../page/locator.js';
import type { TakenSnapshot } from '../page/snapshots.js';
import { targetQuery } from './find.js';
import type { RecordedTarget } from './types.js';

/** Most lines of a page a failure quotes. */
const QUOTED_LINES = 30;

/** The snapshot's lines (of `nodes` alone, when given), the first few and a count of the rest. */
export function quoteSnapshot(snapshot: TakenSnapshot, nodes: readonly SnapshotNode[] = snapshot.nodes): string {
  const lines = formatSnapshotBody({ ...snapshot, nodes: [...nodes] }).split('\n');
  return [
    ...lines.slice(0, QUOTED_LINES),
    ...(lines.length > QUOTED_LINES ? [`… ${lines.length - QUOTED_LINES} more lines`] : []),
  ].join('\n');
}

/** The page around where `target` was: its container's lines, or the start of the page. */
export function aroundTarget(snapshot: TakenSnapshot, target: RecordedTarget | undefined): string {
  const within = target && targetQuery(target).within;
  const container = within ? matches(snapshot.nodes, { ...within, exact: false })[0] : undefined;
  return quoteSnapshot(snapshot, container ? [container] : snapshot.nodes);
}
