import { InvalidArgumentError } from '../errors.js';
import { formatNode, type Snapshot, type SnapshotNode } from './format.js';

export interface DiffOptions {
  /** Count a change of position or size as a change (default false: boxes are ignored). */
  boxes?: boolean;
}

export interface DiffAdded {
  uid: string;
  /** The new element's line (formatNode, plus `box=` with the boxes option). */
  line: string;
  /** Its parent's uid, or null at the top level. */
  parentUid: string | null;
  /** Its position among its siblings (0-based). */
  index: number;
}

export interface DiffRemoved {
  uid: string;
  /** The element's line in the earlier snapshot. */
  line: string;
  /** Its parent's uid in the earlier snapshot, or null at the top level. */
  parentUid: string | null;
}

export interface DiffChanged {
  uid: string;
  before: string;
  after: string;
}

export interface DiffMoved {
  uid: string;
  /** The element's line now. */
  line: string;
  fromParentUid: string | null;
  toParentUid: string | null;
  /** Its position among its new siblings (0-based). */
  index: number;
}

/** What changed between two snapshots of one page, element by element (matched by uid), in document order. */
export interface SnapshotDiff {
  sinceId: number;
  id: number;
  added: DiffAdded[];
  removed: DiffRemoved[];
  /** Elements whose own line (role, name, value, states, text; box with the boxes option) differs. */
  changed: DiffChanged[];
  /** Elements now under another parent. An element can be both changed and moved. */
  moved: DiffMoved[];
}

interface Placed {
  node: SnapshotNode;
  parentUid: string | null;
  index: number;
}

function index(nodes: readonly SnapshotNode[]): Map<string, Placed> {
  const placed = new Map<string, Placed>();
  const visit = (list: readonly SnapshotNode[], parentUid: string | null): void => {
    list.forEach((node, position) => {
      placed.set(node.uid, { node, parentUid, index: position });
      if (node.children) visit(node.children, node.uid);
    });
  };
  visit(nodes, null);
  return placed;
}

/** Compares two snapshots of the same page. Elements keep their uid from snapshot to snapshot, so a uid in both is the same element. */
export function diffSnapshots(before: Snapshot, after: Snapshot, options: DiffOptions = {}): SnapshotDiff {
  if (before.pageId !== after.pageId) {
    throw new InvalidArgumentError(`Snapshots ${before.id} and ${after.id} are of different pages; only snapshots of one page can be compared.`);
  }
  const line = (node: SnapshotNode): string => (options.boxes ? `${formatNode(node)} box=${node.box.join(',')}` : formatNode(node));
  const old = index(before.nodes);
  const now = index(after.nodes);
  const diff: SnapshotDiff = { sinceId: before.id, id: after.id, added: [], removed: [], changed: [], moved: [] };
  for (const [uid, { node, parentUid }] of old) {
    if (!now.has(uid)) diff.removed.push({ uid, line: line(node), parentUid });
  }
  for (const [uid, placed] of now) {
    const was = old.get(uid);
    const newLine = line(placed.node);
    if (!was) {
      diff.added.push({ uid, line: newLine, parentUid: placed.parentUid, index: placed.index });
      continue;
    }
    const oldLine = line(was.node);
    if (oldLine !== newLine) diff.changed.push({ uid, before: oldLine, after: newLine });
    if (was.parentUid !== placed.parentUid) diff.moved.push({ uid, line: newLine, fromParentUid: was.parentUid, toParentUid: placed.parentUid, index: placed.index });
  }
  return diff;
}

/**
 * Where the two lines part, cut back to the start of a word (a space outside quoted strings, or
 * any space in the trailing text after `: `), so the change reads `value="a" → value="ab"`.
 */
function splitPoint(before: string, after: string): number {
  let boundary = 0;
  let quoted = false;
  let escaped = false;
  let text = false;
  for (let i = 0; i < before.length && i < after.length && before[i] === after[i]; i += 1) {
    const char = before[i];
    if (quoted) {
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') quoted = false;
    } else if (char === ' ') {
      boundary = i + 1;
    } else if (!text && char === '"') {
      quoted = true;
    } else if (!text && char === ':' && before[i + 1] === ' ') {
      text = true;
    }
  }
  return boundary;
}

const LONG = 100;
const KEEP = 40;

/** `uid=3_7 textbox "Email" value="a" → value="ab"`, with long unchanged stretches shortened to `…`. */
function describeChange(before: string, after: string): string {
  const cut = splitPoint(before, after);
  let prefix = before.slice(0, cut);
  let from = before.slice(cut);
  let to = after.slice(cut);
  if (from.length > LONG || to.length > LONG) {
    let same = 0;
    while (same < from.length && same < to.length && from[from.length - 1 - same] === to[to.length - 1 - same]) same += 1;
    if (same > KEEP) {
      from = `${from.slice(0, from.length - same + KEEP / 2)}…`;
      to = `${to.slice(0, to.length - same + KEEP / 2)}…`;
    }
  }
  if (prefix.length > LONG) {
    const head = prefix.indexOf(' ') + 1;
    prefix = `${prefix.slice(0, Math.max(head, LONG - KEEP))}… ${prefix.slice(-KEEP / 2).trimStart()}`;
  }
  return `${prefix}${from} → ${to}`;
}

function position(parentUid: string | null, index: number): string {
  return `${parentUid === null ? 'at the top level' : `under uid=${parentUid}`}, position ${index + 1}`;
}

/**
 * A diff as short text: a count line, then `+` added (an added element's new children indented
 * under it), `-` removed (elements inside a removed one counted, not listed), `~` changed and
 * `>` moved elements. Positions are 1-based.
 */
export function formatDiff(diff: SnapshotDiff, ids: { sinceId?: number; id?: number } = {}): string {
  const counts = [`${diff.added.length} added`, `${diff.removed.length} removed`, `${diff.changed.length} changed`];
  if (diff.moved.length > 0) counts.push(`${diff.moved.length} moved`);
  const lines = [`diff since snapshot ${ids.sinceId ?? diff.sinceId} → ${ids.id ?? diff.id}: ${counts.join(', ')}`];

  const addedDepth = new Map<string, number>();
  for (const added of diff.added) {
    const parentDepth = added.parentUid === null ? undefined : addedDepth.get(added.parentUid);
    const depth = parentDepth === undefined ? 0 : parentDepth + 1;
    addedDepth.set(added.uid, depth);
    lines.push(depth === 0 ? `+ ${added.line} (${position(added.parentUid, added.index)})` : `+ ${'  '.repeat(depth)}${added.line}`);
  }

  // A removed element inside a removed element is counted under the outermost one.
  const removedRoot = new Map<string, string>();
  const inside = new Map<string, number>();
  for (const removed of diff.removed) {
    const root = (removed.parentUid === null ? undefined : removedRoot.get(removed.parentUid)) ?? removed.uid;
    removedRoot.set(removed.uid, root);
    if (root !== removed.uid) inside.set(root, (inside.get(root) ?? 0) + 1);
  }
  for (const removed of diff.removed) {
    if (removedRoot.get(removed.uid) !== removed.uid) continue;
    const within = inside.get(removed.uid) ?? 0;
    const where = removed.parentUid === null ? 'was at the top level' : `was under uid=${removed.parentUid}`;
    lines.push(`- ${removed.line} (${where}${within > 0 ? `, with ${within} element${within === 1 ? '' : 's'} inside` : ''})`);
  }

  for (const changed of diff.changed) lines.push(`~ ${describeChange(changed.before, changed.after)}`);

  for (const moved of diff.moved) {
    const from = moved.fromParentUid === null ? 'the top level' : `under uid=${moved.fromParentUid}`;
    lines.push(`> ${moved.line} (moved from ${from} to ${position(moved.toParentUid, moved.index)})`);
  }
  return lines.join('\n');
}
