/**
 * The walk's readings of particular kinds of content, apart from the traversal that meets them:
 * the plain parts of a control's name, inline runs, a named SVG graphic, hidden controls listed
 * where their labels are, fields a widget stands for, and a select's options.
 */
import type { RawNode } from '../types.js';
import { inlineImage, lineBreak, type TextRun } from './content.js';
import { collapse, transformed } from './text.js';
import { attributeTest, ELEMENT_NODE, type Has } from './dom.js';
import { generatedText } from './generated-text.js';
import type { Labels } from './names.js';
import { ownLabelInName, partsWords } from './name-content.js';
import { roleOf } from './roles.js';
import { editorMark } from './editors.js';
import { behindWidget } from './visibility.js';
import type { WalkModes } from './walk-modes.js';
import { boxArray, boxFrom, elementOfNode, plainText, type Pending, type WalkState } from './walk-state.js';

/** An element met, with what every branch of the walk reads of it. */
export interface Met {
  el: Element;
  tag: string;
  rect: DOMRect;
  boxless: boolean;
  names: string[];
  has: Has;
}

/** What these readings need of the walk that calls them. */
export interface Traversal {
  readonly modes: WalkModes;
  readonly state: WalkState;
  readonly labels: Labels;
  /** The elements being read (see adoptField). */
  readonly opening: Map<Element, Pending>;
  inControlName: number;
  inEditor: number;
  /** Inside an element with the inert attribute. */
  readonly inert: boolean;
  /** How many boxes that do not show the walk is inside of, up to the nearest kept one. */
  hidden: number;
  /** A node's words in running text (content readings). */
  readonly looseWords: (node: RawNode) => string;
  mayGenerate(): boolean;
  visitContent(el: Element, tag: string, out: RawNode[], text: TextRun[] | null, inFold: boolean): void;
  visitMuted(el: Element, tag: string, out: RawNode[], text: TextRun[] | null, inFold: boolean): void;
}

/**
 * Plain content inside a control's name: its words, as the name rules take them (name-content.ts), and any control
 * inside it listed.
 */
export function readInName(walker: Traversal, met: Met, out: RawNode[], text: TextRun[] | null): void {
  const { el, tag, has } = met;
  const label = ownLabelInName(el, tag, has);
  if (label) {
    text?.push(` ${label} `);
    // Its words are replaced by the label; a control inside it is still listed.
    walker.visitMuted(el, tag, out, text, true);
    return;
  }
  const style =
    text !== null && walker.inControlName > 0 && walker.state.styleReads-- > 0 ? getComputedStyle(el) : null;
  const block = partsWords(tag, style?.display);
  const generated = style !== null && walker.mayGenerate();
  if (block) text?.push(' ');
  if (generated) text?.push(generatedText(el, '::before'));
  // A part shown in capitals (text-transform) is named as it shows: "GET /items", as Firefox names it too.
  const transform = style?.textTransform;
  if (transform && transform !== 'none' && text) {
    const shown: TextRun[] = [];
    walker.visitContent(el, tag, out, shown, true);
    for (const run of shown) text.push(typeof run === 'string' ? transformed(run, transform) : run);
  } else walker.visitContent(el, tag, out, text, true);
  if (generated) text?.push(generatedText(el, '::after'));
  if (block) text?.push(' ');
}

/** An image inside a name says its alt; a content reading keeps it in the text as itself. */
export function readImageInName(walker: Traversal, met: Met, text: TextRun[] | null): void {
  const alt = met.el.getAttribute('alt');
  if (walker.modes.content && text && alt !== '') {
    const node = inlineImage(met.el as HTMLImageElement, alt ?? '', boxArray(met.rect));
    walker.state.inlineRuns.set(node, [` ${alt ?? ''} `]);
    text.push(node);
  } else if (alt && text) text.push(` ${alt} `);
}

/** SVG internals are drawing instructions; keep the graphic only when it has a name. */
export function readGraphic(walker: Traversal, met: Met, out: RawNode[], text: TextRun[] | null): void {
  const { el, tag, rect, has } = met;
  const label = has('aria-label') ? el.getAttribute('aria-label') : el.querySelector('title')?.textContent;
  if (label && rect.width > 0 && rect.height > 0) {
    const node: RawNode = {
      uid: '',
      tag,
      role: 'image',
      name: collapse(label),
      nameSource: has('aria-label') ? 'aria-label' : 'title',
      box: boxArray(rect),
    };
    elementOfNode.set(node, el);
    out.push(node);
    if (walker.modes.content) text?.push(node);
  }
}

/** An inline element with nothing of its own to say: its content runs on in its parent's text. */
export function readInline(walker: Traversal, met: Met, out: RawNode[], text: TextRun[] | null, inFold: boolean): void {
  const { el, tag } = met;
  if (tag === 'br') text?.push(walker.modes.content ? lineBreak() : '\n');
  else if (text && drawnApart(el, met.rect)) text.push(' ');
  // Inside an editor, formatting is part of what a person sees: **bold**, *italic*, ~~struck~~, `code`.
  const marks = walker.inEditor > 0 && text && walker.modes.snapshot ? editorMark(tag) : undefined;
  const at = text?.length ?? 0;
  if (marks) text?.push(marks[0]);
  walker.visitContent(el, tag, out, text, inFold);
  const cue = text && !inFold ? titleCue(el, met.rect) : '';
  if (cue) text?.push(` (${cue}) `);
  // An empty mark (an editor's placeholder for formatting about to be typed) shows nothing.
  if (marks && text) {
    if (collapse(plainText(text.slice(at + 1))) === '') text.splice(at, 1);
    else text.push(marks[1]);
  }
}

/**
 * The words of a title that is the only cue an element gives (a status dot that says "Unread"
 * only when the pointer rests on it), where the element shows; '' for any other element.
 */
export function titleCue(el: Element, rect: DOMRect): string {
  const title = el.getAttribute('title')?.trim();
  if (
    !title ||
    rect.width === 0 ||
    rect.height === 0 ||
    el.textContent.trim() ||
    el.querySelector('img, svg, input, button, select, textarea')
  )
    return '';
  return el.checkVisibility({ visibilityProperty: true, opacityProperty: true }) ? collapse(title) : '';
}

/**
 * Whether an inline element is drawn apart from the element right before it (no text between
 * them): a flex or grid gap, a margin, a float, another line. A person reads two words there,
 * "Ingrid Novak 21 Aug 2025", where the DOM's text runs them together.
 */
function drawnApart(el: Element, rect: DOMRect): boolean {
  const before = el.previousSibling;
  if (before?.nodeType !== ELEMENT_NODE || rect.width === 0) return false;
  const last = (before as Element).getBoundingClientRect();
  if (last.width === 0) return false;
  const sameLine = rect.top < last.bottom && last.top < rect.bottom;
  return !sameLine || rect.left - last.right >= 1 || last.left - rect.right >= 1;
}

/** Lists a visually hidden control where its label is: its role, name and states, the label's box and content. */
export function standIn(
  walker: Traversal,
  label: Element,
  control: Element,
  rect: DOMRect,
  out: RawNode[],
  runs: TextRun[] | null,
): void {
  const state = walker.state;
  state.standIns.add(control);
  state.logs.standIns.push(control);
  const tag = control.localName;
  const { names, has } = attributeTest(control);
  const role = roleOf(control, tag, has);
  const node: RawNode = { uid: '', tag, role, box: boxArray(rect), interactive: true };
  const children: RawNode[] = [];
  const text: TextRun[] = [];
  walker.visitContent(label, 'label', children, text, true);
  if (children.length) node.children = children;
  elementOfNode.set(node, control);
  boxFrom.set(node, label);
  state.logs.kept.push({ el: control, tag, role, names, has, interactive: true, folds: false, node, text });
  out.push(node);
  if (walker.modes.content) runs?.push(node);
}

/**
 * A field a widget keeps out of sight as its focus or typing target (transparent under the
 * widget's drawing, a pixel, parked off-screen): the widget around it, being read now, is listed
 * in its stead, with the field's role, name and states; the uid is the field's, clicks go to the
 * widget (shownPartOf). False when the widget is more than a wrapper (a table cell, say).
 */
export function adoptField(
  walker: Traversal,
  field: Element,
  widget: Element,
  tag: string,
  names: string[],
  has: Has,
): boolean {
  const pending = walker.opening.get(widget);
  const adopted = walker.state.adopted;
  if (!pending || pending.role !== 'generic' || adopted.has(pending)) return false;
  adopted.add(pending);
  Object.assign(pending, {
    el: field,
    tag,
    role: roleOf(field, tag, has),
    names,
    has,
    interactive: true,
    folds: false,
  });
  pending.node.role = pending.role;
  pending.node.tag = tag;
  // A text area kept out of sight under lines of text is a code editor's input: the widget is the editor.
  if (tag === 'textarea') {
    pending.node.editor = true;
    walker.state.logs.editors.push([widget, pending.node]);
  }
  return true;
}

/** Whether a field met through its label is one a script's widget stands for (see behindWidget). */
export function fieldBehindWidget(field: Element): boolean {
  return behindWidget(field, field.localName, attributeTest(field).has, field.getBoundingClientRect());
}

/** A select's options, as its children: they share its box. */
export function listOptions(select: HTMLSelectElement, node: RawNode, children: RawNode[]): void {
  for (const option of Array.from(select.options)) {
    const item: RawNode = {
      uid: '',
      tag: 'option',
      role: 'option',
      name: collapse(option.getAttribute('aria-label') || option.label || option.text),
      nameSource: 'text',
      box: node.box,
    };
    if (option.selected) item.selected = true;
    if (option.disabled) item.disabled = true;
    children.push(item);
    elementOfNode.set(item, option);
  }
}
