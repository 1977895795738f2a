/** Characters of a caller's value that an error message quotes; the rest is counted, not echoed. */
export const QUOTE_CHARS = 80;

/** A value quoted for a message: JSON-escaped (so it stays on one line), cut to `max` characters with the length said. */
export function quote(value: string, max = QUOTE_CHARS): string {
  if (value.length <= max) return JSON.stringify(value);
  return `${JSON.stringify(value.slice(0, max))}… (${value.length} characters)`;
}

/** Text cut to `max` characters with an ellipsis, for titles and URLs in lists. */
export function shorten(value: string, max: number): string {
  return value.length <= max ? value : `${value.slice(0, max)}… (${value.length} characters)`;
}

/**
 * One line of untrusted text: line breaks and other control characters are escaped, so text a
 * page logs can never pose as another entry of a list.
 */
export function oneLine(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029]/g, (char) => {
    if (char === '\n') return '\\n';
    if (char === '\r') return '\\r';
    if (char === '\t') return '\\t';
    return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}
