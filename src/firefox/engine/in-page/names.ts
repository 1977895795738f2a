/**
 * Accessible names by accname 1.2: aria-labelledby (with recursion into what it references),
 * aria-label, labels, alt, values of buttons, captions, content (name-content.ts), title and placeholder.
 */
import { clip, collapse } from './text.js';
import type { NameSource } from '../types.js';
import { attributeTest, isShadowRoot, LABELABLE_TAGS, type Has } from './dom.js';
import { contentText, nameFromContent } from './name-content.js';
import { NAME_FROM_CONTENT, roleOf } from './roles.js';
import { internalsAria } from './internals.js';
import { SEEN } from './visibility.js';

/** Longest name taken from content. */
const MAX_CONTENT_NAME = 200;

/**
 * Each control's labels, indexed once per tree (the document, a shadow root) on first use:
 * reading `control.labels` instead costs a scan of the document per control and leaves a live
 * list behind that slows every later DOM change. One index serves one walk.
 */
export class Labels {
  readonly #byRoot = new Map<Node, Map<Element, HTMLLabelElement[]>>();

  of(control: Element): HTMLLabelElement[] | undefined {
    const root = control.getRootNode() as Document | ShadowRoot;
    let index = this.#byRoot.get(root);
    if (!index) {
      index = new Map();
      this.#byRoot.set(root, index);
      for (const label of Array.from(root.querySelectorAll('label'))) {
        const target = label.control;
        if (!target) continue;
        const list = index.get(target);
        if (list) list.push(label);
        else index.set(target, [label]);
      }
    }
    return index.get(control);
  }

  /** The text of the control's labels; a wrapping label is read without the control itself. */
  textOf(control: Element): string {
    const labels = this.of(control);
    if (!labels) return '';
    const parts: string[] = [];
    // A label hidden from readers (aria-hidden on it or around it: a page made inert behind an open list) names
    // nothing, as in Firefox.
    for (const label of labels) if (!label.closest('[aria-hidden="true"]')) contentText(label, control, parts, false);
    return collapse(parts.join(' '));
  }
}

/**
 * The text of the elements `ids` names (aria-labelledby): each one's own name when it has one, else its content, hidden
 * or not.
 */
export function textOfIds(el: Element, ids: string, labels: Labels): string {
  const root = el.getRootNode() as Document | ShadowRoot;
  const parts: string[] = [];
  for (const id of ids.split(/\s+/)) {
    const target = id ? root.getElementById(id) : null;
    if (!target) continue;
    // The element itself, referenced, counts by its aria-label (accname 2C).
    const label = collapse(target.getAttribute('aria-label') ?? '');
    const own =
      label ||
      (LABELABLE_TAGS.has(target.localName) && target !== el ? labels.textOf(target) : '') ||
      (target.localName === 'img' ? collapse(target.getAttribute('alt') ?? '') : '');
    if (own) parts.push(own);
    else {
      // A hidden node counts when referenced; inside a visible one, hidden parts stay hidden.
      const text: string[] = [];
      contentText(target, null, text, target.getAttribute('aria-hidden') === 'true' || !target.checkVisibility(SEEN));
      parts.push(text.join(''));
    }
  }
  return collapse(parts.join(' '));
}

const FIELD_TAGS = new Set(['input', 'select', 'textarea']);
const NAMED_BY_HEADING = new Set(['dialog', 'alertdialog', 'article']);
/** Roles of controls that do not take their name from their content. */
const FIELD_ROLES = new Set([
  'checkbox',
  'switch',
  'radio',
  'textbox',
  'searchbox',
  'combobox',
  'listbox',
  'slider',
  'spinbutton',
]);

/**
 * The name a field inside a component gets from the component: the shadow host's aria-label,
 * aria-labelledby or labels (a form-associated custom element is labelable), as a person reads
 * `<label>Dark theme <x-switch></x-switch></label>`.
 */
function hostName(el: Element, labels: Labels): string {
  const root = el.getRootNode();
  if (!isShadowRoot(root)) return '';
  const host = root.host;
  const labelledBy = host.getAttribute('aria-labelledby');
  return (
    (labelledBy ? textOfIds(host, labelledBy, labels) : '') ||
    collapse(host.getAttribute('aria-label') ?? '') ||
    labels.textOf(host)
  );
}

/** An element to name: what the caller already knows of it. */
export interface Nameable {
  el: Element;
  tag: string;
  role: string;
  has: Has;
}

/**
 * The accessible name and where it came from. `content` gives the text of the element's content
 * when its name may come from there (the walk gathers it as it goes), or is null when it may not.
 */
export function nameOf(target: Nameable, labels: Labels, content: (() => string) | null): [string, NameSource] {
  const { el, tag, has } = target;
  if (has('aria-labelledby')) {
    const text = textOfIds(el, el.getAttribute('aria-labelledby') ?? '', labels);
    if (text) return [text, 'aria-labelledby'];
  }
  const ariaLabel = has('aria-label')
    ? el.getAttribute('aria-label')
    : tag.includes('-')
      ? internalsAria(el, 'ariaLabel')
      : null;
  if (ariaLabel) {
    const text = collapse(ariaLabel);
    if (text) return [text, 'aria-label'];
  }
  if (LABELABLE_TAGS.has(tag)) {
    const text = labels.textOf(el);
    if (text) return [text, 'label'];
  }
  if (FIELD_TAGS.has(tag) || FIELD_ROLES.has(target.role)) {
    const text = hostName(el, labels);
    if (text) return [text, 'label'];
  }
  if (tag === 'img' || tag === 'area' || (tag === 'input' && (el as HTMLInputElement).type === 'image')) {
    const alt = collapse(el.getAttribute('alt') ?? '');
    if (alt) return [alt, 'alt'];
  }
  if (tag === 'input') {
    const type = (el as HTMLInputElement).type;
    if (type === 'submit' || type === 'reset' || type === 'button') {
      const value = (el as HTMLInputElement).value || (type === 'submit' ? 'Submit' : type === 'reset' ? 'Reset' : '');
      if (value) return [collapse(value), 'value'];
    }
  }
  if (tag === 'fieldset' || tag === 'table' || tag === 'figure') {
    const caption = el.querySelector(tag === 'fieldset' ? 'legend' : tag === 'table' ? 'caption' : 'figcaption');
    const text = caption ? collapse(caption.textContent) : '';
    if (text) return [text, 'text'];
  }
  if (content) {
    const text = collapse(content());
    if (text) return [clip(text, MAX_CONTENT_NAME), 'text'];
  }
  if (NAMED_BY_HEADING.has(target.role)) {
    // A dialog or article is known by its first heading (accname's tentative name from heading).
    const heading = el.querySelector('h1, h2, h3, h4, h5, h6, [role="heading"]');
    const text = heading ? collapse(nameFromContent(heading)) : '';
    if (text) return [text, 'heading'];
  }
  if (has('title')) {
    const text = collapse(el.getAttribute('title') ?? '');
    if (text) return [text, 'title'];
  }
  if (has('placeholder')) {
    const text = collapse(el.getAttribute('placeholder') ?? '');
    if (text) return [text, 'placeholder'];
  }
  return ['', 'unknown'];
}

/** The role and name each element kept by the last snapshot walk was given (see listedRoleAndName). */
const walkNames = new WeakMap<Element, { role: string; name: string }>();

/** Remembers the name a snapshot walk gave an element: an action on it names it the same, so one uid has one name. */
export function rememberName(el: Element, role: string, name: string): void {
  walkNames.set(el, { role, name });
}

/**
 * The role and name of an action's target: as the last snapshot walk gave them when it kept the
 * element (the walk reads a name from content as it goes, with what it saw), so that one uid has
 * one name; else `now`, its role and name read now by the same rules (roleAndName).
 */
export function listedRoleAndName(el: Element, now: { role: string; name: string }): { role: string; name: string } {
  const known = walkNames.get(el);
  return known ? { role: known.role, name: clip(known.name, MAX_CONTENT_NAME) } : now;
}

/** The role and name of an element, read now (a cover, a modal dialog, an element no snapshot listed). */
export function roleAndName(el: Element, labels = new Labels()): { role: string; name: string } {
  const tag = el.localName;
  const { has } = attributeTest(el);
  const role = roleOf(el, tag, has);
  const [name] = nameOf(
    { el, tag, role, has },
    labels,
    NAME_FROM_CONTENT.has(role) || role === 'generic' ? () => nameFromContent(el) : null,
  );
  return { role, name: clip(name, MAX_CONTENT_NAME) };
}

/**
 * The role and name of each element, read now by the engine's own functions, element by element (the per-element WPT
 * test asks them).
 */
export function rolesAndNames(...elements: Element[]): { role: string; name: string }[] {
  const labels = new Labels();
  return elements.map((el) => roleAndName(el, labels));
}
