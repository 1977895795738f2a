import { InvalidArgumentError } from '../../errors.js';
import { openingForm, type LineForm } from '../../util/set-apart.js';
import { jsonString, oneLineWithTabs } from '../../util/text.js';
import { formatNode, roleLabel, type Snapshot, type SnapshotNode } from './format.js';
import { redrawnSubtrees, type DiffRedrawn } from './redrawn.js';
import { CLIENT_WORDING, type SnapshotWording } from './wording.js';

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
  /** The element as it is now, short: `3_7 textbox "Email"`. */
  element: string;
  /**
   * What changed, one phrase per field: `unchecked → checked`, `selected removed`, `value "a" → "ab"`, `text now: …`.
   */
  changes: string[];
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
  /** Parts removed and added again as they were (new elements, new uids, nothing a person sees changed). */
  redrawn: DiffRedrawn[];
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

/**
 * Compares two snapshots of the same page. Elements keep their uid from snapshot to snapshot, so a uid in both is the
 * same element.
 */
export function diffSnapshots(before: Snapshot, after: Snapshot, options: DiffOptions = {}): SnapshotDiff {
  if (before.pageId !== after.pageId) {
    throw new InvalidArgumentError(
      `Snapshots ${before.id} and ${after.id} are of different pages; only snapshots of one page can be compared.`,
    );
  }
  const line = (node: SnapshotNode): string =>
    options.boxes ? `${formatNode(node)} box=${node.box.join(',')}` : formatNode(node);
  const old = index(before.nodes);
  const now = index(after.nodes);
  // Outermost removed and added elements: those read alike again are said once, as redrawn.
  const outermost = (from: Map<string, Placed>, other: Map<string, Placed>): Placed[] =>
    [...from.values()].filter(
      ({ node, parentUid }) => !other.has(node.uid) && (parentUid === null || other.has(parentUid)),
    );
  const { redrawn, uids: redrawnUids } = redrawnSubtrees(outermost(old, now), outermost(now, old));
  const diff: SnapshotDiff = {
    sinceId: before.id,
    id: after.id,
    added: [],
    removed: [],
    changed: [],
    moved: [],
    redrawn,
  };
  for (const [uid, { node, parentUid }] of old) {
    if (!now.has(uid) && !redrawnUids.has(uid)) diff.removed.push({ uid, line: line(node), parentUid });
  }
  for (const [uid, placed] of now) {
    const was = old.get(uid);
    const newLine = line(placed.node);
    if (!was) {
      if (!redrawnUids.has(uid))
        diff.added.push({ uid, line: newLine, parentUid: placed.parentUid, index: placed.index });
      continue;
    }
    const oldLine = line(was.node);
    if (oldLine !== newLine)
      diff.changed.push({
        uid,
        before: oldLine,
        after: newLine,
        element: shortLine(placed.node),
        changes: fieldChanges(was.node, placed.node, options.boxes === true),
      });
    if (was.parentUid !== placed.parentUid)
      diff.moved.push({
        uid,
        line: newLine,
        fromParentUid: was.parentUid,
        toParentUid: placed.parentUid,
        index: placed.index,
      });
  }
  return diff;
}

type Flag = 'selected' | 'disabled' | 'required' | 'readonly' | 'invalid' | 'focused' | 'blocked';
const FLAGS: Flag[] = ['selected', 'disabled', 'required', 'readonly', 'invalid', 'focused', 'blocked'];

function triWord(state: SnapshotNode['checked'], on: string, off: string): string {
  return state === 'true' ? on : state === 'mixed' ? `${on}=mixed` : state === 'false' ? off : `no ${on} state`;
}

function quoted(value: string | undefined): string {
  return value === undefined ? 'none' : jsonString(value);
}

/**
 * The changes of one element as phrases a reader cannot misread: `unchecked → checked`,
 * `collapsed → expanded`, `selected removed`, `value "a" → "ab"`, and a changed text in full.
 */
function fieldChanges(before: SnapshotNode, after: SnapshotNode, boxes: boolean): string[] {
  const changes: string[] = [];
  if (roleLabel(before) !== roleLabel(after)) changes.push(`role ${roleLabel(before)} → ${roleLabel(after)}`);
  if (before.name !== after.name) changes.push(`name ${quoted(before.name)} → ${quoted(after.name)}`);
  if (before.value !== after.value) changes.push(`value ${quoted(before.value)} → ${quoted(after.value)}`);
  if (before.checked !== after.checked)
    changes.push(
      `${triWord(before.checked, 'checked', 'unchecked')} → ${triWord(after.checked, 'checked', 'unchecked')}`,
    );
  if (before.pressed !== after.pressed)
    changes.push(
      `${triWord(before.pressed, 'pressed', 'not-pressed')} → ${triWord(after.pressed, 'pressed', 'not-pressed')}`,
    );
  if (before.expanded !== after.expanded) {
    const word = (expanded: boolean | undefined): string =>
      expanded === undefined ? 'no expanded state' : expanded ? 'expanded' : 'collapsed';
    changes.push(`${word(before.expanded)} → ${word(after.expanded)}`);
  }
  for (const flag of FLAGS)
    if (Boolean(before[flag]) !== Boolean(after[flag])) changes.push(`${flag} ${after[flag] ? 'added' : 'removed'}`);
  for (const field of ['sort', 'rows', 'cols', 'level', 'line', 'caret', 'selection', 'href', 'src'] as const) {
    if (before[field] !== after[field])
      changes.push(`${field} ${quoted(before[field]?.toString())} → ${quoted(after[field]?.toString())}`);
  }
  if (before.text !== after.text)
    changes.push(after.text === undefined ? 'text removed' : `text now: ${oneLineWithTabs(after.text)}`);
  if (boxes && before.box.join() !== after.box.join())
    changes.push(`box ${before.box.join(',')} → ${after.box.join(',')}`);
  // Anything else the line shows (a name's strength, an icon): the lines tell.
  if (changes.length === 0) changes.push(`${formatNode(before)} → ${formatNode(after)}`);
  return changes;
}

/** `3_7 textbox "Email"`: an element named, without its states. */
function shortLine(node: SnapshotNode): string {
  return `${node.uid} ${roleLabel(node)}${node.name ? ` ${jsonString(node.name)}` : ''}`;
}

function position(parentUid: string | null, index: number): string {
  return `${parentUid === null ? 'at the top level' : `under uid=${parentUid}`}, position ${index + 1}`;
}

/** How a diff's count line opens. */
const COUNT_OPENING = 'diff since snapshot';

/**
 * A diff as short text: a count line, then `+` added (an added element's new children indented
 * under it), `-` removed (elements inside a removed one counted, not listed), `~` changed,
 * `>` moved and `=` redrawn elements, each redrawn part with the way to its new uids in the
 * reader's `wording`. Positions are 1-based.
 */
export function formatDiff(
  diff: SnapshotDiff,
  ids: { sinceId?: number; id?: number } = {},
  wording: SnapshotWording = CLIENT_WORDING,
): string {
  const counts = [`${diff.added.length} added`, `${diff.removed.length} removed`, `${diff.changed.length} changed`];
  if (diff.moved.length > 0) counts.push(`${diff.moved.length} moved`);
  if (diff.redrawn.length > 0) counts.push(`${diff.redrawn.length} redrawn as they were`);
  const lines = [`${COUNT_OPENING} ${ids.sinceId ?? diff.sinceId} → ${ids.id ?? diff.id}: ${counts.join(', ')}`];

  const addedDepth = new Map<string, number>();
  for (const added of diff.added) {
    const parentDepth = added.parentUid === null ? undefined : addedDepth.get(added.parentUid);
    const depth = parentDepth === undefined ? 0 : parentDepth + 1;
    addedDepth.set(added.uid, depth);
    lines.push(
      depth === 0
        ? `+ ${added.line} (${position(added.parentUid, added.index)})`
        : `+ ${'  '.repeat(depth)}${added.line}`,
    );
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
    lines.push(
      `- ${removed.line} (${where}${within > 0 ? `, with ${within} element${within === 1 ? '' : 's'} inside` : ''})`,
    );
  }

  for (const changed of diff.changed) lines.push(`~ ${changed.element}: ${changed.changes.join('; ')}`);

  for (const moved of diff.moved) {
    const from = moved.fromParentUid === null ? 'the top level' : `under uid=${moved.fromParentUid}`;
    lines.push(`> ${moved.line} (moved from ${from} to ${position(moved.toParentUid, moved.index)})`);
  }
  for (const part of diff.redrawn) {
    const where = part.parentUid === null ? 'at the top level' : `under uid=${part.parentUid}`;
    lines.push(
      `= uid=${part.was} (${where}, with ${part.inside} elements inside) was drawn anew as it was: now uid=${part.uid}, and the uids inside are new (${wording.subtree(part.uid)} lists them)`,
    );
  }
  return lines.join('\n');
}

/** The forms of a diff's lines (see util/set-apart.ts): its count line, its element lines, a redrawn part's line. */
export const DIFF_LINE_FORMS: readonly LineForm[] = [
  openingForm('snapshot diff', [COUNT_OPENING], `${COUNT_OPENING} 1 → 8: 1 added, 0 removed, 1 changed`),
  {
    form: 'diff entry',
    start: String.raw`[+~>-]\s*\d+(?:_\d+)+(?:[\s:]|$)`,
    example: '~ 3_7 checkbox "Remember me": unchecked → checked',
  },
  {
    form: 'redrawn part',
    start: String.raw`= uid=\d`,
    example:
      '= uid=1_10 (under uid=1_9, with 150 elements inside) was drawn anew as it was: now uid=3_2, and the uids inside are new (page.takeSnapshot({ root: "3_2" }) lists them)',
  },
];
