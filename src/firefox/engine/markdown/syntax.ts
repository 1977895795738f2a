/**
 * Page text as Markdown text: what Markdown would read as syntax escaped, link and image
 * destinations made safe, code spans and emphasis delimiters placed so the page's own characters
 * cannot end them. Shared by the renderer's inline, block and table parts. Pure.
 */
/** A hard line break: `\` at the line's end. */
export const HARD_BREAK = '\\\n';

/** Collapses runs of whitespace to one space, keeping a single space at either end. */
export function squeeze(text: string): string {
  return text.replace(/\s+/g, ' ');
}

const ALNUM = /[\p{L}\p{N}]/u;

/** Escapes what Markdown would read as syntax inside a line of text. */
export function escapeText(text: string): string {
  return text.replace(/[\\`*[\]~]|_|<(?=[A-Za-z/!?])|&(?=#?[A-Za-z0-9]+;)/g, (match, offset: number) => {
    if (match === '_') {
      // Inside a word (snake_case) an underscore is no emphasis.
      const before = text[offset - 1];
      const after = text[offset + 1];
      return before !== undefined && after !== undefined && ALNUM.test(before) && ALNUM.test(after) ? '_' : '\\_';
    }
    return `\\${match}`;
  });
}

/**
 * Escapes what would start a block at the beginning of a line (#, >, -, +, =, 1. and 1)), and sets apart what would
 * start like the lines around the Markdown (`setApart`, see util/set-apart.ts).
 */
export function escapeLineStart(line: string, setApart: (line: string) => string): string {
  if (/^(?:#{1,6}(?:\s|$)|>|[-+](?:\s|$)|-+\s*$|=+\s*$)/.test(line)) return `\\${line}`;
  return setApart(line.replace(/^(\d{1,9})([.)])(?=\s|$)/, '$1\\$2'));
}

/** A link or image destination: spaces, parentheses and angle brackets percent-encoded. */
export function destination(url: string): string {
  return shortenDataUrl(url).replace(/[\s()<>\p{Cc}]/gu, (ch) =>
    ch === '(' ? '%28' : ch === ')' ? '%29' : encodeURIComponent(ch),
  );
}

function shortenDataUrl(url: string): string {
  if (!url.startsWith('data:') || url.length <= 100) return url;
  if (url.endsWith('…') && url.length <= 101) return url;
  const comma = url.indexOf(',');
  return `${url.slice(0, comma > 0 && comma < 100 ? comma + 1 : 40)}…`;
}

export function escapeAlt(alt: string): string {
  return squeeze(alt)
    .trim()
    .replace(/[\\[\]]/g, '\\$&');
}

/** An inline code span with a delimiter longer than any backtick run inside. */
export function codeSpan(text: string): string {
  const content = squeeze(text).trim();
  if (!content) return '';
  const longest = Math.max(0, ...(content.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = content.startsWith('`') || content.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${content}${pad}${fence}`;
}

/** Puts a delimiter around the words, with the spaces outside it, line by line. */
export function wrap(text: string, delimiter: string): string {
  return text
    .split('\n')
    .map((part) => {
      const core = part.trim();
      if (!core) return part ? ' ' : '';
      const lead = /^\s/.test(part) ? ' ' : '';
      const trail = /\s$/.test(part) ? ' ' : '';
      return `${lead}${delimiter}${core}${delimiter}${trail}`;
    })
    .join('\n');
}
