/** Characters of a caller's value that an error message quotes; the rest is counted, not echoed. */
export const QUOTE_CHARS = 80;

/*
 * Page text in answers. Characters that change how text reads without showing are written as
 * `\uXXXX` escapes wherever page text is shown (escapeHidden): control codes (C0 but tab and line
 * feed, DEL, C1; ESC starts terminal escape sequences), bidi embeddings, overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069), zero-width and other invisible format characters (U+200B,
 * U+2060–U+2064, U+206A–U+206F, U+FEFF, U+FFF9–U+FFFB), the line and paragraph separators (U+2028,
 * U+2029) and Unicode tag characters (U+E0000–U+E007F, readable by a model, invisible to a person).
 * Zero-width joiners and non-joiners (U+200C, U+200D) are kept where a script or an emoji needs
 * them (between two non-ASCII letters or emoji) and escaped elsewhere; the bidi marks (U+200E,
 * U+200F, U+061C) are kept: right-to-left pages use them everywhere, and they cannot reorder
 * letters. Lines of page text that would pose as lines of ours are set apart (set-apart.ts).
 * Ordinary pages come through unchanged but for those characters and those line starts.
 */

const HIDDEN =
  // eslint-disable-next-line no-control-regex -- the control codes are what it finds
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200d\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]|\udb40[\udc00-\udc7f]/g;
/** What a zero-width joiner or non-joiner may stand between and stay: letters, marks and emoji, non-ASCII. */
const JOINS = /^[\p{L}\p{M}\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F]$/u;

/** `\u202e`: the JSON (and JavaScript) escape of each UTF-16 unit, so a quoted string stays valid JSON. */
function escapeUnits(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) out += `\\u${text.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return out;
}

/** The character (whole code point) that ends just before `index`, or starts at it. */
function before(text: string, index: number): string {
  const low = text.charCodeAt(index - 1);
  return low >= 0xdc00 && low <= 0xdfff && index >= 2 ? text.slice(index - 2, index) : text.slice(index - 1, index);
}
function at(text: string, index: number): string {
  const code = text.codePointAt(index);
  return code === undefined ? '' : String.fromCodePoint(code);
}

function joins(char: string): boolean {
  return char.length > 0 && char.charCodeAt(0) > 0x7f && JOINS.test(char);
}

/**
 * Page text with every character that changes how it reads without showing written as a
 * `\uXXXX` escape (see the rule above); tabs and line feeds are kept. Text without such
 * characters comes back as it was.
 */
export function escapeHidden(text: string): string {
  // Most text has none: a search costs less than a replace.
  if (text.search(HIDDEN) === -1) return text;
  return text.replace(HIDDEN, (char, offset: number) => {
    if ((char === '\u200c' || char === '\u200d') && joins(before(text, offset)) && joins(at(text, offset + 1)))
      return char;
    return char === '\r' ? '\\r' : escapeUnits(char);
  });
}

/**
 * One line of untrusted text: line breaks, tabs and every hidden character escaped, so text a
 * page logs can never pose as another entry of a list.
 */
export function oneLine(value: string): string {
  return escapeHidden(value).replace(/[\n\t]/g, (char) => (char === '\n' ? '\\n' : '\\t'));
}

/** Like oneLine, with tabs kept: a snapshot's preformatted text keeps its indent. */
export function oneLineWithTabs(value: string): string {
  return escapeHidden(value).replace(/\n/g, '\\n');
}

/** A string as JSON with hidden characters escaped too: one line, nothing invisible, still valid JSON. */
export function jsonString(value: string): string {
  return escapeHidden(JSON.stringify(value));
}

/**
 * A value quoted for a message: JSON-escaped (so it stays on one line), cut to `max` characters with the length said.
 */
export function quote(value: string, max = QUOTE_CHARS): string {
  if (value.length <= max) return jsonString(value);
  return `${jsonString(value.slice(0, max))}… (${value.length} characters)`;
}

/** Text cut to `max` characters with an ellipsis, for titles and URLs in lists. */
export function shorten(value: string, max: number): string {
  return value.length <= max ? value : `${value.slice(0, max)}… (${value.length} characters)`;
}

/** A code fence longer than any backtick run in the text (three at least), so the text cannot end it. */
export function codeFence(text: string): string {
  const longest = Math.max(0, ...(text.match(/`{3,}/g) ?? []).map((run) => run.length));
  return '`'.repeat(Math.max(3, longest + 1));
}
