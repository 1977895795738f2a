/**
 * What the walk makes of an element that shows, once it knows what the element is: a node listed with its content below
 * it or folded into its name, or, when it says nothing and holds nothing, a wrapper walked through.
 */
import type { RawNode } from '../types.js';
import { blockBreak, type TextRun } from './content.js';
import { collapse } from './text.js';
import { INLINE_TAGS, mayHostShadow } from './dom.js';
import { generatedText } from './generated-text.js';
import { nameOf } from './names.js';
import { embeddedValue } from './name-content.js';
import { closedRootOf, mayHideRoot } from './closed-roots.js';
import { NAME_FROM_CONTENT } from './roles.js';
import { placeInCanvas } from './canvas-parts.js';
import { boxArray, boxFrom, boxlessNodes, elementOfNode, plainText, type Pending } from './walk-state.js';
import { listOptions, type Met, titleCue, type Traversal } from './walk-parts.js';
import { CELL_BLOCKS, CONTAINER_ROLES, UNNAMED_WRAPPERS } from './walk-rules.js';

/**
 * An element that shows: listed with its content below it, or, when it says nothing and holds nothing, walked
 * through.
 */
export function readKept(
  walker: Traversal,
  met: Met,
  role: string,
  kind: { interactive: boolean; editor: boolean; holdsContent: boolean; proxy: Element | null },
  out: RawNode[],
  text: TextRun[] | null,
  inFold: boolean,
): void {
  const { el, tag, rect, boxless, names, has } = met;
  const { interactive, editor, holdsContent, proxy } = kind;
  const { modes, state } = walker;
  // A cell that holds blocks (a code sample, a list, a table, tabs) lists them inside it, as it does
  // outside a table, rather than folding them into its name; so does a cell its label names (a
  // calendar's day, "March 12, 2026"), whose content (the events of the day) the name does not say.
  const cell = !interactive && (role === 'cell' || role === 'gridcell') && el.childElementCount > 0;
  const blockCell = cell && (has('aria-label') || has('aria-labelledby') || el.querySelector(CELL_BLOCKS) !== null);
  // A container focused as a whole (a tab panel, a dialog with tabindex) keeps its content as its own lines too.
  const folds =
    ((interactive && !CONTAINER_ROLES.has(role)) || NAME_FROM_CONTENT.has(role)) &&
    !editor &&
    !holdsContent &&
    !blockCell;
  const node: RawNode = { uid: '', tag, role, box: boxArray(proxy ? proxy.getBoundingClientRect() : rect) };
  if (proxy) boxFrom.set(node, proxy);
  // Custom elements are kept when they host a shadow root; a closed one is invisible from
  // here, so each custom element without an open root is a candidate that Node checks.
  const custom = tag.includes('-');
  const openRoot = mayHostShadow(tag) ? el.shadowRoot : null;
  const closedRoot = openRoot ? null : closedRootOf(el);
  // A box-less custom element without a shadow root is a wrapper (a slot's host, a dialog's): walked through, not
  // listed.
  const listedCustom = custom && (!boxless || openRoot !== null || closedRoot !== null);
  /** A custom element that may hide a closed root: listed until Node has looked (it drops the empty ones). */
  const placeholder = listedCustom && !openRoot && !closedRoot;
  if (listedCustom) {
    node.custom = true;
    if (openRoot) node.shadow = 'open';
    else if (closedRoot) node.shadow = 'closed';
    else state.logs.hosts.push({ el, node });
  }
  const children: RawNode[] = [];
  const ownText: TextRun[] = [];
  const pending: Pending = { el, tag, role, names, has, interactive, folds, node, text: ownText };
  walker.opening.set(el, pending);
  if (tag === 'select') listOptions(el as HTMLSelectElement, node, children);
  else if (tag !== 'iframe' && tag !== 'frame' && tag !== 'textarea')
    readContentOf(walker, pending, editor, children, inFold);
  if (tag === 'canvas') placeInCanvas(children, node.box);
  walker.opening.delete(el);
  // A widget listed for the field it keeps out of sight (adoptField) is that control now.
  const control = state.adopted.has(pending);
  // A paragraph, group or form with no name and no text of its own is a wrapper too; a custom
  // element is kept when it may hide a closed shadow root (Node looks), or when it says something.
  const named =
    has('aria-label') ||
    has('aria-labelledby') ||
    has('title') ||
    (tag === 'fieldset' && el.querySelector(':scope > legend') !== null);
  // A disclosure is a group even closed, when only its summary shows. A host of a closed root is kept (its line says
  // shadow=closed: what no page script can reach). A group an author declared (role="group": a menu's section, a set
  // of buttons) or a heading group gathers what belongs together: kept, named or not.
  const declaredGroup = role === 'group' && (has('role') || tag === 'hgroup');
  const structural =
    interactive ||
    control ||
    (role !== 'generic' && (named || tag === 'details' || declaredGroup || !UNNAMED_WRAPPERS.has(role))) ||
    placeholder ||
    (listedCustom && closedRoot !== null);
  const words = modes.content ? walker.looseWords : undefined;
  // A box whose title is all it says (a status dot) says its title.
  const loose = pending.folds
    ? ''
    : collapse(plainText(ownText, words)) || (interactive || children.length ? '' : titleCue(el, rect));
  // Any element that may host a shadow root and shows none of its own content, with an area: a closed root may draw
  // it.
  if (
    !custom &&
    !openRoot &&
    !closedRoot &&
    children.length === 0 &&
    !loose &&
    !boxless &&
    rect.width > 0 &&
    rect.height > 0 &&
    mayHostShadow(tag) &&
    mayHideRoot(el)
  )
    state.logs.hosts.push({ el });
  if (!structural && !loose) {
    // A wrapper with nothing to say: its kept descendants move up to the nearest kept ancestor.
    for (const child of children) out.push(child);
    if (modes.content && text) {
      const block = !INLINE_TAGS.has(tag);
      if (block) text.push(blockBreak());
      for (const run of ownText) text.push(run);
      if (block) text.push(blockBreak());
    }
    return;
  }
  // Preformatted text keeps its lines, written as \n on the one line the element has.
  if (loose)
    node.text =
      tag === 'pre'
        ? plainText(ownText, words)
            .replace(/^\n+|\s+$/g, '')
            .replace(/\r?\n/g, '\\n')
        : loose;
  if (children.length) node.children = children;
  if (interactive || control) node.interactive = true;
  if ((interactive || control) && walker.inert) node.inert = true;
  if (holdsContent) node.holdsContent = true;
  if (editor) {
    node.editor = true;
    state.logs.editors.push([el, node]);
  }
  if (tag === 'iframe' || tag === 'frame') state.logs.iframes.push(node);
  elementOfNode.set(node, pending.el);
  if (control) boxFrom.set(node, el);
  if (boxless) boxlessNodes.add(node);
  state.logs.kept.push(pending);
  out.push(node);
  // A link in running text keeps its place in the sentence (see inlineLinks); inside a name
  // (a cell, a heading), a control's words are part of that name as well as its own. A
  // content reading keeps every node in its place, and counts names as it names.
  if (modes.content) {
    if (folds) state.folded.add(node);
    text?.push(node);
  } else if (text && !inFold && role === 'link' && !node.children) text.push(node);
  // A control inside a name says its value (a field, a select) or its own name (accname 2C): an edited cell is named
  // by what it holds.
  else if (text && inFold && folds)
    text.push(' ', embeddedValue(el, tag, role) ?? nameOf(pending, walker.labels, () => plainText(ownText))[0], ' ');
}

/** Walks a kept element's content into its own text (its name, when it folds) and its children. */
function readContentOf(
  walker: Traversal,
  pending: Pending,
  editor: boolean,
  children: RawNode[],
  inFold: boolean,
): void {
  const { el, tag, folds } = pending;
  const control = folds && (pending.interactive || pending.role === 'heading');
  const style = control && walker.state.styleReads-- > 0 ? getComputedStyle(el) : null;
  if (style && style.textTransform !== 'none') pending.transform = style.textTransform;
  const styled = style !== null && walker.mayGenerate();
  if (styled) pending.text.push(generatedText(el, '::before'));
  if (control) walker.inControlName++;
  const hiddenAbove = walker.hidden;
  walker.hidden = 0;
  if (editor) walker.inEditor++;
  walker.visitContent(el, tag, children, pending.text, folds || inFold);
  if (editor) walker.inEditor--;
  walker.hidden = hiddenAbove;
  if (control) walker.inControlName--;
  if (styled) pending.text.push(generatedText(el, '::after'));
}
