/**
 * The forms a secret takes on its way through pages and protocols: a form sends it URL- or
 * form-encoded, a script logs it JSON-escaped, a template HTML-escapes it, a header carries it
 * in base64. Masking only the value as typed would let every one of those through.
 */
import { escapeHidden, jsonString, oneLine } from '../util/text.js';

/** Below this many characters, a base64 run is too short to say it came from a secret. */
const MIN_BASE64_RUN = 8;

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function htmlEscape(value: string, characters: RegExp, apostrophe = '&#39;'): string {
  return value.replace(characters, (char) => (char === "'" ? apostrophe : (HTML_ENTITIES[char] ?? char)));
}

/** `application/x-www-form-urlencoded`, as a form or URLSearchParams sends it (space as +). */
function formEncode(value: string): string {
  return new URLSearchParams([['', value]]).toString().slice(1);
}

/** How a URL parser leaves the value in a query or a path it was typed into. */
function urlPartForms(value: string): string[] {
  try {
    const url = new URL('http://h/p');
    url.search = value;
    const query = url.search.slice(1);
    url.pathname = `/${value}`;
    url.hash = value;
    return [query, url.pathname.slice(1), url.hash.slice(1)];
  } catch {
    return [];
  }
}

/** JSON with every non-ASCII character as \uXXXX, as Python's json.dumps and others write it. */
function asciiJson(value: string): string {
  return JSON.stringify(value)
    .slice(1, -1)
    .replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Percent-escapes with lower-case hex digits, which some encoders write. */
function lowerHex(value: string): string {
  return value.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase());
}

/**
 * The base64 runs that appear whenever the value is encoded, wherever it starts in the encoded
 * bytes (`Basic base64(user:password)` puts the password at any of three alignments): for each,
 * the characters that depend on the value's bytes alone.
 */
function base64Runs(value: string): string[] {
  const bytes = Buffer.from(value, 'utf8');
  const runs: string[] = [bytes.toString('base64')];
  for (const offset of [0, 1, 2]) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes])
      .toString('base64')
      .replace(/=+$/, '');
    // Characters that mix in the bytes before the value, or the unknown bytes after it, are left out.
    const first = [0, 2, 3][offset] ?? 0;
    const last = Math.floor(((offset + bytes.length) * 8) / 6);
    const run = encoded.slice(first, last);
    if (run.length >= MIN_BASE64_RUN) runs.push(run);
  }
  return runs.flatMap((run) => [run, run.replace(/\+/g, '-').replace(/\//g, '_')]);
}

/**
 * As CSS.escape writes the value in a selector's id or class (`button#Hunter2\.Pass`): CSSOM's
 * serialize-an-identifier, at the start of the identifier and (`inner`) after other characters.
 */
function cssIdentifier(value: string, inner: boolean): string {
  let out = '';
  for (let index = 0; index < value.length; index++) {
    const char = value.charAt(index);
    const code = value.charCodeAt(index);
    const digit = code >= 0x30 && code <= 0x39;
    const leading = !inner && (index === 0 || (index === 1 && value.charAt(0) === '-'));
    if (code === 0) out += '\uFFFD';
    else if (code <= 0x1f || code === 0x7f || (leading && digit)) out += `\\${code.toString(16)} `;
    else if (!inner && index === 0 && value === '-') out += '\\-';
    else if (code >= 0x80 || char === '-' || char === '_' || digit || /[A-Za-z]/.test(char)) out += char;
    else out += `\\${char}`;
  }
  return out;
}

/** Every distinct form of `value` to mask, longest first (so a longer form is never masked in part). */
export function secretForms(value: string): string[] {
  const json = JSON.stringify(value).slice(1, -1);
  const percent = encodeURIComponent(value);
  const forms = [
    value,
    percent,
    formEncode(value),
    percent.replace(/%20/g, '+'),
    encodeURI(value),
    encodeURIComponent(percent),
    ...urlPartForms(value),
    json,
    // As answers show page text: hidden characters escaped, on one line (text.ts).
    escapeHidden(value),
    oneLine(value),
    jsonString(value).slice(1, -1),
    asciiJson(value),
    json.replace(/\//g, '\\/'),
    JSON.stringify(json).slice(1, -1),
    value.replace(/[\\']/g, (char) => `\\${char}`),
    htmlEscape(value, /[&<>"']/g),
    htmlEscape(value, /[&<>"']/g, '&#x27;'),
    htmlEscape(value, /[&<>"']/g, '&apos;'),
    htmlEscape(value, /[&<>]/g),
    ...base64Runs(value),
    cssIdentifier(value, false),
    cssIdentifier(value, true),
  ];
  const withLowerHex = forms.flatMap((form) => [form, lowerHex(form)]);
  return [...new Set(withLowerHex)].filter((form) => form.length > 0).sort((a, b) => b.length - a.length);
}
