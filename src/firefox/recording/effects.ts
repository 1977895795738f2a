/**
 * What a step did to the page, as two snapshots show it: the elements the one after shows that
 * the one before did not (new ones, and changed ones as they are now), and the ones it no longer
 * shows. Elements are compared by their line without uid, so the same rule tells a replay, on
 * another page load with other uids, whether the page shows the same effect.
 */
import { allNodes, formatNode, type SnapshotNode } from '../engine/snapshot/format.js';
import type { TakenSnapshot } from '../page/snapshots.js';
import type { RecordedEffect, RecordedElement } from './format.js';

/** Most elements kept per side: enough to witness a step, few enough to read. */
const KEPT = 8;

/** Roles that say nothing alone: kept only with a name or text. */
const QUIET_ROLES = new Set(['generic', 'none', 'presentation', 'paragraph', 'group', 'list', 'listitem', 'row', 'cell', 'gridcell']);

/** An element without uid; its line leaves out what moves without the page's state changing (focus, caret, zone, URLs that name the server). */
export function recordedElement(node: SnapshotNode): RecordedElement {
  const { uid: _uid, focused: _focused, caret: _caret, selection: _selection, zone: _zone, href: _href, src: _src, frame: _frame, ...state } = node;
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

/** Whether two snapshots read the same part of the page (the whole, with the same layers), so that their difference is a change. */
export function comparable(before: TakenSnapshot, after: TakenSnapshot): boolean {
  return wholePage(before) && wholePage(after) && (before.layers ?? []).join() === (after.layers ?? []).join();
}

/** What appeared and went between two whole snapshots of one document. */
export function effectBetween(before: TakenSnapshot, after: TakenSnapshot): Pick<RecordedEffect, 'appeared' | 'gone'> {
  const old = elementsByLine(before);
  const now = elementsByLine(after);
  const appeared = [...now.values()].filter((element) => !old.has(element.line) && telling(element)).slice(0, KEPT);
  const gone = [...old.values()].filter((element) => !now.has(element.line) && telling(element)).slice(0, KEPT);
  return { ...(appeared.length ? { appeared } : {}), ...(gone.length ? { gone } : {}) };
}
