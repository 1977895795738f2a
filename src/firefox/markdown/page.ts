import { InvalidArgumentError } from '../errors.js';

/** One window of a long text (Markdown), as get_page_markdown returns it. */
export interface MarkdownPage {
  /** This window of the text, verbatim: the windows of one text, joined, give it back byte for byte. */
  text: string;
  /** Is this window less than the whole text (it starts after 0, or more follows)? */
  truncated: boolean;
  /** Length of the whole text, in UTF-16 code units. */
  totalChars: number;
  /** Where this window starts. */
  offset: number;
  /** Does text follow this window? */
  hasMore: boolean;
  /** The offset of the next window, or null when this one reaches the end. */
  nextOffset: number | null;
}

export const DEFAULT_MAX_CHARS = 20_000;

function checkInteger(name: string, value: number, min: number): void {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new InvalidArgumentError(`${name} must be an integer of at least ${min}; got ${String(value)}.`);
  }
}

/**
 * At most `maxChars` characters of `text` from `offset`. When more follows, the window ends after
 * the last line break in its last 20 % if there is one (so a page ends with a whole line), and
 * otherwise at `maxChars`, never between the two halves of a surrogate pair. An offset past the
 * end is an InvalidArgumentError; an offset equal to the length gives an empty last window.
 */
export function paginateText(text: string, offset = 0, maxChars = DEFAULT_MAX_CHARS): MarkdownPage {
  checkInteger('offset', offset, 0);
  checkInteger('maxChars', maxChars, 1);
  const totalChars = text.length;
  if (offset > totalChars) {
    throw new InvalidArgumentError(
      `offset ${offset} is past the end of the Markdown, which has ${totalChars} characters; use an offset from 0 to ${totalChars}, or leave it out to start at the beginning.`,
    );
  }
  if (totalChars - offset <= maxChars) {
    return { text: text.slice(offset), truncated: offset > 0, totalChars, offset, hasMore: false, nextOffset: null };
  }
  const end = offset + maxChars;
  const floor = end - Math.floor(maxChars * 0.2);
  const newline = text.lastIndexOf('\n', end - 1);
  let cut: number;
  if (newline >= floor && newline + 1 > offset) {
    cut = newline + 1;
  } else {
    cut = end;
    const code = text.charCodeAt(cut - 1);
    // Ends with the first half of a surrogate pair: leave it to the next window.
    if (code >= 0xd800 && code <= 0xdbff && cut - 1 > offset) cut -= 1;
  }
  return { text: text.slice(offset, cut), truncated: true, totalChars, offset, hasMore: true, nextOffset: cut };
}
