/**
 * What the witness (page/witness.ts) needs to know of the elements Firefox's own accessibility
 * engine found: whether a person can see each one, the uid our reading gave it, and what marks a
 * deliberate difference. The witness never decides what the page shows: it only checks a reading.
 */
import type { WitnessFact } from '../types.js';
import { mayHostShadow } from './dom.js';
import { closedRootOf } from './closed-roots.js';
import { uidOf } from './registry.js';
import { attributeTest } from './roles.js';
import { behindWidget, proxyWidgetOf, screenReaderOnly, SEEN, widgetFor } from './visibility.js';

/** Every shadow root of the document, open ones and the closed ones the engine was given, nested ones included. */
export function shadowRoots(): ShadowRoot[] {
  const roots: ShadowRoot[] = [];
  const visit = (root: Document | ShadowRoot): void => {
    for (const el of Array.from(root.querySelectorAll('*'))) {
      const shadow = mayHostShadow(el.localName) ? (el.shadowRoot ?? closedRootOf(el)) : null;
      if (shadow) {
        roots.push(shadow);
        visit(shadow);
      }
    }
  };
  visit(document);
  return roots;
}

/** A short description of an element, for a difference a person reads: tag, id, classes and its first words. */
function describe(el: Element): string {
  const id = el.id ? `#${el.id}` : '';
  const classes = Array.from(el.classList).slice(0, 2).map((name) => `.${name}`).join('');
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
    if (widgetFor(field) === el && behindWidget(field, field.localName, attributeTest(field).has, field.getBoundingClientRect())) return true;
  }
  return false;
}

/** Inside a shadow root whose host a label names (a <label> around it, or one for its id): the label's words name the control a person sees. */
function labelledAcrossShadow(el: Element): boolean {
  for (let root = el.getRootNode(); root instanceof ShadowRoot; root = root.host.getRootNode()) {
    const host = root.host;
    if (host.closest('label') || (host.id && (host.getRootNode() as Document | ShadowRoot).querySelector(`label[for="${CSS.escape(host.id)}"]`))) return true;
  }
  return false;
}

/** Texts Firefox's name of the element may be (the witness asks Firefox which one it is): its own words as the DOM holds them, and none. */
function nameCandidates(el: Element): string[] {
  const texts: (string | null)[] = ['', el.getAttribute('aria-label'), el.getAttribute('title'), el.getAttribute('placeholder'), el.textContent, (el as HTMLElement).innerText];
  const labelled = (el as Partial<HTMLInputElement>).labels;
  if (labelled) for (const label of Array.from(labelled)) texts.push(label.textContent);
  return [...new Set(texts.flatMap((text) => (text === null ? [] : [text.replace(/[ \t\n\r\f]+/g, ' ').trim()])))];
}

/** The facts of each element, in order, as JSON (BiDi would cut nested arrays short); `names`: also the texts its name may be. */
export function witnessFacts(names: boolean, ...elements: Element[]): string {
  return JSON.stringify(elements.map((el) => factsOf(el, names)));
}

function factsOf(el: Element, names: boolean): WitnessFact {
  const { has } = attributeTest(el);
  const fact: WitnessFact = { uid: uidOf(el) ?? null, seen: seen(el), element: describe(el) };
  // Only a widget with a role of its own stands for the field; otherwise the field itself must be listed (through its widget).
  if (widgetFor(el) && behindWidget(el, el.localName, has, el.getBoundingClientRect())) fact.behindWidget = true;
  if (has('aria-selected')) fact.selectable = true;
  if (el.textContent.trim() || el.querySelector('input, button, select, textarea, a[href], img, svg, [role]')) fact.content = true;
  if ((el as HTMLElement).isContentEditable) fact.editable = true;
  if (standsForField(el)) fact.standsForField = true;
  if (labelledAcrossShadow(el)) fact.labelledAcrossShadow = true;
  if (names) fact.nameCandidates = nameCandidates(el);
  return fact;
}
