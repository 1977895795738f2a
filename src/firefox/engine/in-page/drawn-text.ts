/**
 * Text as a picture shows it, for finding a secret there: characters that draw nothing (a soft
 * hyphen, zero-width spaces and joiners, bidi controls) are left out, and case is folded, since
 * text-transform and small caps change only case (a secret's case variant gives it away too).
 * Each drawn character remembers the piece and offset it came from, so a secret found in the
 * drawn text is covered where its characters are.
 */

/**
 * Characters no glyph is drawn for (a soft hyphen shows only at a line break, where the secret is split anyway), as
 * code point ranges.
 */
const INVISIBLE_RANGES: readonly [number, number][] = [
  [0xad, 0xad],
  [0x34f, 0x34f],
  [0x61c, 0x61c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x206f],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
];
const INVISIBLE_CLASS = `[${INVISIBLE_RANGES.map(([from, to]) => `\\u{${from.toString(16)}}-\\u{${to.toString(16)}}`).join('')}]`;
const INVISIBLE = new RegExp(INVISIBLE_CLASS, 'gu');
const HAS_INVISIBLE = new RegExp(INVISIBLE_CLASS, 'u');

const fold = (text: string): string => text.toUpperCase().toLowerCase();

/** `text` as it is searched: invisible characters out, case folded. */
export const drawn = (text: string): string => fold(text.replace(INVISIBLE, ''));

const reversed = (text: string): string => Array.from(text).reverse().join('');

/** What a picture must not show, as drawn text is searched. */
export interface Wanted {
  /**
   * The secrets' forms, folded, and each backwards: a right-to-left override (<bdo dir="rtl">) draws the DOM's text
   * reversed.
   */
  forms: string[];
  /** The characters of each form: text without one of them cannot show it, in whatever order it is drawn. */
  formChars: string[][];
  /** Credential shapes, ignoring case. */
  shapes: RegExp[];
}

export function wantedOf(forms: readonly string[], shapes: readonly string[]): Wanted {
  const folded = [...new Set(forms.map(drawn).filter((form) => form.length > 0))];
  return {
    forms: [...new Set([...folded, ...folded.map(reversed)])],
    formChars: folded.map((form) => [...new Set(form)]),
    shapes: shapes.map((source) => new RegExp(source, 'gi')),
  };
}

/**
 * Where in drawn `text` a secret's form or a credential's shape runs: [start, end] pairs. Forms
 * are found backwards too; shapes only when the text may be drawn `backwards` (reversing every
 * text to search it again doubled the cost of a reading).
 */
export function runs(text: string, wanted: Wanted, backwards = false): [number, number][] {
  const found: [number, number][] = [];
  for (const form of wanted.forms) {
    for (let at = text.indexOf(form); at !== -1; at = text.indexOf(form, at + 1)) found.push([at, at + form.length]);
  }
  for (const shape of wanted.shapes)
    for (const match of text.matchAll(shape)) found.push([match.index, match.index + match[0].length]);
  if (!backwards || wanted.shapes.length === 0) return found;
  const reversedText = text.split('').reverse().join('');
  for (const shape of wanted.shapes) {
    for (const match of reversedText.matchAll(shape))
      found.push([text.length - match.index - match[0].length, text.length - match.index]);
  }
  return found;
}

/** Whether drawn `text` shows a secret. */
export const shows = (text: string, wanted: Wanted): boolean => runs(drawn(text), wanted).length > 0;

/** Whether `text` (drawn) holds every character of some form: only then can a reordering of it draw one. */
export const mayHoldForm = (text: string, wanted: Wanted): boolean =>
  wanted.formChars.some((form) => form.every((char) => text.includes(char)));

/** The drawn text of several pieces in a row, and which piece and offset each of its characters came from. */
export class DrawnText {
  text = '';
  /**
   * Per piece added: where it starts in text, and, when not one character for one, each character's offset in the
   * piece.
   */
  readonly #parts: { start: number; piece: number; offsets?: number[] }[] = [];

  add(source: string, piece: number, backwards = false): void {
    const start = this.text.length;
    const plain = fold(source);
    if (plain.length === source.length && !backwards && !HAS_INVISIBLE.test(source)) {
      this.text += plain;
      this.#parts.push({ start, piece });
      return;
    }
    const offsets: number[] = [];
    const chars: string[] = [];
    for (let offset = 0; offset < source.length; offset++) {
      for (const char of drawn(source.charAt(offset))) {
        chars.push(char);
        offsets.push(offset);
      }
    }
    if (backwards) {
      chars.reverse();
      offsets.reverse();
    }
    this.text += chars.join('');
    this.#parts.push({ start, piece, offsets });
  }

  /** The pieces a run of text covers, each with the span of its own characters in it: [piece, from, to]. */
  sources(start: number, end: number): [number, number, number][] {
    const spans = new Map<number, [number, number]>();
    for (let index = 0; index < this.#parts.length; index++) {
      const part = this.#parts[index] as { start: number; piece: number; offsets?: number[] };
      const next = this.#parts[index + 1]?.start ?? this.text.length;
      if (next <= start || part.start >= end) continue;
      for (let at = Math.max(start, part.start); at < Math.min(end, next); at++) {
        const offset = part.offsets ? (part.offsets[at - part.start] ?? 0) : at - part.start;
        const span = spans.get(part.piece);
        spans.set(part.piece, span ? [Math.min(span[0], offset), Math.max(span[1], offset + 1)] : [offset, offset + 1]);
      }
    }
    return [...spans].map(([piece, [from, to]]) => [piece, from, to]);
  }
}
