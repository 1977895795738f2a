import { describe, expect, it } from 'vitest';
import { ConsoleLog, IdCounter } from '../../src/firefox/page/console.js';
import { PageDialog, type Dialog } from '../../src/firefox/page/dialogs.js';
import { FirefoxClientError } from '../../src/firefox/errors.js';
import { NetworkLog } from '../../src/firefox/page/network.js';
import {
  beforeRequestSent,
  consoleEntry,
  DONE_TIMINGS,
  exceptionEntry,
  fetchError,
  header,
  PAGE,
  promptOpened,
  responseCompleted,
  str,
  T0,
  TIMINGS,
  type RequestSpec,
} from '../helpers/bidi-events.js';

// ---------------------------------------------------------------------------------------------
// Console

describe('ConsoleLog', () => {
  it('records console calls with method, level, text, time and a 1-based source position', () => {
    const log = new ConsoleLog(new IdCounter());
    log.add(consoleEntry('warn', 'warn', [str('disk almost full:'), { type: 'number', value: 97 }]));

    expect(log.list()).toEqual([
      {
        id: 1,
        level: 'warn',
        type: 'warn',
        text: 'disk almost full: 97',
        timestamp: T0,
        source: { url: 'http://127.0.0.1:8080/app.js', line: 10, column: 5 },
      },
    ]);
    expect(log.size).toBe(1);
  });

  it('records uncaught errors as type "exception", and generic entries under their own type', () => {
    const log = new ConsoleLog(new IdCounter());
    log.add(exceptionEntry('Error: boom'));
    log.add({
      type: 'cors',
      level: 'warn',
      text: 'Blocked by CORS policy',
      timestamp: T0 + 6,
      source: { realm: 'realm-1', context: PAGE },
    });

    const [exception, generic] = log.list();
    expect(exception).toMatchObject({
      level: 'error',
      type: 'exception',
      text: 'Error: boom',
      source: { url: 'http://127.0.0.1:8080/boom.js', line: 1, column: 1 },
    });
    expect(generic).toMatchObject({ level: 'warn', type: 'cors', text: 'Blocked by CORS policy' });
    expect(generic && 'source' in generic).toBe(false);
  });

  it('builds the text from the arguments when the entry has none', () => {
    const log = new ConsoleLog(new IdCounter());
    log.add(
      consoleEntry(
        'log',
        'info',
        [
          str('user'),
          { type: 'object', value: [['id', { type: 'number', value: 7 }]] },
          { type: 'null' },
          { type: 'undefined' },
          { type: 'number', value: 'NaN' },
        ],
        {
          text: null,
        },
      ),
    );

    expect(log.list()[0]?.text).toBe('user {"id":7} null undefined NaN');
  });

  it("names the frame a message came from, and leaves the page's own messages without one", () => {
    const log = new ConsoleLog(new IdCounter());
    log.add(consoleEntry('log', 'info', [str('from the page')]));
    log.add(consoleEntry('log', 'info', [str('from the frame')]), 'https://ads.example/frame.html');

    const [own, framed] = log.list();
    expect(own && 'frame' in own).toBe(false);
    expect(framed?.frame).toBe('https://ads.example/frame.html');
  });

  it('filters by level (one or several), text (ignoring case) and since', () => {
    const log = new ConsoleLog(new IdCounter());
    log.add(consoleEntry('debug', 'debug', [str('Cache warmed')]));
    log.add(consoleEntry('log', 'info', [str('Loaded 3 items')]));
    log.add(consoleEntry('warn', 'warn', [str('Slow response from /API/items')]));
    log.add(exceptionEntry('TypeError: items is undefined'));
    log.add(consoleEntry('error', 'error', [str('Failed to save item')]));
    const texts = (filter: Parameters<ConsoleLog['list']>[0]): string[] =>
      log.list(filter).map((message) => message.text);

    expect(texts({})).toHaveLength(5);
    expect(texts({ level: 'error' })).toEqual(['TypeError: items is undefined', 'Failed to save item']);
    expect(texts({ level: ['debug', 'warn'] })).toEqual(['Cache warmed', 'Slow response from /API/items']);
    expect(texts({ level: [] })).toEqual([]);
    expect(texts({ textContains: 'ITEM' })).toEqual([
      'Loaded 3 items',
      'Slow response from /API/items',
      'TypeError: items is undefined',
      'Failed to save item',
    ]);
    expect(texts({ textContains: 'api/items' })).toEqual(['Slow response from /API/items']);
    expect(texts({ since: 3 })).toEqual(['TypeError: items is undefined', 'Failed to save item']);
    expect(texts({ since: 5 })).toEqual([]);
    expect(texts({ level: 'error', textContains: 'save', since: 1 })).toEqual(['Failed to save item']);
  });

  it('keeps pages apart, with ids from the shared counter unique across pages', () => {
    const ids = new IdCounter();
    const page = new ConsoleLog(ids);
    const other = new ConsoleLog(ids);
    page.add(consoleEntry('log', 'info', [str('a')]));
    other.add(exceptionEntry('b'));
    page.add(consoleEntry('log', 'info', [str('c')]));

    expect(page.list().map((message) => [message.id, message.text])).toEqual([
      [1, 'a'],
      [3, 'c'],
    ]);
    expect(other.list().map((message) => [message.id, message.text])).toEqual([[2, 'b']]);
    expect(page.get(3)?.text).toBe('c');
    expect(page.get(2)).toBeUndefined();
    expect(other.get(2)?.text).toBe('b');
  });

  it('drops the oldest messages beyond its capacity, leaving other pages alone', () => {
    const ids = new IdCounter();
    const log = new ConsoleLog(ids, 3);
    const other = new ConsoleLog(ids, 3);
    for (let index = 1; index <= 5; index++) log.add(consoleEntry('log', 'info', [str(`message ${index}`)]));
    other.add(exceptionEntry('other page'));

    expect(log.list().map((message) => message.text)).toEqual(['message 3', 'message 4', 'message 5']);
    expect(log.size).toBe(3);
    expect(log.get(1)).toBeUndefined();
    expect(other.list()).toHaveLength(1);
  });

  it('clears one page only, and the counter keeps counting after a clear', () => {
    const ids = new IdCounter();
    const log = new ConsoleLog(ids);
    const other = new ConsoleLog(ids);
    log.add(consoleEntry('log', 'info', [str('a')]));
    other.add(exceptionEntry('b'));
    log.clear();
    log.add(consoleEntry('log', 'info', [str('c')]));

    expect(log.list().map((message) => [message.id, message.text])).toEqual([[3, 'c']]);
    expect(other.list()).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------------------------
// Network

describe('NetworkLog', () => {
  it('records a request, then completes it with the response', () => {
    const log = new NetworkLog(new IdCounter());
    const spec: RequestSpec = {
      id: '42',
      url: 'http://127.0.0.1:8080/',
      navigation: 'nav-1',
      destination: 'document',
      initiatorType: null,
    };
    log.onBeforeRequestSent(beforeRequestSent(spec));

    const pending = log.list()[0];
    expect(pending).toMatchObject({
      id: 1,
      requestId: '42',
      method: 'GET',
      url: 'http://127.0.0.1:8080/',
      resourceType: 'document',
      status: null,
      durationMs: null,
      isNavigation: true,
    });
    expect(pending?.failure).toBeUndefined();
    // All marks are still zero: no span can be derived yet.
    expect(pending?.timings).toEqual({ waitingMs: null, downloadMs: null, marks: TIMINGS });
    expect(log.sizes).toEqual({ requests: 1, pending: 1 });

    log.onResponseCompleted(
      responseCompleted(
        spec,
        {
          status: 200,
          mimeType: 'text/html;charset=utf-8',
          headers: [header('Content-Type', 'text/html;charset=utf-8'), header('Content-Length', '1848')],
        },
        T0 + 37,
      ),
    );

    expect(log.list()).toEqual([
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
    expect(log.sizes).toEqual({ requests: 1, pending: 0 });
  });

  it("names the frame a request came from, and leaves the page's own requests without one", () => {
    const log = new NetworkLog(new IdCounter());
    log.onBeforeRequestSent(beforeRequestSent({ id: '1', url: 'http://h/own' }));
    log.onBeforeRequestSent(beforeRequestSent({ id: '2', url: 'http://ads/pixel' }), 'https://ads.example/frame.html');

    const [own, framed] = log.list();
    expect(own && 'frame' in own).toBe(false);
    expect(framed?.frame).toBe('https://ads.example/frame.html');
  });

  it('derives the resource type and whether the request is a navigation', () => {
    const log = new NetworkLog(new IdCounter());
    log.onBeforeRequestSent(
      beforeRequestSent({
        id: '1',
        url: 'http://h/app.js',
        destination: 'script',
        initiatorType: 'script',
        navigation: 'nav-1',
      }),
    );
    log.onBeforeRequestSent(beforeRequestSent({ id: '2', url: 'http://h/api', initiatorType: 'xmlhttprequest' }));
    log.onBeforeRequestSent(beforeRequestSent({ id: '3', url: 'http://h/data', initiatorType: 'fetch' }));
    log.onBeforeRequestSent(beforeRequestSent({ id: '4', url: 'http://h/beacon', initiatorType: null }));
    log.onBeforeRequestSent(beforeRequestSent({ id: '5', url: 'http://h/frame', destination: 'document' }));

    expect(log.list().map((entry) => [entry.resourceType, entry.isNavigation])).toEqual([
      ['script', false],
      ['xhr', false],
      ['fetch', false],
      ['other', false],
      // A document request without a navigation (a frame's fetch, say) is not a navigation.
      ['document', false],
    ]);
  });

  it('ignores answers to requests it never saw, which take no id', () => {
    const log = new NetworkLog(new IdCounter());
    log.onResponseCompleted(responseCompleted({ id: 'unknown', url: 'http://h/x' }, { status: 200 }));
    log.onFetchError(fetchError({ id: 'unknown-2', url: 'http://h/y' }, 'NS_ERROR_FAILURE'));
    log.onBeforeRequestSent(beforeRequestSent({ id: 'r', url: 'http://h/real' }));

    expect(log.list().map((entry) => [entry.id, entry.url, entry.status])).toEqual([[1, 'http://h/real', null]]);
  });

  it('records each hop of a redirect as its own entry with its own status', () => {
    const log = new NetworkLog(new IdCounter());
    const first: RequestSpec = {
      id: '7',
      url: 'http://127.0.0.1:8080/old',
      navigation: 'nav-2',
      destination: 'document',
      redirectCount: 0,
    };
    const second: RequestSpec = {
      id: '7',
      url: 'http://127.0.0.1:8080/new',
      navigation: 'nav-2',
      destination: 'document',
      redirectCount: 1,
      timestamp: T0 + 10,
    };
    log.onBeforeRequestSent(beforeRequestSent(first));
    log.onResponseCompleted(
      responseCompleted(
        first,
        { status: 302, statusText: 'Found', mimeType: '', headers: [header('Location', '/new')] },
        T0 + 8,
      ),
    );
    log.onBeforeRequestSent(beforeRequestSent(second));
    log.onResponseCompleted(responseCompleted(second, { status: 200 }, T0 + 30));

    const entries = log.list();
    expect(
      entries.map((entry) => ({
        id: entry.id,
        requestId: entry.requestId,
        url: entry.url,
        status: entry.status,
        durationMs: entry.durationMs,
      })),
    ).toEqual([
      { id: 1, requestId: '7', url: 'http://127.0.0.1:8080/old', status: 302, durationMs: 8 },
      { id: 2, requestId: '7', url: 'http://127.0.0.1:8080/new', status: 200, durationMs: 20 },
    ]);
    expect(entries[0]?.responseHeaders).toEqual({ location: '/new' });
    expect(entries[1]?.responseHeaders).toEqual({ 'content-type': 'text/html' });
  });

  it("completes the right hop when a redirect chain's answers arrive late", () => {
    const log = new NetworkLog(new IdCounter());
    const first: RequestSpec = { id: '8', url: 'http://h/a', redirectCount: 0 };
    const second: RequestSpec = { id: '8', url: 'http://h/b', redirectCount: 1 };
    log.onBeforeRequestSent(beforeRequestSent(first));
    log.onBeforeRequestSent(beforeRequestSent(second));
    log.onResponseCompleted(responseCompleted(second, { status: 204 }, T0 + 3));
    log.onResponseCompleted(responseCompleted(first, { status: 301 }, T0 + 2));

    expect(log.list().map((entry) => [entry.url, entry.status])).toEqual([
      ['http://h/a', 301],
      ['http://h/b', 204],
    ]);
  });

  it('keeps the failure text of a request that failed, and ignores a late completion', () => {
    const log = new NetworkLog(new IdCounter());
    const spec: RequestSpec = { id: '9', url: 'http://127.0.0.1:1/unreachable' };
    log.onBeforeRequestSent(beforeRequestSent(spec));
    log.onFetchError(fetchError(spec, 'NS_ERROR_CONNECTION_REFUSED', T0 + 15));
    log.onResponseCompleted(responseCompleted(spec, { status: 200 }, T0 + 20));

    expect(log.list()[0]).toMatchObject({
      status: null,
      failure: 'NS_ERROR_CONNECTION_REFUSED',
      durationMs: 15,
      responseHeaders: {},
    });
    expect(log.sizes).toEqual({ requests: 1, pending: 0 });
  });

  it('turns headers into a record with lower-case names, joining repeated ones and decoding base64', () => {
    const log = new NetworkLog(new IdCounter());
    const spec: RequestSpec = {
      id: '10',
      url: 'http://h/login',
      method: 'POST',
      headers: [
        header('Content-Type', 'application/json'),
        header('X-Trace', 'a'),
        header('x-trace', 'b'),
        header('Constructor', 'not a prototype member'),
      ],
    };
    log.onBeforeRequestSent(beforeRequestSent(spec));
    log.onResponseCompleted(
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

    const entry = log.list()[0];
    expect(entry?.requestHeaders).toEqual({
      'content-type': 'application/json',
      'x-trace': 'a, b',
      constructor: 'not a prototype member',
    });
    expect(entry?.responseHeaders).toEqual({ 'set-cookie': 'session=1; HttpOnly, theme=dark', 'x-latin1': 'café' });
  });

  it('filters by URL, method (any case), status and resource type', () => {
    const log = new NetworkLog(new IdCounter());
    const specs: [RequestSpec, number][] = [
      [{ id: '1', url: 'http://h/', destination: 'document', navigation: 'n' }, 200],
      [{ id: '2', url: 'http://h/app.js', destination: 'script' }, 200],
      [{ id: '3', url: 'http://h/api/items', initiatorType: 'fetch' }, 404],
      [{ id: '4', url: 'http://h/api/items', method: 'POST', initiatorType: 'xmlhttprequest' }, 201],
      [{ id: '5', url: 'http://h/style.css', destination: 'style' }, 0],
    ];
    for (const [spec, status] of specs) {
      log.onBeforeRequestSent(beforeRequestSent(spec));
      if (status) log.onResponseCompleted(responseCompleted(spec, { status }));
    }
    const ids = (filter: Parameters<NetworkLog['list']>[0]): number[] => log.list(filter).map((entry) => entry.id);

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

  it('drops the oldest requests beyond its capacity, forgets them as pending, and their late answers do nothing', () => {
    const ids = new IdCounter();
    const log = new NetworkLog(ids, 2);
    const other = new NetworkLog(ids, 2);
    const specs: RequestSpec[] = [1, 2, 3].map((n) => ({ id: `r${n}`, url: `http://h/${n}` }));
    for (const spec of specs) log.onBeforeRequestSent(beforeRequestSent(spec));
    other.onBeforeRequestSent(beforeRequestSent({ id: 'o1', url: 'http://h/other' }));

    expect(log.list().map((entry) => entry.url)).toEqual(['http://h/2', 'http://h/3']);
    expect(log.get(1)).toBeUndefined();
    // The dropped request no longer waits for its answer.
    expect(log.sizes).toEqual({ requests: 2, pending: 2 });
    expect(other.list().map((entry) => entry.id)).toEqual([4]);

    const [dropped, , last] = specs;
    if (!dropped || !last) throw new Error('specs missing');
    log.onResponseCompleted(responseCompleted(dropped, { status: 500 }));
    log.onResponseCompleted(responseCompleted(last, { status: 200 }));

    expect(log.list().map((entry) => [entry.url, entry.status])).toEqual([
      ['http://h/2', null],
      ['http://h/3', 200],
    ]);
    expect(log.sizes).toEqual({ requests: 2, pending: 1 });
  });

  it('shares its id counter with the console: ids are unique across pages and kinds', () => {
    const ids = new IdCounter();
    const console1 = new ConsoleLog(ids);
    const network1 = new NetworkLog(ids);
    const network2 = new NetworkLog(ids);
    network1.onBeforeRequestSent(beforeRequestSent({ id: 'a', url: 'http://h/a' }));
    console1.add(consoleEntry('log', 'info', [str('hello')]));
    network2.onBeforeRequestSent(beforeRequestSent({ id: 'b', url: 'http://h/b' }));
    network1.onBeforeRequestSent(beforeRequestSent({ id: 'c', url: 'http://h/c' }));

    expect(network1.list().map((entry) => entry.id)).toEqual([1, 4]);
    expect(console1.list().map((message) => message.id)).toEqual([2]);
    expect(network2.list().map((entry) => entry.id)).toEqual([3]);
    expect(network2.get(1)).toBeUndefined();
  });

  it('clears one page without touching another, and ignores answers for what it cleared', () => {
    const ids = new IdCounter();
    const log = new NetworkLog(ids);
    const other = new NetworkLog(ids);
    const spec: RequestSpec = { id: 'a', url: 'http://h/a' };
    log.onBeforeRequestSent(beforeRequestSent(spec));
    other.onBeforeRequestSent(beforeRequestSent({ id: 'b', url: 'http://h/b' }));

    expect(log.get(1)?.url).toBe('http://h/a');
    expect(log.get(2)).toBeUndefined();
    expect(other.get(2)?.url).toBe('http://h/b');

    log.clear();
    log.onResponseCompleted(responseCompleted(spec, { status: 200 }));
    expect(log.list()).toEqual([]);
    expect(log.sizes).toEqual({ requests: 0, pending: 0 });
    expect(other.list()).toHaveLength(1);

    log.onBeforeRequestSent(beforeRequestSent({ id: 'c', url: 'http://h/c' }));
    expect(log.list().map((entry) => entry.id)).toEqual([3]);
  });
});

// ---------------------------------------------------------------------------------------------
// Dialogs

/** A promise and the functions that settle it. */
function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void } {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe('PageDialog', () => {
  it('remembers the open dialog, with the default value of a prompt', () => {
    const dialog = new PageDialog();
    expect(dialog.open).toBeUndefined();
    const before = Date.now();
    dialog.onOpened(promptOpened(PAGE, 'prompt', 'Your name?', 'Ada'));
    const after = Date.now();

    expect(dialog.open).toMatchObject({ type: 'prompt', message: 'Your name?', defaultValue: 'Ada' });
    expect(dialog.open?.openedAt).toBeGreaterThanOrEqual(before);
    expect(dialog.open?.openedAt).toBeLessThanOrEqual(after);

    const other = new PageDialog();
    other.onOpened(promptOpened(PAGE, 'alert', 'Saved!'));
    expect(other.open).toMatchObject({ type: 'alert', message: 'Saved!' });
    expect(other.open && 'defaultValue' in other.open).toBe(false);
  });

  it('forgets the dialog when it closes', () => {
    const dialog = new PageDialog();
    dialog.onOpened(promptOpened(PAGE, 'confirm', 'Delete?'));
    dialog.onClosed();
    expect(dialog.open).toBeUndefined();
  });

  it('forget(dialog) forgets that dialog, but keeps a newer one that opened meanwhile', () => {
    const dialog = new PageDialog();
    dialog.onOpened(promptOpened(PAGE, 'alert', 'first'));
    const first = dialog.open as Dialog;
    dialog.onOpened(promptOpened(PAGE, 'alert', 'second'));

    dialog.forget(first);
    expect(dialog.open?.message).toBe('second');

    dialog.forget(dialog.open);
    expect(dialog.open).toBeUndefined();

    dialog.onOpened(promptOpened(PAGE, 'confirm', 'third'));
    dialog.forget();
    expect(dialog.open).toBeUndefined();
  });

  it('refuses an action while a dialog is open, naming the dialog and how to answer it', () => {
    const dialog = new PageDialog();
    expect(() => dialog.refuseWhileOpen('Clicking')).not.toThrow();

    dialog.onOpened(promptOpened(PAGE, 'alert', 'Saved!'));
    expect(() => dialog.refuseWhileOpen('Clicking')).toThrow(FirefoxClientError);
    expect(() => dialog.refuseWhileOpen('Clicking')).toThrow(
      'Clicking is blocked: an alert dialog is open ("Saved!"). Answer it first: accept or dismiss it (handleDialog()).',
    );

    dialog.onOpened(promptOpened(PAGE, 'confirm', 'Delete?'));
    expect(() => dialog.refuseWhileOpen('Typing')).toThrow('Typing is blocked: a confirm dialog is open ("Delete?").');

    dialog.onClosed();
    expect(() => dialog.refuseWhileOpen('Typing')).not.toThrow();
  });

  it('race resolves with the work when no dialog opens, and leaves no listener behind', async () => {
    const dialog = new PageDialog();
    const work = deferred<string>();
    const raced = dialog.race(work.promise);
    expect(dialog.waiting).toBe(1);

    work.resolve('done');
    await expect(raced).resolves.toEqual({ value: 'done' });
    expect(dialog.waiting).toBe(0);
  });

  it("race rejects with the work's error when no dialog opens, and leaves no listener behind", async () => {
    const dialog = new PageDialog();
    const work = deferred<string>();
    const raced = dialog.race(work.promise);

    work.reject(new Error('navigation failed'));
    await expect(raced).rejects.toThrow('navigation failed');
    expect(dialog.waiting).toBe(0);
  });

  it("race resolves with a dialog that opens before the work ends, and a later failure of the work is nobody's", async () => {
    const dialog = new PageDialog();
    const work = deferred<string>();
    const raced = dialog.race(work.promise);

    dialog.onOpened(promptOpened(PAGE, 'alert', 'Loading…'));
    await expect(raced).resolves.toEqual({
      dialog: expect.objectContaining({ type: 'alert', message: 'Loading…' }) as unknown,
    });
    expect(dialog.waiting).toBe(0);
    // The work fails behind the dialog: no unhandled rejection follows.
    work.reject(new Error('late failure'));
    await Promise.resolve();
  });

  it('race gives the work a moment when a dialog is reported: work that finished just before it keeps its answer', async () => {
    const dialog = new PageDialog();
    const work = deferred<string>();
    const raced = dialog.race(work.promise);

    // Firefox may report the dialog a page opens right after a script returned before the script's answer.
    dialog.onOpened(promptOpened(PAGE, 'alert', 'after the script'));
    setTimeout(() => work.resolve('returned'), 20);
    await expect(raced).resolves.toEqual({ value: 'returned' });
    expect(dialog.waiting).toBe(0);
  });

  it('unlessOpened refuses work that the dialog holds, naming the dialog', async () => {
    const dialog = new PageDialog();
    const held = dialog.unlessOpened('Taking a snapshot', new Promise<never>(() => undefined));
    dialog.onOpened(promptOpened(PAGE, 'alert', 'hold on'));
    await expect(held).rejects.toThrow(
      'Taking a snapshot stopped: an alert dialog opened ("hold on") while it ran, and the page waits for its answer.',
    );
  });

  it('race resolves at once with a dialog already open, without listening', async () => {
    const dialog = new PageDialog();
    dialog.onOpened(promptOpened(PAGE, 'beforeunload', ''));
    const open = dialog.open;
    const work = deferred<string>();

    const raced = dialog.race(work.promise);
    expect(dialog.waiting).toBe(0);
    await expect(raced).resolves.toEqual({ dialog: open });
    work.reject(new Error('never awaited'));
  });

  it('dispose forgets the open dialog and every waiting listener', () => {
    const dialog = new PageDialog();
    void dialog.race(new Promise<never>(() => undefined));
    expect(dialog.waiting).toBe(1);
    dialog.onOpened(promptOpened(PAGE, 'alert', 'bye'));

    dialog.dispose();
    expect(dialog.open).toBeUndefined();
    expect(dialog.waiting).toBe(0);
  });
});
