/** States and values, read from the element as the accessibility tree reports them. */
import type { RawNode } from '../types.js';
import { clip, collapse } from './text.js';
import { hasBlockContent, LABELABLE_TAGS } from './dom.js';
import { internalsAria } from './internals.js';
import type { Nameable } from './names.js';
import { secretValue } from './secret-fields.js';
import { scrollerAround, showsIn } from './scrolling.js';
import { drawnLines, drawnValue } from './drawn-value.js';

export type ElementStates = Pick<
  RawNode,
  | 'name'
  | 'type'
  | 'value'
  | 'placeholder'
  | 'checked'
  | 'selected'
  | 'expanded'
  | 'pressed'
  | 'sort'
  | 'rows'
  | 'cols'
  | 'items'
  | 'disabled'
  | 'required'
  | 'readonly'
  | 'invalid'
  | 'focused'
  | 'level'
  | 'href'
  | 'src'
>;

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
      // A code editor takes keys through a text area it keeps out of sight and draws the lines itself.
      const value =
        input.type === 'file'
          ? Array.from(input.files ?? [])
              .map((file) => file.name)
              .join(', ')
          : ((tag === 'textarea' ? drawnLines(el as HTMLTextAreaElement) : undefined) ?? input.value);
      // Never copy a password out of the page, only whether there is one.
      if (value) node.value = input.type === 'password' ? '••••••••' : (secretValue(el) ?? value);
    }
    if (input.required) node.required = true;
    if (input.readOnly) node.readonly = true;
    // A custom select keeps its input empty and draws its choice beside it.
    const drawn = role === 'combobox' && !node.value ? drawnValue(input) : undefined;
    if (drawn) node.value = drawn;
    // An empty field's placeholder shows what to type (a date's format), unless it is the field's name already.
    const placeholder = collapse(input.placeholder);
    if (!node.value && placeholder && placeholder !== node.name) node.placeholder = clip(placeholder, 200);
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
  const aria = (name: string, property: Parameters<typeof internalsAria>[1]): string | null =>
    has(name) ? el.getAttribute(name) : custom ? internalsAria(el, property) : null;
  const checked = ariaTriState(aria('aria-checked', 'ariaChecked'));
  if (checked) node.checked = checked;
  const selected = aria('aria-selected', 'ariaSelected');
  if (selected !== null) node.selected = selected === 'true';
  const expanded = aria('aria-expanded', 'ariaExpanded');
  if (expanded !== null) node.expanded = expanded === 'true';
  else if (tag === 'summary' && el.parentElement?.localName === 'details')
    node.expanded = (el.parentElement as HTMLDetailsElement).open;
  const pressed = ariaTriState(aria('aria-pressed', 'ariaPressed'));
  if (pressed) node.pressed = pressed;
  if (
    aria('aria-disabled', 'ariaDisabled') === 'true' ||
    (LABELABLE_TAGS.has(tag) || tag === 'fieldset' || tag === 'option' ? el.matches(':disabled') : false)
  ) {
    node.disabled = true;
  }
  if (has('aria-required') && el.getAttribute('aria-required') === 'true') node.required = true;
  if (
    (has('aria-invalid') && el.getAttribute('aria-invalid') !== 'false') ||
    ((tag === 'input' || tag === 'textarea' || tag === 'select') && el.matches(':user-invalid'))
  ) {
    node.invalid = true;
  }
  const sort = has('aria-sort') ? el.getAttribute('aria-sort') : null;
  if (
    (sort === 'ascending' || sort === 'descending' || sort === 'other') &&
    (role === 'columnheader' || role === 'rowheader')
  )
    node.sort = sort;
  if (has('aria-colcount') && GRID_ROLES.has(role))
    node.cols = shownColumns(el, Number(el.getAttribute('aria-colcount')));
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
 * Which columns of a table that draws only some of them are shown, of how many (aria-colcount; -1 when the page does
 * not know): "2–5 of 12".
 */
function shownColumns(el: Element, count: number): string {
  const all = Number.isInteger(count) && count >= 0 ? String(count) : 'unknown';
  const indexes = Array.from(el.querySelectorAll('[aria-colindex]'), (part) =>
    Number(part.getAttribute('aria-colindex')),
  ).filter((index) => Number.isInteger(index) && index > 0);
  if (indexes.length) return `${Math.min(...indexes)}–${Math.max(...indexes)} of ${all}`;
  return `${el.querySelector('tr, [role="row"]')?.children.length ?? 0} shown of ${all}`;
}

/** A row of column headers only (aria-rowcount counts it; a person counts the rows under it). */
export function isHeaderRow(row: Element): boolean {
  if (row.parentElement?.tagName === 'THEAD') return true;
  const cells = Array.from(row.children).filter((cell) =>
    cell.matches('td, th, [role="gridcell"], [role="cell"], [role="columnheader"], [role="rowheader"]'),
  );
  return (
    cells.length > 0 &&
    cells.every(
      (cell) =>
        cell.getAttribute('role') === 'columnheader' ||
        (cell.tagName === 'TH' && !cell.hasAttribute('role') && cell.getAttribute('scope') !== 'row'),
    )
  );
}

const validIndex = (index: number): boolean => Number.isInteger(index) && index > 0;

/**
 * A data row's place among data rows: its aria-rowindex less the header rows (`headers`) before it, all of them when
 * they carry no index.
 */
export function dataRowPlace(row: Element, headers: readonly Element[]): number {
  const index = Number(row.getAttribute('aria-rowindex'));
  const headerIndexes = headers.map((header) => Number(header.getAttribute('aria-rowindex'))).filter(validIndex);
  return (
    index -
    (headerIndexes.length === headers.length ? headerIndexes.filter((header) => header < index).length : headers.length)
  );
}

/**
 * Which data rows of a table that says its size (aria-rowcount) are listed, of how many, in the
 * rows a person counts: header rows are left out of both, "1–20 of 100" where aria-rowindex
 * says 2–21 of 101. Of the rows the reading keeps (`listed`), those a scrolled container shows,
 * not every row the DOM holds; "20 shown of 100" when the rows carry no index.
 */
export function dataRows(grid: Element, role: string, listed: readonly Element[]): string | undefined {
  if (!grid.hasAttribute('aria-rowcount') || !GRID_ROLES.has(role)) return undefined;
  const count = Number(grid.getAttribute('aria-rowcount'));
  const headers = Array.from(grid.querySelectorAll('tr, [role="row"]')).filter(
    (row) => row.closest('table, [role="grid"], [role="treegrid"], [role="table"]') === grid && isHeaderRow(row),
  );
  // Rows a container scrolled out of sight are not shown, though the DOM (and the full reading) has them.
  const data = listed.filter((row) => !headers.includes(row));
  const scroller = data[0] ? scrollerAround(data[0]) : null;
  const rows = data.filter((row) => showsIn(row, scroller));
  const all = Number.isInteger(count) && count >= 0 ? String(Math.max(0, count - headers.length)) : 'unknown';
  // A data row's place among data rows: its index less the header rows before it (all of them when they carry no
  // index).
  const indexes = rows
    .filter((row) => validIndex(Number(row.getAttribute('aria-rowindex'))))
    .map((row) => dataRowPlace(row, headers));
  if (indexes.length && indexes.length === rows.length)
    return `${Math.min(...indexes)}–${Math.max(...indexes)} of ${all}`;
  return `${rows.length} shown of ${all}`;
}

/** Items of a set (a list, listbox, tree, menu) that say their place; a tree's nested groups count their own. */
const ITEM_ROLES = new Set([
  'listitem',
  'option',
  'treeitem',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'article',
  'row',
]);
export const isSetItem = (role: string): boolean => ITEM_ROLES.has(role);

/**
 * Which items of a set whose items say their place (aria-posinset of aria-setsize) are shown, of
 * how many: "7281–7300 of 10000", of the items the reading keeps (`listed`) that a scrolled
 * container shows. Undefined when its items do not say their place (a grid's rows say theirs as rows).
 */
export function shownItems(role: string, listed: readonly Element[]): string | undefined {
  const members =
    role === 'grid' || role === 'treegrid' || role === 'table'
      ? []
      : listed.filter((el) => el.hasAttribute('aria-posinset'));
  const first = members[0];
  if (!first) return undefined;
  const size = Number(first.getAttribute('aria-setsize'));
  const all = Number.isInteger(size) && size >= 0 ? String(size) : 'unknown';
  const scroller = scrollerAround(first);
  const places = members
    .filter((el) => showsIn(el, scroller))
    .map((el) => Number(el.getAttribute('aria-posinset')))
    .filter((place) => Number.isInteger(place) && place > 0);
  return places.length ? `${Math.min(...places)}–${Math.max(...places)} of ${all}` : `0 shown of ${all}`;
}
