/**
 * The witness of an incremental reading: it must say what a full walk of the same page says. A snapshot reuses what
 * did not change since the last reading (engine/in-page/changes.ts); the check reads the page as an agent would, makes
 * sure nothing changed since (the next reading reuses it whole), then walks it whole and compares the two node by node.
 */
import type { SnapshotNode } from '../engine/snapshot/format.js';
import type { SnapshotOptions, TakenSnapshot } from './snapshots.js';

/** What the check found. */
export type Freshness =
  | { checked: true; same: true }
  /** The first node (with its ancestors' indent) where the incremental reading and the full walk differ. */
  | { checked: true; same: false; incremental: string; full: string }
  /** The page changed between the readings every time it was tried: nothing to compare. */
  | { checked: false };

/** How often the check is tried on a page that changes between its readings. */
const TRIES = 3;

export async function readingFreshness(
  take: (options: SnapshotOptions) => Promise<TakenSnapshot>,
  settle: () => Promise<unknown>,
): Promise<Freshness> {
  for (let attempt = 0; attempt < TRIES; attempt++) {
    if (attempt > 0) await settle();
    const incremental = await take({});
    // Only a page that did not change since is the page the full walk reads.
    if (!(await take({})).stats.reused) continue;
    const full = await take({ fresh: true });
    return { checked: true, ...firstDifference(nodeLines(incremental), nodeLines(full)) };
  }
  return { checked: false };
}

/** The reading as lines, one per node with its own fields (boxes included), indented by depth; the page's own first. */
function nodeLines(snapshot: TakenSnapshot): string[] {
  const { url, title, viewport, modal } = snapshot;
  const lines = [JSON.stringify({ url, title, viewport, modal })];
  const visit = (nodes: readonly SnapshotNode[], depth: number): void => {
    for (const { children, ...own } of nodes) {
      lines.push(`${' '.repeat(depth)}${JSON.stringify(own)}`);
      if (children) visit(children, depth + 1);
    }
  };
  visit(snapshot.nodes, 0);
  return lines;
}

function firstDifference(
  incremental: string[],
  full: string[],
): { same: true } | { same: false; incremental: string; full: string } {
  const length = Math.max(incremental.length, full.length);
  for (let index = 0; index < length; index++) {
    if (incremental[index] !== full[index])
      return { same: false, incremental: incremental[index] ?? '(nothing)', full: full[index] ?? '(nothing)' };
  }
  return { same: true };
}
