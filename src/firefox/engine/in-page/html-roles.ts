/** Roles as HTML-AAM gives them: what each element is by itself, when no author said otherwise. */
import type { Has } from './dom.js';

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
    // A data cell of a grid is a grid cell (HTML-AAM): what its table's author role says, not its row's.
    case 'td':
      return /^\s*(?:tree)?grid\b/i.test(el.closest('table')?.getAttribute('role') ?? '') ? 'gridcell' : 'cell';
    case 'section':
      return has('aria-label') || has('aria-labelledby') || has('title') ? 'region' : 'generic';
    case 'video':
    case 'audio':
      return tag;
    default:
      return TAG_ROLES.get(tag) ?? 'generic';
  }
}
