import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BrowsingContext, Script } from 'webdriver-bidi-protocol';
import { fromRemoteValue, type BidiConnection } from '../../src/bidi/index.js';
import { Browser, type ClientOptions } from '../../src/firefox/browser/browser.js';
import type { WalkResult } from '../../src/firefox/engine/types.js';
import {
  FirefoxClientError,
  NoSuchPageError,
  PageCrashedError,
  PageUnresponsiveError,
} from '../../src/firefox/errors.js';
import type { Page } from '../../src/firefox/page/page.js';
import type { SessionHandle } from '../../src/firefox/session/session.js';
import type { UserContext } from '../../src/firefox/user-context/user-context.js';
import {
  beforeRequestSent,
  contextInfo,
  logIn,
  navigationInfo,
  OTHER_PAGE,
  PAGE,
  promptClosed,
  promptOpened,
  responseCompleted,
} from '../helpers/bidi-events.js';
import { FakeBidi, neverAnswer, RemoteError } from '../helpers/fake-bidi.js';

const PAGE_URL = 'https://shop.example/';

interface Harness {
  fake: FakeBidi;
  connection: BidiConnection;
  browser: Browser;
  /** The default user context. */
  main: UserContext;
  /** The page open at start (PAGE). */
  page: Page;
  /** Resolves once every event emitted so far has reached the client. */
  flush: () => Promise<void>;
  /** Resolves once `method` has reached the fake `count` times in all. */
  received: (method: string, count?: number) => Promise<void>;
  /** Top-level contexts the fake announces but its tree never lists (as Firefox does with print's clones). */
  unlisted: Set<string>;
}

const cleanups: (() => Promise<void> | void)[] = [];
/** Warnings the connection raises when one of the client's event listeners throws. */
let listenerWarnings: string[] = [];

beforeEach(() => {
  listenerWarnings = [];
  const original = process.emitWarning.bind(process);
  vi.spyOn(process, 'emitWarning').mockImplementation((warning: string | Error, ...rest: unknown[]) => {
    const text = String(warning);
    if (text.startsWith('BiDi listener')) listenerWarnings.push(text);
    else (original as (warning: string | Error, ...args: unknown[]) => void)(warning, ...rest);
  });
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  vi.restoreAllMocks();
  // No event handler of the client may throw, whatever the test fed it.
  expect(listenerWarnings).toEqual([]);
});

/** What the walker answers for a one-button page, as the in-page engine would. */
function walkAnswer(params: Script.CallFunctionParameters, url: string): Script.EvaluateResult {
  const [options] = params.arguments ?? [];
  const { snapshotId } = (options ? fromRemoteValue(options as Script.RemoteValue) : {}) as { snapshotId: number };
  const walked: WalkResult = {
    url,
    title: 'Shop',
    viewport: { width: 800, height: 600, scrollX: 0, scrollY: 0, documentHeight: 600 },
    stats: { visited: 3, kept: 1, ms: 1 },
    nodes: [
      {
        uid: `${snapshotId}_1`,
        tag: 'button',
        role: 'button',
        name: 'Buy',
        nameSource: 'text',
        interactive: true,
        box: [10, 10, 80, 24],
      },
    ],
    snapshotId,
    lastCounter: 1,
    iframes: [],
    closedHostCandidates: [],
  };
  return { type: 'success', realm: 'realm-1', result: { type: 'string', value: JSON.stringify(walked) } };
}

/**
 * A Browser started over a FakeBidi that answers what start-up sends (default options: no request
 * guard, a connected session, so no start-up tab is replaced) with `contexts` open, and answers the
 * probe, the title, a snapshot walk, activate, create, close and handleUserPrompt.
 */
async function start(
  options: ClientOptions = {},
  contexts: BrowsingContext.InfoList = [contextInfo(PAGE, { url: PAGE_URL })],
): Promise<Harness> {
  const fake = await FakeBidi.start();
  cleanups.push(() => fake.stop());
  let tabs = 0;
  // The fake's tree follows the tabs it announces, as Firefox's does.
  const tree = [...contexts];
  const unlisted = new Set<string>();
  const emit = fake.emit.bind(fake);
  fake.emit = ((event: string, params: BrowsingContext.Info) => {
    if (event === 'browsingContext.contextCreated' && params.parent == null && !unlisted.has(params.context))
      tree.push(params);
    if (event === 'browsingContext.contextDestroyed')
      tree.splice(0, tree.length, ...tree.filter((info) => info.context !== params.context));
    emit(event as 'browsingContext.contextCreated', params);
  }) as typeof fake.emit;
  fake
    .onCommand('session.subscribe', { subscription: 'subscription-1' })
    .onCommand('script.addPreloadScript', { script: 'preload-1' })
    .onCommand('network.addDataCollector', { collector: 'collector-1' })
    .onCommand('session.status', { ready: true, message: 'fake' })
    .onCommand('browsingContext.getTree', (params) => ({
      contexts: params.root === undefined ? tree : tree.filter((info) => info.context === params.root),
    }))
    .onCommand('script.evaluate', { type: 'success', realm: 'realm-1', result: { type: 'number', value: 0 } })
    .onCommand('script.callFunction', (params) => {
      if (params.functionDeclaration.includes('engine.walk(')) return walkAnswer(params, PAGE_URL);
      if (params.functionDeclaration === '() => document.title')
        return { type: 'success', realm: 'realm-1', result: { type: 'string', value: 'Shop' } };
      throw new RemoteError(
        'unknown error',
        `the fake runs no such script: ${params.functionDeclaration.slice(0, 60)}`,
      );
    })
    .onCommand('browsingContext.activate', {})
    .onCommand('browsingContext.create', () => ({ context: `new-tab-${++tabs}` }))
    .onCommand('browsingContext.close', {})
    .onCommand('browsingContext.handleUserPrompt', {});
  const connection = await fake.connect({ commandTimeout: 5000 });
  const session: SessionHandle = {
    kind: 'connected',
    connection,
    sessionId: 's',
    browserVersion: 'fake',
    end: () => {
      connection.close('end');
      return Promise.resolve();
    },
  };
  const browser = await Browser.start(session, options);
  const main = browser.defaultUserContext;
  const page = main.pages[0];
  if (!page) throw new Error('the browser learned no page');
  return {
    fake,
    connection,
    browser,
    main,
    page,
    flush: async () => {
      // Events and answers share the socket in order: an answer means every earlier event arrived.
      await connection.send('session.status', {});
      // A second round trip lets what those events asked of the fake (a new tab's check in its tree) come back too.
      await connection.send('session.status', {});
    },
    received: (method, count = 1) =>
      vi.waitFor(
        () => expect(fake.commands.filter((command) => command.method === method).length).toBeGreaterThanOrEqual(count),
        { timeout: 2000, interval: 5 },
      ),
    unlisted,
  };
}

const FRAME = 'frame-1';
const FRAME_URL = 'https://ads.example/banner.html';
const ids = (userContext: UserContext): string[] => userContext.pages.map((page) => page.id);

describe('Browser.start', () => {
  it('subscribes to the events, learns the open pages and selects the first, opening no tab of its own', async () => {
    const { fake, main, page } = await start();

    expect(fake.commands.map((command) => command.method)).toEqual([
      'session.subscribe',
      'session.subscribe',
      'session.subscribe',
      'session.subscribe',
      'session.subscribe',
      'network.addDataCollector',
      'script.addPreloadScript',
      // The clipboard of each user context (browser/clipboard.ts): its messages, then its two preloads.
      'session.subscribe',
      'script.addPreloadScript',
      'script.addPreloadScript',
      'browsingContext.getTree',
    ]);
    expect(fake.commands[0]?.params.events).toContain('log.entryAdded');
    expect(ids(main)).toEqual([PAGE]);
    expect(main.selected).toBe(page);
  });

  it('ends the session and says what failed when start-up fails', async () => {
    const fake = await FakeBidi.start();
    cleanups.push(() => fake.stop());
    const connection = await fake.connect();
    let ended = false;
    const session: SessionHandle = {
      kind: 'connected',
      connection,
      sessionId: 's',
      browserVersion: 'fake',
      end: () => {
        ended = true;
        connection.close('end');
        return Promise.resolve();
      },
    };

    const failure = Browser.start(session, {});
    await expect(failure).rejects.toThrow(FirefoxClientError);
    await expect(failure).rejects.toThrow(/^Starting the client failed: Firefox answered unknown command \(/);
    expect(ended).toBe(true);
  });

  it('takes the frames of pages already open for frames, not pages (Firefox leaves `parent` out of getTree children)', async () => {
    // Firefox's getTree gives `parent` for the roots only; their children's infos carry none.
    const child: BrowsingContext.Info = {
      context: FRAME,
      url: FRAME_URL,
      children: [],
      userContext: 'default',
      originalOpener: null,
      clientWindow: 'window-1',
    };
    const { fake, main, page, flush, browser } = await start({}, [
      contextInfo(PAGE, { url: PAGE_URL, children: [child] }),
    ]);

    expect(ids(main)).toEqual([PAGE]);
    expect(browser.stateCounts()).toMatchObject({ pages: 1, contexts: 2, frames: 1 });
    fake.emit('log.entryAdded', logIn(FRAME, 'from the banner'));
    await flush();
    expect(page.getConsoleMessages().map((message) => [message.text, message.frame])).toEqual([
      ['from the banner', FRAME_URL],
    ]);
  });
});

describe('Browser routing events to pages', () => {
  it("files an iframe's console messages and requests under its page with the frame's URL; the page's own have no frame", async () => {
    const { fake, page, flush } = await start();
    fake.emit('browsingContext.contextCreated', contextInfo(FRAME, { parent: PAGE, url: 'about:blank' }));
    fake.emit('browsingContext.navigationCommitted', navigationInfo(FRAME, 'frame-nav-1', FRAME_URL));
    fake.emit('log.entryAdded', logIn(FRAME, 'from the banner'));
    fake.emit('log.entryAdded', logIn(PAGE, 'from the page'));
    fake.emit(
      'network.beforeRequestSent',
      beforeRequestSent({ id: 'r1', url: 'https://ads.example/pixel.gif', context: FRAME }),
    );
    fake.emit(
      'network.beforeRequestSent',
      beforeRequestSent({ id: 'r2', url: 'https://shop.example/api/cart', context: PAGE }),
    );
    await flush();

    const messages = page.getConsoleMessages();
    expect(messages.map((message) => [message.text, message.frame])).toEqual([
      ['from the banner', FRAME_URL],
      ['from the page', undefined],
    ]);
    expect(messages[1] && 'frame' in messages[1]).toBe(false);
    const requests = page.getNetworkRequests();
    expect(requests.map((request) => [request.url, request.frame])).toEqual([
      ['https://ads.example/pixel.gif', FRAME_URL],
      ['https://shop.example/api/cart', undefined],
    ]);
    // Ids are the client's: unique across messages and requests, in arrival order.
    expect([...messages, ...requests].map((entry) => entry.id)).toEqual([1, 2, 3, 4]);
  });

  it('files nothing, and spends no id, for entries of no browsing context (workers) or of contexts it does not know', async () => {
    const { fake, page, flush } = await start();
    fake.emit('log.entryAdded', { ...logIn(PAGE, 'from a worker'), source: { realm: 'worker-realm' } });
    fake.emit('log.entryAdded', logIn('unknown-context', 'from nowhere'));
    fake.emit(
      'network.beforeRequestSent',
      beforeRequestSent({ id: 'sw-1', url: 'https://shop.example/sw.js', context: null }),
    );
    fake.emit(
      'network.beforeRequestSent',
      beforeRequestSent({ id: 'x-1', url: 'https://elsewhere.example/', context: 'unknown-context' }),
    );
    fake.emit('log.entryAdded', logIn(PAGE, 'from the page'));
    await flush();

    expect(page.getConsoleMessages().map((message) => [message.id, message.text])).toEqual([[1, 'from the page']]);
    expect(page.getNetworkRequests()).toEqual([]);
  });

  it("puts a page of another user context in that user context, and a popup in its opener's with a note", async () => {
    const { fake, browser, main, flush } = await start();
    fake.emit('browsingContext.contextCreated', contextInfo('container-tab', { userContext: 'user-context-2' }));
    fake.emit('browsingContext.contextCreated', contextInfo('popup', { originalOpener: PAGE }));
    await flush();

    const other = browser.userContexts.find((context) => context.id === 'user-context-2');
    expect(other && ids(other)).toEqual(['container-tab']);
    expect(other?.pages[0]?.userContext).toBe(other);
    expect(ids(main)).toEqual([PAGE, 'popup']);
    expect(main.takeNotes()).toEqual(['Page 0 opened a new page (index 1); select it to act on it.']);
  });

  it('disposes a page whose context is destroyed: the state counts go back to what they were before it opened', async () => {
    const { fake, browser, main, page, flush, received } = await start();
    const before = browser.stateCounts();
    expect(before).toMatchObject({
      pages: 1,
      contexts: 1,
      consoleMessages: 0,
      networkRequests: 0,
      snapshots: 0,
      liveSnapshotIds: 0,
    });

    fake.emit('browsingContext.contextCreated', contextInfo(OTHER_PAGE, { url: 'about:blank' }));
    fake.emit('browsingContext.contextCreated', contextInfo(FRAME, { parent: OTHER_PAGE, url: FRAME_URL }));
    await flush();
    const other = main.at(1);
    main.select(other);
    fake.emit('log.entryAdded', logIn(OTHER_PAGE, 'page message'));
    fake.emit('log.entryAdded', logIn(FRAME, 'frame message'));
    fake.emit(
      'network.beforeRequestSent',
      beforeRequestSent({ id: 'r1', url: 'https://shop.example/checkout', context: OTHER_PAGE }),
    );
    fake.emit('network.beforeRequestSent', beforeRequestSent({ id: 'r2', url: FRAME_URL, context: FRAME }));
    await flush();
    await other.takeSnapshot();
    // A navigation under way when the tab closes, waiting for its answer or a dialog.
    let failNavigation: (error: unknown) => void = () => undefined;
    fake.onCommand('browsingContext.navigate', () => new Promise((_, reject) => (failNavigation = reject)));
    const navigating = other.navigate('https://shop.example/checkout/pay');
    navigating.catch(() => undefined);
    await received('browsingContext.navigate');

    expect(browser.stateCounts()).toMatchObject({
      pages: 2,
      contexts: 3,
      frames: 1,
      consoleMessages: 2,
      networkRequests: 2,
      networkPending: 2,
      snapshots: 1,
      snapshotHistory: 1,
      liveSnapshotIds: 1,
      dialogListeners: 1,
    });

    fake.emit('browsingContext.contextDestroyed', contextInfo(OTHER_PAGE, { url: 'https://shop.example/checkout' }));
    await flush();

    expect(browser.stateCounts()).toEqual(before);
    expect(other.disposed).toBe(true);
    expect(other.counts()).toMatchObject({
      consoleMessages: 0,
      networkRequests: 0,
      networkPending: 0,
      snapshots: 0,
      snapshotHistory: 0,
      dialogListeners: 0,
      navigationWatches: 0,
    });
    expect(ids(main)).toEqual([PAGE]);
    expect(main.selected).toBe(page);
    expect(main.takeNotes()).toEqual([
      'The selected page (https://shop.example/checkout) was closed; page 0 is selected now.',
    ]);
    // Late events of the closed page and its frame reach nothing.
    fake.emit('log.entryAdded', logIn(FRAME, 'after the close'));
    fake.emit('log.entryAdded', logIn(OTHER_PAGE, 'after the close'));
    await flush();
    expect(browser.stateCounts()).toEqual(before);
    // The navigation's own failure reaches its caller.
    failNavigation(new RemoteError('no such frame', 'Browsing UserContext with id b3f1… not found'));
    await expect(navigating).rejects.toThrow(NoSuchPageError);
    await expect(other.ready('Clicking')).rejects.toThrow('Clicking cannot go on: the page was closed.');
  });

  it('takes the frames inside a destroyed frame with it', async () => {
    const { fake, browser, page, flush } = await start();
    fake.emit('browsingContext.contextCreated', contextInfo('outer', { parent: PAGE }));
    fake.emit('browsingContext.contextCreated', contextInfo('inner', { parent: 'outer' }));
    fake.emit('browsingContext.contextCreated', contextInfo('innermost', { parent: 'inner' }));
    fake.emit('browsingContext.contextCreated', contextInfo('sibling', { parent: PAGE }));
    await flush();
    expect(browser.stateCounts()).toMatchObject({ contexts: 5, frames: 4 });

    // Firefox sends no contextDestroyed for the frames inside the one destroyed.
    fake.emit('browsingContext.contextDestroyed', contextInfo('outer', { parent: PAGE }));
    fake.emit('log.entryAdded', logIn('innermost', 'from a frame that is gone'));
    await flush();

    expect(browser.stateCounts()).toMatchObject({ pages: 1, contexts: 2, frames: 1 });
    expect(page.getConsoleMessages()).toEqual([]);
    // The frame that stayed is still the page's.
    fake.emit('log.entryAdded', logIn('sibling', 'from the frame that stayed'));
    await flush();
    expect(page.getConsoleMessages().map((message) => message.text)).toEqual(['from the frame that stayed']);
  });

  it("counts a page's own navigations, not its frames'", async () => {
    const { fake, page, flush } = await start();
    fake.emit('browsingContext.contextCreated', contextInfo(FRAME, { parent: PAGE, url: FRAME_URL }));
    await flush();
    const watch = page.navigations.watch();
    fake.emit('browsingContext.navigationStarted', navigationInfo(FRAME, 'frame-nav', FRAME_URL));
    fake.emit('browsingContext.fragmentNavigated', navigationInfo(FRAME, 'frame-nav', `${FRAME_URL}#x`));
    await flush();
    expect(watch.navigation).toBeUndefined();
    expect(watch.sameDocument).toBeUndefined();

    const pageRequest = {
      id: 'doc',
      url: `${PAGE_URL}empty`,
      navigation: 'page-nav',
      destination: 'document',
      initiatorType: null,
      context: PAGE,
    };
    fake.emit('browsingContext.navigationStarted', navigationInfo(PAGE, 'page-nav', `${PAGE_URL}empty`));
    fake.emit('network.beforeRequestSent', beforeRequestSent(pageRequest));
    fake.emit('network.responseCompleted', responseCompleted(pageRequest, { status: 204, statusText: 'No Content' }));
    await flush();
    expect(watch.navigation?.outcome).toEqual({
      kind: 'aborted',
      end: { url: `${PAGE_URL}empty`, outcome: 'no-content', detail: '204 No Content' },
    });
    expect(page.getNetworkRequests().map((request) => [request.url, request.status, request.isNavigation])).toEqual([
      [`${PAGE_URL}empty`, 204, true],
    ]);
    watch.stop();
  });

  it("never lists a top-level context that is no tab (print's static clone of an iframe), nor fails the list for it", async () => {
    const { fake, browser, main, unlisted, flush } = await start();
    const before = browser.stateCounts();
    unlisted.add('print-clone');
    fake.emit('browsingContext.contextCreated', contextInfo('print-clone', { url: 'about:blank' }));
    await flush();

    expect(ids(main)).toEqual([PAGE]);
    expect(browser.stateCounts()).toEqual(before);
    expect((await main.listPages()).map((page) => page.id)).toEqual([PAGE]);
    expect(main.takeNotes()).toEqual([]);
  });

  it('lists the pages with URL, title, and which one is selected', async () => {
    const { fake, main, flush } = await start();
    fake.emit('browsingContext.contextCreated', contextInfo(OTHER_PAGE, { url: 'about:blank' }));
    await flush();

    expect(await main.listPages()).toEqual([
      { index: 0, pageId: 1, id: PAGE, url: PAGE_URL, title: 'Shop', selected: true },
      { index: 1, pageId: 2, id: OTHER_PAGE, url: 'about:blank', title: 'Shop', selected: false },
    ]);
  });
});

describe('Downloads, kept by the user context whose page started them', () => {
  const willBegin = (context: string, navigation: string, name: string): BrowsingContext.DownloadWillBeginParams => ({
    context,
    navigation,
    download: navigation,
    timestamp: 1,
    url: `https://files.example/${name}`,
    suggestedFilename: name,
  });
  const ended = (context: string, navigation: string, name: string): BrowsingContext.DownloadEndParams => ({
    context,
    navigation,
    download: navigation,
    timestamp: 2,
    url: `https://files.example/${name}`,
    status: 'canceled',
  });

  it("keeps each context's downloads and notes apart, caps each on its own, and drops a context's with it", async () => {
    const { fake, browser, main, flush } = await start();
    fake.onCommand('browser.createUserContext', { userContext: 'agent-2' }).onCommand('browser.removeUserContext', {});
    const agent = await browser.newUserContext();
    const agentPage = agent.page.id;
    fake.emit('browsingContext.downloadWillBegin', willBegin(PAGE, 'main-nav', 'main.pdf'));
    fake.emit('browsingContext.downloadEnd', ended(PAGE, 'main-nav', 'main.pdf'));
    // One agent downloading a great deal pushes out none of another's.
    for (let index = 0; index < 1005; index++)
      fake.emit('browsingContext.downloadWillBegin', willBegin(agentPage, `agent-nav-${index}`, `file-${index}.bin`));
    // Its page closes before the last download ends: the download still belongs to its context.
    fake.emit('browsingContext.contextDestroyed', contextInfo(agentPage, { userContext: 'agent-2' }));
    fake.emit('browsingContext.downloadEnd', ended(agentPage, 'agent-nav-1004', 'file-1004.bin'));
    await flush();

    expect(main.getDownloads().map((download) => download.suggestedFilename)).toEqual(['main.pdf']);
    expect(main.takeNotes()).toEqual(['A download from https://files.example/main.pdf was canceled.']);
    const agentDownloads = agent.getDownloads();
    expect(agentDownloads).toHaveLength(1000);
    expect(agentDownloads[0]?.suggestedFilename).toBe('file-5.bin');
    expect(agentDownloads.at(-1)).toMatchObject({ suggestedFilename: 'file-1004.bin', status: 'canceled' });
    expect(agent.takeNotes()).toContain('A download from https://files.example/file-1004.bin was canceled.');
    fake.emit('browsingContext.downloadWillBegin', willBegin(PAGE, 'late', 'late.pdf'));
    await flush();
    // The agent's 1000 downloads, 999 of them in progress; the main context's two, one in progress.
    expect(browser.stateCounts()).toMatchObject({ userContexts: 2, downloads: 1000 + 999 + 2 + 1 });

    await agent.dispose();
    // Nothing of the agent's stays with the browser: its downloads, notes and those still in progress.
    expect(browser.stateCounts()).toMatchObject({ userContexts: 1, downloads: 2 + 1 });
    expect(main.getDownloads().map((download) => download.suggestedFilename)).toEqual(['main.pdf', 'late.pdf']);
    expect(main.takeNotes()).toEqual([]);
  });
});

describe('Page dialogs', () => {
  it('shows a dialog while it is open, and refuses page actions meanwhile with the dialog named', async () => {
    const { fake, page, flush } = await start();
    fake.emit('browsingContext.userPromptOpened', promptOpened(PAGE, 'alert', 'Saved!'));
    await flush();

    expect(page.getDialog()).toMatchObject({ type: 'alert', message: 'Saved!' });
    expect(page.getDialog()).toMatchObject({ type: 'alert', message: 'Saved!' });
    await expect(page.clickByUid('1_1')).rejects.toThrow(FirefoxClientError);
    await expect(page.clickByUid('1_1')).rejects.toThrow(
      'Clicking is blocked: an alert dialog is open ("Saved!"). Answer it first',
    );
    await expect(page.takeSnapshot()).rejects.toThrow('Taking a snapshot is blocked: an alert dialog is open');
    // Refused before anything reached the browser.
    expect(
      fake.commands.filter(
        (command) => command.method === 'script.evaluate' || command.method === 'script.callFunction',
      ),
    ).toEqual([]);

    fake.emit('browsingContext.userPromptClosed', promptClosed(PAGE, 'alert'));
    await flush();
    expect(page.getDialog()).toBeUndefined();
    await expect(page.ready('Clicking')).resolves.toBeUndefined();
  });

  it('answers a dialog, and still sees the next one that opened before the answer arrived', async () => {
    const { fake, page, flush } = await start();
    fake.emit('browsingContext.userPromptOpened', promptOpened(PAGE, 'alert', 'first'));
    await flush();
    fake.onCommand('browsingContext.handleUserPrompt', () => {
      // The page's script goes on at once and opens its next alert, before Firefox answers.
      fake.emit('browsingContext.userPromptClosed', promptClosed(PAGE, 'alert'));
      fake.emit('browsingContext.userPromptOpened', promptOpened(PAGE, 'alert', 'second'));
      return {};
    });

    await page.handleDialog(true);

    expect(fake.commands.find((command) => command.method === 'browsingContext.handleUserPrompt')?.params).toEqual({
      context: PAGE,
      accept: true,
    });
    expect(page.getDialog()?.message).toBe('second');
    await expect(page.clickByUid('1_1')).rejects.toThrow('Clicking is blocked: an alert dialog is open ("second")');
  });

  it('forgets the dialog it answered when no other opened', async () => {
    const { fake, page, flush } = await start();
    fake.emit('browsingContext.userPromptOpened', promptOpened(PAGE, 'prompt', 'Name?', 'Ada'));
    await flush();

    await page.handleDialog(true, 'Grace');

    expect(fake.commands.find((command) => command.method === 'browsingContext.handleUserPrompt')?.params).toEqual({
      context: PAGE,
      accept: true,
      userText: 'Grace',
    });
    expect(page.getDialog()).toBeUndefined();
    await expect(page.handleDialog(true)).rejects.toThrow(
      'No dialog is open on the selected page; nothing to accept or dismiss.',
    );
  });
});

describe('A page whose tab Firefox dropped without a word', () => {
  it('fails a call naming the page and what to do, and the next page list drops it instead of failing', async () => {
    const { fake, main, flush } = await start();
    fake.emit('browsingContext.contextCreated', contextInfo(OTHER_PAGE, { url: 'about:blank' }));
    await flush();
    const other = main.at(1);
    const missing = (context: string): never => {
      throw new RemoteError('no such frame', `Browsing UserContext with id ${context} not found`);
    };
    fake.onCommand('browsingContext.print', (params) => missing(params.context));
    fake.onCommand('browsingContext.getTree', (params) =>
      params.root === undefined ? { contexts: [contextInfo(PAGE, { url: PAGE_URL })] } : missing(params.root),
    );

    await expect(other.printPdf()).rejects.toThrow(NoSuchPageError);
    await expect(other.printPdf()).rejects.toThrow(
      'Printing to PDF failed: page 1 is gone; Firefox no longer knows its tab. List the pages (listPages()) and select one that is open.',
    );
    expect((await main.listPages()).map((page) => page.id)).toEqual([PAGE]);
    expect(other.disposed).toBe(true);
  });
});

describe('Page crashes', () => {
  const crashPage = (url: string): string =>
    `about:tabcrashed?e=tabcrashed&u=${encodeURIComponent(url)}&c=UTF-8&f=regular&d=%20`;

  it('calls a page that commits the crash page crashed, refuses work naming its URL, and clears that on the next real commit', async () => {
    const { fake, browser, page, flush } = await start();
    fake.emit(
      'browsingContext.navigationCommitted',
      navigationInfo(PAGE, 'crash-nav', crashPage('https://shop.example/cart')),
    );
    await flush();

    expect(page.crashed).toBe(true);
    expect(browser.stateCounts().crashed).toBe(1);
    await expect(page.takeSnapshot()).rejects.toThrow(PageCrashedError);
    await expect(page.takeSnapshot()).rejects.toThrow(
      'Taking a snapshot cannot go on: page 0 crashed (its content process ended) while it showed "https://shop.example/cart", and it shows Firefox\'s crash page now.',
    );
    await expect(page.ready('Clicking')).rejects.toThrow(PageCrashedError);
    await expect(page.ready('Clicking')).rejects.toThrow('"https://shop.example/cart"');
    expect(await page.info(true)).toMatchObject({ crashed: true });

    // The blank document Firefox may commit on the way is no recovery.
    fake.emit('browsingContext.navigationCommitted', navigationInfo(PAGE, 'blank-nav', 'about:blank'));
    await flush();
    expect(page.crashed).toBe(true);

    fake.emit('browsingContext.navigationCommitted', navigationInfo(PAGE, 'reload-nav', 'https://shop.example/cart'));
    await flush();
    expect(page.crashed).toBe(false);
    expect(browser.stateCounts().crashed).toBe(0);
    await expect(page.ready('Clicking')).resolves.toBeUndefined();
  });

  it('fails a call at once when its page crashes while it runs, whatever Firefox answers later', async () => {
    const { fake, page, received } = await start();
    let answer: (result: Script.EvaluateResult) => void = () => undefined;
    fake.onCommand('script.callFunction', () => new Promise<Script.EvaluateResult>((resolve) => (answer = resolve)));

    const running = page.evaluate('() => new Promise((resolve) => setTimeout(resolve, 5000))');
    const outcome = running.then(
      () => 'answered',
      (error: unknown) => error,
    );
    await received('script.callFunction');
    fake.emit(
      'browsingContext.navigationCommitted',
      navigationInfo(PAGE, 'crash-nav', crashPage('https://shop.example/cart')),
    );

    const error = await outcome;
    expect(error).toBeInstanceOf(PageCrashedError);
    expect(String(error)).toContain(
      'Running script stopped: page 0 crashed (its content process ended) during the call while it showed "https://shop.example/cart"',
    );
    // Firefox's late answer (the script run again in the crash page) changes nothing.
    answer({ type: 'success', realm: 'realm-1', result: { type: 'string', value: 'ran again' } });
    await expect(page.evaluate('() => 1')).rejects.toThrow('Running script cannot go on: page 0 crashed');
  });

  it('names the last URL the page loaded when the crash page names the blank document', async () => {
    const { fake, page, flush } = await start();
    fake.emit('browsingContext.load', navigationInfo(PAGE, 'nav-1', 'https://shop.example/orders'));
    fake.emit('browsingContext.navigationCommitted', navigationInfo(PAGE, 'crash-nav', crashPage('about:blank')));
    await flush();

    await expect(page.ready('Clicking')).rejects.toThrow('while it showed "https://shop.example/orders"');
  });
});

describe('Context.newPage through the browser', () => {
  it('closes a new page whose navigation fails, reselects the previous page, and says so in the error', async () => {
    const { fake, browser, main, page } = await start();
    const before = browser.stateCounts();
    fake.onCommand('browsingContext.navigate', () => {
      throw new RemoteError('unknown error', 'Navigation aborted');
    });

    const opening = main.newPage('https://shop.example/broken');
    await expect(opening).rejects.toThrow(FirefoxClientError);
    await expect(opening).rejects.toThrow(
      'Navigating to "https://shop.example/broken" failed: Firefox answered unknown error (Navigation aborted). Retry; if it fails again, take a snapshot to see the page as it is now. The new page was closed; page 0 is selected again.',
    );

    expect(fake.commands.find((command) => command.method === 'browsingContext.close')?.params).toEqual({
      context: 'new-tab-1',
      promptUnload: false,
    });
    const activated = fake.commands
      .filter((command) => command.method === 'browsingContext.activate')
      .map((command) => command.params.context);
    expect(activated).toEqual(['new-tab-1', PAGE]);
    expect(ids(main)).toEqual([PAGE]);
    expect(main.selected).toBe(page);
    expect(main.takeNotes()).toEqual([]);
    expect(browser.stateCounts()).toEqual(before);
  });

  it('opens, selects and navigates a new page', async () => {
    const { fake, main } = await start();
    fake.onCommand('browsingContext.navigate', (params) => ({ navigation: 'nav-1', url: params.url }));

    const opened = await main.newPage('https://shop.example/new');

    expect(opened.id).toBe('new-tab-1');
    expect(ids(main)).toEqual([PAGE, 'new-tab-1']);
    expect(main.selected).toBe(opened);
    expect(fake.commands.find((command) => command.method === 'browsingContext.navigate')?.params).toEqual({
      context: 'new-tab-1',
      url: 'https://shop.example/new',
      wait: 'complete',
    });
  });
});

describe('Closing and replacing pages through the browser', () => {
  it('closes the selected page, falls back to the most recent one, and names the closed page in the note', async () => {
    const { fake, browser, main, page, flush } = await start();
    const before = browser.stateCounts();
    fake.emit('browsingContext.contextCreated', contextInfo(OTHER_PAGE, { url: 'about:blank' }));
    await flush();
    main.select(main.at(1));
    // Firefox reports the context destroyed before it answers the close.
    fake.onCommand('browsingContext.close', (params) => {
      fake.emit(
        'browsingContext.contextDestroyed',
        contextInfo(params.context, { url: 'https://shop.example/checkout' }),
      );
      return {};
    });

    await main.closePage(1);

    expect(ids(main)).toEqual([PAGE]);
    expect(main.selected).toBe(page);
    expect(main.takeNotes()).toEqual([
      'The selected page (https://shop.example/checkout) was closed; page 0 is selected now.',
    ]);
    expect(browser.stateCounts()).toEqual(before);
  });

  it('navigating a page whose script hangs replaces its tab by a fresh one at the same index, and navigates that', async () => {
    const { fake, browser, main, page } = await start({ responsiveTimeout: 100 });
    fake.onCommand('script.evaluate', (params) =>
      'context' in params.target && params.target.context === PAGE
        ? neverAnswer()
        : { type: 'success', realm: 'realm-2', result: { type: 'number', value: 0 } },
    );
    fake.onCommand('browsingContext.navigate', (params) => ({ navigation: 'nav-1', url: params.url }));

    const result = await page.navigate('https://shop.example/again');

    expect(result).toEqual({ url: 'https://shop.example/again' });
    expect(ids(main)).toEqual(['new-tab-1']);
    expect(main.selected?.id).toBe('new-tab-1');
    expect(page.disposed).toBe(true);
    expect(fake.commands.find((command) => command.method === 'browsingContext.close')?.params).toEqual({
      context: PAGE,
      promptUnload: false,
    });
    expect(
      fake.commands
        .filter((command) => command.method === 'browsingContext.navigate')
        .map((command) => command.params.context),
    ).toEqual(['new-tab-1']);
    expect(main.takeNotes()).toEqual([
      'Page 0 was not responding, so its tab was closed and replaced by a fresh one at the same index.',
    ]);
    expect(browser.stateCounts()).toMatchObject({ pages: 1, contexts: 1, unresponsive: 0 });
  });
});

describe('Page responsiveness probe', () => {
  it('calls a page whose script does not answer the probe in time unresponsive, until a navigation of its own starts', async () => {
    const { fake, browser, page, flush } = await start({ responsiveTimeout: 100 });
    fake.emit('browsingContext.contextCreated', contextInfo(FRAME, { parent: PAGE, url: FRAME_URL }));
    fake.onCommand('script.evaluate', () => neverAnswer());

    const started = Date.now();
    const refused = page.ready('Clicking');
    await expect(refused).rejects.toThrow(PageUnresponsiveError);
    await expect(refused).rejects.toThrow(
      "Clicking is not possible: this page's script is not responding (no answer within 100 ms;",
    );
    expect(Date.now() - started).toBeLessThan(2000);
    expect(page.unresponsive).toBe(true);
    expect(browser.stateCounts().unresponsive).toBe(1);
    expect(fake.commands.find((command) => command.method === 'script.evaluate')?.params).toMatchObject({
      expression: '0',
      target: { context: PAGE },
    });

    // A frame's navigation does not help the page's script.
    fake.emit('browsingContext.navigationStarted', navigationInfo(FRAME, 'frame-nav', FRAME_URL));
    await flush();
    expect(page.unresponsive).toBe(true);

    fake.emit('browsingContext.navigationStarted', navigationInfo(PAGE, 'nav-1', 'https://shop.example/elsewhere'));
    await flush();
    expect(page.unresponsive).toBe(false);
    expect(browser.stateCounts().unresponsive).toBe(0);
  });
});

describe('One guard per kind of call', () => {
  it('answers a hung page the same whatever the script call: not responding within the probe time, nothing sent after the probe', async () => {
    const { fake, page } = await start({ responsiveTimeout: 100 });
    fake.onCommand('script.evaluate', () => neverAnswer());
    const calls: [string, () => Promise<unknown>][] = [
      ['Building a selector', () => page.resolveUidToSelector('1_1')],
      ['Clearing uids', () => page.clearSnapshot()],
      ['Resizing the viewport', () => page.setViewport(800, 600)],
      ['Emulating', () => page.emulate({ locale: 'de-DE' })],
      ['Taking a screenshot', () => page.screenshot()],
      ['Reading storage', () => page.getStorage('local')],
      ['Running script', () => page.evaluate('() => 1')],
      ['Pressing a key', () => page.pressKey('Enter')],
      ['Reloading', () => page.reload()],
      ['Going back', () => page.goBack()],
    ];
    const before = fake.commands.length;
    for (const [what, call] of calls) {
      const started = Date.now();
      await expect(call(), what).rejects.toThrow(
        `${what} is not possible: this page's script is not responding (no answer within 100 ms;`,
      );
      expect(Date.now() - started, what).toBeLessThan(2000);
    }
    // The probe, and the browser's own question after a time-out (is it the browser that hangs?): nothing else went
    // out.
    expect(new Set(fake.commands.slice(before).map((command) => command.method))).toEqual(
      new Set(['script.evaluate', 'session.status']),
    );
  });

  it('says a page is not responding when its script stopped answering after the probe, not only that the call timed out', async () => {
    const { fake, page } = await start({ responsiveTimeout: 100 });
    let probes = 0;
    // The first probe answers; then the page loops: neither the call nor the next probe gets an answer.
    fake.onCommand('script.evaluate', () =>
      ++probes === 1 ? { type: 'success', realm: 'realm-1', result: { type: 'number', value: 0 } } : neverAnswer(),
    );
    fake.onCommand('script.callFunction', () => neverAnswer());
    await expect(page.evaluate('() => 1', [], { timeout: 300 })).rejects.toThrow(
      "Running script is not possible: this page's script is not responding (no answer within 100 ms;",
    );
    expect(probes).toBe(2);
  });

  it('answers local calls of a crashed page, and refuses every kind once the page closed', async () => {
    const { fake, main, flush } = await start();
    fake.emit('browsingContext.contextCreated', contextInfo(OTHER_PAGE, { url: 'about:blank' }));
    await flush();
    const other = main.at(1);
    fake.emit('log.entryAdded', logIn(OTHER_PAGE, 'before the crash'));
    fake.emit(
      'browsingContext.navigationCommitted',
      navigationInfo(OTHER_PAGE, 'crash-nav', 'about:tabcrashed?u=https%3A%2F%2Fshop.example%2F'),
    );
    await flush();
    expect(other.crashed).toBe(true);
    expect(other.getConsoleMessages().map((message) => message.text)).toEqual(['before the crash']);
    expect(other.getDialog()).toBeUndefined();

    fake.emit('browsingContext.contextDestroyed', contextInfo(OTHER_PAGE, { url: 'https://shop.example/' }));
    await flush();
    const closed = 'cannot go on: the page was closed. List the pages and select one.';
    expect(() => other.getConsoleMessages()).toThrow(`Reading console messages ${closed}`);
    expect(() => other.getNetworkRequests()).toThrow(`Reading network requests ${closed}`);
    await expect(other.handleDialog(true)).rejects.toThrow(`Answering the dialog ${closed}`);
    await expect(other.takeSnapshot()).rejects.toThrow(`Taking a snapshot ${closed}`);
    await expect(other.clickByUid('1_1')).rejects.toThrow(`Clicking ${closed}`);
    await expect(other.navigate('https://shop.example/')).rejects.toThrow(
      `Navigating to "https://shop.example/" ${closed}`,
    );
    expect(other.counts()).toMatchObject({ consoleMessages: 0 });
    expect(() => other.interruptInput()).not.toThrow();
  });

  it('answers going back early with a dialog that opens on the way, as navigate and reload do', async () => {
    const { fake, page, received } = await start();
    fake.onCommand('browsingContext.traverseHistory', () => neverAnswer());
    const going = page.goBack();
    await received('browsingContext.traverseHistory');
    fake.emit('browsingContext.userPromptOpened', promptOpened(PAGE, 'beforeunload', 'Leave?'));
    await expect(going).resolves.toMatchObject({ url: PAGE_URL, dialog: { type: 'beforeunload' } });
  });
});
