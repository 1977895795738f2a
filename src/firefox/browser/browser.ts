import type { BrowsingContext } from 'webdriver-bidi-protocol';
import type { BidiConnection } from '../../bidi/index.js';
import { Extensions } from './extensions.js';
import { BrowserClosedError, translateBidiError, type Send } from '../errors.js';
import { BrowserLiveness } from './liveness.js';
import { Page, type PageEnvironment, type PageEvents } from '../page/page.js';
import type { SecretStore } from '../policy/secrets.js';
import { RequestInterceptor } from './request-interceptor.js';
import { collectBodies } from '../page/network-bodies.js';
import { connectSession, launchSession, type SessionHandle } from '../session/session.js';
import type { ClientOptions } from './options.js';
import type { LaunchOptions } from '../session/launch.js';
import { webdriverSession, type WebDriverOptions } from '../session/webdriver.js';
import { INTERNALS_PRELOAD } from '../engine/index.js';
import { installClipboards } from './clipboard.js';
import { UserContext, type UserContextEnvironment } from '../user-context/user-context.js';
import { stateCounts } from './state-counts.js';
import { routeEvents } from './event-routing.js';
import { chooseDownloadFolder } from '../user-context/downloads.js';
import { pageEnvironment } from './page-environment.js';
import { listTabs, openTab } from './tabs.js';

export type { ClientOptions } from './options.js';

export type LaunchBrowserOptions = LaunchOptions & ClientOptions;
export type ConnectBrowserOptions = ({ wsEndpoint: string } | (WebDriverOptions & { webdriverUrl: string })) &
  ClientOptions;

/** A page the browser knows, and the handle through which it feeds it its events. */
interface Owned {
  page: Page;
  events: PageEvents;
}

/**
 * One Firefox over WebDriver BiDi, as the protocol sees it: its user contexts (UserContext), their
 * pages, and the events that feed them; extensions and what else is browser-wide. Every BiDi event
 * goes to the page that owns its browsing context (an iframe's to its page); a page that closes
 * is disposed and forgotten, and so is a user context with all in it.
 */
export class Browser {
  readonly extensions: Extensions;
  readonly #userContexts = new Map<string, UserContext>();
  /** Every browsing context the browser knows, the pages' own and their frames', to the page that owns it. */
  readonly #owners = new Map<string, Owned>();
  readonly #env: PageEnvironment;
  readonly #userContextEnv: UserContextEnvironment;
  readonly #interceptor: RequestInterceptor;
  readonly #liveness: BrowserLiveness;
  #closing: Promise<void> | undefined;

  private constructor(
    readonly session: SessionHandle,
    private readonly options: ClientOptions,
  ) {
    this.#env = pageEnvironment(options, session.connection, this.send);
    this.#userContextEnv = {
      send: this.send,
      secrets: this.#env.secrets,
      urlPolicy: this.#env.urlPolicy,
      closed: () => this.closed,
      closing: () => this.#closing !== undefined,
      createTab: async (userContext, front) => {
        const tab = await openTab(this.send, userContext.id, front);
        if (front) this.#env.focus.took(tab.context);
        return this.#adoptPage(tab);
      },
      closeTab: async (page, timeout) => {
        await this.send('browsingContext.close', { context: page.id, promptUnload: false }, 'Closing a page', timeout);
        this.#forget(page.id, page.url ?? '');
      },
      gone: (page) => this.#forget(page.id, page.url ?? ''),
      urls: () => listTabs(this.send),
      routesChanged: () => this.#interceptor.update(),
      remove: (userContext) => this.#removeUserContext(userContext),
    };
    const routesExist = (): boolean =>
      [...this.#userContexts.values()].some((userContext) => userContext.rules.size > 0);
    this.extensions = new Extensions(this.send, session.kind === 'launched');
    this.#interceptor = new RequestInterceptor(this.send, this.#env.urlPolicy, this.#env.secrets, routesExist);
    this.#liveness = new BrowserLiveness(session.connection, {
      end: () => (this.#closing ??= session.end({ stopped: true })),
      watchWaiting: session.kind !== 'webdriver',
      pid: session.process?.pid,
    });
  }

  /** Launches a local Firefox (headless unless `headless: false`) with a fresh temporary profile. */
  static async launch(options: LaunchBrowserOptions = {}): Promise<Browser> {
    return Browser.start(await launchSession(options), options);
  }

  /** Connects to a running Firefox by `wsEndpoint`, or to a WebDriver server by `webdriverUrl`. */
  static async connect(options: ConnectBrowserOptions): Promise<Browser> {
    const session =
      'wsEndpoint' in options ? await connectSession(options.wsEndpoint, options) : await webdriverSession(options);
    return Browser.start(session, options);
  }

  /**
   * Starts a local geckodriver (GECKODRIVER_PATH, PATH, or the `geckodriver` npm package) and drives Firefox through
   * it.
   */
  static async launchWithGeckodriver(
    options: Omit<WebDriverOptions, 'webdriverUrl'> & ClientOptions = {},
  ): Promise<Browser> {
    return Browser.start(await webdriverSession(options), options);
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

  /** The underlying BiDi connection, for commands this API does not cover. */
  get bidi(): BidiConnection {
    return this.session.connection;
  }

  /** How the session was obtained: `launched`, `connected` or `webdriver`. */
  get sessionKind(): SessionHandle['kind'] {
    return this.session.kind;
  }

  get browserVersion(): string {
    return this.session.browserVersion;
  }

  /** The pid of the Firefox process, when it was launched here. */
  get pid(): number | undefined {
    return this.session.process?.pid;
  }

  /** The profile directory, when Firefox was launched here. */
  get profileDir(): string | undefined {
    return this.session.process?.profileDir;
  }

  get closed(): boolean {
    return this.#closing !== undefined || this.session.connection.closed;
  }

  /** The browser's named secrets: what every output shows by name (the MCP server masks its answers with it). */
  get secrets(): SecretStore {
    return this.#env.secrets;
  }

  /** The id the next snapshot gets: a browser that replaces this one starts there (`firstSnapshotId`). */
  get nextSnapshotId(): number {
    return this.#env.snapshotIds.next;
  }

  /** The browser's own user context ('default'): the pages it had when it started, and those opened in it. */
  get defaultUserContext(): UserContext {
    return this.#userContext('default');
  }

  /** The live user contexts, the default one first. */
  get userContexts(): UserContext[] {
    return [
      this.defaultUserContext,
      ...[...this.#userContexts.values()].filter((userContext) => userContext.id !== 'default'),
    ];
  }

  /**
   * A new user context of this Firefox with one blank page: its own pages, cookies, storage,
   * console, network, dialogs and uids, none of which another user context sees. `dispose()` closes it
   * and all in it. Extensions are the browser's: a user context cannot install one.
   */
  async newUserContext(): Promise<UserContext> {
    if (this.closed) throw new BrowserClosedError('The browser is closed; launch or connect a new one.');
    const { userContext: id } = await this.send('browser.createUserContext', {}, 'Creating a user context');
    const created = this.#userContext(id);
    await created.newPage();
    return created;
  }

  /**
   * Ends the session: a launched Firefox is closed and its temporary profile deleted; a connected one is left running.
   */
  async close(): Promise<void> {
    return (this.#closing ??= this.session.end());
  }

  /**
   * A property, not a method: the browser's parts get it to send with. A timeout may mean the browser stopped
   * (liveness.ts).
   */
  readonly send: Send = async (method, params, what, timeout) => {
    try {
      return await this.session.connection.send(method, params, timeout === undefined ? {} : { timeout });
    } catch (error) {
      throw (await this.#liveness.stopped(what, error)) ?? translateBidiError(error, what);
    }
  };

  /**
   * How many entries the per-page and per-user-context state holds, summed over the open pages and
   * live user contexts, with the browser's own maps: for checking (and the soak bench) that pages and
   * user contexts which closed leave nothing behind.
   */
  stateCounts(): Record<string, number> {
    return stateCounts([...this.#userContexts.values()], {
      // The browsing contexts routed to pages (theirs and their frames'); the key is public (the soak bench reads it).
      contexts: this.#owners.size,
      liveSnapshotIds: this.#env.snapshotIds.live,
    });
  }

  /** The user context `id`, made on first sight. */
  #userContext(id: string): UserContext {
    let found = this.#userContexts.get(id);
    if (!found) {
      found = new UserContext(id, this.#userContextEnv);
      this.#userContexts.set(id, found);
    }
    return found;
  }

  /** Closes a user context in Firefox and forgets it and every page in it. */
  async #removeUserContext(userContext: UserContext): Promise<void> {
    await this.send('browser.removeUserContext', { userContext: userContext.id }, 'Closing a user context').catch(
      (error: unknown) => {
        if (!this.session.connection.closed) throw error;
      },
    );
    for (const page of [...userContext.pages]) this.#forget(page.id, '');
    this.#userContexts.delete(userContext.id);
    if (userContext.rules.size > 0) await this.#interceptor.update();
  }

  async #init(): Promise<void> {
    const bidi = this.session.connection;
    await routeEvents(bidi, {
      events: (browsingContext) => this.#owners.get(browsingContext)?.events,
      userContextOf: (browsingContext) => this.#userContextOfBrowsingContext(browsingContext),
      userContexts: () => this.#userContexts.values(),
      adopt: (info) => this.#adopt(info, false),
      forget: (browsingContext, url) => this.#forget(browsingContext, url),
      interceptor: this.#interceptor,
      downloadDir: this.options.downloadDir,
    });
    await this.#interceptor.update();
    this.#env.collectsBodies = this.options.collectBodies !== false && (await collectBodies(this.send));
    // Custom elements may give themselves roles and states through ElementInternals, which no other script can read.
    await bidi.send('script.addPreloadScript', { functionDeclaration: INTERNALS_PRELOAD }).catch(() => undefined);
    await installClipboards(bidi, (browsingContext) => this.#userContextOfBrowsingContext(browsingContext));
    if (this.options.downloadDir !== undefined) await chooseDownloadFolder(this.send, this.options.downloadDir);
    const { contexts: browsingContexts } = await bidi.send('browsingContext.getTree', {});
    // Firefox names the parent of the tree's roots only: a child's parent is the browsing context it sits in.
    const learn = (infos: BrowsingContext.InfoList, parent: string | null): void => {
      for (const info of infos) {
        this.#adopt({ ...info, parent: info.parent ?? parent }, true);
        learn(info.children ?? [], info.context);
      }
    };
    learn(browsingContexts, null);
    const main = this.defaultUserContext;
    if (
      this.session.kind === 'launched' &&
      browsingContexts.length === 1 &&
      browsingContexts[0]?.url === 'about:blank'
    ) {
      // Firefox's start-up tab never gets window focus when headless, so focus, blur and change
      // events would not fire in it: replace it with a tab of our own, which does.
      const startup = main.pages[0];
      await main.newPage();
      if (startup) await main.closePage(0);
      main.takeNotes();
    }
    if (main.pages.length === 0) await main.newPage();
    const { viewport } = this.options;
    if (viewport) await main.page.setViewport(viewport.width, viewport.height);
  }

  /** The live user context a page lives in (none once it was removed: late events then go nowhere). */
  #userContextOf(page: Page): UserContext | undefined {
    return this.#userContexts.get(page.userContext.id);
  }

  #userContextOfBrowsingContext(id: string): UserContext | undefined {
    const owned = this.#owners.get(id);
    return owned && this.#userContextOf(owned.page);
  }

  /**
   * A browsing context the browser did not know: a page (a new Page in its user context) or a frame of one.
   * A top-level browsing context that only an event announced joins its user context's list once Firefox
   * lists it as a tab (#confirmPage); its events are kept from the start.
   */
  #adopt(info: BrowsingContext.Info, isTab: boolean): void {
    if (this.#owners.has(info.context)) return;
    if (info.parent == null) {
      const page = this.#adoptPage(info, isTab);
      if (!isTab) void this.#confirmPage(page, info.originalOpener);
      return;
    }
    const owned = this.#owners.get(info.parent);
    if (!owned) return;
    owned.events.frameAttached(info);
    this.#owners.set(info.context, owned);
  }

  /** The Page of a top-level browsing context, made on first sight; `isTab` puts it in its user context's list. */
  #adoptPage(info: BrowsingContext.Info, isTab = true): Page {
    let owned = this.#owners.get(info.context);
    if (!owned) {
      owned = Page.open(info.context, this.#userContext(info.userContext), this.#env);
      this.#owners.set(info.context, owned);
    }
    if (isTab) this.#listPage(owned.page, info.originalOpener);
    return owned.page;
  }

  #listPage(page: Page, opener: string | null | undefined): void {
    const userContext = this.#userContext(page.userContext.id);
    if (userContext.pages.includes(page)) return;
    userContext.add(page, opener);
    if (this.options.viewport)
      void page.setViewport(this.options.viewport.width, this.options.viewport.height).catch(() => undefined);
  }

  /**
   * Lists an announced top-level browsing context once Firefox's tree has it as a tab. Printing a page with
   * iframes announces their static clones as top-level browsing contexts that are no tabs, and never says
   * they went: listed as pages, they broke every later call (issue 18).
   */
  async #confirmPage(page: Page, opener: string | null | undefined): Promise<void> {
    const tabs = await listTabs(this.send).catch(() => undefined);
    if (page.disposed) return;
    // Without an answer, list it: listPages() drops it later if it is no tab.
    if (tabs === undefined || tabs.has(page.id)) this.#listPage(page, opener);
    else this.#forget(page.id, '');
  }

  /**
   * A browsing context went away: a frame (and the frames inside it), or a whole page, disposed with all it held.
   */
  #forget(browsingContext: string, url: string): void {
    const owned = this.#owners.get(browsingContext);
    if (!owned) return;
    const { page, events } = owned;
    if (page.id !== browsingContext) {
      for (const frame of events.frameDetached(browsingContext)) this.#owners.delete(frame);
      return;
    }
    for (const [frame, owner] of this.#owners) if (owner === owned) this.#owners.delete(frame);
    this.#env.focus.gone(browsingContext);
    this.#userContexts.get(page.userContext.id)?.remove(page, url);
    page.dispose();
  }
}
