import { z } from 'zod';
import { continuationNote, formatFindResult, formatSnapshotText } from '../../firefox/index.js';
import { pageTool } from '../tool.js';
import { uid } from './schemas.js';

export const takeSnapshot = pageTool({
  name: 'take_snapshot',
  description:
    'Take a text snapshot of the selected page (frames and shadow DOM included): one line per element a person can see or use, starting with its uid (like 3_12) that the input tools take; a link inside running text shows as [words](uid=3_14), a row of plain cells as one line (cells parted by |), a plain list item as a bullet (3_15 - words). Prefer it to a screenshot. Uids stay valid until the page navigates.',
  category: 'snapshot',
  readOnly: true,
  paged: 'offset',
  schema: {
    verbose: z.boolean().optional().describe("Also show where each name came from, each element's box (x,y,width,height) and zone. Default false."),
    viewport: z.boolean().optional().describe('Only what is in the viewport now, with how much lies above and below. Default false.'),
    layers: z.array(z.string()).optional().describe('Only these named layers (configured with --layer); [] for the whole page.'),
    compress: z.boolean().optional().describe('Collapse long runs of identical rows or items into one line each (default: the server setting).'),
    root: z.string().optional().describe('Only the subtree under this uid.'),
    since: z.number().int().positive().optional().describe('Only what changed since this snapshot id (added, removed, changed elements).'),
    filePath: z.string().optional().describe('Save the snapshot to this file (in the output directory when relative) instead of returning it.'),
  },
  handler: async ({ verbose, viewport, layers, compress, root, since, filePath }, { page, options, files }, response) => {
    const snapshot = await page.takeSnapshot({
      compress: compress ?? options.compress,
      ...(viewport === undefined ? {} : { viewport }),
      ...(layers === undefined ? {} : { layers }),
      ...(root === undefined ? {} : { root }),
      ...(since === undefined ? {} : { since }),
    });
    const text = verbose && since === undefined ? formatSnapshotText(snapshot, { verbose: true }) : snapshot.text;
    response.structured('snapshotId', snapshot.id).structured('url', snapshot.url).structured('title', snapshot.title).structured('observation', snapshot.observation);
    if (snapshot.viewportInfo) response.structured('viewport', snapshot.viewportInfo);
    if (filePath !== undefined) {
      const target = files.write(filePath, `${text}\n`);
      response.line(`Saved snapshot ${snapshot.id} (${snapshot.stats.kept} elements, ${text.length} characters) to ${target}.`).structured('filePath', target);
      return;
    }
    response.line(since === undefined ? '## Page snapshot' : '## Changes').text(text);
  },
});

export const findInPage = pageTool({
  name: 'find_in_page',
  description: 'Find elements whose name, text, value or link matches a text (or a regular expression), with their uids and where they sit, whether or not a compressed snapshot shows them.',
  category: 'snapshot',
  readOnly: true,
  schema: {
    query: z.string().min(1).describe('Text to look for (case-insensitive), or a regular expression with regex: true.'),
    regex: z.boolean().optional().describe('Treat query as a regular expression. Default false.'),
    limit: z.number().int().positive().max(1000).optional().describe('The most matches to list (default 50).'),
  },
  handler: async ({ query, regex, limit }, { page }, response) => {
    const found = await page.findInPage(query, { ...(regex === undefined ? {} : { regex }), ...(limit === undefined ? {} : { limit }) });
    response.line(formatFindResult(found, query)).structured('matches', found.matches).structured('total', found.total);
  },
});

export const resolveUidToSelector = pageTool({
  name: 'resolve_uid_to_selector',
  description: 'Give a ready locator path for the element with this uid: a CSS selector inside its root, with its shadow-host and frame chains (joined by >> for Playwright).',
  category: 'snapshot',
  readOnly: true,
  schema: { uid },
  handler: async ({ uid: target }, { page }, response) => {
    const found = await page.resolveUidToSelector(target);
    response.line(found.full).structured('selector', found.selector).structured('shadowHosts', found.shadowHosts).structured('frames', found.frames).structured('full', found.full);
  },
});

export const scrollPage = pageTool({
  name: 'scroll_page',
  description: 'Scroll the page (or a scrollable container) with the mouse wheel, wait until it rests, and return a snapshot of what is in the viewport then.',
  category: 'snapshot',
  readOnly: false,
  paged: 'budget',
  schema: {
    direction: z.enum(['up', 'down', 'left', 'right']).describe('Which way to scroll.'),
    screens: z.number().positive().max(20).optional().describe('How far, in screens (default 0.75).'),
    uid: z.string().optional().describe('A scrollable container to scroll instead of the page.'),
  },
  handler: async ({ direction, screens, uid: container }, { page }, response) => {
    const result = await page.scroll({ direction, ...(screens === undefined ? {} : { screens }), ...(container === undefined ? {} : { uid: container }) });
    response.line(`${result.action}${result.atEnd ? '; reached the end' : ''}.`);
    if (result.incomplete) response.line('The page was still scrolling when the wait ended (incomplete); the snapshot may be mid-way.');
    response.structured('moved', result.moved).structured('atEnd', result.atEnd).structured('incomplete', result.incomplete);
    response.line('## Viewport snapshot').text(result.snapshot.text);
  },
});

export const getPageMarkdown = pageTool({
  name: 'get_page_markdown',
  description:
    'The selected page as deterministic Markdown (the same page gives the same bytes): view "document" is clean reading text; view "agent" keeps uids and inline controls with their state and value. Page headings start at ###; a line starting with \\ is page text set apart from the answer\'s own.',
  category: 'snapshot',
  readOnly: true,
  paged: 'offset',
  schema: {
    view: z.enum(['document', 'agent']).optional().describe('"document" (default): clean reading text; "agent": with uids and controls.'),
  },
  handler: async ({ view }, { page }, response) => {
    // The page's own pager cuts the Markdown (it knows where a line of it may break); the call's window says where.
    const markdown = await page.getPageMarkdown({ ...(view === undefined ? {} : { view }), ...response.window });
    response.line(markdown.markdown);
    const note = continuationNote({ ...markdown, text: markdown.markdown });
    if (note) response.line(note);
    // The Markdown is already one page of maxChars: structured content carries it whole, like the text.
    const { markdown: text, ...paging } = markdown;
    response.pagedText('markdown', text);
    for (const [key, value] of Object.entries(paging)) response.structured(key, value);
  },
});

export const snapshotTools = [takeSnapshot, findInPage, resolveUidToSelector, scrollPage, getPageMarkdown];
