/**
 * The lines every answer's frame may hold, each written here and nowhere else, with its line form
 * beside it: the headings, notes, the dialog sentence, the page list, the note that the answer was
 * cut or goes on, the line that says only the changes follow, how a navigation ended without a
 * page, and the count line of a list. Also the helpers the tools write their own lines with, so
 * that the words a line opens with are written once, for the line and for its form. answer-forms.ts
 * gathers every form, and the rule that keeps page text from posing as one is built from them.
 */
import type { Dialog, NavigationEnd, PageInfo } from '../firefox/index.js';
// Values from their modules, not the index: an answer is built (and unit-tested) without loading the client.
import { openingForm, type LineForm } from '../firefox/util/set-apart.js';
import { formatCount, type TextPage } from '../firefox/util/text-page.js';
import { oneLine, quote, shorten } from '../firefox/util/text.js';

/** Writes one kind of answer line, and carries that line's form. */
export interface LineWriter<A extends unknown[]> {
  (...args: A): string;
  readonly form: LineForm;
}

/**
 * A writer of lines that open with fixed words (`opening`) followed by what `rest` makes of its arguments, and the form
 * of those lines: its start made from the words, its example written by the writer itself from `sample`.
 */
export function lineWriter<A extends unknown[]>(
  form: string,
  opening: string,
  rest: (...args: A) => string,
  sample: A,
): LineWriter<A> {
  const write = (...args: A): string => `${opening}${rest(...args)}`;
  return Object.assign(write, { form: openingForm(form, [opening], write(...sample)) });
}

/** An answer's heading: `# click response`. */
export function responseHeading(tool: string): string {
  return `# ${tool} response`;
}

/** A section's heading: `## Open dialog`. */
export function sectionHeading(title: string): string {
  return `## ${title}`;
}

/** A note the client left for the next answer. */
export const noteLine = lineWriter('note', 'Note: ', (note: string) => oneLine(shorten(note, 1000)), [
  'Firefox had closed and was started again; uids from before are gone.',
]);

/** Describes a dialog the way a model should act on it. */
export function dialogLine(dialog: Pick<Dialog, 'type' | 'message' | 'defaultValue'>): string {
  const prompt = dialog.type === 'prompt' ? ` (default value ${quote(dialog.defaultValue ?? '', 200)})` : '';
  return `${dialog.type === 'alert' ? 'An' : 'A'} ${dialog.type} dialog is open: ${quote(dialog.message, 1000)}${prompt}. Answer it with handle_dialog (accept or dismiss) before anything else on this page.`;
}

/** A page of the page list. */
export function pageLine(page: PageInfo): string {
  const title = page.crashed
    ? '(crashed)'
    : page.unresponsive
      ? '(not responding)'
      : oneLine(shorten(page.title, 200)) || '(no title)';
  return `${page.index}: ${title} (${oneLine(shorten(page.url, 300))}) pageId=${page.pageId}${page.selected ? ' [selected]' : ''}`;
}

/** The last line of an answer longer than `limit` characters, cut there. */
export const cutLine = lineWriter(
  'cut answer',
  '(The answer was cut',
  (limit: number) => ` at ${limit} characters; ask for less, such as a smaller maxChars.)`,
  [48_000],
);

/** The line that tells a reader how much text follows a page and how to ask for it; undefined for a last page. */
export function continuationNote(page: Omit<TextPage, 'text' | 'offset'>): string | undefined {
  if (page.nextOffset === null) return undefined;
  const rest = page.totalChars - page.nextOffset;
  return `… ${formatCount(rest)} more character${rest === 1 ? '' : 's'}${page.midLine ? ' (this page ends mid-line)' : ''}; call again with offset=${page.nextOffset}`;
}

/** Under the changes an action made, when they are shown instead of the whole page. */
export const changesOnlyLine = lineWriter(
  'changes only',
  '(Only what changed',
  () => '; take_snapshot reads the whole page.)',
  [],
);

/** Says how a navigation ended without a new page, and that the page is as it was. */
export function navigationEndLine(end: NavigationEnd): string {
  const url = oneLine(shorten(end.url, 200));
  switch (end.outcome) {
    case 'download':
      return `It started a download of ${quote(end.detail)} from ${url}; the page stayed as it was (the next answer says when the download finishes).`;
    case 'no-content':
      return `It asked for ${url}, which answered ${end.detail}; the page stayed as it was.`;
    case 'aborted':
      return `It asked for ${url}, but no page came (${end.detail}: an answer with nothing to show, such as 204, or a load cancelled); the page stayed as it was.`;
    case 'failed':
      return `It tried to load ${url}, which failed: ${oneLine(shorten(end.detail, 300))}. The page now shows the browser's error page; navigate elsewhere or go back.`;
  }
}

/** What a list calls one item and several (ToolResponse.list). */
export type Noun = readonly [one: string, many: string];

/** The line above a list: "3 console messages.", "No console messages.". */
export function countLine(count: number, [one, many]: Noun): string {
  return count === 0 ? `No ${many}.` : `${count} ${count === 1 ? one : many}.`;
}

/** The forms of a list's count line, for the noun it counts (its words alone: a kind said after them still counts). */
export function countForms([one, many]: Noun): LineForm[] {
  const words = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
  return [
    {
      form: 'list count',
      start: String.raw`\d[\d,]* (?:${words(many)}|${words(one)})\b`,
      example: countLine(3, [one, many]),
    },
    openingForm('empty list', [`No ${many}`], countLine(0, [one, many])),
  ];
}

/** A writer of the line that says a list is empty: "No cookies.", with what `rest` adds before its full stop. */
export function noneLine(many: string): LineWriter<[rest?: string]> {
  return lineWriter('empty list', `No ${many}`, (rest: string = '') => `${rest}.`, []);
}

/** The forms of the frame's lines whose start cannot be made from fixed words. */
export const FRAME_LINE_FORMS: readonly LineForm[] = [
  {
    form: 'heading',
    // An answer's headings (#, ##, a tool's ### parts), and any a reader would take for one.
    start: String.raw`#{1,6}(?:[ \t]|$)`,
    example: responseHeading('click'),
  },
  noteLine.form,
  {
    form: 'dialog',
    start: String.raw`an? (?:[\w-]+ )?dialog (?:is open|opened)\b`,
    example: dialogLine({ type: 'confirm', message: 'Transfer?' }),
  },
  {
    form: 'page list entry',
    start: String.raw`\d+: .*\bpageId=`,
    example: pageLine({ index: 0, pageId: 2, id: '', url: 'https://bank.example/', title: 'Bank', selected: true }),
  },
  cutLine.form,
  {
    form: 'continuation',
    start: String.raw`\.\.\. [\d.,]+[kmg]? more characters?\b`,
    example:
      continuationNote({ totalChars: 323, nextOffset: 38, hasMore: true, truncated: true, midLine: false }) ?? '',
  },
  changesOnlyLine.form,
  {
    form: 'navigation end',
    start: String.raw`it (?:started a download|asked for|tried to load)\b`,
    example: navigationEndLine({ url: 'https://bank.example/report', outcome: 'no-content', detail: '204' }),
  },
];
