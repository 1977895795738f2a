/**
 * What a step did to the page, as two snapshots show it: the elements the one after shows that
 * the one before did not (new ones, and changed ones as they are now), and the ones it no longer
 * shows. Elements are compared by their line without uid, so the same rule tells a replay, on
 * another page load with other uids, whether the page shows the same effect.
 */
import { allNodes, formatNode, type SnapshotNode } from '../engine/snapshot/format.js';
import type { TakenSnapshot } from '../page/snapshots.js';
import type { ExpectedEffect, RecordedElement, RecordedOrder } from './types.js';

/** Most elements kept per side: enough to witness a step, few enough to read. */
const KEPT = 8;

/** Roles that say nothing alone: kept only with a name or text. */
const QUIET_ROLES = new Set([
  'generic',
  'none',
  'presentation',
  'paragraph',
  'group',
  'list',
  'listitem',
  'row',
  'cell',
  'gridcell',
]);

/**
 * An element without uid. Its line keeps focus, caret and selection (where a click or a key put
 * them is often all a step did, and the next step types there) and leaves out where it sits on
 * screen and the URLs that name the server it came from.
 */
export function recordedElement(node: SnapshotNode): RecordedElement {
  const { uid: _uid, zone: _zone, href: _href, src: _src, frame: _frame, ...state } = node;
  const line = formatNode({ ...state, uid: '' }).trim();
  return {
    role: node.role,
    ...(node.name ? { name: node.name } : {}),
    ...(node.text && node.text !== node.name ? { text: node.text } : {}),
    ...(node.value !== undefined ? { value: node.value } : {}),
    ...(node.checked !== undefined ? { checked: node.checked === 'true' } : {}),
    ...(node.selected ? { selected: true } : {}),
    line,
  };
}

/** Whether an element is worth a check: it says something a person reads. */
function telling(element: RecordedElement): boolean {
  return !QUIET_ROLES.has(element.role) || element.name !== undefined || element.text !== undefined;
}

/** The elements of a snapshot, by line (the first of each line). */
export function elementsByLine(snapshot: Pick<TakenSnapshot, 'nodes'>): Map<string, RecordedElement> {
  const lines = new Map<string, RecordedElement>();
  for (const node of allNodes(snapshot.nodes)) {
    const element = recordedElement(node);
    if (!lines.has(element.line)) lines.set(element.line, element);
  }
  return lines;
}

/** Whether a snapshot shows the whole page (not a viewport or a subtree), so that what it lacks is gone. */
export function wholePage(snapshot: TakenSnapshot): boolean {
  return snapshot.viewportInfo === undefined && snapshot.root === undefined;
}

/**
 * Whether two snapshots read the same part of the page (the whole, with the same layers), so that their difference is a
 * change.
 */
export function comparable(before: TakenSnapshot, after: TakenSnapshot): boolean {
  return wholePage(before) && wholePage(after) && (before.layers ?? []).join() === (after.layers ?? []).join();
}

/** The lines of a node's children, in order. */
function childLines(node: SnapshotNode): string[] {
  return (node.children ?? []).map((child) => recordedElement(child).line);
}

/** Each container (a node with two children or more) by its line, the first of each line, with its children's lines. */
export function containers(snapshot: Pick<TakenSnapshot, 'nodes'>): Map<string, string[][]> {
  const found = new Map<string, string[][]>();
  for (const node of allNodes(snapshot.nodes)) {
    if ((node.children?.length ?? 0) < 2) continue;
    const line = recordedElement(node).line;
    found.set(line, [...(found.get(line) ?? []), childLines(node)]);
  }
  return found;
}

/** Containers whose items a step put in another order: the same lines, each as often, in a new sequence. */
function reorderedBetween(before: TakenSnapshot, after: TakenSnapshot): RecordedOrder[] {
  const was = containers(before);
  const orders: RecordedOrder[] = [];
  for (const [container, lists] of containers(after)) {
    const earlier = was.get(container);
    if (earlier?.length !== 1 || lists.length !== 1) continue;
    const [old, now] = [earlier[0] as string[], lists[0] as string[]];
    if (old.join('\n') !== now.join('\n') && [...old].sort().join('\n') === [...now].sort().join('\n'))
      orders.push({ container, items: now });
  }
  return orders.slice(0, KEPT);
}

/** What appeared, went and moved within its list between two whole snapshots of one document. */
export function effectBetween(
  before: TakenSnapshot,
  after: TakenSnapshot,
): Pick<ExpectedEffect, 'appeared' | 'gone' | 'reordered'> {
  const old = elementsByLine(before);
  const now = elementsByLine(after);
  const appeared = [...now.values()].filter((element) => !old.has(element.line) && telling(element)).slice(0, KEPT);
  const gone = [...old.values()].filter((element) => !now.has(element.line) && telling(element)).slice(0, KEPT);
  const reordered = reorderedBetween(before, after);
  return {
    ...(appeared.length ? { appeared } : {}),
    ...(gone.length ? { gone } : {}),
    ...(reordered.length ? { reordered } : {}),
  };
}
