/**
 * What a walk does once it has met everything: names and states (a name may take words from
 * anywhere below), editors' lines, echoes dropped, uids handed out in document order, links put
 * back in their sentences, what a modal blocks, and the answer.
 */
import type { ContentReading, NameSource, RawNode, WalkResult } from '../types.js';
import { addContentDetails, inReadingOrder, type TextRun } from './content.js';
import { clip, collapse, linkInText, transformed } from './text.js';
import { type Labels, nameOf, rememberName } from './names.js';
import { endReading } from './changes.js';
import { mayHideRoot, setCandidates } from './closed-roots.js';
import { lastCounter, stamp, uidFor } from './registry.js';
import { NAME_FROM_CONTENT } from './roles.js';
import { rememberModal } from './modal.js';
import { dataRows, fillStates, isSetItem, shownItems } from './states.js';
import { indentLines, markCaret, numberLines } from './editors.js';
import { STALE, type WalkMemo } from './walk-memo.js';
import type { WalkModes } from './walk-modes.js';
import { elementOfNode, plainText, type Pending, type WalkState } from './walk-state.js';

/** What the traversal hands its finish. */
export interface Walked {
  modes: WalkModes;
  state: WalkState;
  labels: Labels;
  top: RawNode[];
  /** Content readings only: the running text of the whole page. */
  topRuns: TextRun[] | null;
  memo: WalkMemo | null;
  active: Element | null;
  started: number;
}

/** Names and states every kept element, hands out uids and gives the walk's answer as JSON. */
export function finishWalk(walked: Walked): string {
  const { modes, state, top } = walked;
  nameAndState(walked);
  markEditors(walked);
  inDrawnOrder(top);
  // uids are handed out in reading order, once the walk knows what it keeps.
  const keptNodes: [RawNode, Element][] = [];
  let modalNode: RawNode | undefined;
  const assign = (nodes: RawNode[]): void => {
    for (const node of nodes) {
      const el = modes.wantsUid(node) ? elementOfNode.get(node) : undefined;
      if (el) {
        node.uid = uidFor(el, modes.snapshotId);
        keptNodes.push([node, el]);
        if (el === state.modal) modalNode = node;
      }
      // Blocked is said again below, for the modal open now.
      delete node.blocked;
      if (node.children) assign(node.children);
    }
  };
  assign(top);
  if (modes.stamp) stamp(keptNodes.map(([node, el]) => [node.uid, el]));
  if (!modes.snapshot) {
    const runsOf = new Map(state.logs.kept.map((pending) => [pending.node, pending.text]));
    const reading: ContentReading = {
      url: location.href,
      title: document.title,
      content: inReadingOrder(walked.topRuns ?? [], top, (node) => state.inlineRuns.get(node) ?? runsOf.get(node)),
    };
    return JSON.stringify(reading);
  }
  for (const pending of state.logs.kept)
    if (pending.node.text && !state.reused.has(pending)) inlineLinks(pending.node, pending.text);
  if (modalNode) markBlocked(top, modalNode);
  if (modes.whole) rememberModal(modalNode ? state.modal : null);
  const readingNumber = endReading(state.logs.controls);
  if (modes.whole) walked.memo?.end(state);
  // Listed custom elements are asked about every walk (Node drops the empty ones); other elements once.
  const candidates = state.logs.hosts.filter((host) => host.node || mayHideRoot(host.el));
  setCandidates(candidates.map((host) => host.el));
  const scroller = document.scrollingElement ?? document.documentElement;
  const result: WalkResult = {
    url: location.href,
    title: document.title,
    snapshotId: modes.snapshotId,
    viewport: {
      width: innerWidth,
      height: innerHeight,
      scrollX: Math.round(scrollX),
      scrollY: Math.round(scrollY),
      documentHeight: scroller.scrollHeight,
    },
    stats: {
      visited: state.visited,
      kept: keptNodes.length,
      ms: Math.round((performance.now() - walked.started) * 10) / 10,
      read: state.read,
    },
    nodes: top,
    ...(modalNode ? { modal: modalNode.uid } : {}),
    lastCounter: lastCounter(modes.snapshotId),
    iframes: state.logs.iframes.map((node) => node.uid),
    closedHostCandidates: candidates.map((host) => host.node?.uid ?? ''),
    ...(readingNumber ? { readingNumber } : {}),
  };
  return JSON.stringify(result);
}

/** Names and states, read after the walk, once every descendant's text is in. */
function nameAndState({ modes, state, labels, active }: Walked): void {
  /**
   * A node's words inside a name, in a content reading: a mark's or an image's, a line break, a nested control's or
   * heading's name.
   */
  const nameWords = (node: RawNode): string => {
    const runs = state.inlineRuns.get(node);
    return runs
      ? plainText(runs, nameWords)
      : node.tag === 'br'
        ? '\n'
        : state.folded.has(node)
          ? ` ${node.name ?? ''} `
          : '';
  };
  const words = modes.snapshot ? undefined : nameWords;
  for (const pending of state.logs.kept) {
    const again = state.reused.has(pending);
    // Which rows a table (or items a list) shows changes as its container scrolls, which no change to its DOM says.
    const set = CONTAINERS.has(pending.role);
    const rows = set
      ? dataRows(
          pending.el,
          pending.role,
          listed(pending.node, (role) => role === 'row'),
        )
      : undefined;
    const items = set ? shownItems(pending.role, listed(pending.node, isSetItem)) : undefined;
    if (again && (rows !== pending.node.rows || items !== pending.node.items)) throw STALE;
    // A reused part was named by the walk that read it; a control's name may come from a label elsewhere, which is
    // checked.
    if (again && !pending.interactive && !pending.has('aria-labelledby')) continue;
    // Per accname, only some roles take their name from their content: a listbox is not named by its options, nor a
    // textbox by its text.
    const fromContent =
      (NAME_FROM_CONTENT.has(pending.role) && pending.folds) ||
      (pending.interactive && pending.role === 'generic' && !pending.node.holdsContent);
    const content = (): string =>
      NAME_FROM_CONTENT.has(pending.role)
        ? plainText(pending.text, words)
        : withoutListedControls(plainText(pending.text, words), pending.node);
    const own = nameOf(pending, labels, fromContent ? () => transformed(content(), pending.transform) : null);
    const [name, source] = (own[0] ? null : (widgetName(pending.el, state, labels) ?? frameName(pending))) ?? own;
    if (again) {
      if (
        (name || undefined) !== pending.node.name ||
        ((pending.interactive || name) && source !== pending.node.nameSource)
      )
        throw STALE;
      continue;
    }
    if (name) pending.node.name = name;
    if (pending.interactive || name) pending.node.nameSource = source;
    if (modes.snapshot) rememberName(pending.el, pending.role, name);
    // What can be said of an unnamed control that shows no words: it shows an icon.
    if (
      !name &&
      pending.interactive &&
      !pending.node.holdsContent &&
      !pending.node.text &&
      pending.el.querySelector('svg, img, i, [class*="icon"]')
    )
      pending.node.icon = true;
    fillStates(pending, pending.node, active);
    // A label that says something else than the control shows (one its content would name otherwise): a person sees
    // what it shows.
    if (
      pending.interactive &&
      pending.folds &&
      NAME_FROM_CONTENT.has(pending.role) &&
      (source === 'aria-label' || source === 'aria-labelledby')
    ) {
      const shown = collapse(plainText(pending.text, words));
      // Words only: a glyph (×, ⋮) is an icon, which the label says better.
      if (
        /[\p{L}\p{N}]/u.test(shown) &&
        shown !== pending.node.value &&
        !name.toLowerCase().includes(shown.toLowerCase())
      )
        pending.node.shows = clip(shown, 100);
    }
    if (rows) pending.node.rows = rows;
    if (items) pending.node.items = items;
    // An editor's lines are its value; a widget that draws its field's value in its own text (a select showing its
    // choice): that text is the value.
    if (pending.node.editor) delete pending.node.value;
    else if (state.adopted.has(pending) && pending.node.value === undefined && pending.node.text) {
      pending.node.value = pending.node.text;
      delete pending.node.text;
    }
    if (!modes.snapshot) addContentDetails(pending.el, pending.tag, pending.node);
  }
}

/**
 * The words of a box used as a whole (a chip, a clickable card), which accname does not name from
 * its content, without the names of the controls listed inside it (a chip's remove button): those
 * are said on their own lines, so `tag "JavaScript"` holds `button "remove tag"`, not the glued
 * "remove tag JavaScript". Words that are all controls' names stay.
 */
function withoutListedControls(text: string, node: RawNode): string {
  let rest = text;
  for (const child of node.children ?? []) if (child.interactive && child.name) rest = rest.replace(child.name, ' ');
  return rest.trim() ? rest : text;
}

/** Items a person reads in the order they are drawn, one under (or beside) the other. */
const DRAWN_ITEMS = new Set(['row', 'listitem', 'option', 'treeitem', 'article']);

/**
 * Puts the items of a list or table in the order they are drawn when the DOM has them in another:
 * a virtual list recycles a pool of elements, each moved where its item shows (translateY), so
 * the first item drawn may be the last element. A person reads from the top.
 */
function inDrawnOrder(nodes: RawNode[]): void {
  for (const node of nodes) if (node.children) inDrawnOrder(node.children);
  // A header row stays first wherever rows scrolled under it are drawn.
  if (
    nodes.length < 2 ||
    !nodes.every(
      (node) =>
        DRAWN_ITEMS.has(node.role) &&
        node.box[2] > 0 &&
        node.box[3] > 0 &&
        !node.children?.some((cell) => cell.role === 'columnheader'),
    )
  )
    return;
  const drawn = (a: RawNode, b: RawNode): number => a.box[1] - b.box[1] || a.box[0] - b.box[0];
  if (nodes.some((node, index) => index > 0 && drawn(nodes[index - 1] as RawNode, node) > 0)) nodes.sort(drawn);
}

/**
 * The rows a table's reading lists, or the items a list's (`wanted` says which roles), as elements; not those of a
 * table or list inside it.
 */
function listed(container: RawNode, wanted: (role: string) => boolean): Element[] {
  const found: Element[] = [];
  const visit = (nodes: readonly RawNode[]): void => {
    for (const node of nodes) {
      if (wanted(node.role)) found.push(...[elementOfNode.get(node) ?? []].flat());
      // A tree grid's rows may hold its child rows; a set's items hold no items of the same set.
      if (!CONTAINERS.has(node.role) && !(wanted(node.role) && node.role !== 'row')) visit(node.children ?? []);
    }
  };
  visit(container.children ?? []);
  return found;
}

const CONTAINERS = new Set(['table', 'grid', 'treegrid', 'list', 'listbox', 'tree', 'menu', 'feed']);

/**
 * The numbers a code editor's gutter shows, its lines' indentation, and where the caret is (a reused line is marked
 * anew); echoes dropped.
 */
function markEditors({ modes, state, top }: Walked): void {
  const editors = state.logs.editors;
  for (const [el, node] of editors) {
    for (const line of node.children ?? []) {
      delete line.caret;
      delete line.line;
    }
    delete node.selection;
    numberLines(el, node, (line) => elementOfNode.get(line));
    if (modes.snapshot) indentLines(node, (line) => elementOfNode.get(line));
  }
  if (!modes.snapshot) return;
  dropEchoes(top);
  // Which node an element is listed as, for the caret's line: only a page with an editor needs it.
  const lineOf = new Map(editors.length ? state.logs.kept.map((pending) => [pending.el, pending.node]) : []);
  markCaret(
    editors,
    (el) => lineOf.get(el),
    (node) => {
      const field = elementOfNode.get(node);
      return field?.localName === 'textarea' ? field : undefined;
    },
  );
}

/** A widget without a name of its own takes the label of the field it stands for. */
function widgetName(widget: Element, state: WalkState, labels: Labels): [string, NameSource] | null {
  const field = state.standsFor.get(widget);
  const label = field ? labels.textOf(field) || collapse(field.getAttribute('aria-label') ?? '') : '';
  return label ? [label, 'label'] : null;
}

/**
 * An editable document body without a name of its own is named by the frame that shows it, as
 * the accessibility tree names a frame's document (TinyMCE's "Rich Text Area").
 */
function frameName(pending: Pending): [string, NameSource] | null {
  if (pending.el !== document.body || pending.role !== 'textbox') return null;
  let frame: Element | null = null;
  try {
    frame = window.frameElement;
  } catch {
    return null; // Cross-origin: its name is not ours to read.
  }
  const label = collapse(frame?.getAttribute('aria-label') ?? frame?.getAttribute('title') ?? '');
  return label ? [label, 'title'] : null;
}

/** Marks what a person can use outside the open modal dialog as blocked. */
function markBlocked(nodes: RawNode[], modal: RawNode): void {
  for (const node of nodes) {
    if (node === modal) continue;
    if (node.interactive) node.blocked = true;
    if (node.children) markBlocked(node.children, modal);
  }
}

/**
 * Puts the links of a node's running text back in their sentence as `[words](uid=…)`, so that
 * "see the paging guide for details" reads whole and each link can still be acted on. The links
 * stay in the tree (marked inline); the text export prints them only there.
 */
function inlineLinks(node: RawNode, runs: TextRun[]): void {
  if (!runs.some((run) => typeof run !== 'string')) return;
  let text = '';
  for (const run of runs) {
    if (typeof run === 'string') text += run;
    else {
      text += ` ${linkInText(run.name ?? '', run.uid)} `;
      run.inline = true;
    }
  }
  // The spaces that part a link from the words around it do not go before punctuation.
  node.text = collapse(text).replace(/\) ([.,;:!?])/g, ')$1');
}

/** Lines that may only repeat a neighbour's name: plain text, a label, a tooltip. */
const ECHO_ROLES = new Set(['generic', 'label', 'tooltip']);

/**
 * Removes text-only lines that say again what the control beside them is named or holds (a
 * floating label's text before its field, a label whose control took its words, a tooltip that
 * says an icon button's label again, a custom select's choice drawn beside its input).
 */
function dropEchoes(nodes: RawNode[]): void {
  for (let index = nodes.length - 1; index >= 0; index--) {
    const node = nodes[index] as RawNode;
    if (node.children) dropEchoes(node.children);
    const words = node.text ?? node.name;
    if (node.interactive || !ECHO_ROLES.has(node.role) || !words) continue;
    // A box around one control whose words are that control's value or name (a select drawing its choice around its
    // input): the control says it.
    const only = node.children?.length === 1 ? node.children[0] : undefined;
    if (only?.interactive && node.name === undefined && (only.value === words || only.name === words))
      nodes.splice(index, 1, only);
    if (node.children?.length) continue;
    // A control named by these words, or showing them as its value (a custom select's choice drawn beside its input).
    const echoes = (other: RawNode | undefined): boolean =>
      other?.interactive === true && (other.name === words || other.value === words);
    if (echoes(nodes[index - 1]) || echoes(nodes[index + 1])) nodes.splice(index, 1);
  }
}
