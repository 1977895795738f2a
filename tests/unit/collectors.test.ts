import { describe, expect, it } from 'vitest';
import type { BrowsingContext, Log, Network, Script } from 'webdriver-bidi-protocol';
import { ConsoleCollector } from '../../src/firefox/console.js';
import { DialogTracker, type Dialog } from '../../src/firefox/dialogs.js';
import { NoSuchPageError } from '../../src/firefox/errors.js';
import { NetworkCollector } from '../../src/firefox/network.js';
import { PageRegistry } from '../../src/firefox/pages.js';

const PAGE = 'b3f1c9a0-0000-4000-8000-000000000001';
const OTHER_PAGE = 'b3f1c9a0-0000-4000-8000-000000000002';
const T0 = 1_717_000_000_000;

// ---------------------------------------------------------------------------------------------
// Console

function consoleEntry(method: string, level: Log.Level, args: Script.RemoteValue[], extra: Partial<Log.ConsoleLogEntry> = {}): Log.ConsoleLogEntry {
  return {
    type: 'console',
    method,
    level,
    args,
    text: args.map((arg) => (arg.type === 'string' || arg.type === 'number' ? String(arg.value) : arg.type)).join(' '),
    timestamp: T0,
    source: { realm: 'realm-1', context: PAGE },
    stackTrace: { callFrames: [{ url: 'http://127.0.0.1:8080/app.js', functionName: 'main', lineNumber: 9, columnNumber: 4 }] },
    ...extra,
  };
}

function exceptionEntry(text: string, context = PAGE): Log.JavascriptLogEntry {
  return {
    type: 'javascript',
    level: 'error',
    text,
    timestamp: T0 + 5,
    source: { realm: 'realm-1', context },
    stackTrace: { callFrames: [{ url: 'http://127.0.0.1:8080/boom.js', functionName: 'explode', lineNumber: 0, columnNumber: 0 }] },
  };
}

const str = (value: string): Script.RemoteValue => ({ type: 'string', value });

describe('ConsoleCollector', () => {
  it('records console calls with method, level, text, time and a 1-based source position', () => {
    const collector = new ConsoleCollector();
    collector.add(consoleEntry('warn', 'warn', [str('disk almost full:'), { type: 'number', value: 97 }]));

    expect(collector.list(PAGE)).toEqual([
      {
        id: 1,
        level: 'warn',
        type: 'warn',
        text: 'disk almost full: 97',
        timestamp: T0,
        source: { url: 'http://127.0.0.1:8080/app.js', line: 10, column: 5 },
      },
    ]);
  });

  it('records uncaught errors as type "exception", and generic entries under their own type', () => {
    const collector = new ConsoleCollector();
    collector.add(exceptionEntry('Error: boom'));
    collector.add({ type: 'cors', level: 'warn', text: 'Blocked by CORS policy', timestamp: T0 + 6, source: { realm: 'realm-1', context: PAGE } });

    const [exception, generic] = collector.list(PAGE);
    expect(exception).toMatchObject({ level: 'error', type: 'exception', text: 'Error: boom', source: { url: 'http://127.0.0.1:8080/boom.js', line: 1, column: 1 } });
    expect(generic).toMatchObject({ level: 'warn', type: 'cors', text: 'Blocked by CORS policy' });
    expect(generic && 'source' in generic).toBe(false);
  });

  it('builds the text from the arguments when the entry has none', () => {
    const collector = new ConsoleCollector();
    collector.add(
      consoleEntry('log', 'info', [str('user'), { type: 'object', value: [['id', { type: 'number', value: 7 }]] }, { type: 'null' }, { type: 'undefined' }, { type: 'number', value: 'NaN' }], {
        text: null,
      }),
    );

    expect(collector.list(PAGE)[0]?.text).toBe('user {"id":7} null undefined NaN');
  });

  it('ignores entries from no browsing context (workers, the browser itself)', () => {
    const collector = new ConsoleCollector();
    collector.add(consoleEntry('log', 'info', [str('from a worker')], { source: { realm: 'worker-realm' } }));
    collector.add(consoleEntry('log', 'info', [str('from the page')]));

    expect(collector.list(PAGE).map((message) => message.text)).toEqual(['from the page']);
    // The ignored entry took no id.
    expect(collector.list(PAGE)[0]?.id).toBe(1);
  });

  it('filters by level (one or several), text (ignoring case) and since', () => {
    const collector = new ConsoleCollector();
    collector.add(consoleEntry('debug', 'debug', [str('Cache warmed')]));
    collector.add(consoleEntry('log', 'info', [str('Loaded 3 items')]));
    collector.add(consoleEntry('warn', 'warn', [str('Slow response from /API/items')]));
    collector.add(exceptionEntry('TypeError: items is undefined'));
    collector.add(consoleEntry('error', 'error', [str('Failed to save item')]));
    const texts = (filter: Parameters<ConsoleCollector['list']>[1]): string[] => collector.list(PAGE, filter).map((message) => message.text);

    expect(texts({})).toHaveLength(5);
    expect(texts({ level: 'error' })).toEqual(['TypeError: items is undefined', 'Failed to save item']);
    expect(texts({ level: ['debug', 'warn'] })).toEqual(['Cache warmed', 'Slow response from /API/items']);
    expect(texts({ level: [] })).toEqual([]);
    expect(texts({ textContains: 'ITEM' })).toEqual(['Loaded 3 items', 'Slow response from /API/items', 'TypeError: items is undefined', 'Failed to save item']);
    expect(texts({ textContains: 'api/items' })).toEqual(['Slow response from /API/items']);
    expect(texts({ since: 3 })).toEqual(['TypeError: items is undefined', 'Failed to save item']);
    expect(texts({ since: 5 })).toEqual([]);
    expect(texts({ level: 'error', textContains: 'save', since: 1 })).toEqual(['Failed to save item']);
  });

  it('keeps pages apart, with ids unique across pages', () => {
    const collector = new ConsoleCollector();
    collector.add(consoleEntry('log', 'info', [str('a')]));
    collector.add(exceptionEntry('b', OTHER_PAGE));
    collector.add(consoleEntry('log', 'info', [str('c')]));

    expect(collector.list(PAGE).map((message) => [message.id, message.text])).toEqual([
      [1, 'a'],
      [3, 'c'],
    ]);
    expect(collector.list(OTHER_PAGE).map((message) => [message.id, message.text])).toEqual([[2, 'b']]);
    expect(collector.list('no-such-page')).toEqual([]);
    expect(collector.get(PAGE, 3)?.text).toBe('c');
    expect(collector.get(PAGE, 2)).toBeUndefined();
    expect(collector.get(OTHER_PAGE, 2)?.text).toBe('b');
  });

  it('drops the oldest messages of a page beyond its capacity', () => {
    const collector = new ConsoleCollector(3);
    for (let index = 1; index <= 5; index++) collector.add(consoleEntry('log', 'info', [str(`message ${index}`)]));
    collector.add(exceptionEntry('other page', OTHER_PAGE));

    expect(collector.list(PAGE).map((message) => message.text)).toEqual(['message 3', 'message 4', 'message 5']);
    expect(collector.get(PAGE, 1)).toBeUndefined();
    expect(collector.list(OTHER_PAGE)).toHaveLength(1);
  });

  it('clears one page only, and keeps counting ids after a clear', () => {
    const collector = new ConsoleCollector();
    collector.add(consoleEntry('log', 'info', [str('a')]));
    collector.add(exceptionEntry('b', OTHER_PAGE));
    collector.clear(PAGE);
    collector.add(consoleEntry('log', 'info', [str('c')]));

    expect(collector.list(PAGE).map((message) => [message.id, message.text])).toEqual([[3, 'c']]);
    expect(collector.list(OTHER_PAGE)).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------------------------
// Network

const TIMINGS: Network.FetchTimingInfo = {
  timeOrigin: 0,
  requestTime: 0,
  redirectStart: 0,
  redirectEnd: 0,
  fetchStart: 0,
  dnsStart: 0,
  dnsEnd: 0,
  connectStart: 0,
  connectEnd: 0,
  tlsStart: 0,
  requestStart: 0,
  responseStart: 0,
  responseEnd: 0,
};

/** Marks as Firefox reports them once a response is complete (ms relative to timeOrigin). */
const DONE_TIMINGS: Network.FetchTimingInfo = { ...TIMINGS, timeOrigin: 1, fetchStart: 2, requestStart: 10.5, responseStart: 25.25, responseEnd: 42 };

const header = (name: string, value: string): Network.Header => ({ name, value: { type: 'string', value } });

interface RequestSpec {
  id: string;
  url: string;
  method?: string;
  redirectCount?: number;
  context?: string | null;
  navigation?: string | null;
  destination?: string;
  initiatorType?: string | null;
  headers?: Network.Header[];
  timestamp?: number;
}

function requestData(spec: RequestSpec, timings: Network.FetchTimingInfo = TIMINGS): Network.RequestData {
  return {
    request: spec.id,
    url: spec.url,
    method: spec.method ?? 'GET',
    headers: spec.headers ?? [header('Host', '127.0.0.1:8080'), header('Accept', '*/*')],
    cookies: [],
    headersSize: 120,
    bodySize: spec.method === 'POST' ? 18 : 0,
    destination: spec.destination ?? '',
    initiatorType: spec.initiatorType === undefined ? 'fetch' : spec.initiatorType,
    timings,
  };
}

function base(spec: RequestSpec, timestamp: number, timings?: Network.FetchTimingInfo): Network.BaseParameters {
  return {
    context: spec.context === undefined ? PAGE : spec.context,
    isBlocked: false,
    navigation: spec.navigation ?? null,
    redirectCount: spec.redirectCount ?? 0,
    request: requestData(spec, timings),
    timestamp,
  };
}

function beforeRequestSent(spec: RequestSpec): Network.BeforeRequestSentParameters {
  return { ...base(spec, spec.timestamp ?? T0), initiator: { type: 'script' } };
}

function responseCompleted(
  spec: RequestSpec,
  response: { status: number; statusText?: string; mimeType?: string; headers?: Network.Header[]; fromCache?: boolean },
  timestamp: number,
): Network.ResponseCompletedParameters {
  return {
    ...base(spec, timestamp, DONE_TIMINGS),
    response: {
      url: spec.url,
      protocol: 'http/1.1',
      status: response.status,
      statusText: response.statusText ?? 'OK',
      fromCache: response.fromCache ?? false,
      headers: response.headers ?? [header('Content-Type', 'text/html')],
      mimeType: response.mimeType ?? 'text/html',
      bytesReceived: 2048,
      headersSize: 200,
      bodySize: 1848,
      content: { size: 5000 },
    },
  };
}

function fetchError(spec: RequestSpec, errorText: string, timestamp: number): Network.FetchErrorParameters {
  return { ...base(spec, timestamp), errorText };
}

describe('NetworkCollector', () => {
  it('records a request, then completes it with the response', () => {
    const collector = new NetworkCollector();
    const spec: RequestSpec = { id: '42', url: 'http://127.0.0.1:8080/', navigation: 'nav-1', destination: 'document', initiatorType: null };
    collector.onBeforeRequestSent(beforeRequestSent(spec));

    const pending = collector.list(PAGE)[0];
    expect(pending).toMatchObject({ id: 1, requestId: '42', method: 'GET', url: 'http://127.0.0.1:8080/', resourceType: 'document', status: null, durationMs: null, isNavigation: true });
    expect(pending?.failure).toBeUndefined();
    // All marks are still zero: no span can be derived yet.
    expect(pending?.timings).toEqual({ waitingMs: null, downloadMs: null, marks: TIMINGS });

    collector.onResponseCompleted(
      responseCompleted(spec, { status: 200, mimeType: 'text/html;charset=utf-8', headers: [header('Content-Type', 'text/html;charset=utf-8'), header('Content-Length', '1848')] }, T0 + 37),
    );

    expect(collector.list(PAGE)).toEqual([
      {
        id: 1,
        requestId: '42',
        method: 'GET',
        url: 'http://127.0.0.1:8080/',
        resourceType: 'document',
        status: 200,
        statusText: 'OK',
        mimeType: 'text/html;charset=utf-8',
        fromCache: false,
        isNavigation: true,
        startedAt: T0,
        durationMs: 37,
        timings: { waitingMs: 14.75, downloadMs: 16.75, marks: DONE_TIMINGS },
        sizes: { requestHeaders: 120, requestBody: 0, responseHeaders: 200, responseBody: 1848, transferred: 2048 },
        requestHeaders: { host: '127.0.0.1:8080', accept: '*/*' },
        responseHeaders: { 'content-type': 'text/html;charset=utf-8', 'content-length': '1848' },
      },
    ]);
  });

  it('derives the resource type and whether the request is a navigation', () => {
    const collector = new NetworkCollector();
    collector.onBeforeRequestSent(beforeRequestSent({ id: '1', url: 'http://h/app.js', destination: 'script', initiatorType: 'script', navigation: 'nav-1' }));
    collector.onBeforeRequestSent(beforeRequestSent({ id: '2', url: 'http://h/api', initiatorType: 'xmlhttprequest' }));
    collector.onBeforeRequestSent(beforeRequestSent({ id: '3', url: 'http://h/data', initiatorType: 'fetch' }));
    collector.onBeforeRequestSent(beforeRequestSent({ id: '4', url: 'http://h/beacon', initiatorType: null }));
    collector.onBeforeRequestSent(beforeRequestSent({ id: '5', url: 'http://h/frame', destination: 'document' }));

    expect(collector.list(PAGE).map((entry) => [entry.resourceType, entry.isNavigation])).toEqual([
      ['script', false],
      ['xhr', false],
      ['fetch', false],
      ['other', false],
      // A document request without a navigation (a frame's fetch, say) is not a navigation.
      ['document', false],
    ]);
  });

  it('ignores requests from no browsing context and answers to requests it never saw', () => {
    const collector = new NetworkCollector();
    collector.onBeforeRequestSent(beforeRequestSent({ id: 'sw-1', url: 'http://h/sw.js', context: null }));
    collector.onResponseCompleted(responseCompleted({ id: 'unknown', url: 'http://h/x' }, { status: 200 }, T0 + 1));
    collector.onFetchError(fetchError({ id: 'unknown-2', url: 'http://h/y' }, 'NS_ERROR_FAILURE', T0 + 1));
    collector.onBeforeRequestSent(beforeRequestSent({ id: 'r', url: 'http://h/real' }));

    expect(collector.list(PAGE).map((entry) => [entry.id, entry.url, entry.status])).toEqual([[1, 'http://h/real', null]]);
  });

  it('records each hop of a redirect as its own entry with its own status', () => {
    const collector = new NetworkCollector();
    const first: RequestSpec = { id: '7', url: 'http://127.0.0.1:8080/old', navigation: 'nav-2', destination: 'document', redirectCount: 0 };
    const second: RequestSpec = { id: '7', url: 'http://127.0.0.1:8080/new', navigation: 'nav-2', destination: 'document', redirectCount: 1, timestamp: T0 + 10 };
    collector.onBeforeRequestSent(beforeRequestSent(first));
    collector.onResponseCompleted(
      responseCompleted(first, { status: 302, statusText: 'Found', mimeType: '', headers: [header('Location', '/new')] }, T0 + 8),
    );
    collector.onBeforeRequestSent(beforeRequestSent(second));
    collector.onResponseCompleted(responseCompleted(second, { status: 200 }, T0 + 30));

    const entries = collector.list(PAGE);
    expect(entries.map((entry) => ({ id: entry.id, requestId: entry.requestId, url: entry.url, status: entry.status, durationMs: entry.durationMs }))).toEqual([
      { id: 1, requestId: '7', url: 'http://127.0.0.1:8080/old', status: 302, durationMs: 8 },
      { id: 2, requestId: '7', url: 'http://127.0.0.1:8080/new', status: 200, durationMs: 20 },
    ]);
    expect(entries[0]?.responseHeaders).toEqual({ location: '/new' });
    expect(entries[1]?.responseHeaders).toEqual({ 'content-type': 'text/html' });
  });

  it('completes the right hop when a redirect chain\'s answers arrive late', () => {
    const collector = new NetworkCollector();
    const first: RequestSpec = { id: '8', url: 'http://h/a', redirectCount: 0 };
    const second: RequestSpec = { id: '8', url: 'http://h/b', redirectCount: 1 };
    collector.onBeforeRequestSent(beforeRequestSent(first));
    collector.onBeforeRequestSent(beforeRequestSent(second));
    collector.onResponseCompleted(responseCompleted(second, { status: 204 }, T0 + 3));
    collector.onResponseCompleted(responseCompleted(first, { status: 301 }, T0 + 2));

    expect(collector.list(PAGE).map((entry) => [entry.url, entry.status])).toEqual([
      ['http://h/a', 301],
      ['http://h/b', 204],
    ]);
  });

  it('keeps the failure text of a request that failed', () => {
    const collector = new NetworkCollector();
    const spec: RequestSpec = { id: '9', url: 'http://127.0.0.1:1/unreachable' };
    collector.onBeforeRequestSent(beforeRequestSent(spec));
    collector.onFetchError(fetchError(spec, 'NS_ERROR_CONNECTION_REFUSED', T0 + 15));
    // A late completion for the same request changes nothing any more.
    collector.onResponseCompleted(responseCompleted(spec, { status: 200 }, T0 + 20));

    expect(collector.list(PAGE)[0]).toMatchObject({ status: null, failure: 'NS_ERROR_CONNECTION_REFUSED', durationMs: 15, responseHeaders: {} });
  });

  it('turns headers into a record with lower-case names, joining repeated ones and decoding base64', () => {
    const collector = new NetworkCollector();
    const spec: RequestSpec = {
      id: '10',
      url: 'http://h/login',
      method: 'POST',
      headers: [header('Content-Type', 'application/json'), header('X-Trace', 'a'), header('x-trace', 'b'), header('Constructor', 'not a prototype member')],
    };
    collector.onBeforeRequestSent(beforeRequestSent(spec));
    collector.onResponseCompleted(
      responseCompleted(
        spec,
        {
          status: 201,
          statusText: 'Created',
          headers: [
            header('Set-Cookie', 'session=1; HttpOnly'),
            header('set-cookie', 'theme=dark'),
            { name: 'X-Latin1', value: { type: 'base64', value: Buffer.from('café', 'latin1').toString('base64') } },
          ],
        },
        T0 + 3,
      ),
    );

    const entry = collector.list(PAGE)[0];
    expect(entry?.requestHeaders).toEqual({ 'content-type': 'application/json', 'x-trace': 'a, b', constructor: 'not a prototype member' });
    expect(entry?.responseHeaders).toEqual({ 'set-cookie': 'session=1; HttpOnly, theme=dark', 'x-latin1': 'café' });
  });

  it('filters by URL, method (any case), status and resource type', () => {
    const collector = new NetworkCollector();
    const specs: [RequestSpec, number][] = [
      [{ id: '1', url: 'http://h/', destination: 'document', navigation: 'n' }, 200],
      [{ id: '2', url: 'http://h/app.js', destination: 'script' }, 200],
      [{ id: '3', url: 'http://h/api/items', initiatorType: 'fetch' }, 404],
      [{ id: '4', url: 'http://h/api/items', method: 'POST', initiatorType: 'xmlhttprequest' }, 201],
      [{ id: '5', url: 'http://h/style.css', destination: 'style' }, 0],
    ];
    for (const [spec, status] of specs) {
      collector.onBeforeRequestSent(beforeRequestSent(spec));
      if (status) collector.onResponseCompleted(responseCompleted(spec, { status }, T0 + 1));
    }
    const ids = (filter: Parameters<NetworkCollector['list']>[1]): number[] => collector.list(PAGE, filter).map((entry) => entry.id);

    expect(ids({})).toEqual([1, 2, 3, 4, 5]);
    expect(ids({ urlContains: '/api/' })).toEqual([3, 4]);
    expect(ids({ urlContains: '/API/' })).toEqual([]);
    expect(ids({ method: 'post' })).toEqual([4]);
    expect(ids({ method: 'GET' })).toEqual([1, 2, 3, 5]);
    expect(ids({ status: 404 })).toEqual([3]);
    expect(ids({ status: 200 })).toEqual([1, 2]);
    expect(ids({ resourceType: 'script' })).toEqual([2]);
    expect(ids({ resourceType: ['fetch', 'xhr', 'style'] })).toEqual([3, 4, 5]);
    expect(ids({ urlContains: 'api', method: 'GET', status: 404, resourceType: 'fetch' })).toEqual([3]);
    expect(ids({ urlContains: 'api', status: 200 })).toEqual([]);
  });

  it('drops the oldest requests of a page beyond its capacity, and their late answers do nothing', () => {
    const collector = new NetworkCollector(2);
    const specs: RequestSpec[] = [1, 2, 3].map((n) => ({ id: `r${n}`, url: `http://h/${n}` }));
    for (const spec of specs) collector.onBeforeRequestSent(beforeRequestSent(spec));
    collector.onBeforeRequestSent(beforeRequestSent({ id: 'o1', url: 'http://h/other', context: OTHER_PAGE }));

    expect(collector.list(PAGE).map((entry) => entry.url)).toEqual(['http://h/2', 'http://h/3']);
    expect(collector.get(PAGE, 1)).toBeUndefined();
    expect(collector.list(OTHER_PAGE)).toHaveLength(1);

    const [dropped, kept] = specs;
    if (!dropped || !kept) throw new Error('specs missing');
    collector.onResponseCompleted(responseCompleted(dropped, { status: 500 }, T0 + 1));
    collector.onResponseCompleted(responseCompleted(specs[2] ?? kept, { status: 200 }, T0 + 1));

    expect(collector.list(PAGE).map((entry) => [entry.url, entry.status])).toEqual([
      ['http://h/2', null],
      ['http://h/3', 200],
    ]);
  });

  it('gets one request by id and clears one page without touching another', () => {
    const collector = new NetworkCollector();
    const spec: RequestSpec = { id: 'a', url: 'http://h/a' };
    collector.onBeforeRequestSent(beforeRequestSent(spec));
    collector.onBeforeRequestSent(beforeRequestSent({ id: 'b', url: 'http://h/b', context: OTHER_PAGE }));

    expect(collector.get(PAGE, 1)?.url).toBe('http://h/a');
    expect(collector.get(PAGE, 2)).toBeUndefined();
    expect(collector.get(OTHER_PAGE, 2)?.url).toBe('http://h/b');

    collector.clear(PAGE);
    collector.onResponseCompleted(responseCompleted(spec, { status: 200 }, T0 + 1));
    expect(collector.list(PAGE)).toEqual([]);
    expect(collector.list(OTHER_PAGE)).toHaveLength(1);

    collector.onBeforeRequestSent(beforeRequestSent({ id: 'c', url: 'http://h/c' }));
    expect(collector.list(PAGE).map((entry) => entry.id)).toEqual([3]);
  });
});

// ---------------------------------------------------------------------------------------------
// Pages

function contextInfo(context: string, extra: Partial<BrowsingContext.Info> = {}): BrowsingContext.Info {
  return { context, url: `http://h/${context}`, children: null, parent: null, userContext: 'default', originalOpener: null, clientWindow: 'window-1', ...extra };
}

describe('PageRegistry', () => {
  it('keeps top-level pages of its user context in opening order and selects the first', () => {
    const pages = new PageRegistry('default');
    expect(pages.selectedId).toBeUndefined();
    pages.onCreated(contextInfo('tab-a'));
    pages.onCreated(contextInfo('frame-1', { parent: 'tab-a' }));
    // Firefox may leave `parent` out of a top-level context's info.
    const withoutParent = contextInfo('tab-b');
    delete withoutParent.parent;
    pages.onCreated(withoutParent);
    pages.onCreated(contextInfo('tab-other-user', { userContext: 'user-context-2' }));
    pages.onCreated(contextInfo('tab-a'));
    pages.onCreated(contextInfo('tab-c'));

    expect(pages.ids).toEqual(['tab-a', 'tab-b', 'tab-c']);
    expect(pages.selectedId).toBe('tab-a');
    expect(pages.indexOf('tab-c')).toBe(2);
    expect(pages.indexOf('frame-1')).toBe(-1);
    expect(pages.idAt(1)).toBe('tab-b');
    expect(pages.takeNotes()).toEqual([]);
  });

  it('follows a non-default user context', () => {
    const pages = new PageRegistry('user-context-2');
    pages.onCreated(contextInfo('tab-default'));
    pages.onCreated(contextInfo('tab-mine', { userContext: 'user-context-2' }));
    expect(pages.ids).toEqual(['tab-mine']);
    expect(pages.selectedId).toBe('tab-mine');
  });

  it('falls back to the most recent page when the selected one closes, and says so once', () => {
    const pages = new PageRegistry('default');
    for (const id of ['tab-a', 'tab-b', 'tab-c', 'tab-d']) pages.onCreated(contextInfo(id));
    pages.select('tab-b');

    pages.onDestroyed(contextInfo('tab-b', { url: 'http://h/checkout' }));

    expect(pages.ids).toEqual(['tab-a', 'tab-c', 'tab-d']);
    expect(pages.selectedId).toBe('tab-d');
    expect(pages.idAt(2)).toBe('tab-d');
    expect(pages.takeNotes()).toEqual(['The selected page (http://h/checkout) was closed; page 2 is selected now.']);
    expect(pages.takeNotes()).toEqual([]);
  });

  it('leaves the selection alone when another page closes or an unknown context goes away', () => {
    const pages = new PageRegistry('default');
    for (const id of ['tab-a', 'tab-b', 'tab-c']) pages.onCreated(contextInfo(id));
    pages.select('tab-b');

    pages.onDestroyed(contextInfo('tab-c'));
    pages.onDestroyed(contextInfo('frame-9', { parent: 'tab-a' }));

    expect(pages.ids).toEqual(['tab-a', 'tab-b']);
    expect(pages.selectedId).toBe('tab-b');
    expect(pages.takeNotes()).toEqual([]);
  });

  it('notes when the last page closes and nothing is left to select', () => {
    const pages = new PageRegistry('default');
    pages.onCreated(contextInfo('tab-a'));
    pages.onDestroyed(contextInfo('tab-a', { url: 'about:blank' }));

    expect(pages.ids).toEqual([]);
    expect(pages.selectedId).toBeUndefined();
    expect(pages.takeNotes()).toEqual(['The selected page (about:blank) was closed and no page is left.']);

    // A new page after that is selected again.
    pages.onCreated(contextInfo('tab-new'));
    expect(pages.selectedId).toBe('tab-new');
  });

  it('throws NoSuchPageError naming the valid range for a bad index', () => {
    const pages = new PageRegistry('default');
    expect(() => pages.idAt(0)).toThrow(new NoSuchPageError('No page has index 0: there are no pages. Call listPages() to see the open pages.'));

    pages.onCreated(contextInfo('tab-a'));
    pages.onCreated(contextInfo('tab-b'));
    for (const bad of [2, -1, 0.5, Number.NaN]) {
      let caught: unknown;
      try {
        pages.idAt(bad);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(NoSuchPageError);
      expect((caught as Error).message).toBe(`No page has index ${bad}: valid indexes are 0 to 1. Call listPages() to see the open pages.`);
    }
    expect(pages.idAt(0)).toBe('tab-a');
  });
});

// ---------------------------------------------------------------------------------------------
// Dialogs

function promptOpened(context: string, type: BrowsingContext.UserPromptType, message: string, defaultValue?: string): BrowsingContext.UserPromptOpenedParameters {
  return { context, type, message, handler: 'ignore', userContext: 'default', ...(defaultValue === undefined ? {} : { defaultValue }) };
}

describe('DialogTracker', () => {
  it('remembers the open dialog of each page, with the default value of a prompt', () => {
    const dialogs = new DialogTracker();
    const before = Date.now();
    dialogs.onOpened(promptOpened(PAGE, 'prompt', 'Your name?', 'Ada'));
    dialogs.onOpened(promptOpened(OTHER_PAGE, 'alert', 'Saved!'));
    const after = Date.now();

    const prompt = dialogs.get(PAGE);
    expect(prompt).toMatchObject({ type: 'prompt', message: 'Your name?', defaultValue: 'Ada' });
    expect(prompt?.openedAt).toBeGreaterThanOrEqual(before);
    expect(prompt?.openedAt).toBeLessThanOrEqual(after);
    const alert = dialogs.get(OTHER_PAGE);
    expect(alert).toMatchObject({ type: 'alert', message: 'Saved!' });
    expect(alert && 'defaultValue' in alert).toBe(false);
    expect(dialogs.get('no-such-page')).toBeUndefined();
  });

  it('forgets a dialog when it closes or is forgotten, on that page only', () => {
    const dialogs = new DialogTracker();
    dialogs.onOpened(promptOpened(PAGE, 'confirm', 'Delete?'));
    dialogs.onOpened(promptOpened(OTHER_PAGE, 'beforeunload', ''));

    dialogs.onClosed({ context: PAGE, accepted: true, type: 'confirm' });
    expect(dialogs.get(PAGE)).toBeUndefined();
    expect(dialogs.get(OTHER_PAGE)?.type).toBe('beforeunload');

    dialogs.forget(OTHER_PAGE);
    expect(dialogs.get(OTHER_PAGE)).toBeUndefined();
  });

  it('tells listeners about each dialog until they unsubscribe', () => {
    const dialogs = new DialogTracker();
    const seen: [string, Dialog][] = [];
    const stop = dialogs.onDialog((context, dialog) => seen.push([context, dialog]));

    dialogs.onOpened(promptOpened(PAGE, 'alert', 'first'));
    stop();
    dialogs.onOpened(promptOpened(PAGE, 'alert', 'second'));

    expect(seen.map(([context, dialog]) => [context, dialog.message])).toEqual([[PAGE, 'first']]);
    // The tracker itself still follows dialogs.
    expect(dialogs.get(PAGE)?.message).toBe('second');
  });
});
