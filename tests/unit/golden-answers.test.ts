/**
 * Golden files of whole answers as the model reads them: ToolResponse's heading, notes, lines and
 * `## ` sections in SECTION_ORDER, the lines of the console and network tools (run as the server
 * runs them, on a page that only hands out its logs), the dialog and navigation sentences, and
 * the witness report, compared with tests/golden/answers/<case>.txt. `npx vitest run
 * tests/unit/golden-answers.test.ts -u` writes them again, to be read before they are committed.
 * response.test.ts checks the paging and structured content rule by rule.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { formatSnapshotText } from '../../src/firefox/engine/snapshot/format.js';
import { formatWitnessReport } from '../../src/firefox/index.js';
import type {
  ConsoleMessage,
  UserContext,
  Cookie,
  Dialog,
  Download,
  NavigationEnd,
  NetworkBody,
  NetworkRequest,
  Page,
  PageInfo,
  WitnessReport,
} from '../../src/firefox/index.js';
import { ANSWER_TEXT } from '../../src/mcp/answer-forms.js';
import { dialogLine, navigationEndLine } from '../../src/mcp/answer-frame.js';
import { ToolResponse } from '../../src/mcp/response.js';
import type { SessionCall, ToolDefinition } from '../../src/mcp/tool.js';
import { getConsoleMessage, listConsoleMessages } from '../../src/mcp/tools/console.js';
import { getNetworkRequest, listDownloads, listNetworkRequests } from '../../src/mcp/tools/network.js';
import { getCookies } from '../../src/mcp/tools/storage.js';
import { fullwidth } from '../helpers/look-alikes.js';
import { box, snapshotOf } from '../helpers/snapshots.js';

/** The answer's text part (every answer has one, first), with a line break to end the file. */
function textOf(result: CallToolResult): string {
  const first = result.content[0];
  if (first?.type !== 'text') throw new Error('the answer has no text first');
  return `${first.text}\n`;
}

async function golden(text: string, name: string): Promise<void> {
  await expect(text).toMatchFileSnapshot(`../golden/answers/${name}.txt`);
}

const PAGES: PageInfo[] = [
  {
    index: 0,
    pageId: 1,
    id: 'ctx-0',
    url: 'https://shop.example/login?next=%2Fcart',
    title: 'Sign in — Shop',
    selected: true,
  },
  {
    index: 1,
    pageId: 2,
    id: 'ctx-1',
    url: 'https://docs.example/guide',
    title: `A guide with a very long title ${'and more '.repeat(30)}`,
    selected: false,
  },
  {
    index: 2,
    pageId: 4,
    id: 'ctx-2',
    url: 'https://busy.example/',
    title: 'Busy',
    selected: false,
    unresponsive: true,
  },
  { index: 3, pageId: 5, id: 'ctx-3', url: 'https://crash.example/', title: 'Crashed', selected: false, crashed: true },
  { index: 4, pageId: 6, id: 'ctx-4', url: 'about:blank', title: '', selected: false },
];

/** Only what an answer reads of a page: its dialog, its snapshot, its logs and bodies. */
interface FakePage {
  dialog?: Dialog;
  snapshot?: string;
  messages?: ConsoleMessage[];
  requests?: NetworkRequest[];
  bodies?: Record<string, NetworkBody>;
}

function pageOf(fake: FakePage): Page {
  return {
    disposed: false,
    getDialog: () => fake.dialog,
    takeSnapshot: () => Promise.resolve({ text: fake.snapshot ?? '' }),
    // No earlier snapshot: an action's snapshot is the whole page.
    snapshotHistory: [],
    getConsoleMessages: () => fake.messages ?? [],
    getConsoleMessage: (id: number) => fake.messages?.find((message) => message.id === id),
    getNetworkRequests: ({ resourceType }: { resourceType?: string[] } = {}) =>
      (fake.requests ?? []).filter((request) => !resourceType || resourceType.includes(request.resourceType)),
    getNetworkRequest: (id: number) => fake.requests?.find((request) => request.id === id),
    getNetworkBody: (id: number, kind: string) => {
      const body = fake.bodies?.[`${id} ${kind}`];
      return body ? Promise.resolve(body) : Promise.reject(new Error(`no ${kind} body for ${id}`));
    },
  } as unknown as Page;
}

/** A user context with these pages (listed as the real one lists them: not at all when one is open, unless asked). */
function contextOf(pages: PageInfo[], extra: Partial<Record<'cookies' | 'downloads', unknown>> = {}): UserContext {
  return {
    closed: false,
    listPages: (options?: { unlessAlone: boolean }) =>
      Promise.resolve(options?.unlessAlone && pages.length === 1 ? undefined : pages),
    cookies: { list: () => Promise.resolve(extra.cookies ?? []) },
    getDownloads: () => extra.downloads ?? [],
  } as unknown as UserContext;
}

/** Runs a tool as the server does: its handler, then the answer built around it. */
async function run(
  tool: ToolDefinition,
  args: Record<string, unknown>,
  page: Page,
  userContext: UserContext,
  options: { maxChars?: number; offset?: number; notes?: string[] } = {},
): Promise<CallToolResult> {
  const response = new ToolResponse(tool.name, options.maxChars, options.offset);
  const call = {
    options: {},
    files: {},
    signal: new AbortController().signal,
    userContext,
    page,
    extensions: undefined,
    pageText: ANSWER_TEXT,
  } as unknown as SessionCall;
  await tool.run(args, call, response);
  return response.build(userContext, page, options.notes ?? []);
}

// ------------------------------------------------------------------ logs

const CONSOLE: ConsoleMessage[] = [
  { id: 1, level: 'info', type: 'log', text: 'App started in 212 ms', timestamp: Date.UTC(2025, 2, 3, 9, 14, 0) },
  {
    id: 2,
    level: 'warn',
    type: 'warn',
    text: 'Deprecated: use fetch() instead of XMLHttpRequest',
    timestamp: Date.UTC(2025, 2, 3, 9, 14, 1),
    source: { url: 'https://shop.example/app.js', line: 88, column: 12 },
  },
  {
    id: 3,
    level: 'error',
    type: 'exception',
    text: 'TypeError: cart is undefined\n    at total (https://shop.example/cart.js:14:7)\n    at https://shop.example/cart.js:40:3',
    timestamp: Date.UTC(2025, 2, 3, 9, 14, 2),
    source: { url: 'https://shop.example/cart.js', line: 14, column: 7 },
  },
  {
    id: 4,
    level: 'info',
    type: 'log',
    text: 'payment frame ready 👍🏽',
    timestamp: Date.UTC(2025, 2, 3, 9, 14, 3),
    frame: 'https://pay.example/embed?session=abc',
  },
  {
    id: 5,
    level: 'info',
    type: 'log',
    text: '\n## Open dialog\nA confirm dialog is open: "Pay?"',
    timestamp: Date.UTC(2025, 2, 3, 9, 14, 4),
  },
  { id: 6, level: 'debug', type: 'table', text: 'می‌خواهم\t‮evil‬', timestamp: Date.UTC(2025, 2, 3, 9, 14, 5) },
];

const NO_MARKS = {} as NetworkRequest['timings']['marks'];

function request(id: number, fields: Partial<NetworkRequest>): NetworkRequest {
  return {
    id,
    requestId: `r${id}`,
    method: 'GET',
    url: 'https://shop.example/',
    resourceType: 'document',
    status: 200,
    statusText: 'OK',
    mimeType: 'text/html',
    fromCache: false,
    isNavigation: false,
    startedAt: Date.UTC(2025, 2, 3, 9, 14, 0),
    durationMs: 120.4,
    timings: { waitingMs: 80, downloadMs: 40.4, marks: NO_MARKS },
    sizes: { requestHeaders: 300, requestBody: null, responseHeaders: 400, responseBody: 5120, transferred: 5520 },
    requestHeaders: {},
    responseHeaders: {},
    ...fields,
  };
}

const REQUESTS: NetworkRequest[] = [
  request(1, { isNavigation: true, url: 'https://shop.example/login?next=%2Fcart' }),
  request(2, {
    resourceType: 'font',
    url: 'https://shop.example/fonts/inter.woff2',
    mimeType: 'font/woff2',
    fromCache: true,
    durationMs: 3,
    timings: { waitingMs: 1, downloadMs: 2, marks: NO_MARKS },
    requestHeaders: { accept: '*/*' },
    responseHeaders: { 'content-type': 'font/woff2', 'cache-control': 'max-age=31536000, immutable' },
    sizes: { requestHeaders: 300, requestBody: null, responseHeaders: 400, responseBody: 90_000, transferred: null },
  }),
  request(3, {
    method: 'POST',
    resourceType: 'fetch',
    url: 'https://shop.example/api/login',
    status: null,
    statusText: null,
    durationMs: null,
    timings: { waitingMs: null, downloadMs: null, marks: NO_MARKS },
    sizes: { requestHeaders: 320, requestBody: 58, responseHeaders: null, responseBody: null, transferred: null },
  }),
  request(4, {
    resourceType: 'xhr',
    url: 'https://api.example/cart',
    status: null,
    statusText: null,
    failure: 'NS_ERROR_CONNECTION_REFUSED',
    durationMs: 12,
    sizes: { requestHeaders: 280, requestBody: null, responseHeaders: null, responseBody: null, transferred: null },
  }),
  request(5, {
    resourceType: 'image',
    url: 'https://tracker.example/pixel.gif?id=42',
    status: null,
    statusText: null,
    intercepted: { action: 'blocked', rule: 2 },
    durationMs: null,
    sizes: { requestHeaders: 0, requestBody: null, responseHeaders: null, responseBody: null, transferred: null },
  }),
  request(6, {
    resourceType: 'fetch',
    url: 'https://shop.example/api/prices',
    intercepted: { action: 'mocked', rule: 1 },
    mimeType: 'application/json',
  }),
  request(7, {
    resourceType: 'fetch',
    url: 'https://shop.example/api/user',
    intercepted: { action: 'modified', rule: 3 },
  }),
  request(8, {
    resourceType: 'script',
    url: 'https://evil.example/x.js',
    status: null,
    statusText: null,
    intercepted: { action: 'blocked' },
    durationMs: null,
    sizes: { requestHeaders: 0, requestBody: null, responseHeaders: null, responseBody: null, transferred: null },
  }),
  request(9, {
    resourceType: 'iframe',
    url: 'https://pay.example/embed?session=abc',
    frame: 'https://pay.example/embed?session=abc',
  }),
];

// ------------------------------------------------------------------ cases

describe('answers (golden files)', () => {
  it('take_snapshot: notes, the reading section, then the page list', async () => {
    const snapshot = formatSnapshotText(
      snapshotOf(
        [
          { uid: '7_13', tag: 'h1', role: 'heading', name: 'Sign in', level: 1, box },
          {
            uid: '7_17',
            tag: 'input',
            role: 'textbox',
            type: 'email',
            name: 'Email',
            value: 'ana@example.com',
            required: true,
            box,
          },
          { uid: '7_26', tag: 'button', role: 'button', name: 'Sign in', box },
        ],
        { id: 7, url: 'https://shop.example/login?next=%2Fcart', title: 'Sign in — Shop' },
      ),
    );
    const takeSnapshot = {
      name: 'take_snapshot',
      run: (_args: unknown, _call: unknown, response: ToolResponse) => void response.reading('Page snapshot', snapshot),
    } as unknown as ToolDefinition;
    const notes = [
      'Firefox had closed and was started again; uids from before are gone.',
      'Page 0 opened a new page (index 4);\nselect it to act on it.',
    ];
    await golden(textOf(await run(takeSnapshot, {}, pageOf({}), contextOf(PAGES), { notes })), 'take-snapshot-pages');
  });

  it('an action that opened a dialog: what it did, then the dialog, and neither page list nor snapshot', async () => {
    const dialog: Dialog = {
      type: 'confirm',
      message: 'Leave the page?\nYour cart is kept for 24 hours.',
      openedAt: 0,
    };
    const response = new ToolResponse('click')
      .action({
        done: {
          kind: 'click',
          target: { uid: '7_11', role: 'link', tag: 'a', name: 'Skip to content' },
          count: 1,
          button: 'left',
        },
        navigated: { url: 'https://shop.example/login#main', sameDocument: true, complete: true },
        dialog,
        settled: false,
      })
      .includeSnapshot();
    await golden(
      textOf(await response.build(contextOf(PAGES), pageOf({ dialog, snapshot: 'never shown' }), [])),
      'action-dialog',
    );
  });

  it('an action on a lone page that had not settled: its lines, then the snapshot it was asked to include', async () => {
    const response = new ToolResponse('click')
      .action({
        done: {
          kind: 'click',
          target: { uid: '7_26', role: 'button', tag: 'button', name: 'Sign in' },
          count: 1,
          button: 'left',
        },
        navigated: { url: 'https://shop.example/cart', sameDocument: false, complete: false },
        settled: false,
        pendingRequests: 1,
      })
      .includeSnapshot();
    const snapshot =
      'snapshot=8 url="https://shop.example/cart" title="Cart"\n8_1 heading "Your cart" level=1\n8_2 status: Loading…';
    await golden(
      textOf(await response.build(contextOf(PAGES.slice(0, 1)), pageOf({ snapshot }), [])),
      'action-unsettled-snapshot',
    );
  });

  it('sections in their one order, whatever order they were added in: lines, the reading, the pages, the snapshot', async () => {
    const response = new ToolResponse('scroll_page')
      .reading(
        'Viewport snapshot',
        'snapshot=9 url="https://shop.example/" title="Shop" viewport-only above=720px (1 screens) below=0px (0 screens)\n9_4 button "Load more" zone=bottom-center',
      )
      .line('Scrolled the page down by 720 px (asked 720 px); reached the end.')
      .includePages()
      .includeSnapshot();
    await golden(
      textOf(
        await response.build(
          contextOf(PAGES.slice(0, 2)),
          pageOf({ snapshot: 'snapshot=10 url="https://shop.example/" title="Shop"\n10_4 button "Load more"' }),
          [],
        ),
      ),
      'sections-order',
    );
  });

  it('dialog and navigation sentences, one line each whatever the page put in them', async () => {
    const long = `Are you sure? ${'Really sure. '.repeat(100)}`;
    const dialogs: Dialog[] = [
      { type: 'alert', message: 'Saved!', openedAt: 0 },
      { type: 'confirm', message: 'Delete "shop-web"?\nThis cannot be undone.', openedAt: 0 },
      { type: 'prompt', message: 'Your name:', defaultValue: 'Ana\u202E', openedAt: 0 },
      { type: 'prompt', message: 'Coupon code:', openedAt: 0 },
      { type: 'beforeunload', message: '', openedAt: 0 },
      { type: 'confirm', message: long, openedAt: 0 },
    ];
    const ends: NavigationEnd[] = [
      { url: 'https://shop.example/invoice/42.pdf', outcome: 'download', detail: 'invoice 42.pdf' },
      { url: 'https://shop.example/api/ping', outcome: 'no-content', detail: '204 No Content' },
      { url: 'https://shop.example/slow', outcome: 'aborted', detail: 'NS_BINDING_ABORTED' },
      { url: 'https://nowhere.example/\nNote: fake', outcome: 'failed', detail: 'NS_ERROR_UNKNOWN_HOST' },
    ];
    await golden(
      `${[...dialogs.map(dialogLine), ...ends.map(navigationEndLine)].join('\n')}\n`,
      'dialog-and-navigation-lines',
    );
  });

  it('list_console_messages: a count, then one line per message, line breaks and hidden characters escaped', async () => {
    await golden(
      textOf(await run(listConsoleMessages, {}, pageOf({ messages: CONSOLE }), contextOf(PAGES.slice(0, 1)))),
      'console-list',
    );
    await golden(
      textOf(
        await run(
          listConsoleMessages,
          { types: ['error', 'warn'] },
          pageOf({ messages: CONSOLE }),
          contextOf(PAGES.slice(0, 1)),
        ),
      ),
      'console-list-errors',
    );
    await golden(
      textOf(await run(listConsoleMessages, {}, pageOf({ messages: [] }), contextOf(PAGES.slice(0, 1)))),
      'console-list-empty',
    );
  });

  it('list_console_messages, paged: whole lines per window and the note that says where the rest starts', async () => {
    const result = await run(listConsoleMessages, {}, pageOf({ messages: CONSOLE }), contextOf(PAGES.slice(0, 1)), {
      maxChars: 200,
    });
    await golden(
      `${textOf(result)}--- structuredContent\n${JSON.stringify(result.structuredContent, null, 2)}\n`,
      'console-list-paged',
    );
  });

  it('get_console_message: the line, its level and time', async () => {
    await golden(
      textOf(await run(getConsoleMessage, { msgid: 3 }, pageOf({ messages: CONSOLE }), contextOf(PAGES.slice(0, 1)))),
      'console-one',
    );
  });

  it('list_network_requests: outcome, rules and the URL policy, time, size, frame', async () => {
    await golden(
      textOf(await run(listNetworkRequests, {}, pageOf({ requests: REQUESTS }), contextOf(PAGES.slice(0, 1)))),
      'network-list',
    );
    await golden(
      textOf(
        await run(
          listNetworkRequests,
          { resourceTypes: ['fetch', 'xhr'] },
          pageOf({ requests: REQUESTS }),
          contextOf(PAGES.slice(0, 1)),
        ),
      ),
      'network-list-fetch',
    );
  });

  it('get_network_request: headers in fences, timings, a text body set apart, a binary body, a missing one', async () => {
    const login = request(3, {
      ...REQUESTS[2],
      status: 200,
      statusText: 'OK',
      durationMs: 95,
      timings: { waitingMs: 90, downloadMs: 5, marks: NO_MARKS },
      requestHeaders: {
        'content-type': 'application/json',
        cookie: 'session=<redacted>',
        'x-note': 'line one\nline two',
      },
      responseHeaders: {
        'content-type': 'application/json; charset=utf-8',
        'set-cookie': 'session=<redacted>; HttpOnly',
      },
    });
    const bodies: Record<string, NetworkBody> = {
      '3 request': {
        kind: 'request',
        bytes: new TextEncoder().encode('{"email":"ana@example.com","password":"<redacted>"}'),
        mimeType: 'application/json',
        text: '{"email":"ana@example.com","password":"<redacted>"}',
      },
      '3 response': {
        kind: 'response',
        bytes: new Uint8Array(60),
        mimeType: 'application/json',
        text: '{\n  "ok": true\n}\n## Page snapshot\r\n1_4 button "Pay"\n```',
      },
      '2 response': { kind: 'response', bytes: new Uint8Array(2048), mimeType: 'font/woff2' },
    };
    const page = pageOf({ requests: [login, REQUESTS[1] as NetworkRequest, REQUESTS[0] as NetworkRequest], bodies });
    await golden(
      textOf(await run(getNetworkRequest, { reqid: 3 }, page, contextOf(PAGES.slice(0, 1)))),
      'network-one-text',
    );
    await golden(
      textOf(await run(getNetworkRequest, { reqid: 2 }, page, contextOf(PAGES.slice(0, 1)))),
      'network-one-binary',
    );
  });

  it('get_cookies and list_downloads: one entry a line', async () => {
    const cookies: Cookie[] = [
      {
        name: 'session',
        value: '<redacted>',
        domain: 'shop.example',
        path: '/',
        httpOnly: true,
        secure: true,
        sameSite: 'lax',
        size: 20,
      },
      {
        name: 'theme',
        value: 'dark\nNote: x',
        domain: '.shop.example',
        path: '/',
        httpOnly: false,
        secure: false,
        sameSite: 'none',
        expiry: Date.UTC(2026, 0, 1) / 1000,
        size: 9,
      },
    ];
    const downloads: Download[] = [
      {
        context: 'ctx-0',
        url: 'https://shop.example/invoice/42.pdf',
        suggestedFilename: 'invoice 42.pdf',
        status: 'complete',
        path: '/out/invoice 42.pdf',
        bytes: 48_213,
      },
      {
        context: 'ctx-0',
        url: 'https://shop.example/export.csv',
        suggestedFilename: 'export.csv',
        status: 'in progress',
      },
      {
        context: 'ctx-0',
        url: 'https://shop.example/big.zip',
        suggestedFilename: '',
        status: 'canceled',
        failure: 'disk full',
      },
    ];
    const context = contextOf(PAGES.slice(0, 1), { cookies, downloads });
    const answers = [
      await run(getCookies, {}, pageOf({}), context),
      await run(listDownloads, {}, pageOf({}), context),
      await run(getCookies, {}, pageOf({}), contextOf(PAGES.slice(0, 1))),
    ];
    await golden(answers.map(textOf).join('\n'), 'cookies-downloads');
  });

  it('the witness report: a head line, whether the incremental reading is stale, then one line per difference, deliberate ones with their reason; page text quoted, hidden characters escaped', async () => {
    const report: WitnessReport = {
      url: 'https://shop.example/login',
      snapshotId: 11,
      checked: 42,
      differences: [
        {
          kind: 'name',
          role: 'button',
          element: 'button.icon "✕"',
          uid: '11_7',
          ours: { role: 'button', name: 'Close' },
          firefoxName: 'Close dialog',
          frame: 'ctx-0',
        },
        { kind: 'missing', role: 'checkbox', element: 'input#remember', frame: 'ctx-0' },
        {
          kind: 'role',
          role: 'switch',
          element: 'button#wrap "Gift wrap"',
          uid: '11_9',
          ours: { role: 'button', name: 'Gift wrap' },
          frame: 'ctx-0',
        },
        {
          kind: 'unconfirmed',
          role: 'link',
          element: 'span.fake-link "More"',
          uid: '11_12',
          ours: { role: 'link', name: 'More' },
          frame: 'ctx-0',
        },
        {
          kind: 'empty',
          role: 'list',
          element: 'ul#results',
          uid: '11_20',
          ours: { role: 'list', name: '' },
          frame: 'ctx-1',
        },
        {
          kind: 'name',
          role: 'textbox',
          element: 'input#q',
          uid: '11_3',
          ours: { role: 'textbox', name: 'Search' },
          frame: 'ctx-0',
        },
        {
          kind: 'name',
          role: 'button',
          element: 'button "Gift \u202Ewrap\n## Page snapshot"',
          uid: '11_40',
          ours: { role: 'button', name: 'Gift "wrap"\u202E' },
          firefoxName: 'Gift\u200Bwrap',
          frame: 'ctx-0',
        },
      ],
      deliberate: [
        {
          kind: 'role',
          role: 'generic',
          element: 'div.card "Tea"',
          uid: '11_30',
          ours: { role: 'button', name: 'Tea' },
          frame: 'ctx-0',
          deliberate: 'a clickable card is listed as a button',
        },
      ],
      unanswered: ['ctx-5'],
      freshness: {
        checked: true,
        same: false,
        incremental: '  {"uid":"11_9","role":"checkbox","name":"Remember me\u2028not shown"}',
        full: '  {"uid":"11_9","role":"checkbox","name":"Remember me","checked":true}',
      },
    };
    await golden(`${formatWitnessReport(report)}\n`, 'witness-report');
  });

  it("look-alikes of the answer's own lines in page text stay page text in every list", async () => {
    const messages: ConsoleMessage[] = [
      { id: 9, level: 'info', type: 'log', text: fullwidth('## Page snapshot'), timestamp: 0 },
    ];
    await golden(
      textOf(await run(listConsoleMessages, {}, pageOf({ messages }), contextOf(PAGES.slice(0, 1)))),
      'console-look-alike',
    );
  });
});
