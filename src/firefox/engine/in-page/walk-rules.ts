/**
 * The walk's rules about kinds of elements, as data and small tests: which roles hold content
 * rather than name a control, what makes a cell a container, what a caption names, which
 * elements a layer walk starts from.
 */

/** Roles whose content is a part of the page, never a control's name, even when the container takes focus. */
export const CONTAINER_ROLES = new Set([
  'tabpanel',
  'dialog',
  'alertdialog',
  'region',
  'group',
  'form',
  'article',
  'main',
  'navigation',
  'complementary',
  'document',
  'feed',
  'log',
  'note',
  'figure',
  'table',
  'grid',
  'treegrid',
  'list',
  'tree',
  'search',
  'banner',
  'contentinfo',
]);

/** What makes a cell a container of blocks rather than a name. */
export const CELL_BLOCKS = 'pre, table, ul, ol, dl, h1, h2, h3, h4, h5, h6, [role="tablist"], [role="tabpanel"]';

/** Roles that add nothing to the text when they have no name (their content says it all). */
export const UNNAMED_WRAPPERS = new Set(['paragraph', 'group', 'form']);

/** Elements that name their parent: legend → fieldset, caption → table, figcaption → figure. */
const CAPTIONED = new Map([
  ['legend', 'fieldset'],
  ['caption', 'table'],
  ['figcaption', 'figure'],
]);

/** Whether the element is the caption of its parent (a legend of its fieldset, say), which its parent's name says. */
export function captionOfParent(el: Element, tag: string): boolean {
  const parent = CAPTIONED.get(tag);
  return parent !== undefined && parent === el.parentElement?.localName;
}

/** Content to read, not a control's label: code, paragraphs, lists, tables, or anything that scrolls. */
export function holdsReadableContent(el: Element): boolean {
  if (el.querySelector('pre, code, p, ul, ol, table, h1, h2, h3, h4, h5, h6, [draggable="true"]') !== null) return true;
  if (el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1) return false;
  const style = getComputedStyle(el);
  return /(auto|scroll)/.test(style.overflowY + style.overflowX);
}

/** The outermost elements matched by any of the selectors, in document order. */
export function layerRoots(selectors: string[]): Element[] {
  const matched = new Set<Element>();
  for (const selector of selectors) for (const el of Array.from(document.querySelectorAll(selector))) matched.add(el);
  const ordered = [...matched].sort((a, b) =>
    a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
  );
  return ordered.filter((el) => !ordered.some((other) => other !== el && other.contains(el)));
}
