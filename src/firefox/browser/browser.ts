import type { BrowsingContext } from 'webdriver-bidi-protocol';
import { IdCounter } from '../page/console.js';
import { DownloadTracker } from '../context/downloads.js';
import { Extensions } from './extensions.js';
import { InvalidArgumentError, translateBidiError, type Send } from '../errors.js';
import { FilePolicy } from '../policy/files.js';
import { Page, type PageEnvironment } from '../page/page.js';
import { SecretStore } from '../policy/secrets.js';
import { RequestInterceptor } from './request-interceptor.js';
import { collectBodies } from '../page/network-bodies.js';
import type { SessionHandle, SessionOptions } from '../session/session.js';
import { SnapshotIds } from '../page/snapshots.js';
import { INTERNALS_PRELOAD } from '../engine/index.js';
import { UrlPolicy, type UrlPolicyOptions } from '../policy/url-policy.js';
import { UserContext } from '../context/context.js';

export interface ClientOptions extends SessionOptions {
  /** Console messages kept per page (default 1000; the oldest are dropped). */
  consoleCapacity?: number;
  /** Network requests kept per page (default 1000; the oldest are dropped). */
  networkCapacity?: number;
  /** Viewport given to every page the client sees open. */
  viewport?: { width: number; height: number };
  /** Named layers for snapshots: name → CSS selectors, such as { content: ['#main', 'article'] }. */
  layers?: Record<string, string[]>;
  /** The layers a snapshot is limited to when it names none (default: the whole page). */
  defaultLayers?: string[];
  /** Named secrets: fill fields with `<secret>NAME</secret>`; outputs show that instead of the value. */
  secrets?: Record<string, string>;
  /** Which URLs navigate() and newPage() load (default: any). */
  urlPolicy?: UrlPolicyOptions;
  /**
   * Save downloads in this folder (absolute); `false` refuses them, except in user contexts given a
   * folder of their own (FirefoxClient.saveDownloadsIn); by default Firefox's own choice. Every
   * download is reported in takeNotes().
   */
  downloadDir?: string | false;
  /** Where files the client writes (saved snapshots) may go; by default the working directory (a library's caller chooses its own; the MCP server never writes there). */
  files?: FilePolicy;
  /** Snapshot ids start here (default 1). A client that replaces one that died passes the old one's `nextSnapshotId`, so an old uid is never taken for a new one. */
  firstSnapshotId?: number;
  /** Milliseconds a page's script may take to answer a probe before it is called not responding (default 3000). */
  responsiveTimeout?: number;
  /** Milliseconds one input call (typing, above all) may take before it stops where it is (default 30 s). */
  inputTimeout?: number;
  /** How an action waits for the page to settle before it answers: a DOM quiet window (default 100 ms) and the longest wait (default 1500 ms). */
  settle?: { quietMs?: number; maxMs?: number };
  /**
   * Write each uid on its element as data-mcp-uid (default true; never inside editable content).
   * false leaves every page's DOM untouched, for apps that save or send their own DOM (copy as
   * HTML, form builders): uids then resolve from the engine's registry alone.
   */
  stampUids?: boolean;
  /** Keep request and response bodies for getNetworkBody (default true; Firefox then holds up to remote.network.maxTotalDataSize of them). */
  collectBodies?: boolean;
}

const EVENTS: [string, ...string[]] = [
  'browsingContext.contextCreated',
  'browsingContext.contextDestroyed',
  'browsingContext.userPromptOpened',
  'browsingContext.userPromptClosed',
  'log.entryAdded',
  'network.beforeRequestSent',
  'network.responseCompleted',
  'network.fetchError',
  'browsingContext.navigationStarted',
  'browsingContext.load',
  'browsingContext.fragmentNavigated',
  'browsingContext.historyUpdated',
];
/** Events some browsers lack; each subscribed on its own so the absence of one breaks nothing. */
const OPTIONAL_EVENTS = ['browsingContext.downloadWillBegin', 'browsingContext.downloadEnd', 'browsingContext.navigationCommitted', 'browsingContext.navigationFailed'];

/**
 * The browser as the protocol sees it: user contexts, their pages, and the events that feed them.
 * Every BiDi event goes to the page that owns its browsing context (an iframe's to its page);
 * a page that closes is disposed and forgotten.
 */
export class Browser {
  readonly downloads = new DownloadTracker();
  readonly extensions: Extensions;
  readonly #userContexts = new Map<string, UserContext>();
  /** Every browsing context the browser knows, the pages' own and their frames', to the page that owns it. */
  readonly #owners = new Map<string, Page>();
  readonly #env: PageEnvironment;
  readonly #interceptor: RequestInterceptor;

  private constructor(
    readonly session: SessionHandle,
    private readonly options: ClientOptions,
  ) {
    for (const name of options.defaultLayers ?? []) {
      if (!options.layers?.[name]) throw new InvalidArgumentError(`Default layer "${name}" is not one of the configured layers (${Object.keys(options.layers ?? {}).join(', ') || 'none'}).`);
    }
    this.#env = {
      connection: session.connection,
      send: this.send,
      pageIndexOf: (context, userContext) => {
        const page = this.#owners.get(context);
        return page?.userContext === userContext ? this.userContext(userContext).indexOf(context) : -1;
      },
      replace: (page) => this.userContext(page.userContext).replace(page, this.#env.responsiveTimeout),
      secrets: new SecretStore(options.secrets),
      urlPolicy: new UrlPolicy(options.urlPolicy),
      files: options.files ?? new FilePolicy(process.cwd()),
      snapshotIds: new SnapshotIds(options.firstSnapshotId),
      ids: new IdCounter(),
      consoleCapacity: options.consoleCapacity,
      networkCapacity: options.networkCapacity,
      layers: { named: options.layers ?? {}, defaults: options.defaultLayers ?? [] },
      responsiveTimeout: options.responsiveTimeout ?? 3000,
      inputTimeout: options.inputTimeout,
      settle: options.settle,
      stampUids: options.stampUids ?? true,
      collectsBodies: false,
    };
    const routesExist = (): boolean => [...this.#userContexts.values()].some((context) => context.routes.size > 0);
    this.extensions = new Extensions(this.send, session.kind === 'launched');
    this.#interceptor = new RequestInterceptor(this.send, this.#env.urlPolicy, this.#env.secrets, routesExist);
  }

  /** Subscribes to the session's events and learns the pages already open; ends the session if that fails. */
  static async start(session: SessionHandle, options: ClientOptions): Promise<Browser> {
    try {
      const browser = new Browser(session, options);
      await browser.#init();
      return browser;
    } catch (error) {
      await session.end();
      throw translateBidiError(error, 'Starting the client');
    }
  }

  get secrets(): SecretStore {
    return this.#env.secrets;
  }

  get urlPolicy(): UrlPolicy {
    return this.#env.urlPolicy;
  }

  /** The id the next snapshot gets. */
  get nextSnapshotId(): number {
    return this.#env.snapshotIds.next;
  }

  /** The user context `id` ('default' for the browser's own), created on first use. */
  userContext(id = 'default'): UserContext {
    let found = this.#userContexts.get(id);
    if (!found) {
      found = new UserContext(id, {
        createTab: async (userContext) => {
          const { context } = await this.send('browsingContext.create', { type: 'tab', background: true, ...(userContext === 'default' ? {} : { userContext }) }, 'Opening a page');
          return this.#adoptPage({ context, parent: null, url: 'about:blank', children: null, userContext, originalOpener: null, clientWindow: '' });
        },
        closeTab: async (page, timeout) => {
          await this.send('browsingContext.close', { context: page.id, promptUnload: false }, 'Closing a page', timeout);
          this.#forget(page.id, page.navigations.url ?? '');
        },
        gone: (page) => this.#forget(page.id, page.navigations.url ?? ''),
        urls: async () => {
          const { contexts } = await this.send('browsingContext.getTree', { maxDepth: 0 }, 'Listing pages');
          return new Map(contexts.map((info) => [info.context, info.url]));
        },
        routesChanged: () => this.#interceptor.update(),
      });
      this.#userContexts.set(id, found);
    }
    return found;
  }

  /** A new user context (its own cookies, storage and pages) with one blank page open in it. */
  async createUserContext(): Promise<UserContext> {
    const { userContext: id } = await this.send('browser.createUserContext', {}, 'Creating a user context');
    const created = this.userContext(id);
    await created.newPage();
    return created;
  }

  /** Closes a user context and every page in it; what they held is disposed. */
  async removeUserContext(id: string): Promise<void> {
    const removed = this.#userContexts.get(id);
    if (!removed || id === 'default') return;
    await this.send('browser.removeUserContext', { userContext: id }, 'Closing a user context').catch((error: unknown) => {
      if (!this.session.connection.closed) throw error;
    });
    for (const page of [...removed.pages]) this.#forget(page.id, '');
    this.#userContexts.delete(id);
    if (removed.routes.size > 0) await this.#interceptor.update();
  }

  /** Saves the downloads of user context `id` in `folder` (absolute), whatever the browser-wide choice. */
  async saveDownloadsIn(id: string, folder: string): Promise<void> {
    await this.send('browser.setDownloadBehavior', { downloadBehavior: { type: 'allowed', destinationFolder: folder }, userContexts: [id] }, 'Choosing the download folder');
  }

  /** A property, not a method: the browser's parts get it to send with. */
  readonly send: Send = async (method, params, what, timeout) => {
    try {
      return await this.session.connection.send(method, params, timeout === undefined ? {} : { timeout });
    } catch (error) {
      throw translateBidiError(error, what);
    }
  };

  /**
   * How many entries the per-page state holds, summed over the open pages, with the browser's own
   * maps: for checking (and the soak bench) that pages which closed leave nothing behind.
   */
  stateCounts(): Record<string, number> {
    const pages = [...this.#userContexts.values()].flatMap((context) => context.pages);
    const counts: Record<string, number> = { userContexts: this.#userContexts.size, pages: pages.length, contexts: this.#owners.size, liveSnapshotIds: this.#env.snapshotIds.live };
    for (const page of pages) for (const [key, value] of Object.entries(page.counts())) counts[key] = (counts[key] ?? 0) + value;
    counts.crashed = pages.filter((page) => page.crashed).length;
    counts.unresponsive = pages.filter((page) => page.unresponsive).length;
    return counts;
  }

  async #init(): Promise<void> {
    const bidi = this.session.connection;
    const owner = (context: string | null | undefined): Page | undefined => (context == null ? undefined : this.#owners.get(context));
    bidi.on('browsingContext.contextCreated', (info) => this.#adopt(info, false));
    bidi.on('browsingContext.contextDestroyed', (info) => this.#forget(info.context, info.url));
    bidi.on('browsingContext.userPromptOpened', (event) => owner(event.context)?.dialog.onOpened(event));
    bidi.on('browsingContext.userPromptClosed', (event) => owner(event.context)?.dialog.onClosed());
    bidi.on('log.entryAdded', (entry) => entry.source.context && owner(entry.source.context)?.onLog(entry, entry.source.context));
    bidi.on('network.beforeRequestSent', (event) => {
      const page = owner(event.context);
      const interception = this.#interceptor.intercept(event, page && this.userContext(page.userContext).routes);
      if (page && event.context) page.onRequest(event, event.context, interception);
    });
    bidi.on('network.responseCompleted', (event) => owner(event.context)?.onResponse(event));
    bidi.on('network.fetchError', (event) => owner(event.context)?.onFetchError(event));
    bidi.on('browsingContext.navigationStarted', (event) => owner(event.context)?.onNavigationStarted(event));
    bidi.on('browsingContext.navigationCommitted', (event) => owner(event.context)?.onNavigationCommitted(event));
    bidi.on('browsingContext.navigationFailed', (event) => this.#topPage(event.context)?.navigations.onFailed(event));
    bidi.on('browsingContext.load', (event) => owner(event.context)?.onLoad(event));
    bidi.on('browsingContext.fragmentNavigated', (event) => this.#topPage(event.context)?.navigations.onSameDocument(event));
    bidi.on('browsingContext.historyUpdated', (event) => this.#topPage(event.context)?.navigations.onSameDocument(event));
    const userContextOf = (context: string): string => this.#owners.get(context)?.userContext ?? 'default';
    bidi.on('browsingContext.downloadWillBegin', (event) => {
      this.downloads.onWillBegin(event, userContextOf(event.context));
      this.#topPage(event.context)?.navigations.onDownloadWillBegin(event);
    });
    bidi.on('browsingContext.downloadEnd', (event) => this.downloads.onEnd(event, userContextOf(event.context)));
    await bidi.send('session.subscribe', { events: EVENTS });
    await Promise.all(OPTIONAL_EVENTS.map((event) => bidi.send('session.subscribe', { events: [event] }).catch(() => undefined)));
    await this.#interceptor.update();
    this.#env.collectsBodies = this.options.collectBodies !== false && (await collectBodies(this.send));
    // Custom elements may give themselves roles and states through ElementInternals, which no other script can read.
    await bidi.send('script.addPreloadScript', { functionDeclaration: INTERNALS_PRELOAD }).catch(() => undefined);
    const { downloadDir } = this.options;
    if (downloadDir !== undefined) {
      const downloadBehavior = downloadDir === false ? { type: 'denied' as const } : { type: 'allowed' as const, destinationFolder: downloadDir };
      await this.send('browser.setDownloadBehavior', { downloadBehavior }, 'Choosing the download folder');
    }
    const { contexts } = await bidi.send('browsingContext.getTree', {});
    // Firefox names the parent of the tree's roots only: a child's parent is the context it sits in.
    const learn = (infos: BrowsingContext.InfoList, parent: string | null): void => {
      for (const info of infos) {
        this.#adopt({ ...info, parent: info.parent ?? parent }, true);
        learn(info.children ?? [], info.context);
      }
    };
    learn(contexts, null);
    const main = this.userContext();
    if (this.session.kind === 'launched' && contexts.length === 1 && contexts[0]?.url === 'about:blank') {
      // Firefox's start-up tab never gets window focus when headless, so focus, blur and change
      // events would not fire in it: replace it with a tab of our own, which does.
      const startup = main.pages[0];
      await main.newPage();
      if (startup) await main.closePage(0);
      main.takeNotes();
    }
    if (main.pages.length === 0) await main.newPage();
    const { viewport } = this.options;
    if (viewport && main.selected) await main.selected.setViewport(viewport.width, viewport.height);
  }

  /** The page of a top-level context (events of frames' own navigations do not concern it). */
  #topPage(context: string): Page | undefined {
    const page = this.#owners.get(context);
    return page?.id === context ? page : undefined;
  }

  /**
   * A context the browser did not know: a page (a new Page in its user context) or a frame of one.
   * A top-level context that only an event announced joins its user context's list once Firefox
   * lists it as a tab (#confirmPage); its events are kept from the start.
   */
  #adopt(info: BrowsingContext.Info, isTab: boolean): void {
    if (this.#owners.has(info.context)) return;
    if (info.parent == null) {
      const page = this.#adoptPage(info, isTab);
      if (!isTab) void this.#confirmPage(page, info.originalOpener);
      return;
    }
    const page = this.#owners.get(info.parent);
    page?.frames.add(info);
    if (page) this.#owners.set(info.context, page);
  }

  /** The Page of a top-level context, made on first sight; `isTab` puts it in its user context's list. */
  #adoptPage(info: BrowsingContext.Info, isTab = true): Page {
    let page = this.#owners.get(info.context);
    if (!page) {
      page = new Page(info.context, info.userContext, this.#env);
      this.#owners.set(info.context, page);
    }
    if (isTab) this.#listPage(page, info.originalOpener);
    return page;
  }

  #listPage(page: Page, opener: string | null | undefined): void {
    const pages = this.userContext(page.userContext);
    if (pages.pages.includes(page)) return;
    pages.add(page, opener);
    if (this.options.viewport) void page.setViewport(this.options.viewport.width, this.options.viewport.height).catch(() => undefined);
  }

  /**
   * Lists an announced top-level context once Firefox's tree has it as a tab. Printing a page with
   * iframes announces their static clones as top-level contexts that are no tabs, and never says
   * they went: listed as pages, they broke every later call (issue 18).
   */
  async #confirmPage(page: Page, opener: string | null | undefined): Promise<void> {
    const tabs = await this.send('browsingContext.getTree', { maxDepth: 0 }, 'Listing pages').then(
      ({ contexts }) => new Set(contexts.map((info) => info.context)),
      () => undefined,
    );
    if (page.disposed) return;
    // Without an answer, list it: listPages() drops it later if it is no tab.
    if (tabs === undefined || tabs.has(page.id)) this.#listPage(page, opener);
    else this.#forget(page.id, '');
  }

  /** A context went away: a frame (and the frames inside it), or a whole page, disposed with all it held. */
  #forget(context: string, url: string): void {
    const page = this.#owners.get(context);
    if (!page) return;
    if (page.id !== context) {
      for (const frame of page.frames.remove(context)) this.#owners.delete(frame);
      return;
    }
    for (const frame of page.frames.contexts) this.#owners.delete(frame);
    this.#owners.delete(context);
    this.userContext(page.userContext).remove(page, url);
    page.dispose();
  }
}
