/**
 * The snapshot walk: one pass over what renders (shadow trees and slots resolved, display:contents
 * walked through) that keeps what a person can see and use. The traversal only: its modes are
 * compiled before it starts (walk-modes.ts), what it gathers is kept in a WalkState
 * (walk-state.ts), what did not change since the last walk is given again by the memo
 * (walk-memo.ts), and names, states and uids are handed out once it is over (walk-finish.ts). What an
 * element that shows is listed as is decided in walk-kept.ts; particular kinds of content are read in walk-parts.ts.
 */
import type { RawNode, WalkOptions } from '../types.js';
import { MARK_ROLES, type TextRun } from './content.js';
import { attributeTest, deepActiveElement, hasBlockContent, INLINE_TAGS, SKIPPED_TAGS, TEXT_NODE } from './dom.js';
import { sheetsGenerateContent } from './generated-text.js';
import { Labels } from './names.js';
import { beginReading, watchRoot } from './changes.js';
import { shadowRootOf } from './closed-roots.js';
import { begin } from './registry.js';
import { isEditable, roleOf, STRUCTURAL_ROLES, TEXT_LEVEL_ROLES } from './roles.js';
import { isOpenModal } from './modal.js';
import { usable } from './usable.js';
import {
  ariaHidden,
  behindWidget,
  boxOf,
  outOfSight,
  parkedField,
  proxyWidgetOf,
  screenReaderOnly,
  SEEN,
  STAND_IN_TYPES,
  transparentControl,
  visibleLabel,
  visuallyHidden,
  widgetFor,
} from './visibility.js';
import { compileModes, type WalkModes } from './walk-modes.js';
import { forgetMemo, STALE, WalkMemo } from './walk-memo.js';
import { finishWalk } from './walk-finish.js';
import { boxArray, plainText, WalkState, type Pending } from './walk-state.js';
import {
  adoptField,
  fieldBehindWidget,
  type Met,
  readImageInName,
  readInline,
  readInName,
  readGraphic,
  standIn,
  type Traversal,
} from './walk-parts.js';
import { readKept } from './walk-kept.js';
import { captionOfParent, holdsReadableContent, layerRoots } from './walk-rules.js';

export { memoSize } from './walk-memo.js';

/**
 * Walks the document, shadow roots included (closed ones once Node found them). A snapshot of the
 * whole document reuses what the last one read of each subtree in which nothing changed (see
 * changes.ts), its boxes read again: a part whose layout changed is read again alone, and when a
 * reused part's name is not what the walk names it now, the walk reads everything.
 */
export function walk(options: WalkOptions): string {
  const started = performance.now();
  const modes = compileModes(options);
  const since = modes.snapshot ? beginReading() : null;
  // A walk of named layers leaves nothing a whole walk could reuse (a whole walk takes the memory over).
  if (modes.snapshot && !modes.whole) forgetMemo();
  try {
    return new Walk(modes, started, modes.whole ? new WalkMemo(modes.reuse ? since : null) : null).run();
  } catch (error) {
    if (error !== STALE) throw error;
    return new Walk(modes, started, new WalkMemo(null)).run();
  }
}

class Walk implements Traversal {
  readonly state = new WalkState();
  readonly labels = new Labels();
  readonly top: RawNode[] = [];
  /** Content readings only: the running text of the whole page. */
  readonly topRuns: TextRun[] | null;
  readonly active = deepActiveElement();
  /**
   * The elements being read (their content is being walked): a field kept out of sight inside one may make it its
   * widget.
   */
  readonly opening = new Map<Element, Pending>();
  /** How deep the walk is inside the content of a control or heading, and inside an editor. */
  inControlName = 0;
  inEditor = 0;
  /** Inside an element with the inert attribute: what shows there cannot be used. */
  inert = false;
  /**
   * How many boxes that do not show (visibility: hidden) the walk is inside of, up to the nearest kept one: an inline
   * element there may show again.
   */
  hidden = 0;
  /**
   * Whether any style sheet could generate content (::before, ::after): reading a pseudo-element's style is dear, so a
   * page without such rules pays nothing.
   */
  generates: boolean | undefined;

  constructor(
    readonly modes: WalkModes,
    readonly started: number,
    readonly memo: WalkMemo | null,
  ) {
    this.topRuns = modes.snapshot ? null : [];
  }

  run(): string {
    const { modes } = this;
    if (modes.uids) begin(modes.snapshotId, modes.counterStart);
    if (modes.rootSelectors)
      for (const el of layerRoots(modes.rootSelectors)) this.visitElement(el, el.localName, this.top, null, false);
    else this.visitContent(document.documentElement, 'html', this.top, this.topRuns, false);
    return finishWalk(this);
  }

  mayGenerate(): boolean {
    return (this.generates ??= sheetsGenerateContent());
  }

  /**
   * A node's words in running text (content readings): a mark's or an image's, and a line break; other nodes say their
   * own.
   */
  readonly looseWords = (node: RawNode): string => {
    const runs = this.state.inlineRuns.get(node);
    return runs ? plainText(runs, this.looseWords) : node.tag === 'br' ? '\n' : '';
  };

  /** Visits one child node: elements are walked, text goes to `text` when the caller wants it. */
  visitNode(node: Node, out: RawNode[], text: TextRun[] | null, inFold: boolean): void {
    // Every DOM read costs a trip through the sandbox's wrappers: localName tells elements
    // apart (other nodes have none) and is needed anyway, so nodeType is read for the rest only.
    const tag = (node as Element).localName as string | undefined;
    if (tag !== undefined) this.visitElement(node as Element, tag, out, text, inFold);
    else if (text && node.nodeType === TEXT_NODE) text.push((node as Text).data);
  }

  visitChildren(parent: Node, out: RawNode[], text: TextRun[] | null, inFold: boolean): void {
    for (let child = parent.firstChild; child; child = child.nextSibling) this.visitNode(child, out, text, inFold);
  }

  /** Walks what renders inside `el`: its shadow tree (slots resolved to what they show) or its children. */
  visitContent(el: Element, tag: string, out: RawNode[], text: TextRun[] | null, inFold: boolean): void {
    if (tag === 'details' && !(el as HTMLDetailsElement).open) {
      // Closed, only its summary renders.
      for (let child = el.firstElementChild; child; child = child.nextElementSibling)
        if (child.localName === 'summary') this.visitElement(child, 'summary', out, text, inFold);
      return;
    }
    const shadow = shadowRootOf(el, tag);
    if (shadow) watchRoot(shadow);
    this.visitChildren(shadow ?? el, out, text, inFold);
  }

  visitSlot(slot: HTMLSlotElement, out: RawNode[], text: TextRun[] | null, inFold: boolean): void {
    const assigned = slot.assignedNodes();
    if (assigned.length === 0) this.visitChildren(slot, out, text, inFold);
    else for (const node of assigned) this.visitNode(node, out, text, inFold);
  }

  /**
   * Walks content whose words are not shown or are said elsewhere (a label's, a hidden box's).
   * In a content reading, the nodes in it keep their place in the running text.
   */
  visitMuted(el: Element, tag: string, out: RawNode[], text: TextRun[] | null, inFold: boolean): void {
    if (this.modes.snapshot || !text) {
      this.visitContent(el, tag, out, null, inFold);
      return;
    }
    const muted: TextRun[] = [];
    this.visitContent(el, tag, out, muted, inFold);
    this.placeNodes(muted, text);
  }

  placeNodes(runs: TextRun[], text: TextRun[]): void {
    for (const run of runs) {
      if (typeof run === 'string' || run.tag === 'br') continue;
      const inner = this.state.inlineRuns.get(run);
      if (inner) this.placeNodes(inner, text);
      else text.push(run);
    }
  }

  /** Walks one element; outside a control, a whole walk asks the memo to give it again, or remembers it. */
  visitElement(el: Element, tag: string, out: RawNode[], text: TextRun[] | null, inFold: boolean): void {
    const memo = this.memo;
    if (inFold || !memo) {
      this.readElement(el, tag, out, text, inFold);
      return;
    }
    const mark = memo.enter(el, out, text, this.state);
    if (!memo.tryReplay(el, out, text, this.state)) this.readElement(el, tag, out, text, false);
    memo.record(el, mark, out, text, this.state);
  }

  readElement(el: Element, tag: string, out: RawNode[], text: TextRun[] | null, inFold: boolean): void {
    const state = this.state;
    state.visited++;
    state.read++;
    if (tag === 'input' || tag === 'select' || tag === 'textarea') state.logs.controls.push(el);
    if (SKIPPED_TAGS.has(tag) || state.standIns.has(el)) return;
    if (tag === 'slot') {
      this.visitSlot(el as HTMLSlotElement, out, text, inFold);
      return;
    }
    const box = boxOf(el);
    if (!box) return;
    const { rect, boxless } = box;
    if (rect.width === 0 || rect.height === 0) state.logs.flat.push(el);
    const { names, has } = attributeTest(el);
    if (ariaHidden(el, has)) return;
    // Inert content shows but cannot be used: its controls say so, and actions on them are refused.
    const inertRoot = !this.inert && has('inert');
    if (inertRoot) this.inert = true;
    try {
      this.readShown({ el, tag, rect, boxless, names, has }, out, text, inFold);
    } finally {
      if (inertRoot) this.inert = false;
    }
  }

  /** Reads an element that renders and is not hidden from everyone: what it is decides where its content goes. */
  readShown(met: Met, out: RawNode[], text: TextRun[] | null, inFold: boolean): void {
    const { el, tag, rect, boxless, has } = met;
    const { modes, state } = this;
    const area = rect.width > 0 && rect.height > 0;
    // A reading of the page as a person sees it leaves out what only a screen reader gets.
    // (A field kept out of sight for a widget is read as that widget, below.)
    if (modes.seenOnly && !inFold && !boxless && screenReaderOnly(el, rect) && !proxyWidgetOf(el)) return;
    if (tag === 'svg') {
      readGraphic(this, met, out, text);
      return;
    }
    // A visually hidden checkbox whose label shows is listed where its label is (see standIn).
    if (
      tag === 'input' &&
      STAND_IN_TYPES.has((el as HTMLInputElement).type) &&
      visuallyHidden(el) &&
      visibleLabel(el, this.labels)
    )
      return;
    const role = roleOf(el, tag, has);
    if ((tag === 'dialog' || has('aria-modal')) && isOpenModal(el, tag, role, has)) state.modal = el;
    const editable = isEditable(el, has);
    const interactive = usable({ el, tag, role, has }, inFold, modes.looksClickable);
    // A rich or code editor: its paragraphs, headings and lines are listed inside it, to read and
    // to click where the caret goes, rather than folded into one value.
    const editor = editable && hasBlockContent(el);
    // A box of content made reachable by the keyboard (a code sample, a scrolling region): its
    // content is listed inside it, not folded into a name.
    const holdsContent =
      interactive && !editor && role === 'generic' && !has('onclick') && has('tabindex') && holdsReadableContent(el);
    // Inside a box that does not show, an inline element that shows again (visibility: visible) is a line of its own.
    const showsAgain = this.hidden > 0 && !interactive && INLINE_TAGS.has(tag) && el.checkVisibility(SEEN);
    const mark = modes.content && text && !interactive && !showsAgain ? MARK_ROLES.get(tag) : undefined;
    if (mark && text) {
      const node: RawNode = { uid: '', tag, role: mark, box: boxArray(rect) };
      const runs: TextRun[] = [];
      state.inlineRuns.set(node, runs);
      this.visitContent(el, tag, out, runs, inFold);
      text.push(node);
      return;
    }
    // A control hidden from everyone (aria-hidden: the native select a script's widget replaced) or parked is no one's
    // to name.
    const labelled = tag === 'label' && !interactive ? (el as HTMLLabelElement).control : null;
    const labelControl =
      labelled && !ariaHidden(labelled, attributeTest(labelled).has) && !parkedField(labelled) ? labelled : null;
    // Its control is visually hidden (a styled checkbox, a survey's radio drawn as a dot): the label is what a person
    // clicks, and it stands in for the control, in a table cell's name as anywhere.
    if (
      labelControl &&
      !state.standIns.has(labelControl) &&
      visuallyHidden(labelControl) &&
      area &&
      el.checkVisibility(SEEN) &&
      !fieldBehindWidget(labelControl)
    ) {
      standIn(this, el, labelControl, rect, out, text);
      return;
    }
    // Inside a control, plain content only feeds the control's name.
    if (
      inFold &&
      !interactive &&
      role !== 'image' &&
      (INLINE_TAGS.has(tag) || role === 'generic' || !STRUCTURAL_ROLES.has(role))
    ) {
      readInName(this, met, out, text);
      return;
    }
    if (tag === 'img' && inFold) {
      readImageInName(this, met, text);
      return;
    }
    // A legend or caption names its group, table or figure: it is not said again.
    // (A reading of the content shows it as a person does, where it is.)
    if (!modes.captionsInPlace && !interactive && captionOfParent(el, tag)) {
      this.visitContent(el, tag, out, null, inFold);
      return;
    }
    // A label's text names its control: it is not said again.
    if (labelControl) {
      this.visitMuted(el, tag, out, text, inFold);
      return;
    }
    if (!interactive && !showsAgain && (role === 'generic' || TEXT_LEVEL_ROLES.has(role)) && INLINE_TAGS.has(tag)) {
      readInline(this, met, out, text, inFold);
      return;
    }
    // A field a script's widget stands for is not offered; the widget is, named by the field's label.
    const covered = interactive && behindWidget(el, tag, has, rect);
    const widget = covered ? widgetFor(el) : null;
    if (widget) {
      state.standsFor.set(widget, el);
      state.logs.standsFor.push([widget, el]);
      return;
    }
    // A field kept out of sight as a widget's focus or typing target (covered, transparent, a
    // pixel, parked off-screen): the widget is listed in its stead, or, when the widget is more
    // than a wrapper (a table cell), the field where it is, with the widget's box.
    const proxy = interactive && (covered || outOfSight(rect)) ? proxyWidgetOf(el) : null;
    if (proxy && adoptField(this, el, proxy, tag, met.names, has)) return;
    if ((covered || parkedField(el)) && !proxy) return;
    // A candidate for a line of its own: it must be visible and have an area (a box-less
    // element's area is its content's).
    const visible =
      proxy !== null || (area && (boxless || el.checkVisibility(SEEN) || (interactive && transparentControl(el))));
    if (!visible) {
      if (boxless) {
        this.visitContent(el, tag, out, text, inFold);
        return;
      }
      // Its text does not show (visibility:hidden, opacity 0), but a descendant may show again, or
      // be a transparent control that takes clicks (a styled checkbox, a field fading in). Only a
      // box with an area is hidden by its style (a box without one leaves its inline text out).
      if (area) this.hidden++;
      this.visitMuted(el, tag, out, text, inFold);
      if (area) this.hidden--;
      return;
    }
    readKept(this, met, role, { interactive, editor, holdsContent, proxy }, out, text, inFold);
  }
}
