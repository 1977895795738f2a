/**
 * Accessible names by accname 1.2: aria-labelledby (with recursion into what it references),
 * aria-label, labels, alt, values of buttons, captions, content, title and placeholder.
 */
import { clip, collapse, ICON_GLYPHS } from './text.js';
import { secretValue } from './secret-fields.js';
import { sheetsMention } from './sheets.js';
import type { NameSource } from '../types.js';
import {
  ELEMENT_NODE,
  INLINE_TAGS,
  isShadowRoot,
  LABELABLE_TAGS,
  renderedChildren,
  SKIPPED_TAGS,
  TEXT_NODE,
} from './dom.js';
import { attributeTest, NAME_FROM_CONTENT, roleOf, type Has } from './roles.js';
import { internalsAria } from './internals.js';
import { ariaHidden, SEEN } from './visibility.js';

/** Longest name taken from content. */
const MAX_CONTENT_NAME = 200;

/**
 * The text CSS generated content adds to a name (accname 2F.ii): the strings and attr() values
 * of `content`, or its alternative text after `/`. Counters and quotes are not read.
 */
export function generatedText(el: Element, pseudo: '::before' | '::after' | '::marker', glyphs = false): string {
  const content = getComputedStyle(el, pseudo).content;
  if (!content || content === 'none' || content === 'normal') return '';
  const parts: string[] = [];
  let alt: string[] | undefined;
  const token = /"((?:[^"\\]|\\.)*)"|attr\(\s*([\w-]+)\s*\)|(\/)/g;
  for (let match = token.exec(content); match; match = token.exec(content)) {
    if (match[3]) alt = [];
    else
      (alt ?? parts).push(
        match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : (el.getAttribute(match[2] ?? '') ?? ''),
      );
  }
  // Icon fonts draw with private-use characters, which mean nothing in a name (the witness asks for them: Firefox keeps
  // them).
  const text = (alt ?? parts).join('');
  return glyphs ? text : text.replace(ICON_GLYPHS, '');
}

/** What a list-style-type draws for the item numbered `ordinal`; '' for the styles not read here. */
function markerOf(type: string, ordinal: number): string {
  if (type.startsWith('"')) return type.slice(1, -1).replace(/\\(.)/g, '$1');
  const letter = (base: number): string =>
    ordinal > 0 && ordinal <= 26 ? `${String.fromCharCode(base + ordinal - 1)}. ` : '';
  switch (type) {
    case 'disc':
      return '• ';
    case 'circle':
      return '◦ ';
    case 'square':
      return '▪ ';
    case 'decimal':
      return `${ordinal}. `;
    case 'lower-alpha':
    case 'lower-latin':
      return letter(97);
    case 'upper-alpha':
    case 'upper-latin':
      return letter(65);
    default:
      return '';
  }
}

/** A list item's number: its value, or its place after the last item that set one, from its list's start. */
function ordinalOf(li: Element): number {
  const list = li.parentElement;
  const reversed = list?.localName === 'ol' && list.hasAttribute('reversed');
  const step = reversed ? -1 : 1;
  let count = 0;
  for (let at: Element | null = li; at; at = at.previousElementSibling) {
    if (at.localName !== 'li') continue;
    const value = at.getAttribute('value');
    if (value !== null && Number.isInteger(Number(value))) return Number(value) + count * step;
    count++;
  }
  const start = list?.localName === 'ol' ? Number(list.getAttribute('start') ?? NaN) : NaN;
  const items = reversed ? list.querySelectorAll(':scope > li').length : 1;
  return (Number.isInteger(start) ? start : items) + (count - 1) * step;
}

/**
 * The words of a list item's marker (accname 1.2's ::marker): its content or alternative text, else its bullet or
 * number.
 */
function markerText(li: Element): string {
  const style = getComputedStyle(li);
  if (!style.display.includes('list-item')) return '';
  const content = getComputedStyle(li, '::marker').content;
  if (content && content !== 'normal') return generatedText(li, '::marker');
  return style.listStyleImage === 'none' ? markerOf(style.listStyleType, ordinalOf(li)) : '';
}

/**
 * True unless every style sheet of the document is readable and none has a ::before or ::after
 * rule (shadow trees' own sheets are not read; see sheets.ts).
 */
export function sheetsGenerateContent(): boolean {
  return sheetsMention(/::?(?:before|after)\b/i);
}

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

/**
 * What an embedded control contributes to a name around it (accname 2C): its value, not its label; never a password or
 * a secret.
 */
export function embeddedValue(el: Element, tag: string, role: string): string | undefined {
  switch (role) {
    case 'textbox':
    case 'searchbox':
      if ((el as HTMLInputElement).type === 'password') return '';
      return (
        secretValue(el) ?? (tag === 'input' || tag === 'textarea' ? (el as HTMLInputElement).value : el.textContent)
      );
    case 'combobox':
    case 'listbox': {
      if (tag === 'select')
        return Array.from((el as HTMLSelectElement).selectedOptions, (option) => option.text).join(' ');
      if (tag === 'input') return (el as HTMLInputElement).value;
      const selected =
        role === 'listbox'
          ? Array.from(el.querySelectorAll('[aria-selected="true"]'), (option) => option.textContent)
          : [];
      return selected.length ? selected.join(' ') : role === 'combobox' ? el.textContent : '';
    }
    case 'slider':
    case 'spinbutton':
    case 'progressbar':
    case 'scrollbar':
    case 'meter':
      return (
        el.getAttribute('aria-valuetext') ??
        el.getAttribute('aria-valuenow') ??
        (tag === 'input' ? (el as HTMLInputElement).value : el.textContent)
      );
    default:
      return undefined;
  }
}

/**
 * A part inside a name that counts by its own label (accname 2C within the recursion), not by its content; '' when it
 * has none.
 */
export function ownLabelInName(el: Element, tag: string, has: Has): string {
  return tag === 'slot' || !has('aria-label') ? '' : (el.getAttribute('aria-label')?.trim() ?? '');
}

/**
 * Whether an element's box parts the words around it in a name: a block (by its tag, or by its
 * computed display when read) does; <div>GET</div><div>/items</div> reads "GET /items".
 */
export function partsWords(tag: string, display: string | undefined): boolean {
  return !INLINE_TAGS.has(tag) || (display !== undefined && display !== 'inline');
}

/**
 * The text of a subtree as names take it (accname 2F): embedded controls as their values,
 * spaces around block boxes, `skip` (the control a label names) left out, hidden content only
 * when `hidden` says it counts (a node referenced by aria-labelledby), CSS generated content
 * included (a required field's label drawn "Your name *").
 */
export function contentText(
  node: Node,
  skip: Element | null,
  out: string[],
  hidden: boolean,
  generates = sheetsGenerateContent(),
): void {
  const styled = generates && node.nodeType === ELEMENT_NODE;
  if ((node as Element).localName === 'li') out.push(markerText(node as Element), ' ');
  if (styled) out.push(generatedText(node as Element, '::before'));
  for (const child of renderedChildren(node)) {
    if (child === skip) continue;
    if (child.nodeType === TEXT_NODE) {
      out.push((child as Text).data);
      continue;
    }
    if (child.nodeType !== ELEMENT_NODE) continue;
    const el = child as Element;
    const tag = el.localName;
    if (SKIPPED_TAGS.has(tag)) continue;
    const { has } = attributeTest(el);
    // A slot and other display:contents boxes render their content: checkVisibility calls them hidden.
    if (
      !hidden &&
      (ariaHidden(el, has) ||
        (tag !== 'slot' && !el.checkVisibility(SEEN) && getComputedStyle(el).display !== 'contents'))
    )
      continue;
    const value = embeddedValue(el, tag, roleOf(el, tag, has));
    if (value !== undefined) {
      out.push(` ${value} `);
      continue;
    }
    const label = ownLabelInName(el, tag, has);
    if (label) {
      out.push(` ${label} `);
      continue;
    }
    if (tag === 'img') {
      out.push(` ${el.getAttribute('alt') ?? ''} `);
      continue;
    }
    const block = partsWords(tag, undefined);
    if (block) out.push(' ');
    contentText(el, skip, out, hidden, generates);
    if (block) out.push(' ');
  }
  if (styled) out.push(generatedText(node as Element, '::after'));
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

/** The text of an element's content, read on demand (outside a walk, which gathers it as it goes). */
export function nameFromContent(el: Element): string {
  const out: string[] = [];
  contentText(el, null, out, false);
  return out.join('');
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
 * one name; else read now, by the same rules.
 */
export function listedRoleAndName(el: Element, labels: Labels): { role: string; name: string } {
  const known = walkNames.get(el);
  return known ? { role: known.role, name: clip(known.name, MAX_CONTENT_NAME) } : roleAndName(el, labels);
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
