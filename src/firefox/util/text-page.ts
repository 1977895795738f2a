import { checkInteger, InvalidArgumentError } from '../errors.js';

/** Characters of one text output (snapshot, Markdown, console, network) unless maxChars says otherwise. */
export const DEFAULT_MAX_CHARS = 40_000;

/** 1234567 → "1,234,567", the same on every machine (no locale). */
export function formatCount(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** One window of a long text, and where the next one starts. */
export interface TextPage {
  /** This window of the text, verbatim: the windows of one text, joined, give it back byte for byte. */
  text: string;
  /** Length of the whole text, in UTF-16 code units. */
  totalChars: number;
  /** Where this window starts. */
  offset: number;
  /** Does text follow this window? */
  hasMore: boolean;
  /** The offset of the next window, or null when this one reaches the end. */
  nextOffset: number | null;
  /** Is this window less than the whole text (it starts after 0, or more follows)? */
  truncated: boolean;
  /** Was this window cut inside a line (because no line break fell within it)? */
  midLine: boolean;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * At most `maxChars` characters of `text` from `offset` (default 0 and DEFAULT_MAX_CHARS). When
 * more follows, the window ends just after its last line break, so pages hold whole lines; a
 * window without one is cut at `maxChars`, never between the halves of a surrogate pair (unless
 * maxChars is 1, where nothing else makes progress). An offset equal to the length gives an empty
 * last window; one past it is an InvalidArgumentError.
 */
export function pageOfText(
  text: string,
  options: { offset?: number | undefined; maxChars?: number | undefined } = {},
): TextPage {
  const { offset = 0, maxChars = DEFAULT_MAX_CHARS } = options;
  checkInteger('offset', offset, 0);
  checkInteger('maxChars', maxChars, 1);
  const totalChars = text.length;
  if (offset > totalChars) {
    throw new InvalidArgumentError(
      `offset=${offset} is beyond the end of the text, which has ${formatCount(totalChars)} characters; use an offset from 0 to ${totalChars} (or omit it to start at the beginning).`,
    );
  }
  if (totalChars - offset <= maxChars) {
    return {
      text: text.slice(offset),
      totalChars,
      offset,
      hasMore: false,
      nextOffset: null,
      truncated: offset > 0,
      midLine: false,
    };
  }
  const end = offset + maxChars;
  const newline = text.lastIndexOf('\n', end - 1);
  let cut: number;
  if (newline >= offset) {
    cut = newline + 1;
  } else {
    cut = end;
    if (isHighSurrogate(text.charCodeAt(cut - 1)) && isLowSurrogate(text.charCodeAt(cut)) && cut - 1 > offset) cut -= 1;
  }
  // A cut just before a line break ends a whole line too, though the break itself comes next.
  const midLine = text[cut - 1] !== '\n' && text[cut] !== '\n';
  return {
    text: text.slice(offset, cut),
    totalChars,
    offset,
    hasMore: true,
    nextOffset: cut,
    truncated: true,
    midLine,
  };
}
