/**
 * The role of an element: the author's (aria-roles.ts) when valid and allowed, else the element's own (html-roles.ts);
 * and the groups of roles the walk and the names sort by.
 */
import { GLOBAL_ARIA, explicitRole, outsideContext } from './aria-roles.js';
import { LABELABLE_TAGS, type Has } from './dom.js';
import { implicitRole } from './html-roles.js';
import { internalsAria } from './internals.js';

export const INTERACTIVE_ROLES = new Set([
  'button',
  'link',
  'checkbox',
  'radio',
  'textbox',
  'searchbox',
  'combobox',
  'listbox',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'tab',
  'switch',
  'slider',
  'spinbutton',
  'treeitem',
  'option',
  'scrollbar',
]);
/** Roles kept even without text of their own: structure a reader needs. */
export const STRUCTURAL_ROLES = new Set([
  'heading',
  'navigation',
  'main',
  'complementary',
  'banner',
  'contentinfo',
  'form',
  'region',
  'search',
  'article',
  'dialog',
  'alertdialog',
  'alert',
  'status',
  'list',
  'listitem',
  'table',
  'grid',
  'treegrid',
  'row',
  'cell',
  'gridcell',
  'columnheader',
  'rowheader',
  'image',
  'figure',
  'group',
  'iframe',
  'video',
  'audio',
  'progressbar',
  'meter',
  'tablist',
  'tabpanel',
  'menu',
  'menubar',
  'toolbar',
  'tree',
  'radiogroup',
  'caption',
  'term',
  'definition',
  'math',
  'log',
  'marquee',
  'timer',
  'note',
  'feed',
]);
/** Roles whose name comes from their content: their descendants fold into one name, except controls. */
export const NAME_FROM_CONTENT = new Set([
  'button',
  'link',
  'heading',
  'tab',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'treeitem',
  'cell',
  'gridcell',
  'columnheader',
  'rowheader',
  'checkbox',
  'radio',
  'switch',
  'tooltip',
  'caption',
  'label',
  'term',
]);
/** Roles of text-level elements: they stay inside the sentence they are part of. */
export const TEXT_LEVEL_ROLES = new Set([
  'strong',
  'emphasis',
  'code',
  'deletion',
  'insertion',
  'subscript',
  'superscript',
  'mark',
  'time',
  'term',
]);

/**
 * The element's role, as an accessibility tree would give it: the author's if valid and allowed, else the element's own
 * ('generic' for none).
 */
export function roleOf(el: Element, tag: string, has: Has): string {
  let role = has('role')
    ? explicitRole(el.getAttribute('role') ?? '', has('aria-label') || has('aria-labelledby') || has('title'))
    : '';
  // none is ignored on what a person can focus or what carries global ARIA (WAI-ARIA's conflict rule).
  if (
    role === 'none' &&
    (has('tabindex') || LABELABLE_TAGS.has(tag) || (tag === 'a' && has('href')) || GLOBAL_ARIA.some(has))
  )
    role = '';
  // An item outside the container its role needs (an option outside a listbox) is what its element is (WAI-ARIA 1.3).
  if (role && outsideContext(el, role)) role = '';
  // A custom element's own default role, set through ElementInternals, comes before none.
  if (!role && tag.includes('-')) role = explicitRole(internalsAria(el, 'role') ?? '');
  if (!role) role = implicitRole(el, tag, has);
  if (role === 'none') role = 'generic';
  // HTML-AAM's minimum role: what can be dragged, focused at load or shown as a popover is at least a group.
  if (role === 'generic' && (has('draggable') || has('autofocus') || has('popover'))) role = 'group';
  if (role === 'generic' && isEditable(el, has)) role = 'textbox';
  return role;
}

export function isEditable(el: Element, has: Has): boolean {
  return has('contenteditable') && el.getAttribute('contenteditable') !== 'false';
}
