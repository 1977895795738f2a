/**
 * Roles as WAI-ARIA gives them to authors: the concrete roles an author may write and their older names, the global
 * attributes, how a role attribute is read, and the containers some roles need.
 */
import { attributeTest, flatParentElement } from './dom.js';
import { implicitRole } from './html-roles.js';
import { internalsAria } from './internals.js';

/**
 * WAI-ARIA's concrete roles (1.2, and 1.3's image, sectionheader, sectionfooter…); abstract ones are not roles an
 * author may give.
 */
export const ARIA_ROLES = new Set([
  'alert',
  'alertdialog',
  'application',
  'article',
  'banner',
  'blockquote',
  'button',
  'caption',
  'cell',
  'checkbox',
  'code',
  'columnheader',
  'combobox',
  'comment',
  'complementary',
  'contentinfo',
  'definition',
  'deletion',
  'dialog',
  'document',
  'emphasis',
  'feed',
  'figure',
  'form',
  'generic',
  'grid',
  'gridcell',
  'group',
  'heading',
  'image',
  'insertion',
  'link',
  'list',
  'listbox',
  'listitem',
  'log',
  'main',
  'mark',
  'marquee',
  'math',
  'menu',
  'menubar',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'meter',
  'navigation',
  'none',
  'note',
  'option',
  'paragraph',
  'progressbar',
  'radio',
  'radiogroup',
  'region',
  'row',
  'rowgroup',
  'rowheader',
  'scrollbar',
  'search',
  'searchbox',
  'sectionfooter',
  'sectionheader',
  'separator',
  'slider',
  'spinbutton',
  'status',
  'strong',
  'subscript',
  'suggestion',
  'superscript',
  'switch',
  'tab',
  'table',
  'tablist',
  'tabpanel',
  'term',
  'textbox',
  'time',
  'timer',
  'toolbar',
  'tooltip',
  'tree',
  'treegrid',
  'treeitem',
]);
/** Older names of roles, and the name the role has now. */
export const ROLE_SYNONYMS: Record<string, string> = { img: 'image', directory: 'list', presentation: 'none' };
/** Global ARIA attributes: an element with one is not presentational, whatever its role says. */
export const GLOBAL_ARIA = [
  'aria-label',
  'aria-labelledby',
  'aria-describedby',
  'aria-details',
  'aria-live',
  'aria-owns',
  'aria-controls',
  'aria-keyshortcuts',
  'aria-roledescription',
  'aria-busy',
  'aria-dropeffect',
  'aria-grabbed',
  'aria-flowto',
  'aria-relevant',
  'aria-atomic',
  'aria-errormessage',
  'aria-invalid',
  'aria-haspopup',
];

/** The role an author gave: the first token that is a concrete WAI-ARIA role, in any case; '' when none is. */
export function explicitRole(value: string, named = true): string {
  for (const token of value.toLowerCase().split(/\s+/)) {
    const role = ROLE_SYNONYMS[token] ?? token;
    // A region or form needs a name to be one; without it the next token (or the element's own role) stands.
    if (!named && (role === 'region' || role === 'form')) continue;
    if (ARIA_ROLES.has(role)) return role;
  }
  return '';
}

const MENU_CONTEXT = ['menu', 'menubar', 'group'];
const CELL_CONTEXT = ['row'];
/** Roles an author may only give inside one of these containers (WAI-ARIA's required context roles). */
const REQUIRED_CONTEXT: Record<string, string[] | undefined> = {
  listitem: ['list', 'group'],
  option: ['listbox', 'group'],
  menuitem: MENU_CONTEXT,
  menuitemcheckbox: MENU_CONTEXT,
  menuitemradio: MENU_CONTEXT,
  tab: ['tablist'],
  treeitem: ['tree', 'group'],
  row: ['table', 'grid', 'treegrid', 'rowgroup'],
  rowgroup: ['table', 'grid', 'treegrid'],
  // (A cell stands alone: the web-platform-tests keep an orphan cell a cell.)
  gridcell: CELL_CONTEXT,
  columnheader: CELL_CONTEXT,
  rowheader: CELL_CONTEXT,
};

/** Whether `role` needs a container (an option a listbox) that the element is not in. */
export function outsideContext(el: Element, role: string): boolean {
  const containers = REQUIRED_CONTEXT[role];
  return containers !== undefined && orphaned(el, containers);
}

/**
 * Whether no ancestor of the element (in the flat tree) has one of the `containers` roles, nor does
 * any element take it in by aria-owns. Any ancestor will do, not only the nearest with a role:
 * pages put lists and wrappers between a menu and its items, and mean the items all the same.
 */
function orphaned(el: Element, containers: string[]): boolean {
  for (let at = flatParentElement(el); at; at = flatParentElement(at)) {
    const tag = at.localName;
    const { has } = attributeTest(at);
    let role = has('role') ? explicitRole(at.getAttribute('role') ?? '') : '';
    if (!role && tag.includes('-')) role = explicitRole(internalsAria(at, 'role') ?? '');
    if (containers.includes(role || implicitRole(at, tag, has))) return false;
  }
  const id = el.id;
  return !id || (el.getRootNode() as Document | ShadowRoot).querySelector(`[aria-owns~="${CSS.escape(id)}"]`) === null;
}
