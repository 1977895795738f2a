/**
 * The words CSS generated content draws, as names take them (accname 2F.ii): a pseudo-element's `content`, a list
 * item's marker; and whether any style sheet could generate content at all.
 */
import { ICON_GLYPHS } from './text.js';
import { sheetsMention } from './sheets.js';

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
export function markerText(li: Element): string {
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
