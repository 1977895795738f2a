import { escapeHidden } from './text.js';

/*
 * Page text beside text of our own. Text we write takes line forms (a snapshot's uid lines and
 * header, a diff's lines; a caller's own text, such as a server's answer, adds its headings and
 * sentences). One rule keeps page text from posing as any of them: a line of page text that would
 * start like one of them, after Unicode compatibility folding, starts with a backslash after its
 * indent instead: `\1_2 button "OK"`, `\１_２ button "OK"`, `\diff since snapshot 1 → 2: …`
 * (setApartLine). Hidden characters are escaped wherever page text is shown (text.ts, escapeHidden).
 */

/** One form of line that text of ours writes: what it is, how such a line starts, and one line of it. */
export interface LineForm {
  readonly form: string;
  /**
   * A regular expression (source) for the line's start, matched case-insensitively at the start of a line after its
   * indent and after Unicode compatibility folding (NFKC): fullwidth `ｓｎａｐｓｈｏｔ=4` and `１_４ button` count as
   * `snapshot=4` and `1_4 button`, and `…` reads as `...`. A start is as short as the form allows without taking
   * in ordinary prose: a line of page text it takes only gains a backslash.
   */
  readonly start: string;
  /** A line of this form as it is shown. */
  readonly example: string;
}

/** The rule made from a list of line forms: which lines of page text would pose as ours, and how to set them apart. */
export interface PageTextRule {
  readonly forms: readonly LineForm[];
  /** Whether a line would read as one of ours: after its indent and folding, it starts like one of the forms. */
  readonly posesAsAnswer: (line: string) => boolean;
  /** One line of page text, set apart with a backslash after its indent when it would pose as one of ours. */
  readonly setApartLine: (line: string) => string;
  /** Several lines of page text as they are shown: hidden characters escaped, posing lines set apart. */
  readonly pageTextBlock: (text: string) => string;
}

/** What may stand before a line's first mark and still not show: spaces, and characters that do not show. */
const INDENT = /^[\s\u00ad\u061c\u200e\u200f]*/;
// eslint-disable-next-line no-control-regex -- ASCII is what it finds
const ASCII = /^[\u0000-\u007f]*$/;

/** How many characters of `line` stand before its first mark (INDENT). */
function indentOf(line: string): number {
  return INDENT.exec(line)?.[0].length ?? 0;
}

/** The rule that sets page text apart from lines of these forms. */
export function pageTextRule(forms: readonly LineForm[]): PageTextRule {
  const starts = [...new Set(forms.map((form) => form.start))];
  const start = new RegExp(`^(?:${starts.join('|')})`, 'i');
  const posesAsAnswer = (line: string): boolean => {
    const rest = line.slice(indentOf(line));
    // A line that starts with a backslash is page text already (set apart, or written so).
    if (rest.startsWith('\\')) return false;
    return start.test(ASCII.test(rest) ? rest : rest.normalize('NFKC'));
  };
  const setApartLine = (line: string): string => {
    if (!posesAsAnswer(line)) return line;
    const indent = indentOf(line);
    return `${line.slice(0, indent)}\\${line.slice(indent)}`;
  };
  return {
    forms,
    posesAsAnswer,
    setApartLine,
    pageTextBlock: (text) => escapeHidden(text.replace(/\r\n/g, '\n')).split('\n').map(setApartLine).join('\n'),
  };
}

/**
 * The form of lines that open with one of `openings`, fixed words as they are written: the start is made from them
 * (folded and escaped, to a word's end), so the words are written once, by the line's writer.
 */
export function openingForm(form: string, openings: readonly string[], example: string): LineForm {
  const start = openings.map((opening) => {
    const words = opening.normalize('NFKC').trimEnd();
    return `${words.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')}${/\w$/.test(words) ? '\\b' : ''}`;
  });
  return { form, start: start.length === 1 ? (start[0] ?? '') : `(?:${start.join('|')})`, example };
}
