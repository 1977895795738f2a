import { z } from 'zod';
import { InvalidArgumentError, openingForm, type NavigationResult } from '../../firefox/index.js';
import { lineWriter, navigationEndLine } from '../answer-frame.js';
import { userContextTool, pageTool } from '../tool.js';

/** A page's line once it is opened or selected: its index and URL (the page list below gives every title). */
const pageAt = (index: number, url: string): string => `${index}: ${url}`;
const openedLine = lineWriter('browser state', 'Opened page ', pageAt, [1, 'https://bank.example/']);
const selectedLine = lineWriter('browser state', 'Selected page ', pageAt, [0, 'https://bank.example/']);
const closedLine = lineWriter('browser state', 'Closed page ', (index: number) => `${index}.`, [1]);
/** How a navigation's line opens, by its kind. */
const WENT = { url: 'Navigated', reload: 'Reloaded', back: 'Went back', forward: 'Went forward' } as const;
const wentLine = (kind: keyof typeof WENT, url: string): string => `${WENT[kind]} to ${url}.`;
const heldLine = lineWriter(
  'dialog',
  'A dialog opened before ',
  (what: string, url: string) =>
    `${what} finished; the page is at ${url} for now, and the rest waits for the dialog's answer.`,
  ['the reload', 'https://bank.example/'],
);
const noPageLine = lineWriter(
  'navigation',
  'No new page loaded. ',
  (ended: string, url: string) => `${ended} The page is still at ${url}.`,
  ['It asked for https://bank.example/empty, which answered 204; the page stayed as it was.', 'https://bank.example/'],
);
const foundLine = lineWriter('wait', 'Found ', (found: string) => `${JSON.stringify(found)} on the page.`, ['Done']);
const viewportLine = lineWriter(
  'browser state',
  'The viewport is ',
  (width: number, height: number) => `${width}x${height} now.`,
  [900, 700],
);

const timeout = z.number().int().positive().max(300_000).optional().describe('Max wait in ms (default 30000).');

export const listPages = userContextTool({
  name: 'list_pages',
  description: 'List the open pages (tabs): index, pageId, URL, title, and which is selected.',
  category: 'pages',
  readOnly: true,
  schema: {},
  handler: (_args, _context, response) => {
    response.includePages();
  },
});

export const newPage = userContextTool({
  name: 'new_page',
  description: 'Open a new tab, load a URL and select it.',
  category: 'pages',
  readOnly: false,
  lines: [openedLine.form],
  schema: { url: z.string().describe('The URL to load.'), timeout },
  handler: async ({ url, timeout: wait }, { userContext }, response) => {
    const page = await userContext.newPage(url, wait === undefined ? {} : { timeout: wait });
    // The page list below gives every title; this line needs none.
    response.line(openedLine(userContext.indexOf(page.id), page.url ?? url)).includePages();
  },
});

export const selectPage = userContextTool({
  name: 'select_page',
  description: 'Select the page the other tools act on.',
  category: 'pages',
  readOnly: false,
  lines: [selectedLine.form],
  schema: { pageIdx: z.number().int().min(0).describe('Page index from list_pages.') },
  handler: async ({ pageIdx }, { userContext }, response) => {
    const page = await userContext.selectPage(pageIdx);
    response.line(selectedLine(userContext.indexOf(page.id), page.url ?? 'about:blank')).includePages();
  },
});

export const closePage = userContextTool({
  name: 'close_page',
  description: 'Close a page (not the last one).',
  category: 'pages',
  readOnly: false,
  destructive: true,
  lines: [closedLine.form],
  schema: { pageIdx: z.number().int().min(0).describe('Page index from list_pages.') },
  handler: async ({ pageIdx }, { userContext }, response) => {
    await userContext.closePage(pageIdx);
    response.line(closedLine(pageIdx)).includePages();
  },
});

export const navigatePage = pageTool({
  name: 'navigate_page',
  description: 'Load a URL, or go back, forward or reload.',
  category: 'pages',
  readOnly: false,
  lines: [
    openingForm('navigation', Object.values(WENT), wentLine('url', 'https://bank.example/done')),
    heldLine.form,
    noPageLine.form,
  ],
  schema: {
    type: z.enum(['url', 'back', 'forward', 'reload']).optional().describe('Default url when a url is given.'),
    url: z.string().optional().describe('For type url.'),
    timeout,
  },
  handler: async ({ type, url, timeout: wait }, { page }, response) => {
    const kind = type ?? (url === undefined ? undefined : 'url');
    const options = wait === undefined ? {} : { timeout: wait };
    if (kind === undefined)
      throw new InvalidArgumentError('navigate_page needs a url, or type back, forward or reload.');
    if (kind !== 'url' && url !== undefined)
      throw new InvalidArgumentError(`url is only for type "url"; for "${kind}" leave it out.`);
    if (kind === 'url' && url === undefined) throw new InvalidArgumentError('type "url" needs a url.');
    const result: NavigationResult =
      kind === 'url'
        ? await page.navigate(url ?? '', options)
        : kind === 'back'
          ? await page.goBack(options)
          : kind === 'forward'
            ? await page.goForward(options)
            : await page.reload(options);
    // A dialog that opened on the way (an alert while loading, a beforeunload prompt) holds the navigation.
    const dialog = result.dialog !== undefined;
    const ended = result.ended;
    if (ended) {
      // A download or an empty answer: no new page came, and the answer must not say it navigated.
      response
        .line(ended.outcome === 'failed' ? navigationEndLine(ended) : noPageLine(navigationEndLine(ended), result.url))
        .structured('url', result.url)
        .structured('navigationEnded', ended);
      return;
    }
    const what = kind === 'url' ? `the navigation to ${url ?? ''}` : kind === 'reload' ? 'the reload' : `going ${kind}`;
    response.line(dialog ? heldLine(what, result.url) : wentLine(kind, result.url));
    response.structured('url', result.url);
  },
});

export const waitFor = pageTool({
  name: 'wait_for',
  description: 'Wait until any of the texts appears on the page (its text, same-origin frames, field values).',
  category: 'pages',
  readOnly: true,
  lines: [foundLine.form],
  schema: {
    text: z.array(z.string().min(1)).min(1).describe('Texts; the first to appear ends the wait.'),
    timeout: z.number().int().positive().max(300_000).optional().describe('Max wait in ms (default 10000).'),
  },
  handler: async ({ text, timeout: wait }, { page, signal }, response) => {
    const found = await page.waitForText(text, { signal, ...(wait === undefined ? {} : { timeout: wait }) });
    response.line(foundLine(found)).structured('found', found);
  },
});

export const resizePage = pageTool({
  name: 'resize_page',
  description: "Resize the selected page's viewport.",
  category: 'emulation',
  readOnly: false,
  lines: [viewportLine.form],
  schema: {
    width: z.number().int().min(1).max(10_000).describe('Viewport width in CSS pixels.'),
    height: z.number().int().min(1).max(10_000).describe('Viewport height in CSS pixels.'),
  },
  handler: async ({ width, height }, { page }, response) => {
    await page.setViewport(width, height);
    response.line(viewportLine(width, height));
  },
});

export const pageTools = [listPages, newPage, selectPage, closePage, navigatePage, waitFor, resizePage];
