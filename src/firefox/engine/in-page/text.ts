/**
 * Text rules shared by the engine in the page and by Node (the Markdown reader, the snapshot
 * format, the witness), one place each, so that what the page reads and what an answer shows
 * agree. Pure: no DOM, no Node.
 */

/**
 * Characters that show nothing: zero-width spaces, word joiners, byte-order marks, soft hyphens
 * (an editor's fillers too). Zero-width joiners and non-joiners are not among them: emoji
 * sequences and scripts such as Persian need them (util/text.ts escapes the stray ones).
 */
export const INVISIBLE_CHARACTERS = /[\u200B\u2060\uFEFF\u00AD]/g;

/** The private-use characters icon fonts draw with (CSS content on an <i class="fa …">). */
export const ICON_GLYPHS = /[\uE000-\uF8FF]/g;

/**
 * Whitespace runs as one space, invisible characters dropped, as browsers do in names (a search for the visible text
 * must find them).
 */
export function collapse(text: string): string {
  return text.replace(INVISIBLE_CHARACTERS, '').replace(/\s+/g, ' ').trim();
}

/** Text cut to `max` characters, the last an ellipsis. */
export function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The roles of a table's cells. */
export const CELL_ROLES: ReadonlySet<string> = new Set(['cell', 'gridcell', 'columnheader', 'rowheader']);

/**
 * Input types a control's line leaves unsaid: its role says them (textbox, checkbox, radio,
 * button, slider, spinbutton) or they change nothing a reader acts on. An image button's type is
 * said: it tells a button drawn as a picture.
 */
export const SILENT_TYPES: ReadonlySet<string> = new Set([
  'text',
  'checkbox',
  'radio',
  'submit',
  'button',
  'search',
  'range',
  'number',
  'reset',
]);

/**
 * A link inside running text, as snapshots write it: `[words](uid=3_14)` (brackets in the words dropped, so the link
 * stays one).
 */
export function linkInText(words: string, uid: string): string {
  return `[${words.replace(/[[\]]/g, '')}](uid=${uid})`;
}

/** Text as CSS text-transform shows it. */
export function transformed(text: string, transform: string | undefined): string {
  switch (transform) {
    case 'uppercase':
      return text.toUpperCase();
    case 'lowercase':
      return text.toLowerCase();
    case 'capitalize':
      return text.replace(/(^|\s)(\S)/g, (_, space: string, letter: string) => space + letter.toUpperCase());
    default:
      return text;
  }
}
