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
 * Where Firefox's accessibility engine is asked for each of `roles` (space-separated): the outermost of the elements
 * whose markup may give that role, in each tree. Firefox walks each start node's subtree, an await per element, once
 * per query: a query for links that starts at the links walks a few hundred elements, not the page. Markup gives a role
 * by a role attribute's token, a tag (ROLE_TAGS), an ElementInternals role, or, for a grid's cells, the grid around
 * them; `ours` ("uid role") adds what the reading gave each role. Returns [header, ...start elements]: the header
 * lists each role with how many of the elements that follow are its starts, in order ("link 4 button 2").
 */
export function witnessScope(roles: string, ...ours: string[]): [string, ...Element[]] {
  const ourRoles = new Map<Element, string>();
  for (const entry of ours) {
    const [uid = '', role = ''] = entry.split(' ');
    const el = element(uid);
    if (el) ourRoles.set(el, role);
  }
  const trees = [document, ...shadowRoots()];
  // Each custom element's ElementInternals roles, read once for every role asked.
  const internal = trees.flatMap((root) =>
    Array.from(root.querySelectorAll('*')).flatMap((el) => {
      const tokens = el.localName.includes('-') ? internalsAria(el, 'role')?.split(/\s+/) : undefined;
      return tokens ? [{ el, tokens }] : [];
    }),
  );
  const grids = trees.some((root) => root.querySelector('[role~="grid" i], [role~="treegrid" i]'));
  const header: string[] = [];
  const starts: Element[] = [];
  for (const role of roles.split(' ')) {
    const selector = [`[role~="${role}" i]`, ROLE_TAGS[role], role === 'gridcell' && grids ? 'td, th' : '']
      .filter(Boolean)
      .join(', ');
    const candidates = new Set<Element>();
    for (const root of trees) for (const el of Array.from(root.querySelectorAll(selector))) candidates.add(el);
    for (const { el, tokens } of internal) if (tokens.includes(role)) candidates.add(el);
    for (const [el, ourRole] of ourRoles) if (ourRole === role) candidates.add(el);
    const outermost = [...candidates].filter((el) => !hasAncestorIn(el, candidates));
    header.push(`${role} ${outermost.length}`);
    starts.push(...outermost);
  }
  return [header.join(' '), ...starts];
}

/**
 * The tags that may have a role by themselves (all an input's types included), and what else gives it: editable
 * content a textbox, a selection state a row (rows count only when they have one).
 */
const ROLE_TAGS: Partial<Record<string, string>> = {
  link: 'a, area',
  button: 'button, input, summary',
  checkbox: 'input',
  radio: 'input',
  switch: 'input',
  slider: 'input',
  spinbutton: 'input',
  searchbox: 'input',
  textbox: 'input, textarea, [contenteditable]',
  combobox: 'input, select',
  listbox: 'select',
  option: 'option',
  dialog: 'dialog',
  row: '[aria-selected]',
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
