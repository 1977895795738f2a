import { z } from 'zod';
import { InvalidArgumentError, type NavigationResult } from '../../firefox/index.js';
import { navigationEndLine } from '../response.js';
import { userContextTool, pageTool } from '../tool.js';

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
  schema: { url: z.string().describe('The URL to load.'), timeout },
  handler: async ({ url, timeout: wait }, { userContext }, response) => {
    const page = await userContext.newPage(url, wait === undefined ? {} : { timeout: wait });
    // The page list below gives every title; this line needs none.
    response.line(`Opened page ${userContext.indexOf(page.id)}: ${page.url ?? url}`).includePages();
  },
});

export const selectPage = userContextTool({
  name: 'select_page',
  description: 'Select the page the other tools act on.',
  category: 'pages',
  readOnly: false,
  schema: { pageIdx: z.number().int().min(0).describe('Page index from list_pages.') },
  handler: async ({ pageIdx }, { userContext }, response) => {
    const page = await userContext.selectPage(pageIdx);
    response.line(`Selected page ${userContext.indexOf(page.id)}: ${page.url ?? 'about:blank'}`).includePages();
  },
});

export const closePage = userContextTool({
  name: 'close_page',
  description: 'Close a page (not the last one).',
  category: 'pages',
  readOnly: false,
  destructive: true,
  schema: { pageIdx: z.number().int().min(0).describe('Page index from list_pages.') },
  handler: async ({ pageIdx }, { userContext }, response) => {
    await userContext.closePage(pageIdx);
    response.line(`Closed page ${pageIdx}.`).includePages();
  },
});

export const navigatePage = pageTool({
  name: 'navigate_page',
  description: 'Load a URL, or go back, forward or reload.',
  category: 'pages',
  readOnly: false,
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
        .line(
          ended.outcome === 'failed'
            ? navigationEndLine(ended)
            : `No new page loaded. ${navigationEndLine(ended)} The page is still at ${result.url}.`,
        )
        .structured('url', result.url)
        .structured('navigationEnded', ended);
      return;
    }
    response.line(
      dialog
        ? `A dialog opened before ${kind === 'url' ? `the navigation to ${url ?? ''}` : kind === 'reload' ? 'the reload' : `going ${kind}`} finished; the page is at ${result.url} for now, and the rest waits for the dialog's answer.`
        : `${kind === 'url' ? 'Navigated' : kind === 'reload' ? 'Reloaded' : `Went ${kind}`} to ${result.url}.`,
    );
    response.structured('url', result.url);
  },
});

export const waitFor = pageTool({
  name: 'wait_for',
  description: 'Wait until any of the texts appears on the page (its text, same-origin frames, field values).',
  category: 'pages',
  readOnly: true,
  schema: {
    text: z.array(z.string().min(1)).min(1).describe('Texts; the first to appear ends the wait.'),
    timeout: z.number().int().positive().max(300_000).optional().describe('Max wait in ms (default 10000).'),
  },
  handler: async ({ text, timeout: wait }, { page, signal }, response) => {
    const found = await page.waitForText(text, { signal, ...(wait === undefined ? {} : { timeout: wait }) });
    response.line(`Found ${JSON.stringify(found)} on the page.`).structured('found', found);
  },
});

export const resizePage = pageTool({
  name: 'resize_page',
  description: "Resize the selected page's viewport.",
  category: 'emulation',
  readOnly: false,
  schema: {
    width: z.number().int().min(1).max(10_000).describe('Viewport width in CSS pixels.'),
    height: z.number().int().min(1).max(10_000).describe('Viewport height in CSS pixels.'),
  },
  handler: async ({ width, height }, { page }, response) => {
    await page.setViewport(width, height);
    response.line(`The viewport is ${width}x${height} now.`);
  },
});

export const pageTools = [listPages, newPage, selectPage, closePage, navigatePage, waitFor, resizePage];
