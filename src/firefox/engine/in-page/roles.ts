/** Roles: WAI-ARIA 1.2 for what authors write, HTML-AAM for what elements are. */
import { flatParentElement, LABELABLE_TAGS } from './dom.js';
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
/** A test for one of an element's attributes that costs no DOM read. */
export type Has = (name: string) => boolean;

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

export function inputRole(el: HTMLInputElement, has: Has): string {
  switch (el.type) {
    case 'button':
    case 'submit':
    case 'reset':
    case 'image':
    case 'file':
    case 'color':
      return 'button';
    case 'checkbox':
      return has('switch') ? 'switch' : 'checkbox';
    case 'radio':
      return 'radio';
    case 'range':
      return 'slider';
    case 'number':
      return 'spinbutton';
    case 'search':
      return has('list') ? 'combobox' : 'searchbox';
    case 'hidden':
      return 'none';
    default:
      return has('list') ? 'combobox' : 'textbox';
  }
}

/** Elements whose role follows from their tag alone (HTML-AAM); the others are decided in implicitRole. */
const TAG_ROLES = new Map<string, string>([
  ['button', 'button'],
  ['summary', 'button'],
  ['textarea', 'textbox'],
  ['option', 'option'],
  ['h1', 'heading'],
  ['h2', 'heading'],
  ['h3', 'heading'],
  ['h4', 'heading'],
  ['h5', 'heading'],
  ['h6', 'heading'],
  ['address', 'group'],
  ['hgroup', 'group'],
  ['hr', 'separator'],
  ['strong', 'strong'],
  ['em', 'emphasis'],
  ['code', 'code'],
  ['del', 'deletion'],
  ['s', 'deletion'],
  ['ins', 'insertion'],
  ['sub', 'subscript'],
  ['sup', 'superscript'],
  ['mark', 'mark'],
  ['time', 'time'],
  ['dfn', 'term'],
  ['nav', 'navigation'],
  ['main', 'main'],
  ['aside', 'complementary'],
  ['form', 'form'],
  ['search', 'search'],
  ['article', 'article'],
  ['dialog', 'dialog'],
  ['ul', 'list'],
  ['ol', 'list'],
  ['menu', 'list'],
  ['li', 'listitem'],
  ['dl', 'list'],
  ['dt', 'term'],
  ['dd', 'definition'],
  ['table', 'table'],
  ['thead', 'rowgroup'],
  ['tbody', 'rowgroup'],
  ['tfoot', 'rowgroup'],
  ['tr', 'row'],
  ['th', 'columnheader'],
  ['td', 'cell'],
  ['caption', 'caption'],
  ['figcaption', 'caption'],
  ['p', 'paragraph'],
  ['blockquote', 'blockquote'],
  ['figure', 'figure'],
  ['fieldset', 'group'],
  ['details', 'group'],
  ['optgroup', 'group'],
  ['legend', 'legend'],
  ['progress', 'progressbar'],
  ['meter', 'meter'],
  ['output', 'status'],
  ['iframe', 'iframe'],
  ['frame', 'iframe'],
  ['label', 'label'],
  ['math', 'math'],
]);

/** What scopes a header or footer to a section rather than to the page. */
const SECTIONING =
  'article, aside, main, nav, section, [role="article"], [role="complementary"], [role="main"], [role="navigation"], [role="region"]';

export function implicitRole(el: Element, tag: string, has: Has): string {
  switch (tag) {
    case 'a':
    case 'area':
      return has('href') ? 'link' : 'generic';
    case 'input':
      return inputRole(el as HTMLInputElement, has);
    case 'select':
      return (el as HTMLSelectElement).multiple || (el as HTMLSelectElement).size > 1 ? 'listbox' : 'combobox';
    case 'img':
      return el.getAttribute('alt') === '' && !has('aria-label') && !has('aria-labelledby') ? 'none' : 'image';
    // Inside a section of the page, a header or footer is that section's (HTML-AAM with WAI-ARIA 1.3); else the page's.
    case 'header':
      return el.closest(SECTIONING) ? 'sectionheader' : 'banner';
    case 'footer':
      return el.closest(SECTIONING) ? 'sectionfooter' : 'contentinfo';
    case 'th': {
      // A header of its row (html-aam: scope row or rowgroup, or the first cell of a body row beside data cells).
      const scope = (el.getAttribute('scope') ?? '').toLowerCase();
      if (scope === 'row' || scope === 'rowgroup') return 'rowheader';
      if (scope === 'col' || scope === 'colgroup') return 'columnheader';
      const row = el.parentElement;
      return row?.parentElement?.localName === 'tbody' &&
        row.querySelector(':scope > td') !== null &&
        el.previousElementSibling === null
        ? 'rowheader'
        : 'columnheader';
    }
    case 'section':
      return has('aria-label') || has('aria-labelledby') || has('title') ? 'region' : 'generic';
    case 'video':
    case 'audio':
      return tag;
    default:
      return TAG_ROLES.get(tag) ?? 'generic';
  }
}

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
  const context = REQUIRED_CONTEXT[role];
  return context !== undefined && orphaned(el, context);
}

/**
 * Whether no ancestor of the element (in the flat tree) has one of the `context` roles, nor does
 * any element take it in by aria-owns. Any ancestor will do, not only the nearest with a role:
 * pages put lists and wrappers between a menu and its items, and mean the items all the same.
 */
function orphaned(el: Element, context: string[]): boolean {
  for (let at = flatParentElement(el); at; at = flatParentElement(at)) {
    const tag = at.localName;
    const { has } = attributeTest(at);
    let role = has('role') ? explicitRole(at.getAttribute('role') ?? '') : '';
    if (!role && tag.includes('-')) role = explicitRole(internalsAria(at, 'role') ?? '');
    if (context.includes(role || implicitRole(at, tag, has))) return false;
  }
  const id = el.id;
  return !id || (el.getRootNode() as Document | ShadowRoot).querySelector(`[aria-owns~="${CSS.escape(id)}"]`) === null;
}

export function isEditable(el: Element, has: Has): boolean {
  return has('contenteditable') && el.getAttribute('contenteditable') !== 'false';
}

/** A `has` for an element: its attribute names, read once. */
export function attributeTest(el: Element): { names: string[]; has: Has } {
  // Most elements have no attributes: a yes/no costs less than an array through the sandbox's wrappers.
  if (!el.hasAttributes()) return NO_ATTRIBUTES;
  const names = el.getAttributeNames();
  return { names, has: (name: string) => names.includes(name) };
}

const NO_ATTRIBUTES: { names: string[]; has: Has } = { names: [], has: () => false };
