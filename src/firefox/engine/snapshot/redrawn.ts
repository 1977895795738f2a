/**
 * Parts of a page drawn anew as they were: a framework that renders a table again (new elements,
 * the same rows) gives every element a new uid, and a diff would list the whole table as removed
 * and added. What a person sees did not change, so a diff says it once, as redrawn.
 */
import { formatNode, type SnapshotNode } from './format.js';

/** A subtree removed and added again alike: the new root, the old one, and how many elements it holds. */
export interface DiffRedrawn {
  uid: string;
  was: string;
  /** Its parent's uid (the same before and after), or null at the top level. */
  parentUid: string | null;
  /** The elements inside it. */
  inside: number;
}

/** Subtrees smaller than this are listed as added and removed: they cost no more than a line saying so. */
const LEAST_REDRAWN = 4;

/** A subtree as it reads, its uids left out. */
function shape(node: SnapshotNode): string {
  const own = formatNode(node).slice(node.uid.length);
  return node.children ? `${own}[${node.children.map(shape).join('|')}]` : own;
}

function count(node: SnapshotNode): number {
  return (node.children ?? []).reduce((sum, child) => sum + 1 + count(child), 0);
}

function uidsOf(node: SnapshotNode, into: Set<string>): Set<string> {
  into.add(node.uid);
  for (const child of node.children ?? []) uidsOf(child, into);
  return into;
}

/**
 * Pairs removed and added subtrees (`removedRoots`, `addedRoots`: outermost ones, with their
 * parents) that read alike under the same parent; gives them and every uid inside them.
 */
export function redrawnSubtrees(
  removedRoots: readonly { node: SnapshotNode; parentUid: string | null }[],
  addedRoots: readonly { node: SnapshotNode; parentUid: string | null }[],
): { redrawn: DiffRedrawn[]; uids: Set<string> } {
  const waiting = new Map<string, SnapshotNode[]>();
  for (const { node, parentUid } of removedRoots) {
    if (count(node) + 1 < LEAST_REDRAWN) continue;
    const key = `${parentUid ?? ''}\n${shape(node)}`;
    waiting.set(key, [...(waiting.get(key) ?? []), node]);
  }
  const redrawn: DiffRedrawn[] = [];
  const uids = new Set<string>();
  for (const { node, parentUid } of addedRoots) {
    if (count(node) + 1 < LEAST_REDRAWN) continue;
    const old = waiting.get(`${parentUid ?? ''}\n${shape(node)}`)?.shift();
    if (!old) continue;
    redrawn.push({ uid: node.uid, was: old.uid, parentUid, inside: count(node) });
    uidsOf(node, uids);
    uidsOf(old, uids);
  }
  return { redrawn, uids };
}
