// Over 400 lines on purpose: the one traversal of the page, with the memo that lets it skip what did
// not change; its rules for what is hidden, what is a control and where content goes must be read
// together, and they run in the page, where every call between modules costs.
/**
 * The snapshot walk: one pass over what renders (shadow trees and slots resolved, display:contents
 * walked through) that keeps what a person can see and use, with role, name and states.
 */
import type { ContentReading, NameSource, RawNode, WalkOptions, WalkResult } from '../types.js';
import { addContentDetails, blockBreak, inlineImage, inReadingOrder, lineBreak, MARK_ROLES, type TextRun } from './content.js';
import { collapse, linkInText } from './text.js';
import { deepActiveElement, flatParent, hasBlockContent, INLINE_TAGS, mayHostShadow, SKIPPED_TAGS, TEXT_NODE } from './dom.js';
import { embeddedValue, generatedText, Labels, nameOf, sheetsGenerateContent } from './names.js';
import { beginReading, endReading, watchRoot, type Since } from './changes.js';
import { closedRootOf, mayHideRoot, setCandidates, shadowRootOf } from './closed-roots.js';
import { sheetsMention } from './sheets.js';
import { begin, lastCounter, stamp, uidFor } from './registry.js';
import { attributeTest, isEditable, NAME_FROM_CONTENT, roleOf, STRUCTURAL_ROLES, TEXT_LEVEL_ROLES, type Has } from './roles.js';
import { isOpenModal, rememberModal } from './modal.js';
import { fillStates } from './states.js';
import { editorMark, indentLines, markCaret, numberLines } from './editors.js';
import { usable } from './usable.js';
import { ariaHidden, behindWidget, boxOf, contentRect, outOfSight, proxyWidgetOf, screenReaderOnly, SEEN, STAND_IN_TYPES, transparentControl, visibleLabel, visuallyHidden, widgetFor } from './visibility.js';

interface Pending {
  el: Element;
  tag: string;
  role: string;
  names: string[];
  has: Has;
  interactive: boolean;
  folds: boolean;
  node: RawNode;
  text: TextRun[];
  /** CSS text-transform of a control or heading, which its name from content shows as a person reads it. */
  transform?: string;
}

/** The outermost elements matched by any of the selectors, in document order. */
function layerRoots(selectors: string[]): Element[] {
  const matched = new Set<Element>();
  for (const selector of selectors) for (const el of Array.from(document.querySelectorAll(selector))) matched.add(el);
  const ordered = [...matched].sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  return ordered.filter((el) => !ordered.some((other) => other !== el && other.contains(el)));
}

/** Each kept node's element, over every walk of the document: a reused node keeps its element. */
const elementOfNode = new WeakMap<RawNode, Element>();
/** Where a node's box comes from when not from its element: a stand-in's label. */
const boxFrom = new WeakMap<RawNode, Element>();
/** Nodes of box-less elements (display: contents): their box is their content's. */
const boxlessNodes = new WeakSet<RawNode>();

/** What one walk gathered, in the order it met it; an Entry points into these. */
interface Logs {
  kept: Pending[];
  iframes: RawNode[];
  /** Elements that may host a closed shadow root this walk cannot see (see closed-roots.ts); a listed custom element comes with its node. */
  hosts: { el: Element; node?: RawNode }[];
  /** Form controls met, shown or not: scripts change their values without a mutation (see changes.ts). */
  controls: Element[];
  standIns: Element[];
  standsFor: [Element, Element][];
  /** Elements left out for having no area, which a change of layout elsewhere could give one. */
  flat: Element[];
  /** Editors: the element whose lines are listed, and its node (caret and line numbers are read after the walk). */
  editors: [Element, RawNode][];
}

const LOG_NAMES = ['kept', 'iframes', 'hosts', 'controls', 'standIns', 'standsFor', 'flat', 'editors'] as const satisfies readonly (keyof Logs)[];

/** How long each log is, in the order of LOG_NAMES. */
function logLengths(logs: Logs): number[] {
  return LOG_NAMES.map((name) => logs[name].length);
}

/**
 * What the walk of one element outside any control gave its parent (nodes, running text) and
 * gathered (where it starts and ends in each log), so that the next walk can give the same again
 * without reading the element's subtree, when nothing in it changed.
 */
interface Entry {
  textNull: boolean;
  out: RawNode[];
  text: TextRun[];
  /** Log lengths before and after the element was walked, in the order of LOG_NAMES. */
  starts: number[];
  ends: number[];
  visited: number;
  styleReads: number;
  modal: Element | null;
}

/** The last walk of the whole document: its entries and logs, for the next walk to reuse. */
let memo: { entries: WeakMap<Element, Entry>; logs: Logs } | null = null;

/** What the next walk may reuse of the last one: its memo, and what changed since. */
interface Reuse {
  entries: WeakMap<Element, Entry>;
  logs: Logs;
  /** Elements with a change inside (or on themselves): walked again. */
  inside: Set<Node>;
  /** Elements whose whole subtree is walked again. */
  roots: Set<Node>;
}

/** Rules that style an element by its siblings or its place among them: a changed child list restyles the others. */
const SIBLING_RULES = /[+~]|:(?:nth-|first-|last-|only-|empty)/;

function reuseOf(since: Since | null): Reuse | null {
  if (!since || !memo) return null;
  const inside = new Set<Node>();
  for (const node of [...since.touched, ...since.subtrees]) {
    for (let at: Node | null = node; at && !inside.has(at); at = flatParent(at)) inside.add(at);
  }
  const roots = new Set<Node>(since.subtrees);
  if (sheetsMention(SIBLING_RULES)) {
    for (const node of since.touched) roots.add(node);
    for (const node of since.subtrees) {
      const parent = flatParent(node);
      if (parent) roots.add(parent);
    }
  }
  return { entries: memo.entries, logs: memo.logs, inside, roots };
}

/** Subtrees of fewer elements are read again rather than remembered. */
const MEMO_MIN_ELEMENTS = 8;

/** Thrown when a reused part turns out not to be what a walk would read now: the walk starts over, reading everything. */
const STALE = new Error('stale');

/**
 * Walks the document, shadow roots included (closed ones once Node found them). A walk of the
 * whole document reuses what the last one read of each subtree in which nothing changed (see
 * changes.ts), its boxes read again; when a reused part is not what a walk would read now, it
 * reads everything.
 */
export function walk(options: WalkOptions): string {
  const started = performance.now();
  const content = options.content !== undefined;
  const since = content ? null : beginReading();
  const whole = !options.rootSelectors && !content;
  const reuse = whole && options.reuse !== false ? reuseOf(since) : null;
  if (!content) memo = null;
  try {
    return readPage(options, started, reuse, whole);
  } catch (error) {
    if (error !== STALE) throw error;
    return readPage(options, started, null, whole);
  }
}

/** What the engine keeps of the last walk for the next one, in entries of its logs (the bench prints it). */
export function memoSize(): Record<string, number> | null {
  const logs = memo?.logs;
  return logs ? Object.fromEntries(LOG_NAMES.map((name) => [name, logs[name].length])) : null;
}

function readPage(options: WalkOptions, started: number, reuse: Reuse | null, whole: boolean): string {
  const content = options.content;
  if (content !== 'document') begin(options.snapshotId, options.counterStart);
  let visited = 0;
  /** Elements read in this walk; the rest of `visited` was given again from the last walk. */
  let read = 0;
  /**
   * Computed styles read for names (generated content, inline-block spacing), only inside the
   * names of controls and headings, and at most this many per walk: each read costs a trip
   * through the sandbox's wrappers, and tables of cells need none.
   */
  let styleReads = 200;
  /** Whether any style sheet could generate content (::before, ::after): reading a pseudo-element's style is dear, so a page without such rules pays nothing. */
  let generates: boolean | undefined;
  const mayGenerate = (): boolean => (generates ??= sheetsGenerateContent());
  /** How deep the walk is inside the content of a control or heading. */
  let inControlName = 0;
  const active = deepActiveElement();
  const logs: Logs = { kept: [], iframes: [], hosts: [], controls: [], standIns: [], standsFor: [], flat: [], editors: [] };
  const kept = logs.kept;
  const entries = new WeakMap<Element, Entry>();
  /** Pendings of reused parts: named and stated by the walk that read them. */
  const reused = new Set<Pending>();
  /** How deep the walk is inside a subtree that is read again whole. */
  let renewing = 0;
  const labels = new Labels();
  /** Hidden controls listed where their labels are. */
  const standIns = new Set<Element>();
  /** Widgets drawn by script, and the hidden native field each stands for. */
  const standsFor = new Map<Element, Element>();
  /** The elements being read (their content is being walked): a field kept out of sight inside one may make it its widget. */
  const opening = new Map<Element, Pending>();
  /** Widgets listed in the stead of the field they keep out of sight (see adoptField). */
  const adopted = new Set<Pending>();
  /** The open modal dialog met last, if any. */
  let modal = null as Element | null;
  const top: RawNode[] = [];
  /** How deep the walk is inside an editor. */
  let inEditor = 0;
  /** Inside an element with the inert attribute: what shows there cannot be used. */
  let inert = false;
  /** How many boxes that do not show (visibility: hidden) the walk is inside of, up to the nearest kept one: an inline element there may show again. */
  let hidden = 0;
  /** Content readings only: the running text of the whole page, of inline marks and images, and which nodes fold their content into their name. */
  const topRuns: TextRun[] | null = content ? [] : null;
  const inlineRuns = new Map<RawNode, TextRun[]>();
  const folded = new WeakSet<RawNode>();
  /** A node's words in running text (content readings): a mark's or an image's, and a line break; other nodes say their own. */
  const looseWords = (node: RawNode): string => {
    const runs = inlineRuns.get(node);
    return runs ? plainText(runs, looseWords) : node.tag === 'br' ? '\n' : '';
  };
  /** The same inside a name, where a nested control or heading says its name. */
  const nameWords = (node: RawNode): string => {
    const runs = inlineRuns.get(node);
    return runs ? plainText(runs, nameWords) : node.tag === 'br' ? '\n' : folded.has(node) ? ` ${node.name ?? ''} ` : '';
  };
  const words = content ? looseWords : undefined;

  /** Whether a field met through its label is one a script's widget stands for (see behindWidget). */
  function fieldBehindWidget(field: Element): boolean {
    return behindWidget(field, field.localName, attributeTest(field).has, field.getBoundingClientRect());
  }

  /** Lists a visually hidden control where its label is: its role, name and states, the label's box and content. */
  function standIn(label: Element, control: Element, rect: DOMRect, out: RawNode[], runs: TextRun[] | null): void {
    standIns.add(control);
    logs.standIns.push(control);
    const tag = control.localName;
    const { names, has } = attributeTest(control);
    const role = roleOf(control, tag, has);
    const node: RawNode = { uid: '', tag, role, box: boxArray(rect), interactive: true };
    const children: RawNode[] = [];
    const text: TextRun[] = [];
    visitContent(label, 'label', children, text, true);
    if (children.length) node.children = children;
    elementOfNode.set(node, control);
    boxFrom.set(node, label);
    kept.push({ el: control, tag, role, names, has, interactive: true, folds: false, node, text });
    out.push(node);
    if (content) runs?.push(node);
  }

  /**
   * A field a widget keeps out of sight as its focus or typing target (transparent under the
   * widget's drawing, a pixel, parked off-screen): the widget around it, being read now, is listed
   * in its stead, with the field's role, name and states; the uid is the field's, clicks go to the
   * widget (shownPartOf). False when the widget is more than a wrapper (a table cell, say).
   */
  function adoptField(field: Element, widget: Element, tag: string, names: string[], has: Has): boolean {
    const pending = opening.get(widget);
    if (!pending || pending.role !== 'generic' || adopted.has(pending)) return false;
    adopted.add(pending);
    Object.assign(pending, { el: field, tag, role: roleOf(field, tag, has), names, has, interactive: true, folds: false });
    pending.node.role = pending.role;
    pending.node.tag = tag;
    // A text area kept out of sight under lines of text is a code editor's input: the widget is the editor.
    if (tag === 'textarea') {
      pending.node.editor = true;
      logs.editors.push([widget, pending.node]);
    }
    return true;
  }

  /**
   * Walks content whose words are not shown or are said elsewhere (a label's, a hidden box's).
   * In a content reading, the nodes in it keep their place in the running text.
   */
  function visitMuted(el: Element, tag: string, out: RawNode[], text: TextRun[] | null, inFold: boolean): void {
    if (!content || !text) {
      visitContent(el, tag, out, null, inFold);
      return;
    }
    const muted: TextRun[] = [];
    visitContent(el, tag, out, muted, inFold);
    placeNodes(muted, text);
  }

  function placeNodes(runs: TextRun[], text: TextRun[]): void {
    for (const run of runs) {
      if (typeof run === 'string' || run.tag === 'br') continue;
      const inner = inlineRuns.get(run);
      if (inner) placeNodes(inner, text);
      else text.push(run);
    }
  }

  /** Visits one child node: elements are walked, text goes to `text` when the caller wants it. */
  function visitNode(node: Node, out: RawNode[], text: TextRun[] | null, inFold: boolean): void {
    // Every DOM read costs a trip through the sandbox's wrappers: localName tells elements
    // apart (other nodes have none) and is needed anyway, so nodeType is read for the rest only.
    const tag = (node as Element).localName as string | undefined;
    if (tag !== undefined) visitElement(node as Element, tag, out, text, inFold);
    else if (text && node.nodeType === TEXT_NODE) text.push((node as Text).data);
  }

  function visitChildren(parent: Node, out: RawNode[], text: TextRun[] | null, inFold: boolean): void {
    for (let child = parent.firstChild; child; child = child.nextSibling) visitNode(child, out, text, inFold);
  }

  /** Walks what renders inside `el`: its shadow tree (slots resolved to what they show) or its children. */
  function visitContent(el: Element, tag: string, out: RawNode[], text: TextRun[] | null, inFold: boolean): void {
    if (tag === 'details' && !(el as HTMLDetailsElement).open) {
      // Closed, only its summary renders.
      for (let child = el.firstElementChild; child; child = child.nextElementSibling) if (child.localName === 'summary') visitElement(child, 'summary', out, text, inFold);
      return;
    }
    const shadow = shadowRootOf(el, tag);
    if (shadow) {
      watchRoot(shadow);
      visitChildren(shadow, out, text, inFold);
    } else {
      visitChildren(el, out, text, inFold);
    }
  }

  function visitSlot(slot: HTMLSlotElement, out: RawNode[], text: TextRun[] | null, inFold: boolean): void {
    const assigned = slot.assignedNodes();
    if (assigned.length === 0) {
      visitChildren(slot, out, text, inFold);
      return;
    }
    for (const node of assigned) visitNode(node, out, text, inFold);
  }

  /**
   * Walks one element; outside a control, what it gives is remembered for the next walk, and
   * given again from the last walk's memory when nothing in its subtree changed.
   */
  function visitElement(el: Element, tag: string, out: RawNode[], text: TextRun[] | null, inFold: boolean): void {
    if (inFold || !whole) {
      readElement(el, tag, out, text, inFold);
      return;
    }
    const renews = reuse?.roots.has(el) === true;
    if (renews) renewing++;
    const mark = { out: out.length, text: text?.length ?? 0, logs: logLengths(logs), visited, styleReads, modal };
    const entry = reuse && renewing === 0 && !reuse.inside.has(el) ? reuse.entries.get(el) : undefined;
    if (entry && reuse && entry.textNull === (text === null)) replay(entry, reuse.logs, out, text);
    else readElement(el, tag, out, text, false);
    if (renews) renewing--;
    // Small subtrees cost less to read again than to remember: ranges into this walk's logs, for the next walk.
    if (visited - mark.visited < MEMO_MIN_ELEMENTS) return;
    entries.set(el, {
      textNull: text === null,
      out: out.slice(mark.out),
      text: text ? text.slice(mark.text) : [],
      starts: mark.logs,
      ends: logLengths(logs),
      visited: visited - mark.visited,
      styleReads: mark.styleReads - styleReads,
      modal: modal === mark.modal ? null : modal,
    });
  }

  /** Gives again what the last walk read of an unchanged subtree, with its boxes read anew (and their sizes checked). */
  function replay(entry: Entry, from: Logs, out: RawNode[], text: TextRun[] | null): void {
    const part = <T,>(name: (typeof LOG_NAMES)[number], log: T[]): T[] => {
      const index = LOG_NAMES.indexOf(name);
      return log.slice(entry.starts[index], entry.ends[index]);
    };
    for (const flat of part('flat', from.flat)) {
      const rect = flat.getBoundingClientRect();
      if (rect.width > 0 && rect.height > 0) throw STALE;
    }
    refreshBoxes(entry.out, null, null);
    for (const node of entry.out) out.push(node);
    if (text) for (const run of entry.text) text.push(run);
    for (const name of LOG_NAMES) for (const item of part(name, from[name] as unknown[])) (logs[name] as unknown[]).push(item);
    for (const pending of part('kept', from.kept)) reused.add(pending);
    for (const control of part('standIns', from.standIns)) standIns.add(control);
    for (const [widget, field] of part('standsFor', from.standsFor)) standsFor.set(widget, field);
    visited += entry.visited;
    styleReads -= entry.styleReads;
    if (entry.modal) modal = entry.modal;
  }

  function readElement(el: Element, tag: string, out: RawNode[], text: TextRun[] | null, inFold: boolean): void {
    visited++;
    read++;
    if (tag === 'input' || tag === 'select' || tag === 'textarea') logs.controls.push(el);
    if (SKIPPED_TAGS.has(tag) || standIns.has(el)) return;
    if (tag === 'slot') {
      visitSlot(el as HTMLSlotElement, out, text, inFold);
      return;
    }
    const box = boxOf(el);
    if (!box) return;
    const { rect, boxless } = box;
    const width = rect.width;
    const height = rect.height;
    if (width === 0 || height === 0) logs.flat.push(el);
    const { names, has } = attributeTest(el);
    if (ariaHidden(el, has)) return;
    // Inert content shows but cannot be used: its controls say so, and actions on them are refused.
    const inertRoot = !inert && has('inert');
    if (inertRoot) inert = true;
    try {
      // A reading of the page as a person sees it leaves out what only a screen reader gets.
      // (A field kept out of sight for a widget is read as that widget, below.)
      if (content && !inFold && !boxless && screenReaderOnly(el, rect) && !proxyWidgetOf(el)) return;
      if (tag === 'svg') {
        // SVG internals are drawing instructions; keep the graphic only when it has a name.
        const label = has('aria-label') ? el.getAttribute('aria-label') : el.querySelector('title')?.textContent;
        if (label && width > 0 && height > 0) {
          const node: RawNode = { uid: '', tag, role: 'image', name: collapse(label), nameSource: has('aria-label') ? 'aria-label' : 'title', box: boxArray(rect) };
          elementOfNode.set(node, el);
          out.push(node);
          if (content) text?.push(node);
        }
        return;
      }
      // A visually hidden checkbox whose label shows is listed where its label is (see standIn).
      if (tag === 'input' && STAND_IN_TYPES.has((el as HTMLInputElement).type) && visuallyHidden(el) && visibleLabel(el, labels)) return;
      const role = roleOf(el, tag, has);
      if ((tag === 'dialog' || has('aria-modal')) && isOpenModal(el, tag, role, has)) modal = el;
      const editable = isEditable(el, has);
      const interactive = usable({ el, tag, role, has }, inFold, options.looksClickable !== false);
      // A rich or code editor: its paragraphs, headings and lines are listed inside it, to read and
      // to click where the caret goes, rather than folded into one value.
      const editor = editable && hasBlockContent(el);
      // A box of content made reachable by the keyboard (a code sample, a scrolling region): its
      // content is listed inside it, not folded into a name.
      const holdsContent = interactive && !editor && role === 'generic' && !has('onclick') && has('tabindex') && holdsReadableContent(el);
      // Inside a box that does not show, an inline element that shows again (visibility: visible) is a line of its own.
      const showsAgain = hidden > 0 && !interactive && INLINE_TAGS.has(tag) && el.checkVisibility(SEEN);
      const mark = content && text && !interactive && !showsAgain ? MARK_ROLES.get(tag) : undefined;
      if (mark && text) {
        const node: RawNode = { uid: '', tag, role: mark, box: boxArray(rect) };
        const runs: TextRun[] = [];
        inlineRuns.set(node, runs);
        visitContent(el, tag, out, runs, inFold);
        text.push(node);
        return;
      }

      // A control hidden from everyone (aria-hidden: the native select a script's widget replaced) is no one's to name.
      const labelled = tag === 'label' && !interactive ? (el as HTMLLabelElement).control : null;
      const labelControl = labelled && !ariaHidden(labelled, attributeTest(labelled).has) ? labelled : null;
      // Its control is visually hidden (a styled checkbox, a survey's radio drawn as a dot): the label is what a person
      // clicks, and it stands in for the control, in a table cell's name as anywhere.
      if (labelControl && !standIns.has(labelControl) && visuallyHidden(labelControl) && width > 0 && height > 0 && el.checkVisibility(SEEN) && !fieldBehindWidget(labelControl)) {
        standIn(el, labelControl, rect, out, text);
        return;
      }
      // Inside a control, plain content only feeds the control's name.
      if (inFold && !interactive && role !== 'image') {
        if (INLINE_TAGS.has(tag) || role === 'generic' || !STRUCTURAL_ROLES.has(role)) {
          // A part with its own label counts by it (accname 2C within the recursion).
          const label = has('aria-label') ? el.getAttribute('aria-label')?.trim() : '';
          if (label) {
            text?.push(` ${label} `);
            // Its words are replaced by the label; a control inside it is still listed.
            visitMuted(el, tag, out, text, true);
            return;
          }
          // Block and inline-block boxes part words in a name: <div>GET</div><div>/items</div> reads "GET /items".
          const style = text !== null && inControlName > 0 && styleReads-- > 0 ? getComputedStyle(el) : null;
          const block = !INLINE_TAGS.has(tag) || (style !== null && style.display !== 'inline');
          const generated = style !== null && mayGenerate();
          if (block) text?.push(' ');
          if (generated) text?.push(generatedText(el, '::before'));
          // A part shown in capitals (text-transform) is named as it shows: "GET /items", as Firefox names it too.
          const transform = style?.textTransform;
          if (transform && transform !== 'none' && text) {
            const shown: TextRun[] = [];
            visitContent(el, tag, out, shown, true);
            for (const run of shown) text.push(typeof run === 'string' ? transformed(run, transform) : run);
          } else visitContent(el, tag, out, text, true);
          if (generated) text?.push(generatedText(el, '::after'));
          if (block) text?.push(' ');
          return;
        }
      }
      if (tag === 'img' && inFold) {
        const alt = el.getAttribute('alt');
        if (content && text && alt !== '') {
          const node = inlineImage(el as HTMLImageElement, alt ?? '', boxArray(rect));
          inlineRuns.set(node, [` ${alt ?? ''} `]);
          text.push(node);
        } else if (alt && text) text.push(` ${alt} `);
        return;
      }
      // A legend or caption names its group, table or figure: it is not said again.
      // (A reading of the content shows it as a person does, where it is.)
      if (!content && (tag === 'legend' || tag === 'caption' || tag === 'figcaption') && CAPTIONED[tag] === el.parentElement?.localName && !interactive) {
        visitContent(el, tag, out, null, inFold);
        return;
      }
      // A label's text names its control: it is not said again.
      if (labelControl) {
        visitMuted(el, tag, out, text, inFold);
        return;
      }
      if (!interactive && !showsAgain && (role === 'generic' || TEXT_LEVEL_ROLES.has(role)) && INLINE_TAGS.has(tag)) {
        if (tag === 'br') text?.push(content ? lineBreak() : '\n');
        // Inside an editor, formatting is part of what a person sees: **bold**, *italic*, ~~struck~~, `code`.
        const marks = inEditor > 0 && text && !content ? editorMark(tag) : undefined;
        const at = text?.length ?? 0;
        if (marks) text?.push(marks[0]);
        visitContent(el, tag, out, text, inFold);
        // An empty mark (an editor's placeholder for formatting about to be typed) shows nothing.
        if (marks && text) {
          if (collapse(plainText(text.slice(at + 1))) === '') text.splice(at, 1);
          else text.push(marks[1]);
        }
        return;
      }

      // A field a script's widget stands for is not offered; the widget is, named by the field's label.
      const covered = interactive && behindWidget(el, tag, has, rect);
      const widget = covered ? widgetFor(el) : null;
      if (widget) {
        standsFor.set(widget, el);
        logs.standsFor.push([widget, el]);
        return;
      }
      // A field kept out of sight as a widget's focus or typing target (covered, transparent, a
      // pixel, parked off-screen): the widget is listed in its stead, or, when the widget is more
      // than a wrapper (a table cell), the field where it is, with the widget's box.
      const proxy = interactive && (covered || outOfSight(rect)) ? proxyWidgetOf(el) : null;
      if (proxy && adoptField(el, proxy, tag, names, has)) return;
      if (covered && !proxy) return;
      // A candidate for a line of its own: it must be visible and have an area (a box-less
      // element's area is its content's).
      const visible = proxy !== null || (width > 0 && height > 0 && (boxless || el.checkVisibility(SEEN) || (interactive && transparentControl(el))));
      if (!visible) {
        if (boxless) {
          visitContent(el, tag, out, text, inFold);
          return;
        }
        // Its text does not show (visibility:hidden, opacity 0), but a descendant may show again, or
        // be a transparent control that takes clicks (a styled checkbox, a field fading in). Only a
        // box with an area is hidden by its style (a box without one leaves its inline text out).
        const styledHidden = width > 0 && height > 0;
        if (styledHidden) hidden++;
        visitMuted(el, tag, out, text, inFold);
        if (styledHidden) hidden--;
        return;
      }
      // A cell that holds blocks (a code sample, a list, a table, tabs) lists them inside it, as it does
      // outside a table, rather than folding them into its name; so does a cell its label names (a
      // calendar's day, "March 12, 2026"), whose content (the events of the day) the name does not say.
      const cell = !interactive && (role === 'cell' || role === 'gridcell') && el.childElementCount > 0;
      const blockCell = cell && (has('aria-label') || has('aria-labelledby') || el.querySelector(CELL_BLOCKS) !== null);
      // A container focused as a whole (a tab panel, a dialog with tabindex) keeps its content as its own lines too.
      const folds = ((interactive && !CONTAINER_ROLES.has(role)) || NAME_FROM_CONTENT.has(role)) && !editor && !holdsContent && !blockCell;
      const node: RawNode = { uid: '', tag, role, box: boxArray(proxy ? proxy.getBoundingClientRect() : rect) };
      if (proxy) boxFrom.set(node, proxy);
      // Custom elements are kept when they host a shadow root; a closed one is invisible from
      // here, so each custom element without an open root is a candidate that Node checks.
      const custom = tag.includes('-');
      const openRoot = mayHostShadow(tag) ? el.shadowRoot : null;
      const closedRoot = openRoot ? null : closedRootOf(el);
      // A box-less custom element without a shadow root is a wrapper (a slot's host, a dialog's): walked through, not listed.
      const listedCustom = custom && (!boxless || openRoot !== null || closedRoot !== null);
      /** A custom element that may hide a closed root: listed until Node has looked (it drops the empty ones). */
      const placeholder = listedCustom && !openRoot && !closedRoot;
      if (listedCustom) {
        node.custom = true;
        if (openRoot) node.shadow = 'open';
        else if (closedRoot) node.shadow = 'closed';
        else logs.hosts.push({ el, node });
      }
      const children: RawNode[] = [];
      const ownText: TextRun[] = [];
      const pending: Pending = { el, tag, role, names, has, interactive, folds, node, text: ownText };
      opening.set(el, pending);
      if (tag === 'select') {
        for (const option of Array.from((el as HTMLSelectElement).options)) {
          const item: RawNode = { uid: '', tag: 'option', role: 'option', name: collapse(option.getAttribute('aria-label') || option.label || option.text), nameSource: 'text', box: node.box };
          if (option.selected) item.selected = true;
          if (option.disabled) item.disabled = true;
          children.push(item);
          elementOfNode.set(item, option);
        }
      } else if (tag !== 'iframe' && tag !== 'frame' && tag !== 'textarea') {
        const control = folds && (interactive || role === 'heading');
        const style = control && styleReads-- > 0 ? getComputedStyle(el) : null;
        if (style && style.textTransform !== 'none') pending.transform = style.textTransform;
        const styled = style !== null && mayGenerate();
        if (styled) ownText.push(generatedText(el, '::before'));
        if (control) inControlName++;
        const hiddenAbove = hidden;
        hidden = 0;
        if (editor) inEditor++;
        visitContent(el, tag, children, ownText, folds || inFold);
        if (editor) inEditor--;
        hidden = hiddenAbove;
        if (control) inControlName--;
        if (styled) ownText.push(generatedText(el, '::after'));
      }
      opening.delete(el);
      // A widget listed for the field it keeps out of sight (adoptField) is that control now.
      const control = adopted.has(pending);
      // A paragraph, group or form with no name and no text of its own is a wrapper too; a custom
      // element is kept when it may hide a closed shadow root (Node looks), or when it says something.
      const named = has('aria-label') || has('aria-labelledby') || has('title') || (tag === 'fieldset' && el.querySelector(':scope > legend') !== null);
      // A disclosure is a group even closed, when only its summary shows.
      // A host of a closed root is kept (its line says shadow=closed: what no page script can reach).
      // A group an author declared (role="group": a menu's section, a set of buttons) or a heading group gathers what belongs together: kept, named or not.
      const declaredGroup = role === 'group' && (has('role') || tag === 'hgroup');
      const structural = interactive || control || (role !== 'generic' && (named || tag === 'details' || declaredGroup || !UNNAMED_WRAPPERS.has(role))) || placeholder || (listedCustom && closedRoot !== null);
      const loose = pending.folds ? '' : collapse(plainText(ownText, words));
      // Any element that may host a shadow root and shows none of its own content, with an area: a closed root may draw it.
      if (!custom && !openRoot && !closedRoot && children.length === 0 && !loose && !boxless && width > 0 && height > 0 && mayHostShadow(tag) && mayHideRoot(el)) logs.hosts.push({ el });
      if (!structural && !loose) {
        // A wrapper with nothing to say: its kept descendants move up to the nearest kept ancestor.
        for (const child of children) out.push(child);
        if (content && text) {
          const block = !INLINE_TAGS.has(tag);
          if (block) text.push(blockBreak());
          for (const run of ownText) text.push(run);
          if (block) text.push(blockBreak());
        }
        return;
      }
      // Preformatted text keeps its lines, written as \n on the one line the element has.
      if (loose) node.text = tag === 'pre' ? plainText(ownText, words).replace(/^\n+|\s+$/g, '').replace(/\r?\n/g, '\\n') : loose;
      if (children.length) node.children = children;
      if (interactive || control) node.interactive = true;
      if ((interactive || control) && inert) node.inert = true;
      if (holdsContent) node.holdsContent = true;
      if (editor) {
        node.editor = true;
        logs.editors.push([el, node]);
      }
      if (tag === 'iframe' || tag === 'frame') logs.iframes.push(node);
      elementOfNode.set(node, pending.el);
      if (control) boxFrom.set(node, el);
      if (boxless) boxlessNodes.add(node);
      kept.push(pending);
      out.push(node);
      // A link in running text keeps its place in the sentence (see inlineLinks); inside a name
      // (a cell, a heading), a control's words are part of that name as well as its own. A
      // content reading keeps every node in its place, and counts names as it names (nameWords).
      if (content) {
        if (folds) folded.add(node);
        text?.push(node);
      } else if (text && !inFold && role === 'link' && !node.children) text.push(node);
      // A control inside a name says its value (a field, a select) or its own name (accname 2C): an edited cell is named by what it holds.
      else if (text && inFold && folds) text.push(' ', embeddedValue(el, tag, role) ?? nameOf(pending, labels, () => plainText(ownText))[0], ' ');
    } finally {
      if (inertRoot) inert = false;
    }
  }

  if (options.rootSelectors) for (const el of layerRoots(options.rootSelectors)) visitElement(el, el.localName, top, null, false);
  else visitContent(document.documentElement, 'html', top, topRuns, false);
  /** A widget without a name of its own takes the label of the field it stands for. */
  function widgetName(widget: Element): [string, NameSource] | null {
    const field = standsFor.get(widget);
    const label = field ? labels.textOf(field) || collapse(field.getAttribute('aria-label') ?? '') : '';
    return label ? [label, 'label'] : null;
  }
  // Names and states are read after the walk, once every descendant's text is in.
  for (const pending of kept) {
    const again = reused.has(pending);
    // A reused part was named by the walk that read it; a control's name may come from a label elsewhere, which is checked.
    if (again && !pending.interactive && !pending.has('aria-labelledby')) continue;
    // Per accname, only some roles take their name from their content: a listbox is not named by its options, nor a textbox by its text.
    const fromContent = (NAME_FROM_CONTENT.has(pending.role) && pending.folds) || (pending.interactive && pending.role === 'generic' && !pending.node.holdsContent);
    const own = nameOf(pending, labels, fromContent ? () => transformed(plainText(pending.text, content ? nameWords : undefined), pending.transform) : null);
    const [name, source] = (own[0] ? null : (widgetName(pending.el) ?? frameName(pending))) ?? own;
    if (again) {
      if ((name || undefined) !== pending.node.name || ((pending.interactive || name) && source !== pending.node.nameSource)) throw STALE;
      continue;
    }
    if (name) pending.node.name = name;
    if (pending.interactive || name) pending.node.nameSource = source;
    // What can be said of an unnamed control: it shows an icon.
    if (!name && pending.interactive && !pending.node.holdsContent && pending.el.querySelector('svg, img, i, [class*="icon"]')) pending.node.icon = true;
    fillStates(pending, pending.node, active);
    // An editor's lines are its value; a widget that draws its field's value in its own text (a select showing its choice): that text is the value.
    if (pending.node.editor) delete pending.node.value;
    else if (adopted.has(pending) && pending.node.value === undefined && pending.node.text) {
      pending.node.value = pending.node.text;
      delete pending.node.text;
    }
    if (content) addContentDetails(pending.el, pending.tag, pending.node);
  }
  // The numbers a code editor's gutter shows, its lines' indentation, and where the caret is (a reused line is marked anew).
  for (const [el, node] of logs.editors) {
    for (const line of node.children ?? []) {
      delete line.caret;
      delete line.line;
    }
    delete node.selection;
    numberLines(el, node, (line) => elementOfNode.get(line));
    if (!content) indentLines(node, (line) => elementOfNode.get(line));
  }
  if (!content) {
    dropEchoes(top);
    // Which node an element is listed as, for the caret's line: only a page with an editor needs it.
    const lineOf = new Map(logs.editors.length ? kept.map((pending) => [pending.el, pending.node]) : []);
    markCaret(logs.editors, (el) => lineOf.get(el), (node) => {
      const field = elementOfNode.get(node);
      return field?.localName === 'textarea' ? field : undefined;
    });
  }
  // uids are handed out in document order, once the walk knows what it keeps.
  const keptNodes: [RawNode, Element][] = [];
  let modalNode: RawNode | undefined;
  // A content reading gives uids to what can be acted on, and only in the agent view.
  const wanted = (node: RawNode): boolean => content === undefined || (content === 'agent' && node.interactive === true);
  const assign = (nodes: RawNode[]): void => {
    for (const node of nodes) {
      const el = wanted(node) ? elementOfNode.get(node) : undefined;
      if (el) {
        node.uid = uidFor(el, options.snapshotId);
        keptNodes.push([node, el]);
        if (el === modal) modalNode = node;
      }
      // Blocked is said again below, for the modal open now.
      delete node.blocked;
      if (node.children) assign(node.children);
    }
  };
  assign(top);
  if (content) {
    if (options.stamp && content === 'agent') stamp(keptNodes.map(([node, el]) => [node.uid, el]));
    const runsOf = new Map(kept.map((pending) => [pending.node, pending.text]));
    const reading: ContentReading = { url: location.href, title: document.title, content: inReadingOrder(topRuns ?? [], top, (node) => inlineRuns.get(node) ?? runsOf.get(node)) };
    return JSON.stringify(reading);
  }
  for (const pending of kept) if (pending.node.text && !reused.has(pending)) inlineLinks(pending.node, pending.text);
  if (modalNode) markBlocked(top, modalNode);
  if (whole) rememberModal(modalNode ? modal : null);
  if (options.stamp) stamp(keptNodes.map(([node, el]) => [node.uid, el]));
  const reading = endReading(logs.controls);
  if (whole) memo = { entries, logs };
  // Listed custom elements are asked about every walk (Node drops the empty ones); other elements once.
  const candidates = logs.hosts.filter((host) => host.node || mayHideRoot(host.el));
  setCandidates(candidates.map((host) => host.el));
  const scroller = document.scrollingElement ?? document.documentElement;
  const result: WalkResult = {
    url: location.href,
    title: document.title,
    snapshotId: options.snapshotId,
    viewport: { width: innerWidth, height: innerHeight, scrollX: Math.round(scrollX), scrollY: Math.round(scrollY), documentHeight: scroller.scrollHeight },
    stats: { visited, kept: keptNodes.length, ms: Math.round((performance.now() - started) * 10) / 10, read },
    nodes: top,
    ...(modalNode ? { modal: modalNode.uid } : {}),
    lastCounter: lastCounter(options.snapshotId),
    iframes: logs.iframes.map((node) => node.uid),
    closedHostCandidates: candidates.map((host) => host.node?.uid ?? ''),
    ...(reading ? { reading } : {}),
  };
  return JSON.stringify(result);
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

/** Content to read, not a control's label: code, paragraphs, lists, tables, or anything that scrolls. */
function holdsReadableContent(el: Element): boolean {
  if (el.querySelector('pre, code, p, ul, ol, table, h1, h2, h3, h4, h5, h6') !== null) return true;
  if (el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1) return false;
  const style = getComputedStyle(el);
  return /(auto|scroll)/.test(style.overflowY + style.overflowX);
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
 * Reads the boxes of reused nodes again: what lies around them may have moved them. A box whose
 * size changed means the layout changed in ways the last walk's choices may not survive (what
 * looks small, what has an area): the walk starts over. An option shares its select's box.
 */
function refreshBoxes(nodes: RawNode[], parentBefore: RawNode['box'] | null, parentNow: RawNode['box'] | null): void {
  for (const node of nodes) {
    const before = node.box;
    let now: RawNode['box'];
    if (parentBefore !== null && parentNow !== null && before === parentBefore) now = parentNow;
    else {
      const source = boxFrom.get(node) ?? elementOfNode.get(node);
      if (!source) throw STALE;
      now = boxArray(boxlessNodes.has(node) ? contentRect(source) : source.getBoundingClientRect());
      if (now[2] !== before[2] || now[3] !== before[3]) throw STALE;
    }
    node.box = now;
    if (node.children) refreshBoxes(node.children, before, now);
  }
}

/** Roles whose content is a part of the page, never a control's name, even when the container takes focus. */
const CONTAINER_ROLES = new Set(['tabpanel', 'dialog', 'alertdialog', 'region', 'group', 'form', 'article', 'main', 'navigation', 'complementary', 'document', 'feed', 'log', 'note', 'figure', 'table', 'grid', 'treegrid', 'list', 'tree', 'search', 'banner', 'contentinfo']);

/** What makes a cell a container of blocks rather than a name (see blockCell). */
const CELL_BLOCKS = 'pre, table, ul, ol, dl, h1, h2, h3, h4, h5, h6, [role="tablist"], [role="tabpanel"]';

/** Roles that add nothing to the text when they have no name (their content says it all). */
const UNNAMED_WRAPPERS = new Set(['paragraph', 'group', 'form']);

/** Elements that name their parent: legend → fieldset, caption → table, figcaption → figure. */
const CAPTIONED: Record<string, string> = { legend: 'fieldset', caption: 'table', figcaption: 'figure' };

/** Text as CSS text-transform shows it. */
function transformed(text: string, transform: string | undefined): string {
  switch (transform) {
    case 'uppercase':
      return text.toUpperCase();
    case 'lowercase':
      return text.toLowerCase();
    case 'capitalize':
      return text.replace(/(^|\s)(\S)/g, (_, space: string, letter: string) => space + letter.toUpperCase());
    default:
      return text;
  }
}

/** The words of gathered text; a node's are what `words` says (none by default: a link in running text is its own line). */
function plainText(runs: TextRun[], words?: (node: RawNode) => string): string {
  let text = '';
  for (const run of runs) text += typeof run === 'string' ? run : words ? words(run) : '';
  return text;
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
 * Removes text-only lines that say again what the control beside them is named (a floating
 * label's text before its field, a label whose control took its words, a tooltip that says an
 * icon button's label again); returns them.
 */
function dropEchoes(nodes: RawNode[]): RawNode[] {
  const dropped: RawNode[] = [];
  for (let index = nodes.length - 1; index >= 0; index--) {
    const node = nodes[index] as RawNode;
    if (node.children) dropped.push(...dropEchoes(node.children));
    if (node.interactive || node.children?.length || !ECHO_ROLES.has(node.role)) continue;
    const words = node.text ?? node.name;
    if (!words) continue;
    const echoes = (other: RawNode | undefined): boolean => other?.interactive === true && other.name === words;
    if (echoes(nodes[index - 1]) || echoes(nodes[index + 1])) {
      dropped.push(node);
      nodes.splice(index, 1);
    }
  }
  return dropped;
}

/** A box as snapshots carry it: x, y, width, height in whole CSS pixels. */
function boxArray(rect: DOMRect): RawNode['box'] {
  return [Math.round(rect.x), Math.round(rect.y), Math.round(rect.width), Math.round(rect.height)];
}
