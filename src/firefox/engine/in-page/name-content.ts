/**
 * The words a subtree gives a name (accname 2F): its text, CSS generated content and list markers, with the
 * controls embedded in it as their values (accname 2C).
 */
import { secretValue } from './secret-fields.js';
import {
  attributeTest,
  ELEMENT_NODE,
  INLINE_TAGS,
  renderedChildren,
  SKIPPED_TAGS,
  TEXT_NODE,
  type Has,
} from './dom.js';
import { generatedText, markerText, sheetsGenerateContent } from './generated-text.js';
import { roleOf } from './roles.js';
import { ariaHidden, SEEN } from './visibility.js';

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

/** The text of an element's content, read on demand (outside a walk, which gathers it as it goes). */
export function nameFromContent(el: Element): string {
  const out: string[] = [];
  contentText(el, null, out, false);
  return out.join('');
}
