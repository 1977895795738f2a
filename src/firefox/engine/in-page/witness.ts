/**
 * What the witness (page/witness.ts) needs to know of the elements Firefox's own accessibility
 * engine found: whether a person can see each one, the uid our reading gave it, and what marks a
 * deliberate difference. The witness never decides what the page shows: it only checks a reading.
 */
import type { WitnessFact } from '../types.js';
import { attributeTest, ELEMENT_NODE, TEXT_NODE } from './dom.js';
import { generatedText } from './generated-text.js';
import { shadowRoots } from './closed-roots.js';
import { internalsAria } from './internals.js';
import { element, uidOf } from './registry.js';
import { explicitRole, outsideContext } from './aria-roles.js';
import { behindWidget, proxyWidgetOf, screenReaderOnly, SEEN, widgetFor } from './visibility.js';

/**
 * Where Firefox's accessibility engine is asked, and which roles it may answer: every element
 * that may have a widget or panel role by its markup (links, form fields, buttons, options,
 * summaries, dialogs, editable regions, anything with a role, a state attribute, a tabindex or an
 * ElementInternals role) and the elements behind `uids` (what the reading lists), each tree's
 * outermost ones only (Firefox walks each one's subtree, an await per element: the rest of the
 * page, layout and text, costs it nothing to skip). The roles are those markup can give: an
 * implicit role for each tag met, the tokens of every role attribute, the roles of ElementInternals.
 * Returns [roles joined by spaces, ...start elements].
 */
export function witnessScope(...uids: string[]): [string, ...Element[]] {
  const roles = new Set<string>();
  const starts: Element[] = [];
  const ours = new Set(uids.flatMap((uid) => element(uid) ?? []));
  for (const root of [document, ...shadowRoots()]) {
    const found = [
      ...Array.from(root.querySelectorAll(WIDGET_MARKUP)),
      ...Array.from(root.querySelectorAll('*')).filter((el) => el.localName.includes('-') || ours.has(el)),
    ];
    for (const el of found) {
      for (const token of (el.getAttribute('role') ?? '').toLowerCase().split(/\s+/)) roles.add(token);
      for (const role of IMPLICIT_ROLES[el.localName] ?? []) roles.add(role);
      if (el.hasAttribute('contenteditable')) roles.add('textbox');
      const internal = el.localName.includes('-') ? internalsAria(el, 'role') : null;
      if (internal) for (const token of internal.split(/\s+/)) roles.add(token);
    }
    // Table parts take widget roles from a grid around them.
    if (roles.has('grid') || roles.has('treegrid')) ['row', 'gridcell'].forEach((role) => roles.add(role));
    if (root.querySelector('[aria-selected]')) roles.add('row');
    const unique = new Set(found);
    for (const el of unique) if (!hasAncestorIn(el, unique)) starts.push(el);
  }
  return [[...roles].join(' '), ...starts];
}

/** Markup that may carry a widget or panel role of its own (custom elements and listed elements are added apart). */
const WIDGET_MARKUP =
  'a[href], area[href], button, input:not([type="hidden"]), select, option, textarea, summary, dialog, [role], [aria-selected], [aria-checked], [aria-pressed], [aria-expanded], [aria-modal], [tabindex], [contenteditable]';

/** The roles a tag may have by itself, all its types included. */
const IMPLICIT_ROLES: Record<string, string[]> = {
  a: ['link'],
  area: ['link'],
  button: ['button'],
  input: ['textbox', 'searchbox', 'combobox', 'checkbox', 'radio', 'switch', 'slider', 'spinbutton', 'button'],
  select: ['combobox', 'listbox', 'option'],
  option: ['option'],
  textarea: ['textbox'],
  summary: ['button'],
  dialog: ['dialog'],
};

function hasAncestorIn(el: Element, set: Set<Element>): boolean {
  for (let parent = el.parentElement; parent; parent = parent.parentElement) if (set.has(parent)) return true;
  return false;
}

/** A short description of an element, for a difference a person reads: tag, id, classes and its first words. */
function describe(el: Element): string {
  const id = el.id ? `#${el.id}` : '';
  const classes = Array.from(el.classList)
    .slice(0, 2)
    .map((name) => `.${name}`)
    .join('');
  const words = (el.textContent || '').replace(/\s+/g, ' ').trim().slice(0, 40);
  return `${el.localName}${id}${classes}${words ? ` "${words}"` : ''}`;
}

/**
 * Whether a person can see the element: a box with an area, shown (not hidden, not transparent),
 * and not kept for screen readers only; or a field kept out of sight whose widget shows (a person
 * uses the field through it).
 */
function seen(el: Element): boolean {
  const rect = el.getBoundingClientRect();
  if (rect.width < 1 || rect.height < 1 || !el.checkVisibility(SEEN)) return proxyWidgetOf(el) !== null;
  return !screenReaderOnly(el, rect) || proxyWidgetOf(el) !== null;
}

/** Whether a field a script's widget stands for lies inside this element, which is that widget. */
function standsForField(el: Element): boolean {
  for (const field of Array.from(el.querySelectorAll('select, input, textarea'))) {
    if (
      widgetFor(field) === el &&
      behindWidget(field, field.localName, attributeTest(field).has, field.getBoundingClientRect())
    )
      return true;
  }
  return false;
}

/**
 * Inside a shadow root whose host a label names (a <label> around it, or one for its id): the label's words name the
 * control a person sees.
 */
function labelledAcrossShadow(el: Element): boolean {
  for (let root = el.getRootNode(); root instanceof ShadowRoot; root = root.host.getRootNode()) {
    const host = root.host;
    if (
      host.closest('label') ||
      (host.id && (host.getRootNode() as Document | ShadowRoot).querySelector(`label[for="${CSS.escape(host.id)}"]`))
    )
      return true;
  }
  return false;
}

/**
 * Texts Firefox's name of the element may be (the witness asks Firefox which one it is): its own words as the DOM holds
 * them, and none.
 */
function nameCandidates(el: Element): string[] {
  const texts: (string | null)[] = [
    '',
    el.getAttribute('aria-label'),
    el.getAttribute('title'),
    el.getAttribute('placeholder'),
    el.textContent,
    (el as HTMLElement).innerText,
  ];
  const labelled = (el as Partial<HTMLInputElement>).labels;
  if (labelled) for (const label of Array.from(labelled)) texts.push(label.textContent);
  texts.push(drawnText(el));
  return [...new Set(texts.flatMap((text) => (text === null ? [] : [text.replace(/[ \t\n\r\f]+/g, ' ').trim()])))];
}

/**
 * The words and CSS generated content of an element as drawn, icon fonts' private-use glyphs included (Firefox names
 * keep them).
 */
function drawnText(el: Element): string {
  let text = generatedText(el, '::before', true);
  for (const child of Array.from(el.childNodes))
    text +=
      child.nodeType === TEXT_NODE
        ? (child as Text).data
        : child.nodeType === ELEMENT_NODE
          ? drawnText(child as Element)
          : '';
  return text + generatedText(el, '::after', true);
}

/**
 * The facts of each element, in order, as JSON (BiDi would cut nested arrays short); `names`: also the texts its name
 * may be.
 */
export function witnessFacts(names: boolean, ...elements: Element[]): string {
  return JSON.stringify(elements.map((el) => factsOf(el, names)));
}

function factsOf(el: Element, names: boolean): WitnessFact {
  const { has } = attributeTest(el);
  const fact: WitnessFact = { uid: uidOf(el) ?? null, seen: seen(el), element: describe(el) };
  // Only a widget with a role of its own stands for the field; otherwise the field itself must be listed (through its
  // widget).
  if (widgetFor(el) && behindWidget(el, el.localName, has, el.getBoundingClientRect())) fact.behindWidget = true;
  if (has('aria-selected')) fact.selectable = true;
  if (el.textContent.trim() || el.querySelector('input, button, select, textarea, a[href], img, svg, [role]'))
    fact.content = true;
  if ((el as HTMLElement).isContentEditable) fact.editable = true;
  if (standsForField(el)) fact.standsForField = true;
  if (labelledAcrossShadow(el)) fact.labelledAcrossShadow = true;
  const authored = has('role') ? explicitRole(el.getAttribute('role') ?? '') : '';
  if (authored && outsideContext(el, authored)) fact.outsideContext = true;
  if (names) fact.nameCandidates = nameCandidates(el);
  return fact;
}
