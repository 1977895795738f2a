/** Comparing what was put into an editor with the text it shows. */
import { quote } from '../../util/text.js';

/**
 * The lines of a text as an editor shows them: line breaks of any kind as one, no-break spaces
 * as spaces, invisible fillers dropped, trailing spaces and blank lines ignored (editors render
 * paragraphs and empty lines with breaks of their own, which innerText reports as extra lines).
 */
export function editorLines(text: string): string[] {
  return text
    .replace(/\r\n?|\u2028|\u2029/g, '\n')
    .replace(/\u00a0/g, ' ')
    .replace(/[\u200b\u2060\ufeff]/g, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line !== '');
}

/**
 * Where the editor's text (`held`, its innerText) first differs from what was put in; undefined when it is the same.
 */
export function textDifference(wanted: string, held: string): string | undefined {
  const want = editorLines(wanted);
  const have = editorLines(held);
  const count = Math.max(want.length, have.length);
  for (let index = 0; index < count; index++) {
    const expected = want[index];
    const actual = have[index];
    if (expected === actual) continue;
    if (actual === undefined) return `it ends before non-blank line ${index + 1} (${quote(expected ?? '')})`;
    if (expected === undefined)
      return `non-blank line ${index + 1} is ${quote(actual)}, after the end of the text given`;
    return `non-blank line ${index + 1} is ${quote(actual)} where the text given has ${quote(expected)}`;
  }
  return undefined;
}
