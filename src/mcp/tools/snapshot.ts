import { z } from 'zod';
import { formatFindResult, formatSnapshotText } from '../../firefox/index.js';
import { actionLine } from '../action-line.js';
import { continuationNote, lineWriter } from '../answer-frame.js';
import { pageTool } from '../tool.js';
import { uid } from './schemas.js';

/** What a snapshot saved to a file holds (hand-written: the line opens with the file's path). */
function savedLine(path: string, id: number, elements: number, uids: number, characters: number): string {
  return `${path}: snapshot ${id}, ${elements} elements, ${uids} uids, ~${tokensOf(characters)} tokens (${characters} characters).`;
}
/** An estimate at 4 characters a token, so the server needs no tokenizer. */
const tokensOf = (characters: number): number => Math.ceil(characters / 4);
const selectorLine = lineWriter(
  'selector',
  'Selector for uid=',
  (target: string, full: string) => `${target}: ${full}`,
  ['1_9', 'button#go'],
);
const stillScrolling = lineWriter(
  'scroll',
  'The page was still scrolling',
  () => ' when the wait ended (incomplete); the snapshot may be mid-way.',
  [],
);

export const takeSnapshot = pageTool({
  name: 'take_snapshot',
  description:
    'Text snapshot of the page (frames, shadow DOM included): a line per element a person can see or use, led ' +
    'by its uid (3_12) for the input tools; [words](uid=3_14) is a link in text, cells parted by | a table row (its controls in place as [3_16 checkbox …]), 3_15 - words a list item. Prefer it to screenshots. Uids last until the page navigates.',
  category: 'snapshot',
  readOnly: true,
  fileArgs: ['filePath'],
  paged: 'offset',
  lines: [
    {
      form: 'snapshot saved',
      start: String.raw`\S.*: snapshot \d+, \d+ elements\b`,
      example: savedLine('out/page.txt', 3, 40, 12, 1200),
    },
  ],
  schema: {
    verbose: z.boolean().optional().describe('Also name sources, boxes and zones.'),
    viewport: z.boolean().optional().describe('Only the viewport, and what lies beyond it.'),
    layers: z.array(z.string()).optional().describe('Only these --layer layers; [] for the whole page.'),
    compress: z
      .boolean()
      .optional()
      .describe('Collapse long runs of identical rows or items (default: server setting).'),
    root: z.string().optional().describe('Only the subtree under this uid.'),
    since: z.number().int().positive().optional().describe('Only what changed since this snapshot id.'),
    filePath: z.string().optional().describe('Save to this file instead (relative: in the output directory).'),
  },
  handler: async (
    { verbose, viewport, layers, compress, root, since, filePath },
    { page, options, files },
    response,
  ) => {
    const snapshot = await page.takeSnapshot({
      compress: compress ?? options.compress,
      ...(viewport === undefined ? {} : { viewport }),
      ...(layers === undefined ? {} : { layers }),
      ...(root === undefined ? {} : { root }),
      ...(since === undefined ? {} : { since }),
    });
    const text = verbose && since === undefined ? formatSnapshotText(snapshot, { verbose: true }) : snapshot.text;
    response
      .structured('snapshotId', snapshot.id)
      .structured('url', snapshot.url)
      .structured('title', snapshot.title)
      .structured('observation', snapshot.observation);
    if (snapshot.viewportInfo) response.structured('viewport', snapshot.viewportInfo);
    if (filePath !== undefined) {
      const target = files.write(filePath, `${text}\n`);
      // Uids lead element lines or sit in links' (uid=…); an unchanged page keeps an earlier snapshot's.
      const uids = new Set(text.match(/(?<=^[\s+~]*|\(uid=)\d+_\d+\b/gm)).size;
      response
        .line(savedLine(target, snapshot.id, snapshot.stats.kept, uids, text.length))
        .structured('filePath', target)
        .structured('uids', uids)
        .structured('estimatedTokens', tokensOf(text.length));
      return;
    }
    response.reading(since === undefined ? 'Page snapshot' : 'Changes', text);
  },
});

export const findInPage = pageTool({
  name: 'find_in_page',
  description:
    'Find elements whose name, text, value or link matches text or a regex, with uids and where they sit (even ' +
    'ones a compressed snapshot hides).',
  category: 'snapshot',
  readOnly: true,
  schema: {
    query: z.string().min(1).describe('Text (case-insensitive), or a regex with regex: true.'),
    regex: z.boolean().optional().describe('query is a regular expression.'),
    limit: z.number().int().positive().max(1000).optional().describe('Most matches (default 50).'),
  },
  handler: async ({ query, regex, limit }, { page }, response) => {
    const found = await page.findInPage(query, {
      ...(regex === undefined ? {} : { regex }),
      ...(limit === undefined ? {} : { limit }),
    });
    response.line(formatFindResult(found, query)).structured('matches', found.matches).structured('total', found.total);
  },
});

export const resolveUidToSelector = pageTool({
  name: 'resolve_uid_to_selector',
  description:
    'A locator for the element with this uid: CSS selector in its root, with shadow-host and frame chains ' +
    '(joined by >> for Playwright).',
  category: 'snapshot',
  readOnly: true,
  lines: [selectorLine.form],
  schema: { uid },
  handler: async ({ uid: target }, { page }, response) => {
    const found = await page.resolveUidToSelector(target);
    response
      .line(selectorLine(target, found.full))
      .structured('selector', found.selector)
      .structured('shadowHosts', found.shadowHosts)
      .structured('frames', found.frames)
      .structured('full', found.full);
  },
});

export const scrollPage = pageTool({
  name: 'scroll_page',
  description:
    'Scroll the page or a container with the mouse wheel until it rests, or straight to its start, end or item ' +
    'N; returns what it shows then and where it stands.',
  category: 'snapshot',
  readOnly: false,
  paged: 'budget',
  lines: [stillScrolling.form],
  schema: {
    direction: z
      .enum(['up', 'down', 'left', 'right'])
      .optional()
      .describe('Which way to turn the wheel (or give `to`).'),
    to: z
      .union([z.enum(['start', 'end']), z.number().int().positive()])
      .optional()
      .describe(
        'Go straight there instead: "start", "end", or item N (from 1) of a list or grid that numbers its items.',
      ),
    screens: z.number().positive().max(20).optional().describe('How far in screens (default 0.75).'),
    uid: z
      .string()
      .optional()
      .describe(
        "Scroll what a wheel over this element moves (its list, an overlay's list, the container around it) " +
          'instead of the page.',
      ),
  },
  handler: async ({ direction, to, screens, uid: container }, { page }, response) => {
    const result = await page.scroll({
      ...(direction === undefined ? {} : { direction }),
      ...(to === undefined ? {} : { to }),
      ...(screens === undefined ? {} : { screens }),
      ...(container === undefined ? {} : { uid: container }),
    });
    response.line(`${actionLine(result)}${result.atEnd ? '; it did not move: it is at its end' : ''}.`);
    if (result.incomplete) response.line(stillScrolling());
    response
      .structured('moved', result.moved)
      .structured('atEnd', result.atEnd)
      .structured('incomplete', result.incomplete);
    if (result.container) response.structured('container', result.container.place);
    response.reading('Viewport snapshot', result.snapshot.text);
  },
});

export const getPageMarkdown = pageTool({
  name: 'get_page_markdown',
  description:
    'The page as deterministic Markdown: view "document" is clean reading text, "agent" keeps uids and controls with state and value. Page headings start at ###; a line starting with \\ is page text.',
  category: 'snapshot',
  readOnly: true,
  paged: 'offset',
  schema: {
    view: z.enum(['document', 'agent']).optional().describe('Default document.'),
  },
  handler: async ({ view }, { page, pageText }, response) => {
    // The page's own pager cuts the Markdown (it knows where a line of it may break); the call's window says where.
    // Its text is kept from posing as any line of an answer.
    const markdown = await page.getPageMarkdown({
      ...(view === undefined ? {} : { view }),
      ...response.window,
      answerLines: pageText.forms,
    });
    response.line(markdown.markdown);
    const note = continuationNote(markdown);
    if (note) response.line(note);
    // The Markdown is already one page of maxChars: structured content carries it whole, like the text.
    const { markdown: text, ...paging } = markdown;
    response.pagedText('markdown', text);
    for (const [key, value] of Object.entries(paging)) response.structured(key, value);
  },
});

export const snapshotTools = [takeSnapshot, findInPage, resolveUidToSelector, scrollPage, getPageMarkdown];
