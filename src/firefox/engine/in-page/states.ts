/** States and values, read from the element as the accessibility tree reports them. */
import type { RawNode } from '../types.js';
import { clip, collapse } from './text.js';
import { hasBlockContent, LABELABLE_TAGS } from './dom.js';
import { internalsAria } from './internals.js';
import type { Nameable } from './names.js';
import { secretValue } from './secret-fields.js';

export type ElementStates = Pick<RawNode, 'type' | 'value' | 'checked' | 'selected' | 'expanded' | 'pressed' | 'sort' | 'rows' | 'cols' | 'disabled' | 'required' | 'readonly' | 'invalid' | 'focused' | 'level' | 'href' | 'src'>;

export function ariaTriState(value: string | null): 'true' | 'false' | 'mixed' | undefined {
  return value === 'true' || value === 'false' || value === 'mixed' ? value : undefined;
}

/** Writes the element's states (checked, selected, expanded, pressed, disabled, value…) on `node`. */
export function fillStates(target: Nameable, node: ElementStates, active: Element | null): void {
  const { el, tag, role, has } = target;
  if (tag === 'input' || tag === 'textarea') {
    const input = el as HTMLInputElement;
    if (tag === 'input') node.type = input.type;
    if (input.type === 'checkbox' || input.type === 'radio') {
      node.checked = input.indeterminate ? 'mixed' : input.checked ? 'true' : 'false';
    } else if (input.type !== 'submit' && input.type !== 'reset' && input.type !== 'button' && input.type !== 'image') {
      const value = input.type === 'file' ? Array.from(input.files ?? []).map((file) => file.name).join(', ') : input.value;
      // Never copy a password out of the page, only whether there is one.
      if (value) node.value = input.type === 'password' ? '••••••••' : (secretValue(el) ?? value);
    }
    if (input.required) node.required = true;
    if (input.readOnly) node.readonly = true;
  } else if (tag === 'select') {
    const select = el as HTMLSelectElement;
    const chosen = Array.from(select.selectedOptions).map((option) => collapse(option.label || option.text));
    if (chosen.length) node.value = chosen.join(', ');
    if (select.required) node.required = true;
  } else if (has('aria-valuetext') || has('aria-valuenow')) {
    const value = collapse(el.getAttribute('aria-valuetext') ?? el.getAttribute('aria-valuenow') ?? '');
    if (value) node.value = value;
  } else if (role === 'combobox' && !el.querySelector('[role="listbox"]')) {
    // A select-only combobox shows its choice as its text.
    const text = collapse((el as HTMLElement).innerText || '');
    if (text) node.value = clip(text, 200);
  } else if (has('contenteditable') && role === 'textbox' && !hasBlockContent(el)) {
    // An editor's document is listed as its blocks; a one-line editable field has a value.
    const text = collapse((el as HTMLElement).innerText || '');
    if (text) node.value = secretValue(el) ?? text;
  }
  if (tag === 'option') {
    node.selected = (el as HTMLOptionElement).selected;
  }
  // An attribute, or for a custom element what it set on its ElementInternals.
  const custom = tag.includes('-');
  const aria = (name: string, property: Parameters<typeof internalsAria>[1]): string | null => (has(name) ? el.getAttribute(name) : custom ? internalsAria(el, property) : null);
  const checked = ariaTriState(aria('aria-checked', 'ariaChecked'));
  if (checked) node.checked = checked;
  const selected = aria('aria-selected', 'ariaSelected');
  if (selected !== null) node.selected = selected === 'true';
  const expanded = aria('aria-expanded', 'ariaExpanded');
  if (expanded !== null) node.expanded = expanded === 'true';
  else if (tag === 'summary' && el.parentElement?.localName === 'details') node.expanded = (el.parentElement as HTMLDetailsElement).open;
  const pressed = ariaTriState(aria('aria-pressed', 'ariaPressed'));
  if (pressed) node.pressed = pressed;
  if (aria('aria-disabled', 'ariaDisabled') === 'true' || (LABELABLE_TAGS.has(tag) || tag === 'fieldset' || tag === 'option' ? el.matches(':disabled') : false)) {
    node.disabled = true;
  }
  if (has('aria-required') && el.getAttribute('aria-required') === 'true') node.required = true;
  if ((has('aria-invalid') && el.getAttribute('aria-invalid') !== 'false') || ((tag === 'input' || tag === 'textarea' || tag === 'select') && el.matches(':user-invalid'))) {
    node.invalid = true;
  }
  const sort = has('aria-sort') ? el.getAttribute('aria-sort') : null;
  if ((sort === 'ascending' || sort === 'descending' || sort === 'other') && (role === 'columnheader' || role === 'rowheader')) node.sort = sort;
  if (has('aria-rowcount') && GRID_ROLES.has(role)) node.rows = shownOf(el, 'row', Number(el.getAttribute('aria-rowcount')));
  if (has('aria-colcount') && GRID_ROLES.has(role)) node.cols = shownOf(el, 'col', Number(el.getAttribute('aria-colcount')));
  if (el === active) node.focused = true;
  if (role === 'heading') {
    const level = has('aria-level') ? Number(el.getAttribute('aria-level')) : Number(tag.slice(1));
    if (level > 0) node.level = level;
  }
  if (has('href') && (tag === 'a' || tag === 'area')) node.href = el.getAttribute('href') ?? '';
  if (tag === 'iframe' || tag === 'frame') node.src = (el as HTMLIFrameElement).src;
}


const GRID_ROLES = new Set(['table', 'grid', 'treegrid']);

/**
 * Which rows (or columns) of a table that draws only some of them are shown, of how many
 * (aria-rowcount; -1 when the page does not know): "2–21 of 101" from the aria-rowindex of the
 * rows drawn, or "20 shown of 101" when they carry no index.
 */
function shownOf(el: Element, axis: 'row' | 'col', count: number): string {
  const all = Number.isInteger(count) && count >= 0 ? String(count) : 'unknown';
  const attribute = `aria-${axis}index`;
  const indexes = Array.from(el.querySelectorAll(`[${attribute}]`), (part) => Number(part.getAttribute(attribute))).filter((index) => Number.isInteger(index) && index > 0);
  if (indexes.length) return `${Math.min(...indexes)}–${Math.max(...indexes)} of ${all}`;
  const drawn = axis === 'row' ? el.querySelectorAll('tr, [role="row"]').length : (el.querySelector('tr, [role="row"]')?.children.length ?? 0);
  return `${drawn} shown of ${all}`;
}
