import type { BrowsingContext, Script } from 'webdriver-bidi-protocol';
import { BidiTimeoutError, fromRemoteValue, toLocalValue, type BidiConnection, type CommandName, type CommandParams, type CommandResult, type JsonValue } from '../bidi/index.js';
import { ConsoleCollector, type ConsoleFilter, type ConsoleMessage } from './console.js';
import { DialogTracker, type Dialog } from './dialogs.js';
import { BrowserClosedError, EvaluationError, FirefoxClientError, InvalidArgumentError, PageCrashedError, PageUnresponsiveError, TimeoutError, translateBidiError } from './errors.js';
import type { LaunchOptions } from './launch.js';
import { NetworkCollector, type NetworkFilter, type NetworkRequest } from './network.js';
import { FrameTree, type Place } from './frames.js';
import { PageRegistry } from './pages.js';
import { connectSession, launchSession, type SessionHandle, type SessionOptions } from './session.js';
import { webdriverSession, type WebDriverOptions } from './webdriver.js';
import { InputController, type ActionResult, type ClickOptions, type ScrollOptions, type ScrollResult } from './input/actions.js';
import { findInSnapshot, type FindResult } from './snapshot/budget.js';
import { NavigationWatcher } from './input/navigation-watch.js';
import { SnapshotManager, type SnapshotOptions, type TakenSnapshot, type UidSelector } from './snapshot/manager.js';
import { INTERNALS_PRELOAD, SANDBOX } from './engine/index.js';
import { SecretStore } from './redact.js';
import { quote } from './text.js';
import { DownloadTracker, type Download } from './downloads.js';
import { guardRequests } from './request-guard.js';
import { UrlPolicy, type UrlPolicyOptions } from './url-policy.js';
import { paginateText, parseMarkdownDocument, parseMarkdownView, renderMarkdown } from './markdown/index.js';

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
  /** Save downloads in this folder (absolute); by default Firefox's own choice. Every download is reported in takeNotes(). */
  downloadDir?: string;
  /** Milliseconds a page's script may take to answer a probe before it is called not responding (default 3000). */
  responsiveTimeout?: number;
  /** Milliseconds one input call (typing, above all) may take before it stops where it is (default 30 s). */
  inputTimeout?: number;
}

export type FirefoxLaunchOptions = LaunchOptions & ClientOptions;
export type FirefoxConnectOptions = ({ wsEndpoint: string } | (WebDriverOptions & { webdriverUrl: string })) & ClientOptions;

export interface PageInfo {
  index: number;
  /** The BiDi browsing context id. */
  id: string;
  url: string;
  title: string;
  selected: boolean;
  /** The page's script did not answer the last probe (a busy loop): its title is unknown. */
  unresponsive?: true;
  /** Its content process ended: it shows Firefox's crash page until it is navigated or reloaded. */
  crashed?: true;
}

export type WaitUntil = 'none' | 'interactive' | 'complete';

/** A page as Markdown, one page of it at a time. */
export interface PageMarkdown {
  url: string;
  view: 'document' | 'agent';
  markdown: string;
  /** uids shown (agent view). */
  refsCount: number;
  truncated: boolean;
  totalChars: number;
  offset: number;
  hasMore: boolean;
  nextOffset: number | null;
}

export interface NavigationResult {
  url: string;
  /** A dialog that opened before the navigation finished; the navigation waits until it is answered. */
  dialog?: Dialog;
}

export interface NavigateOptions {
  /** What to wait for (default 'complete'). */
  wait?: WaitUntil;
  /** Milliseconds (default 30 s). */
  timeout?: number;
}

export interface ScreenshotOptions {
  /** The whole document rather than the viewport. */
  fullPage?: boolean;
  /** Only this element (a uid from a snapshot). */
  uid?: string;
  format?: 'png' | 'jpeg';
  /** JPEG quality, 0–100. */
  quality?: number;
}

export interface EvaluateOptions {
  /** Milliseconds (default 30 s). */
  timeout?: number;
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
 * Drives one Firefox over WebDriver BiDi: pages, navigation, script, screenshots, console,
 * network and dialogs. Get one with `FirefoxClient.launch()` (a local headless Firefox) or
 * `FirefoxClient.connect()` (a running Firefox, or a WebDriver server such as Selenium Grid).
 */
export class FirefoxClient {
  readonly #session: SessionHandle;
  readonly #pages: PageRegistry;
  readonly #console: ConsoleCollector;
  readonly #network: NetworkCollector;
  readonly #dialogs = new DialogTracker();
  readonly #frames = new FrameTree();
  readonly #navigation = new NavigationWatcher();
  readonly #snapshots: SnapshotManager;
  readonly #input: InputController;
  readonly #secrets: SecretStore;
  readonly #viewport: { width: number; height: number } | undefined;
  readonly #urlPolicy: UrlPolicy;
  readonly #downloads = new DownloadTracker();
  readonly #downloadDir: string | undefined;
  readonly #responsiveTimeout: number;
  /** Pages whose script did not answer a probe: listed without a title until they answer again. */
  readonly #unresponsive = new Set<string>();
  /** Pages whose content process ended, with the URL they showed: they show the crash page until navigated. */
  readonly #crashed = new Map<string, string>();
  #closing: Promise<void> | undefined;

  private constructor(session: SessionHandle, options: ClientOptions) {
    this.#session = session;
    this.#pages = new PageRegistry('default');
    const placeOf = (context: string): Place => this.#frames.placeOf(context);
    this.#console = new ConsoleCollector(options.consoleCapacity, placeOf);
    this.#network = new NetworkCollector(options.networkCapacity, placeOf);
    this.#viewport = options.viewport;
    this.#urlPolicy = new UrlPolicy(options.urlPolicy);
    this.#downloadDir = options.downloadDir;
    this.#responsiveTimeout = options.responsiveTimeout ?? 3000;
    const access = {
      send: <M extends CommandName>(method: M, params: CommandParams<M>, what: string, timeout?: number) => this.#send(method, params, what, timeout),
      pageIndexOf: (id: string) => this.#pages.indexOf(id),
    };
    for (const name of options.defaultLayers ?? []) {
      if (!options.layers?.[name]) throw new InvalidArgumentError(`Default layer "${name}" is not one of the configured layers (${Object.keys(options.layers ?? {}).join(', ') || 'none'}).`);
    }
    this.#secrets = new SecretStore(options.secrets);
    this.#snapshots = new SnapshotManager(access, { named: options.layers ?? {}, defaults: options.defaultLayers ?? [] }, this.#secrets);
    this.#input = new InputController(access, this.#snapshots, this.#dialogs, this.#navigation, this.#secrets, options.inputTimeout === undefined ? {} : { inputTimeoutMs: options.inputTimeout });
  }

  /** Launches a local Firefox (headless unless `headless: false`) with a fresh temporary profile. */
  static async launch(options: FirefoxLaunchOptions = {}): Promise<FirefoxClient> {
    return FirefoxClient.#start(await launchSession(options), options);
  }

  /** Connects to a running Firefox by `wsEndpoint`, or to a WebDriver server by `webdriverUrl`. */
  static async connect(options: FirefoxConnectOptions): Promise<FirefoxClient> {
    const session = 'wsEndpoint' in options ? await connectSession(options.wsEndpoint, options) : await webdriverSession(options);
    return FirefoxClient.#start(session, options);
  }

  /** Starts a local geckodriver (GECKODRIVER_PATH, PATH, or the `geckodriver` npm package) and drives Firefox through it. */
  static async launchWithGeckodriver(options: Omit<WebDriverOptions, 'webdriverUrl'> & ClientOptions = {}): Promise<FirefoxClient> {
    return FirefoxClient.#start(await webdriverSession(options), options);
  }

  static async #start(session: SessionHandle, options: ClientOptions): Promise<FirefoxClient> {
    const client = new FirefoxClient(session, options);
    try {
      await client.#init();
    } catch (error) {
      await session.end();
      throw translateBidiError(error, 'Starting the client');
    }
    return client;
  }

  async #init(): Promise<void> {
    const bidi = this.#session.connection;
    bidi.on('browsingContext.contextCreated', (info) => {
      this.#frames.onCreated(info);
      this.#pages.onCreated(info);
      if (this.#viewport && info.parent == null) void this.#applyViewport(info.context, this.#viewport).catch(() => undefined);
    });
    bidi.on('browsingContext.contextDestroyed', (info) => {
      // Frames inside a closed page go with it, whether or not Firefox says so for each.
      for (const context of this.#frames.subtree(info.context)) this.#navigation.forget(context);
      this.#frames.onDestroyed(info);
      this.#pages.onDestroyed(info);
      this.#console.clear(info.context);
      this.#network.clear(info.context);
      this.#dialogs.forget(info.context);
      this.#unresponsive.delete(info.context);
      this.#navigation.forget(info.context);
      this.#snapshots.forget(info.context);
      this.#crashed.delete(info.context);
    });
    bidi.on('browsingContext.userPromptOpened', (event) => this.#dialogs.onOpened(event));
    bidi.on('browsingContext.userPromptClosed', (event) => this.#dialogs.onClosed(event));
    bidi.on('log.entryAdded', (entry) => this.#console.add(entry));
    bidi.on('network.beforeRequestSent', (event) => this.#network.onBeforeRequestSent(event));
    bidi.on('network.responseCompleted', (event) => {
      this.#network.onResponseCompleted(event);
      this.#navigation.onResponseCompleted(event);
    });
    bidi.on('network.fetchError', (event) => {
      this.#network.onFetchError(event);
      this.#navigation.onFetchError(event);
    });
    bidi.on('browsingContext.navigationStarted', (event) => {
      this.#unresponsive.delete(event.context);
      this.#navigation.onNavigationStarted(event);
    });
    bidi.on('browsingContext.downloadWillBegin', (event) => {
      this.#downloads.onWillBegin(event);
      this.#navigation.onDownloadWillBegin(event);
    });
    bidi.on('browsingContext.navigationCommitted', (event) => {
      // Firefox shows its crash page in a tab whose content process ended, after a blank
      // document, and may name that blank document as what crashed: the page's last URL is.
      if (event.url.startsWith('about:tabcrashed')) {
        const named = new URLSearchParams(event.url.slice(event.url.indexOf('?') + 1)).get('u') ?? '';
        const url = named && named !== 'about:blank' ? named : (this.#crashed.get(event.context) ?? this.#navigation.urlOf(event.context) ?? named);
        this.#crashed.set(event.context, url);
      } else if (event.url !== 'about:blank') {
        this.#crashed.delete(event.context);
      }
      this.#frames.onNavigated(event.context, event.url);
      if (this.#pages.indexOf(event.context) >= 0) this.#snapshots.onNavigated(event.context);
      this.#navigation.onNavigationCommitted(event);
    });
    bidi.on('browsingContext.navigationFailed', (event) => this.#navigation.onNavigationFailed(event));
    bidi.on('browsingContext.downloadEnd', (event) => this.#downloads.onEnd(event));
    bidi.on('browsingContext.load', (event) => {
      this.#frames.onNavigated(event.context, event.url);
      this.#navigation.onLoad(event);
    });
    bidi.on('browsingContext.fragmentNavigated', (event) => this.#navigation.onFragmentNavigated(event));
    bidi.on('browsingContext.historyUpdated', (event) => this.#navigation.onHistoryUpdated(event));
    await bidi.send('session.subscribe', { events: EVENTS });
    await Promise.all(OPTIONAL_EVENTS.map((event) => bidi.send('session.subscribe', { events: [event] }).catch(() => undefined)));
    await guardRequests(bidi, this.#urlPolicy);
    // Custom elements may give themselves roles and states through ElementInternals, which no other script can read.
    await bidi.send('script.addPreloadScript', { functionDeclaration: INTERNALS_PRELOAD }).catch(() => undefined);
    if (this.#downloadDir !== undefined) {
      await this.#send('browser.setDownloadBehavior', { downloadBehavior: { type: 'allowed', destinationFolder: this.#downloadDir } }, 'Choosing the download folder');
    }
    const { contexts } = await bidi.send('browsingContext.getTree', {});
    const learn = (infos: BrowsingContext.InfoList): void => {
      for (const info of infos) {
        this.#frames.onCreated(info);
        learn(info.children ?? []);
      }
    };
    learn(contexts);
    for (const info of contexts) this.#pages.onCreated(info);
    if (this.#session.kind === 'launched' && contexts.length === 1 && contexts[0]?.url === 'about:blank') {
      // Firefox's start-up tab never gets window focus when headless, so focus, blur and change
      // events would not fire in it: replace it with a tab of our own, which does.
      const startup = contexts[0].context;
      await this.newPage();
      await this.#send('browsingContext.close', { context: startup }, 'Closing the start-up tab');
      this.#pages.onDestroyed(contexts[0]);
      this.#pages.takeNotes();
    }
    if (this.#pages.ids.length === 0) await this.newPage();
    const selected = this.#pages.selectedId;
    if (this.#viewport && selected) await this.#applyViewport(selected, this.#viewport);
  }

  /** The underlying BiDi connection, for commands the facade does not cover. */
  get bidi(): BidiConnection {
    return this.#session.connection;
  }

  /** How the session was obtained: `launched`, `connected` or `webdriver`. */
  get sessionKind(): SessionHandle['kind'] {
    return this.#session.kind;
  }

  get browserVersion(): string {
    return this.#session.browserVersion;
  }

  /** The pid of the Firefox process, when this client launched it. */
  get pid(): number | undefined {
    return this.#session.process?.pid;
  }

  /**
   * How many entries the client's per-page state holds, map by map: for checking (and the soak
   * bench) that pages which closed leave nothing behind.
   */
  stateCounts(): Record<string, number> {
    const network = this.#network.sizes;
    const dialogs = this.#dialogs.sizes;
    const navigation = this.#navigation.sizes;
    const snapshots = this.#snapshots.sizes;
    return {
      pages: this.#pages.ids.length,
      frames: this.#frames.size,
      consoleLists: this.#console.size,
      networkLists: network.pages,
      networkPending: network.pending,
      openDialogs: dialogs.open,
      dialogListeners: dialogs.waiting,
      navigationUrls: navigation.urls,
      navigationWatches: navigation.watches,
      snapshots: snapshots.snapshots,
      snapshotFrames: snapshots.frames,
      snapshotHistory: snapshots.history,
      unresponsive: this.#unresponsive.size,
      crashed: this.#crashed.size,
    };
  }

  /** The profile directory, when this client launched Firefox. */
  get profileDir(): string | undefined {
    return this.#session.process?.profileDir;
  }

  get closed(): boolean {
    return this.#closing !== undefined || this.#session.connection.closed;
  }

  // ---------------------------------------------------------------- pages

  async listPages(): Promise<PageInfo[]> {
    const { contexts } = await this.#send('browsingContext.getTree', { maxDepth: 0 }, 'Listing pages');
    const urls = new Map(contexts.map((info) => [info.context, info.url]));
    const selected = this.#pages.selectedId;
    return Promise.all(
      this.#pages.ids.map(async (id, index) => ({
        index,
        id,
        url: urls.get(id) ?? 'about:blank',
        title: await this.#title(id),
        selected: id === selected,
        ...(this.#unresponsive.has(id) ? { unresponsive: true as const } : {}),
        ...(this.#crashed.has(id) ? { crashed: true as const } : {}),
      })),
    );
  }

  /** Opens a new tab, selects it, and navigates it to `url` when given. */
  async newPage(url?: string, options: NavigateOptions = {}): Promise<PageInfo> {
    if (url !== undefined) this.#urlPolicy.check(url);
    const previous = this.#pages.selectedId;
    const { context } = await this.#send('browsingContext.create', { type: 'tab', background: true }, 'Opening a page');
    this.#pages.onCreated({ context, parent: null, url: 'about:blank', children: null, userContext: this.#pages.userContext, originalOpener: null, clientWindow: '' });
    this.#pages.select(context);
    await this.#activate(context);
    if (url !== undefined) {
      try {
        await this.navigate(url, options);
      } catch (error) {
        // A page that failed to open is not left behind for later calls to act on.
        await this.#closeFailedPage(context, previous);
        if (error instanceof Error) error.message += `${error.message.endsWith('.') ? '' : '.'} The new page was closed${previous === undefined ? '' : `; page ${this.#pages.indexOf(previous)} is selected again`}.`;
        throw error;
      }
    }
    return this.#pageInfo(context);
  }

  async #closeFailedPage(context: string, previous: string | undefined): Promise<void> {
    if (previous !== undefined) this.#pages.select(previous);
    await this.#send('browsingContext.close', { context }, 'Closing the page that failed to open').catch(() => undefined);
    if (previous !== undefined) await this.#activate(previous).catch(() => undefined);
  }

  /** Every download pages started since the client began, oldest first. */
  getDownloads(): Download[] {
    return this.#downloads.list();
  }

  /** Makes page `index` (from listPages) the one every other call acts on, and brings it to the front. */
  async selectPage(index: number): Promise<PageInfo> {
    const id = this.#pages.idAt(index);
    this.#pages.select(id);
    await this.#activate(id);
    return this.#pageInfo(id);
  }

  /** Brings a tab to the front. That waits on the tab losing the front, and a hung one must not hold up the others. */
  async #activate(context: string): Promise<void> {
    await this.#send('browsingContext.activate', { context }, 'Selecting a page', this.#responsiveTimeout).catch((error: unknown) => {
      if (!(error instanceof TimeoutError)) throw error;
    });
  }

  /** Closes page `index`; the last open page cannot be closed (open another first). */
  async closePage(index: number): Promise<void> {
    const id = this.#pages.idAt(index);
    if (this.#pages.ids.length === 1) {
      throw new InvalidArgumentError('The last open page cannot be closed; open another page with newPage() first, or close() the client.');
    }
    await this.#send('browsingContext.close', { context: id, promptUnload: false }, 'Closing a page');
    this.#pages.onDestroyed({ context: id, parent: null, url: '', children: null, userContext: this.#pages.userContext, originalOpener: null, clientWindow: '' });
  }

  /** The selected page's context id. */
  get selectedPageId(): string {
    return this.#selected();
  }

  /** Notes about changes the caller did not ask for (for example a fallback after the selected page closed), each given once. */
  takeNotes(): string[] {
    return [...this.#pages.takeNotes(), ...this.#downloads.takeNotes()];
  }

  // ----------------------------------------------------------- navigation

  /**
   * Loads `url` in the selected page. If the page opens a dialog on the way (an alert while
   * loading, a beforeunload prompt), it resolves at once with the dialog: answer it with
   * handleDialog() and the navigation goes on.
   */
  async navigate(url: string, options: NavigateOptions = {}): Promise<NavigationResult> {
    this.#urlPolicy.check(url);
    this.#refuseWhileDialogOpen(this.#selected(), `Navigating to ${quote(url)}`);
    const context = await this.#replaceIfUnresponsive(this.#selected());
    const timeout = options.timeout ?? 30_000;
    const navigation = this.#send('browsingContext.navigate', { context, url, wait: options.wait ?? 'complete' }, `Navigating to ${quote(url)}`, timeout);
    return this.#unlessDialog(context, navigation.then((result) => ({ url: result.url })));
  }

  async goBack(options: NavigateOptions = {}): Promise<{ url: string }> {
    return this.#traverse(-1, options);
  }

  async goForward(options: NavigateOptions = {}): Promise<{ url: string }> {
    return this.#traverse(1, options);
  }

  async reload(options: NavigateOptions = {}): Promise<NavigationResult> {
    this.#refuseWhileDialogOpen(this.#selected(), 'Reloading');
    const context = await this.#responsive(this.#selected(), 'Reloading');
    const reload = this.#send('browsingContext.reload', { context, wait: options.wait ?? 'complete' }, 'Reloading', options.timeout ?? 30_000);
    return this.#unlessDialog(context, reload.then((result) => ({ url: result.url })));
  }

  /** Resolves with `work`, or early, with the page's URL and the dialog, when a dialog opens on `context` first. */
  async #unlessDialog(context: string, work: Promise<{ url: string }>): Promise<NavigationResult> {
    const first = await this.#dialogs.race(context, work);
    if ('value' in first) return first.value;
    const { contexts } = await this.#send('browsingContext.getTree', { root: context, maxDepth: 0 }, 'Reading the page');
    return { url: contexts[0]?.url ?? 'about:blank', dialog: first.dialog };
  }

  async #traverse(delta: -1 | 1, options: NavigateOptions): Promise<{ url: string }> {
    const what = delta < 0 ? 'Going back' : 'Going forward';
    this.#refuseWhileDialogOpen(this.#selected(), what);
    const context = await this.#responsive(this.#selected(), what);
    const deadline = Date.now() + (options.timeout ?? 30_000);
    try {
      await this.bidi.send('browsingContext.traverseHistory', { context, delta }, { timeout: deadline - Date.now() });
    } catch (error) {
      if (error instanceof Error && 'code' in error && error.code === 'no such history entry') {
        throw new InvalidArgumentError(`${what} is not possible: there is no ${delta < 0 ? 'earlier' : 'later'} page in this page's history.`, { cause: error });
      }
      throw translateBidiError(error, what);
    }
    const wait = options.wait ?? 'complete';
    if (wait !== 'none') await this.#waitForReadyState(context, wait, deadline, what);
    return { url: (await this.#pageInfo(context)).url };
  }

  async #waitForReadyState(context: string, wait: 'interactive' | 'complete', deadline: number, what: string): Promise<void> {
    const accepted = wait === 'complete' ? ['complete'] : ['interactive', 'complete'];
    for (;;) {
      const state = await this.#sandboxEval(context, '() => document.readyState', deadline - Date.now()).catch(() => 'loading');
      if (typeof state === 'string' && accepted.includes(state)) return;
      if (Date.now() >= deadline) throw new TimeoutError(`${what}: the page did not reach readyState "${wait}" in time; it may still be loading. Take a screenshot to see it.`);
      await sleep(50);
    }
  }

  // --------------------------------------------------------------- script

  /**
   * Calls a function in the selected page with JSON arguments and returns its JSON result
   * (promises are awaited). `fn` is a function or its source, such as `(a, b) => a + b`.
   */
  async evaluate<T extends JsonValue | undefined = JsonValue | undefined>(fn: string | ((...args: never[]) => unknown), ...args: JsonValue[]): Promise<T> {
    return this.evaluateWithOptions<T>(fn, args);
  }

  async evaluateWithOptions<T extends JsonValue | undefined = JsonValue | undefined>(
    fn: string | ((...args: never[]) => unknown),
    args: JsonValue[] = [],
    options: EvaluateOptions = {},
  ): Promise<T> {
    const context = await this.#ready('Running script');
    const source = typeof fn === 'function' ? fn.toString() : fn;
    if (source.trim() === '') throw new InvalidArgumentError('evaluate() needs a function, such as "() => document.title".');
    const result = await this.#send(
      'script.callFunction',
      { functionDeclaration: source, arguments: args.map(toLocalValue), awaitPromise: true, target: { context }, resultOwnership: 'none', serializationOptions: { maxObjectDepth: 20, maxDomDepth: 0 } },
      'Running script',
      options.timeout ?? 30_000,
    );
    return this.#secrets.maskDeep(unwrapEvaluation(result)) as T;
  }

  /**
   * Calls a function in the selected page with the elements behind `uids` as its arguments.
   * Elements in the result come back as `{ uid }`, with uids given to those that had none.
   */
  async evaluateOnElements(fn: string | ((...args: never[]) => unknown), uids: string[], options: EvaluateOptions = {}): Promise<JsonValue | undefined> {
    const context = await this.#ready('Running script');
    const source = typeof fn === 'function' ? fn.toString() : fn;
    if (source.trim() === '') throw new InvalidArgumentError('The script needs a function, such as "(el) => el.textContent".');
    const refs = await Promise.all(uids.map((uid) => this.#snapshots.elementRef(context, uid)));
    // The function runs in the document that holds the elements (a frame's, when they sit in one).
    const frame = refs[0]?.frame ?? context;
    if (refs.some((ref) => ref.frame !== frame)) throw new InvalidArgumentError('The elements passed to a script must all be in the same frame.');
    const result = await this.#send(
      'script.callFunction',
      { functionDeclaration: source, arguments: refs.map((ref) => ({ sharedId: ref.sharedId })), awaitPromise: true, target: { context: frame }, resultOwnership: 'none', serializationOptions: { maxObjectDepth: 20, maxDomDepth: 0 } },
      'Running script',
      options.timeout ?? 30_000,
    );
    if (result.type === 'exception') unwrapEvaluation(result);
    const returned: string[] = [];
    const collect = (value: Script.RemoteValue): void => {
      if (value.type === 'node' && value.sharedId) returned.push(value.sharedId);
      else if ('value' in value && Array.isArray(value.value)) for (const item of value.value as (Script.RemoteValue | [unknown, Script.RemoteValue])[]) collect(Array.isArray(item) ? item[1] : item);
    };
    if (result.type === 'success') collect(result.result);
    const adopted = await this.#snapshots.adopt(context, frame, [...new Set(returned)]);
    const uidOf = new Map([...new Set(returned)].map((sharedId, index) => [sharedId, adopted[index] ?? '']));
    return this.#secrets.maskDeep(result.type === 'success' ? fromRemoteValue(result.result, (node) => ({ uid: uidOf.get(node.sharedId ?? '') ?? '' })) : undefined);
  }

  async #sandboxEval(context: string, source: string, timeout: number, args: JsonValue[] = []): Promise<JsonValue | undefined> {
    const result = await this.#send(
      'script.callFunction',
      { functionDeclaration: source, arguments: args.map(toLocalValue), awaitPromise: true, target: { context, sandbox: SANDBOX }, resultOwnership: 'none' },
      'Reading the page',
      Math.max(1, timeout),
    );
    return unwrapEvaluation(result);
  }

  // ----------------------------------------------------------- screenshot

  async screenshot(options: ScreenshotOptions = {}): Promise<Buffer> {
    const format: string = options.format ?? 'png';
    if (format !== 'png' && format !== 'jpeg') throw new InvalidArgumentError(`Screenshot format "${format}" is not supported; use "png" or "jpeg".`);
    if (options.quality !== undefined) {
      if (format !== 'jpeg') throw new InvalidArgumentError('quality applies only to format "jpeg"; remove it or set format: "jpeg".');
      if (!(options.quality >= 0 && options.quality <= 100)) throw new InvalidArgumentError(`quality must be between 0 and 100, got ${options.quality}.`);
    }
    const context = await this.#ready('Taking a screenshot');
    if (options.uid !== undefined && options.fullPage) throw new InvalidArgumentError('Give either uid (one element) or fullPage, not both.');
    const element = options.uid === undefined ? undefined : await this.#snapshots.elementRef(context, options.uid);
    const result = await this.#send(
      'browsingContext.captureScreenshot',
      {
        context: element?.frame ?? context,
        origin: options.fullPage || element ? 'document' : 'viewport',
        ...(element ? { clip: { type: 'element' as const, element: { sharedId: element.sharedId } } } : {}),
        format: { type: `image/${format}`, ...(options.quality === undefined ? {} : { quality: options.quality / 100 }) },
      },
      'Taking a screenshot',
    );
    return Buffer.from(result.data, 'base64');
  }

  async setViewport(width: number, height: number): Promise<void> {
    for (const [name, value] of [['width', width], ['height', height]] as const) {
      if (!Number.isInteger(value) || value < 1 || value > 10_000) throw new InvalidArgumentError(`Viewport ${name} must be a whole number of pixels from 1 to 10000, got ${value}.`);
    }
    this.#refuseWhileDialogOpen(this.#selected(), 'Resizing the viewport');
    await this.#applyViewport(this.#selected(), { width, height });
  }

  async #applyViewport(context: string, viewport: { width: number; height: number }): Promise<void> {
    await this.#send('browsingContext.setViewport', { context, viewport }, 'Setting the viewport');
  }

  // ------------------------------------------------------- console, network

  /** Console messages and uncaught errors of the selected page, oldest first. */
  getConsoleMessages(filter: ConsoleFilter = {}): ConsoleMessage[] {
    return this.#console.list(this.#selected(), filter).map((message) => this.#maskMessage(message));
  }

  getConsoleMessage(id: number): ConsoleMessage | undefined {
    const message = this.#console.get(this.#selected(), id);
    return message && this.#maskMessage(message);
  }

  #maskMessage(message: ConsoleMessage): ConsoleMessage {
    return { ...message, text: this.#secrets.mask(message.text, { entropy: true }) };
  }

  #maskRequest(request: NetworkRequest): NetworkRequest {
    return { ...request, url: this.#secrets.mask(request.url), requestHeaders: this.#secrets.maskDeep(request.requestHeaders), responseHeaders: this.#secrets.maskDeep(request.responseHeaders) };
  }

  clearConsoleMessages(): void {
    this.#console.clear(this.#selected());
  }

  /** Requests made by the selected page, in the order they started. */
  getNetworkRequests(filter: NetworkFilter = {}): NetworkRequest[] {
    return this.#network.list(this.#selected(), filter).map((request) => this.#maskRequest(request));
  }

  getNetworkRequest(id: number): NetworkRequest | undefined {
    const request = this.#network.get(this.#selected(), id);
    return request && this.#maskRequest(request);
  }

  clearNetworkRequests(): void {
    this.#network.clear(this.#selected());
  }

  // -------------------------------------------------------------- dialogs

  /** The dialog open on the selected page, if any. */
  getDialog(): Dialog | undefined {
    const dialog = this.#dialogs.get(this.#selected());
    return dialog && { ...dialog, message: this.#secrets.mask(dialog.message) };
  }

  /** Accepts or dismisses the dialog open on the selected page; `promptText` answers a prompt(). */
  async handleDialog(accept: boolean, promptText?: string): Promise<void> {
    const context = this.#selected();
    const dialog = this.#dialogs.get(context);
    if (!dialog) throw new InvalidArgumentError('No dialog is open on the selected page; nothing to accept or dismiss.');
    if (promptText !== undefined && dialog.type !== 'prompt') {
      throw new InvalidArgumentError(`promptText applies only to prompt() dialogs; the open dialog is a ${dialog.type}.`);
    }
    await this.#send('browsingContext.handleUserPrompt', { context, accept, ...(promptText === undefined ? {} : { userText: promptText }) }, 'Answering the dialog');
    // The page may open its next dialog before this answer arrives: only the one answered is forgotten.
    this.#dialogs.forget(context, dialog);
  }

  // ------------------------------------------------------------ snapshots

  /**
   * Reads the selected page as a tree of what a person can see and use, each element with a uid
   * (also written on it as data-mcp-uid). `text` is the model's view; the tree is for programs.
   */
  async takeSnapshot(options: SnapshotOptions = {}): Promise<TakenSnapshot> {
    const context = await this.#ready('Taking a snapshot');
    const snapshot = await this.#snapshots.take(context, options).catch(async (error: unknown) => {
      // The realm went away under the walk (the crash page lives in the parent process): a crash says so.
      if (error instanceof Error && /parent process|no such frame/i.test(error.message)) await this.#refuseIfCrashing(context, 'Taking a snapshot');
      throw error;
    });
    await this.#crashedDuring(context, 'Taking a snapshot', snapshot.url);
    return snapshot;
  }

  /**
   * Scrolls the page (or a container by uid) with real wheel input, waits until it rests or the
   * budget runs out, and returns what happened with a viewport snapshot of where it ended.
   */
  async scroll(options: ScrollOptions): Promise<ScrollResult & { snapshot: TakenSnapshot }> {
    const context = await this.#ready('Scrolling');
    const result = await this.#input.scroll(context, options);
    return { ...result, snapshot: await this.#snapshots.take(context, { viewport: true }) };
  }

  /** Elements whose name, text, value or link matches `query` (text, or a regular expression), with their uids and paths, collapsed or not. */
  async findInPage(query: string, options: { regex?: boolean; limit?: number } = {}): Promise<FindResult & { snapshotId: number }> {
    const snapshot = await this.takeSnapshot({ layers: [] });
    return { ...findInSnapshot(snapshot.nodes, query, options), snapshotId: snapshot.id };
  }

  /**
   * The selected page as deterministic Markdown: `document` is clean reading text; `agent` keeps
   * uids and inline controls with their state. Long pages come in pages of `maxChars` from `offset`.
   */
  async getPageMarkdown(options: { view?: string; offset?: number; maxChars?: number } = {}): Promise<PageMarkdown> {
    const view = parseMarkdownView(options.view ?? 'document');
    const context = await this.#ready('Reading the page as Markdown');
    const document = parseMarkdownDocument(await this.#snapshots.readDocument(context, view === 'agent'));
    const rendered = renderMarkdown(document, { view });
    const page = paginateText(this.#secrets.mask(rendered.markdown), options.offset ?? 0, options.maxChars);
    return { url: this.#secrets.mask(document.url), view, markdown: page.text, refsCount: rendered.refsCount, truncated: page.truncated, totalChars: page.totalChars, offset: page.offset, hasMore: page.hasMore, nextOffset: page.nextOffset };
  }

  /** A CSS selector (with the shadow-host chain) that finds exactly the element behind `uid`, for Playwright or Selenium. */
  async resolveUidToSelector(uid: string): Promise<UidSelector> {
    return this.#snapshots.selector(this.#selected(), uid);
  }

  /** Forgets every uid of the selected page and removes the data-mcp-uid attributes. */
  async clearSnapshot(): Promise<void> {
    await this.#snapshots.clear(this.#selected());
  }

  // ---------------------------------------------------------------- input

  /** Clicks the element's centre with real pointer events (scrolled into view first); refuses disabled or covered elements. */
  async clickByUid(uid: string, options: ClickOptions = {}): Promise<ActionResult> {
    return this.#input.click(await this.#ready('Clicking'), uid, options);
  }

  async hoverByUid(uid: string): Promise<ActionResult> {
    return this.#input.hover(await this.#ready('Hovering'), uid);
  }

  /** Types into a text field or contenteditable, picks a select option by label or value, or sets a checkbox or radio (true/false). */
  async fillByUid(uid: string, value: string | boolean): Promise<ActionResult> {
    return this.#input.fill(await this.#ready('Filling'), uid, value);
  }

  async fillForm(entries: { uid: string; value: string | boolean }[]): Promise<ActionResult[]> {
    return this.#input.fillForm(await this.#ready('Filling the form'), entries);
  }

  async dragByUid(fromUid: string, toUid: string): Promise<ActionResult> {
    return this.#input.drag(await this.#ready('Dragging'), fromUid, toUid);
  }

  /** Presses a key or a combination such as `Enter` or `Control+Shift+R` on the focused element. */
  async pressKey(combo: string): Promise<ActionResult> {
    return this.#input.pressKey(await this.#ready('Pressing a key'), combo);
  }

  /** Types text into the focused element; `submit` presses Enter after it. */
  async typeText(text: string, options: { submit?: boolean } = {}): Promise<ActionResult> {
    return this.#input.typeText(await this.#ready('Typing'), text, options);
  }

  /** Sets the files of a file input (BiDi input.setFiles); the paths must be existing regular files. */
  async uploadFileByUid(uid: string, paths: string[]): Promise<ActionResult> {
    return this.#input.uploadFile(await this.#ready('Uploading'), uid, paths);
  }

  /** The selected page, once it is known to be free to act on: no dialog open, its script answering. */
  async #ready(what: string): Promise<string> {
    const context = this.#selected();
    this.#refuseIfCrashed(context, what);
    this.#refuseWhileDialogOpen(context, what);
    return this.#responsive(context, what);
  }

  #refuseIfCrashed(context: string, what: string): void {
    const url = this.#crashed.get(context);
    if (url === undefined) return;
    throw new PageCrashedError(`${what} cannot go on: page ${this.#pages.indexOf(context)} crashed (its content process ended) while it showed ${quote(url)}, and it shows Firefox's crash page now. Navigate it (to that URL to load it again), or close it.`);
  }

  /**
   * A page whose content process ends during a call is replaced by a blank document, and the
   * crash page follows a moment later: a result from that blank document is no answer at all.
   */
  async #crashedDuring(context: string, what: string, url: string): Promise<void> {
    if (url !== 'about:blank' || this.#navigation.urlOf(context) === 'about:blank') return;
    await this.#refuseIfCrashing(context, what);
  }

  /** Gives Firefox's crash page a moment (up to 1 s) to arrive, and refuses if it does. */
  async #refuseIfCrashing(context: string, what: string): Promise<void> {
    for (let waited = 0; waited < 1000 && !this.#crashed.has(context); waited += 50) await sleep(50);
    this.#refuseIfCrashed(context, what);
  }

  // ------------------------------------------------------------- waiting

  /** Waits until any of `text` appears in the selected page's visible text; resolves with the one found. */
  async waitForText(text: string | string[], options: { timeout?: number } = {}): Promise<string> {
    const wanted = ([] as string[]).concat(text);
    if (wanted.length === 0 || wanted.some((item) => typeof item !== 'string' || item === '')) {
      throw new InvalidArgumentError('waitForText needs one or more non-empty strings.');
    }
    const timeout = options.timeout ?? 10_000;
    const deadline = Date.now() + timeout;
    const find = '(wanted) => { const text = document.body ? document.body.innerText : ""; return wanted.find((item) => text.includes(item)) ?? null; }';
    for (;;) {
      const context = await this.#ready('Waiting for text');
      // A navigation during the wait destroys the realm; that is not an error, just try again.
      const found = await this.#sandboxEval(context, find, Math.min(5000, Math.max(1, deadline - Date.now())), [wanted]).catch((error: unknown) => {
        if (error instanceof BrowserClosedError) throw error;
        return null;
      });
      if (typeof found === 'string') return found;
      if (Date.now() >= deadline) {
        throw new TimeoutError(`None of ${wanted.map((item) => quote(item)).join(', ')} appeared on the page within ${timeout} ms. Check the page (a screenshot or snapshot), or wait longer.`);
      }
      await sleep(100);
    }
  }

  // --------------------------------------------------------------- close

  /** Ends the session: a launched Firefox is closed and its temporary profile deleted; a connected one is left running. */
  close(): Promise<void> {
    return (this.#closing ??= this.#session.end());
  }

  // -------------------------------------------------------------- helpers

  #selected(): string {
    if (this.#closing) throw new BrowserClosedError('The client is closed; launch or connect a new one.');
    const id = this.#pages.selectedId;
    if (id === undefined) throw new BrowserClosedError('No page is open; the browser may have closed. Launch or connect again.');
    return id;
  }

  #refuseWhileDialogOpen(context: string, what: string): void {
    const dialog = this.#dialogs.get(context);
    if (dialog) {
      throw new FirefoxClientError(`${what} is blocked: ${dialog.type === 'alert' ? 'an' : 'a'} ${dialog.type} dialog is open ("${dialog.message}"). Answer it first: accept or dismiss it (handle_dialog; handleDialog() in the client).`);
    }
  }

  async #send<M extends CommandName>(method: M, params: CommandParams<M>, what: string, timeout?: number): Promise<CommandResult<M>> {
    try {
      return await this.#session.connection.send(method, params, timeout === undefined ? {} : { timeout });
    } catch (error) {
      throw translateBidiError(error, what);
    }
  }

  async #pageInfo(id: string): Promise<PageInfo> {
    const { contexts } = await this.#send('browsingContext.getTree', { root: id, maxDepth: 0 }, 'Reading the page');
    return { index: this.#pages.indexOf(id), id, url: contexts[0]?.url ?? 'about:blank', title: await this.#title(id), selected: id === this.#pages.selectedId };
  }

  async #title(id: string): Promise<string> {
    if (this.#dialogs.get(id) || this.#unresponsive.has(id)) return '';
    const title = await this.#sandboxEval(id, '() => document.title', Math.min(1000, this.#responsiveTimeout)).catch((error: unknown) => {
      if (error instanceof TimeoutError) this.#unresponsive.add(id);
      return '';
    });
    return typeof title === 'string' ? title : '';
  }

  /**
   * Resolves with `context` when its script answers a trivial probe in time. A page stuck in a
   * loop would hold every call for its whole timeout; this says so within seconds instead.
   */
  async #responsive(context: string, what: string): Promise<string> {
    if (this.#dialogs.get(context)) return context; // A dialog holds the script; the callers deal with it.
    try {
      await this.#session.connection.send('script.evaluate', { expression: '0', awaitPromise: false, target: { context, sandbox: SANDBOX } }, { timeout: this.#responsiveTimeout });
      this.#unresponsive.delete(context);
    } catch (error) {
      if (!(error instanceof BidiTimeoutError)) return context; // Gone or navigating: the real call reports it.
      this.#unresponsive.add(context);
      throw new PageUnresponsiveError(
        `${what} is not possible: this page's script is not responding (no answer within ${this.#responsiveTimeout} ms; a script may be stuck in a loop). Close the page, or navigate it to another URL, which replaces its tab; the other pages still work.`,
      );
    }
    return context;
  }

  /** The page to navigate: `context` itself, or a fresh tab in its place when its script does not answer. */
  async #replaceIfUnresponsive(context: string): Promise<string> {
    try {
      return await this.#responsive(context, 'Navigating');
    } catch (error) {
      if (!(error instanceof PageUnresponsiveError)) throw error;
    }
    const { context: fresh } = await this.#send('browsingContext.create', { type: 'tab', background: true }, 'Opening a page');
    this.#pages.replace(context, fresh, 'was not responding, so its tab was closed and replaced by a fresh one at the same index');
    await this.#send('browsingContext.close', { context, promptUnload: false }, 'Closing the page that is not responding', this.#responsiveTimeout).catch(() => undefined);
    await this.#activate(fresh);
    return fresh;
  }
}

function unwrapEvaluation(result: Script.EvaluateResult): JsonValue | undefined {
  if (result.type === 'exception') {
    const details = result.exceptionDetails;
    throw new EvaluationError(`The script threw: ${details.text}${details.lineNumber ? ` (line ${details.lineNumber + 1})` : ''}`);
  }
  return fromRemoteValue(result.result);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
