// Over 400 lines on purpose: Page is the public face of one tab, and each of its ~45 calls is a few
// lines over the parts it owns (frames, console, network, dialog, navigations, snapshots, input,
// crash watch); the guards every call shares must stay private to it. Each call is of one kind, with
// the one guard of that kind: a call into the page (script, engine, capture) → #inPage; input →
// #act; navigation → refused while crashed, checked responsive, raced with dialogs; a local read
// (console, network, dialog) → none, it asks the page nothing.
import type { BrowsingContext, Log, Network } from 'webdriver-bidi-protocol';
import { CrashWatch } from './crash.js';
import { EngineGateway } from '../engine/gateway.js';
import { FIND_TEXT } from './find-text.js';
import type { EvaluateOptions, NavigateOptions, NavigationResult, PageEnvironment, PageInfo, PageMarkdown, ScreenshotOptions } from './types.js';
import { fromRemoteValue, type JsonValue } from '../../bidi/index.js';
import { ConsoleLog, type ConsoleFilter, type ConsoleMessage } from './console.js';
import { PageDialog, type Dialog } from './dialogs.js';
import { checkViewportSize, emulate, type Emulation, type EmulationState } from './emulation.js';
import { unlessAborted } from '../util/abort.js';
import { ActionNotTakenError, BrowserClosedError, BrowserStoppedError, InvalidArgumentError, NoSuchPageError, PageUnresponsiveError, TimeoutError, translateBidiError, type Send } from '../errors.js';
import { PageFrames } from './frames.js';
import { InputController, type ClickOptions, type InputTimings } from './input/actions.js';
import type { ScrollOptions, ScrollResult } from './input/scroll.js';
import { ActionInterrupted, Settler, type ActionResult } from './input/settle.js';
import type { SelectTextOptions } from './input/text-selection.js';
import { documentFromReading, parseMarkdownView, renderMarkdown } from '../engine/markdown/index.js';
import { PageNavigations } from './navigation.js';
import { NetworkLog, type Interception, type NetworkFilter, type NetworkRequest } from './network.js';
import { fetchBody, type NetworkBody } from './network-bodies.js';
import { setTimeout as delay } from 'node:timers/promises';
import { callParams, elementsIn, sourceOf, unwrapEvaluation, type PageFunction } from '../util/script.js';
import { findInSnapshot, type FindResult } from '../engine/snapshot/budget.js';
import { PageSnapshots, type SnapshotOptions, type TakenSnapshot, type UidSelector } from './snapshots.js';
import { SANDBOX } from '../engine/index.js';
import { quote, setApartLine } from '../util/text.js';
import { pageOfText } from '../util/text-page.js';
import { pageWitnessAccess, witnessSnapshot, type WitnessReport } from './witness.js';

export type { EvaluateOptions, NavigateOptions, NavigationResult, PageEnvironment, PageInfo, PageMarkdown, ScreenshotOptions, WaitUntil } from './types.js';

/** What a page needs from the user context that holds it: a Context. */
export interface PageOwner {
  /** The BiDi user context id ('default' for the browser's own). */
  readonly id: string;
  /** The index of page `context` in this user context's list (-1 when closed, or when it belongs to another user context). */
  indexOf(context: string): number;
  /** Opens a fresh tab in the place of `page`, whose script does not answer, and closes it. */
  replace(page: Page): Promise<Page>;
}

/**
 * What the browser tells a page: the BiDi events of its browsing context and its frames. Only
 * the browser that opened the page holds these (Page.open), so no caller can feed a page events.
 */
export interface PageEvents {
  log(entry: Log.Entry, context: string): void;
  request(event: Network.BeforeRequestSentParameters, context: string, interception?: Interception): void;
  response(event: Network.ResponseCompletedParameters): void;
  fetchError(event: Network.FetchErrorParameters): void;
  navigationStarted(event: BrowsingContext.NavigationInfo): void;
  navigationCommitted(event: BrowsingContext.NavigationInfo): void;
  navigationFailed(event: BrowsingContext.NavigationInfo): void;
  sameDocument(event: BrowsingContext.NavigationInfo | BrowsingContext.HistoryUpdatedParameters): void;
  load(event: BrowsingContext.NavigationInfo): void;
  downloadWillBegin(event: BrowsingContext.DownloadWillBeginParams): void;
  promptOpened(event: BrowsingContext.UserPromptOpenedParameters): void;
  promptClosed(): void;
  /** A frame of the page appeared in the tree. */
  frameAttached(info: BrowsingContext.Info): void;
  /** A frame went away: it and the frames inside it; returns their contexts. */
  frameDetached(context: string): string[];
}

/**
 * One top-level browsing context (a tab) and everything the client knows of it: its frames,
 * console, network, dialog, navigations, snapshots and uids, and whether it crashed or hangs.
 * The browser feeds it its events and disposes it when the tab closes; nothing of it outlives that.
 */
/** A witness that found differences looks again once the page has been quiet this long (at most the max). */
const WITNESS_QUIET_MS = 300;
const WITNESS_QUIET_MAX_MS = 3_000;

export class Page {
  /** What this page's emulation left to undo (its touch script). */
  readonly #emulation: EmulationState = {};
  readonly #frames: PageFrames;
  readonly #console: ConsoleLog;
  readonly #network: NetworkLog;
  readonly #dialog: PageDialog;
  readonly #navigations = new PageNavigations();
  /** Documents (frame and URL) Firefox's accessibility engine did not answer for: it will not later (see page/witness.ts). */
  readonly #silentDocuments = new Set<string>();
  /** The engine in each of its documents: the one way calls reach it. */
  readonly #engine: EngineGateway;
  readonly #snapshots: PageSnapshots;
  readonly #input: InputController;
  /** Its script did not answer a probe: listed without a title until it answers again. */
  #unresponsive = false;
  readonly #crash: CrashWatch;
  #disposed = false;

  /**
   * Sends as the browser does, but an error saying this page's own context is gone names the page
   * and what to do: Firefox may drop a context without an event (then the next page list drops it).
   */
  readonly #send: Send = async (method, params, what, timeout) => {
    try {
      return await this.env.send(method, params, what, timeout);
    } catch (error) {
      if (!(error instanceof NoSuchPageError) || !error.message.includes(this.id)) throw error;
      const index = this.context.indexOf(this.id);
      const which = index < 0 ? 'this page' : `page ${index}${this.#navigations.url ? ` (${quote(this.#navigations.url)})` : ''}`;
      throw new NoSuchPageError(`${what} failed: ${which} is gone; Firefox no longer knows its tab. List the pages (list_pages; listPages() in the client) and select one that is open.`, { cause: error });
    }
  };

  private constructor(
    /** The BiDi browsing context id. */
    readonly id: string,
    /** The user context (a Context) the page lives in. */
    readonly context: PageOwner,
    private readonly env: PageEnvironment,
  ) {
    this.#frames = new PageFrames(id);
    this.#crash = new CrashWatch(() => context.indexOf(id));
    this.#dialog = new PageDialog((text) => env.secrets.mask(text));
    this.#console = new ConsoleLog(env.ids, env.consoleCapacity);
    this.#network = new NetworkLog(env.ids, env.networkCapacity);
    // Pages of other user contexts (other agents' sessions) are none of this page's business.
    const access = { send: this.#send, pageIndexOf: (frame: string) => context.indexOf(frame) };
    this.#engine = new EngineGateway((params, what, timeout) => this.#send('script.callFunction', params, what, timeout));
    this.#snapshots = new PageSnapshots(access, this.#engine, id, env.snapshotIds, env.layers, env.secrets, env.stampUids);
    const timings: InputTimings = {};
    if (env.inputTimeout !== undefined) timings.inputTimeoutMs = env.inputTimeout;
    if (env.settle?.quietMs !== undefined) timings.quietMs = env.settle.quietMs;
    if (env.settle?.maxMs !== undefined) timings.quietMaxMs = env.settle.maxMs;
    const health = { refuseIfCrashing: (what: string) => this.#crash.refuseIfCrashing(what), answers: (timeoutMs: number, what: string) => this.#answers(timeoutMs, what) };
    const settler = new Settler(id, this.#engine, this.#dialog, this.#navigations, health, timings, this.#network);
    this.#input = new InputController(access, id, this.#snapshots, this.#engine, settler, env.secrets, timings);
  }

  /** A page for top-level context `id` of `context`, and the handle through which the browser feeds it its events. */
  static open(id: string, context: PageOwner, env: PageEnvironment): { page: Page; events: PageEvents } {
    const page = new Page(id, context, env);
    return { page, events: page.#events() };
  }

  get crashed(): boolean {
    return this.#crash.crashed;
  }

  get unresponsive(): boolean {
    return this.#unresponsive;
  }

  get disposed(): boolean {
    return this.#disposed;
  }

  /** Its navigations, one at a time, for waiting on the next one and how it ended. */
  get navigations(): PageNavigations {
    return this.#navigations;
  }

  /** The URL of its document as the last navigation left it (undefined before the first). */
  get url(): string | undefined {
    return this.#navigations.url;
  }

  /** The tab closed: everything it held goes, and whatever waits on it wakes up. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#dialog.dispose();
    this.#navigations.dispose();
    this.#snapshots.drop('closed');
    this.#console.clear();
    this.#network.clear();
    this.#frames.clear();
  }

  /** How many entries its state holds, for checking that nothing grows without bound. */
  counts(): Record<string, number> {
    const snapshots = this.#snapshots.sizes;
    return {
      frames: this.#frames.contexts.length,
      consoleMessages: this.#console.size,
      networkRequests: this.#network.sizes.requests,
      networkPending: this.#network.sizes.pending,
      dialogListeners: this.#dialog.waiting,
      navigationWatches: this.#navigations.watching,
      snapshots: snapshots.snapshots,
      snapshotFrames: snapshots.frames,
      snapshotRealms: snapshots.realms,
      snapshotHistory: snapshots.history,
    };
  }

  // ------------------------------------------------------------ events

  #events(): PageEvents {
    return {
      log: (entry, context) => this.#console.add(entry, this.#frames.frameUrl(context)),
      request: (event, context, interception) => this.#network.onBeforeRequestSent(event, this.#frames.frameUrl(context), interception),
      response: (event) => {
        this.#network.onResponseCompleted(event);
        if (event.context === this.id) this.#navigations.onResponseCompleted(event);
      },
      fetchError: (event) => {
        this.#network.onFetchError(event);
        if (event.context === this.id) this.#navigations.onFetchError(event);
      },
      navigationStarted: (event) => {
        if (event.context !== this.id) return;
        this.#unresponsive = false;
        this.#navigations.onStarted(event);
      },
      navigationCommitted: (event) => this.#onNavigationCommitted(event),
      navigationFailed: (event) => event.context === this.id && this.#navigations.onFailed(event),
      sameDocument: (event) => event.context === this.id && this.#navigations.onSameDocument(event),
      load: (event) => {
        this.#frames.onNavigated(event.context, event.url);
        if (event.context === this.id) this.#navigations.onLoad(event);
      },
      downloadWillBegin: (event) => event.context === this.id && this.#navigations.onDownloadWillBegin(event),
      promptOpened: (event) => this.#dialog.onOpened(event),
      promptClosed: () => this.#dialog.onClosed(),
      frameAttached: (info) => this.#frames.add(info),
      frameDetached: (context) => {
        const gone = this.#frames.remove(context);
        // The snapshots' frame chains and engine realms of those documents go with them.
        this.#snapshots.forgetFrames(gone);
        return gone;
      },
    };
  }

  #onNavigationCommitted(event: BrowsingContext.NavigationInfo): void {
    this.#frames.onNavigated(event.context, event.url);
    if (event.context !== this.id) return;
    this.#crash.onCommitted(event.url, this.#navigations.url);
    this.#snapshots.drop('navigated');
    this.#navigations.onCommitted(event);
  }

  // ---------------------------------------------------------- readiness

  /** Refuses while a dialog is open, naming it and how to answer it. */
  refuseWhileDialogOpen(what: string): void {
    this.#dialog.refuseWhileOpen(what);
  }

  /** This page, once it is known to be free to act on: open, not crashed, no dialog, its script answering. */
  async ready(what: string): Promise<void> {
    if (this.#disposed) throw new BrowserClosedError(`${what} cannot go on: the page was closed. List the pages and select one.`);
    this.#crash.refuse(what);
    this.#dialog.refuseWhileOpen(what);
    await this.responsive(what);
  }

  /**
   * Resolves when its script answers a trivial probe in time. A page stuck in a loop would hold
   * every call for its whole timeout; this says so within seconds instead.
   */
  async responsive(what: string): Promise<void> {
    if (this.#dialog.open) return; // A dialog holds the script; the callers deal with it.
    try {
      await this.#answers(this.env.responsiveTimeout, `${what} (checking the page answers)`);
      this.#unresponsive = false;
    } catch (error) {
      if (error instanceof BrowserStoppedError) throw error; // The browser, not the page: it was closed.
      if (!(error instanceof TimeoutError)) return; // Gone or navigating: the real call reports it.
      this.#unresponsive = true;
      throw new PageUnresponsiveError(
        `${what} is not possible: this page's script is not responding (no answer within ${this.env.responsiveTimeout} ms; a script may be stuck in a loop). Close the page, or navigate it to another URL, which replaces its tab; the other pages still work.`,
      );
    }
  }

  /** A trivial question to the page's script, answered within `timeoutMs` or failed with a TimeoutError: whether the page answers at all. */
  #answers(timeoutMs: number, what: string): Promise<unknown> {
    return this.#send('script.evaluate', { expression: '0', awaitPromise: false, target: { context: this.id, sandbox: SANDBOX } }, what, timeoutMs);
  }

  /** `work` as a call's main wait: it stops at once when a dialog opens, the page crashes or `signal` aborts. */
  async #guard<T>(what: string, work: Promise<T>, signal?: AbortSignal): Promise<T> {
    return unlessAborted(this.#crash.unlessCrashed(what, this.#dialog.unlessOpened(what, work)), signal, what);
  }

  /**
   * The guard of a call into the page: refused unless the page is ready (open, not crashed, no
   * dialog, its script answering within seconds), then its wait stopped at once by a dialog, a
   * crash or `signal`. A hung page is answered the same whatever the call.
   */
  async #inPage<T>(what: string, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await unlessAborted(this.ready(what), signal, what);
    return this.#guard(what, work(), signal);
  }

  /** Brings the tab to the front. That waits on the tab losing the front, and a hung one must not hold up the others. */
  async activate(): Promise<void> {
    await this.#send('browsingContext.activate', { context: this.id }, 'Selecting a page', this.env.responsiveTimeout).catch((error: unknown) => {
      if (!(error instanceof TimeoutError)) throw error;
    });
  }

  /** Its title, or '' when a dialog or a busy script holds it. */
  async title(): Promise<string> {
    if (this.#dialog.open || this.#unresponsive) return '';
    const title = await this.#sandboxEval('() => document.title', Math.min(1000, this.env.responsiveTimeout)).catch((error: unknown) => {
      if (error instanceof TimeoutError) this.#unresponsive = true;
      return '';
    });
    return typeof title === 'string' ? title : '';
  }

  /** Its index, URL, title and state; its pageId comes from its user context (UserContext.info). */
  async info(selected: boolean, url?: string): Promise<Omit<PageInfo, 'pageId'>> {
    if (url === undefined) {
      const { contexts } = await this.#send('browsingContext.getTree', { root: this.id, maxDepth: 0 }, 'Reading the page');
      url = contexts[0]?.url ?? 'about:blank';
    }
    const title = await this.title();
    return {
      index: this.context.indexOf(this.id),
      id: this.id,
      url,
      title,
      selected,
      ...(this.#unresponsive ? { unresponsive: true as const } : {}),
      ...(this.crashed ? { crashed: true as const } : {}),
    };
  }

  // ---------------------------------------------------------- navigation

  /**
   * Loads `url`. A page whose script does not answer is replaced by a fresh tab first (the
   * result's page). If the page opens a dialog on the way (an alert while loading, a
   * beforeunload prompt), it resolves at once with the dialog: answer it and the navigation goes on.
   */
  async navigate(url: string, options: NavigateOptions = {}): Promise<NavigationResult> {
    this.env.urlPolicy.check(url);
    this.#dialog.refuseWhileOpen(`Navigating to ${quote(url)}`);
    try {
      await this.responsive('Navigating');
    } catch (error) {
      if (!(error instanceof PageUnresponsiveError)) throw error;
      return (await this.context.replace(this)).navigate(url, options);
    }
    // A URL that starts a download (or answers 204) loads no document: the answer says so, not "navigated".
    const watch = this.#navigations.watch();
    try {
      const navigation = this.#send('browsingContext.navigate', { context: this.id, url, wait: options.wait ?? 'complete' }, `Navigating to ${quote(url)}`, options.timeout ?? 30_000);
      const result = await this.#unlessDialog(navigation);
      const ended = result.dialog || options.wait === 'none' ? undefined : await watch.endedWithoutDocument(500);
      return ended ? { ...result, ended } : result;
    } catch (error) {
      // Firefox fails the command of a navigation it abandoned (NS_BINDING_ABORTED for a 204); the page is as it was.
      const ended = await watch.endedWithoutDocument(0, true);
      if (ended) return { url: this.#navigations.url ?? 'about:blank', ended };
      throw error;
    } finally {
      watch.stop();
    }
  }

  async reload(options: NavigateOptions = {}): Promise<NavigationResult> {
    this.#dialog.refuseWhileOpen('Reloading');
    await this.responsive('Reloading');
    const reload = this.#send('browsingContext.reload', { context: this.id, wait: options.wait ?? 'complete' }, 'Reloading', options.timeout ?? 30_000);
    return this.#unlessDialog(reload);
  }

  async goBack(options: NavigateOptions = {}): Promise<{ url: string }> {
    return this.#traverse(-1, options);
  }

  async goForward(options: NavigateOptions = {}): Promise<{ url: string }> {
    return this.#traverse(1, options);
  }

  /** Resolves with `work`, or early, with the page's URL and the dialog, when a dialog opens first. */
  async #unlessDialog(work: Promise<{ url: string }>): Promise<NavigationResult> {
    const first = await this.#dialog.race(work);
    if ('value' in first) return { url: first.value.url };
    const { contexts } = await this.#send('browsingContext.getTree', { root: this.id, maxDepth: 0 }, 'Reading the page');
    return { url: contexts[0]?.url ?? 'about:blank', dialog: first.dialog };
  }

  async #traverse(delta: -1 | 1, options: NavigateOptions): Promise<{ url: string }> {
    const what = delta < 0 ? 'Going back' : 'Going forward';
    this.#dialog.refuseWhileOpen(what);
    await this.responsive(what);
    const deadline = Date.now() + (options.timeout ?? 30_000);
    try {
      await this.#dialog.unlessOpened(what, this.env.connection.send('browsingContext.traverseHistory', { context: this.id, delta }, { timeout: deadline - Date.now() }));
    } catch (error) {
      if (error instanceof Error && 'code' in error && error.code === 'no such history entry') {
        throw new InvalidArgumentError(`${what} is not possible: there is no ${delta < 0 ? 'earlier' : 'later'} page in this page's history.`, { cause: error });
      }
      throw translateBidiError(error, what);
    }
    const wait = options.wait ?? 'complete';
    if (wait !== 'none') await this.#dialog.unlessOpened(what, this.#waitForReadyState(wait, deadline, what));
    return { url: (await this.info(false)).url };
  }

  async #waitForReadyState(wait: 'interactive' | 'complete', deadline: number, what: string): Promise<void> {
    const accepted = wait === 'complete' ? ['complete'] : ['interactive', 'complete'];
    for (;;) {
      const state = await this.#sandboxEval('() => document.readyState', deadline - Date.now()).catch(() => 'loading');
      if (typeof state === 'string' && accepted.includes(state)) return;
      if (Date.now() >= deadline) throw new TimeoutError(`${what}: the page did not reach readyState "${wait}" in time; it may still be loading. Take a screenshot to see it.`);
      await delay(50);
    }
  }

  // -------------------------------------------------------------- script

  /** Calls a function in the page with JSON arguments and returns its JSON result (promises are awaited). */
  async evaluate<T extends JsonValue | undefined = JsonValue | undefined>(fn: PageFunction, args: JsonValue[] = [], options: EvaluateOptions = {}): Promise<T> {
    const source = sourceOf(fn, '() => document.title');
    const result = await this.#inPage('Running script', () => this.#send('script.callFunction', callParams(source, { context: this.id }, args), 'Running script', options.timeout ?? 30_000), options.signal);
    await this.#learnSecretParts();
    return this.env.secrets.maskDeep(unwrapEvaluation(result)) as T;
  }

  /**
   * Calls a function with the elements behind `uids` as its arguments. Elements in the result
   * come back as `{ uid }`, with uids given to those that had none.
   */
  async evaluateOnElements(fn: PageFunction, uids: string[], options: EvaluateOptions = {}): Promise<JsonValue | undefined> {
    const source = sourceOf(fn, '(el) => el.textContent');
    const { frame, result } = await this.#inPage(
      'Running script',
      async () => {
        const refs = await Promise.all(uids.map((uid) => this.#snapshots.elementRef(uid)));
        // The function runs in the document that holds the elements (a frame's, when they sit in one).
        const frame = refs[0]?.frame ?? this.id;
        if (refs.some((ref) => ref.frame !== frame)) throw new InvalidArgumentError('The elements passed to a script must all be in the same frame.');
        const args = refs.map((ref) => ({ sharedId: ref.sharedId }));
        return { frame, result: await this.#send('script.callFunction', callParams(source, { context: frame }, args), 'Running script', options.timeout ?? 30_000) };
      },
      options.signal,
    );
    if (result.type === 'exception') unwrapEvaluation(result);
    if (result.type !== 'success') return undefined;
    const returned = elementsIn(result.result);
    const adopted = await this.#snapshots.adopt(frame, returned);
    const uidOf = new Map(returned.map((sharedId, index) => [sharedId, adopted[index] ?? '']));
    await this.#learnSecretParts();
    return this.env.secrets.maskDeep(fromRemoteValue(result.result, (node) => ({ uid: uidOf.get(node.sharedId ?? '') ?? '' })));
  }

  /** Waits until any of `text` appears in the page's visible text; resolves with the one found. `signal` stops the wait. */
  async waitForText(text: string | string[], options: { timeout?: number; signal?: AbortSignal } = {}): Promise<string> {
    const { signal } = options;
    const wanted = ([] as string[]).concat(text);
    if (wanted.length === 0 || wanted.some((item) => typeof item !== 'string' || item === '')) {
      throw new InvalidArgumentError('waitForText needs one or more non-empty strings.');
    }
    const timeout = options.timeout ?? 10_000;
    const deadline = Date.now() + timeout;
    const find = FIND_TEXT;
    for (;;) {
      // A navigation during the wait destroys the realm; that is not an error, just try again.
      const probe = (): Promise<JsonValue | undefined> =>
        this.#sandboxEval(find, Math.min(5000, Math.max(1, deadline - Date.now())), [wanted]).catch((error: unknown) => {
          if (error instanceof BrowserClosedError) throw error;
          return null;
        });
      const found = await this.#inPage('Waiting for text', probe, signal);
      if (typeof found === 'string') return found;
      if (Date.now() >= deadline) {
        throw new TimeoutError(`None of ${wanted.map((item) => quote(item)).join(', ')} appeared on the page within ${timeout} ms. Check the page (a screenshot or snapshot), or wait longer.`);
      }
      await unlessAborted(delay(100), signal, 'Waiting for text');
    }
  }

  async #sandboxEval(source: string, timeout: number, args: JsonValue[] = []): Promise<JsonValue | undefined> {
    const result = await this.#send('script.callFunction', callParams(source, { context: this.id, sandbox: SANDBOX }, args), 'Reading the page', Math.max(1, timeout));
    return unwrapEvaluation(result);
  }

  // ---------------------------------------------------------- screenshot

  async screenshot(options: ScreenshotOptions = {}): Promise<Buffer> {
    const format: string = options.format ?? 'png';
    if (format !== 'png' && format !== 'jpeg') throw new InvalidArgumentError(`Screenshot format "${format}" is not supported; use "png" or "jpeg".`);
    if (options.quality !== undefined) {
      if (format !== 'jpeg') throw new InvalidArgumentError('quality applies only to format "jpeg"; remove it or set format: "jpeg".');
      if (!(options.quality >= 0 && options.quality <= 100)) throw new InvalidArgumentError(`quality must be between 0 and 100, got ${options.quality}.`);
    }
    if (options.uid !== undefined && options.fullPage) throw new InvalidArgumentError('Give either uid (one element) or fullPage, not both.');
    const result = await this.#inPage('Taking a screenshot', async () => {
      const element = options.uid === undefined ? undefined : await this.#snapshots.elementRef(options.uid);
      const params = {
        context: element?.frame ?? this.id,
        origin: options.fullPage || element ? ('document' as const) : ('viewport' as const),
        ...(element ? { clip: { type: 'element' as const, element: { sharedId: element.sharedId } } } : {}),
        format: { type: `image/${format}`, ...(options.quality === undefined ? {} : { quality: options.quality / 100 }) },
      };
      return this.#send('browsingContext.captureScreenshot', params, 'Taking a screenshot');
    });
    return Buffer.from(result.data, 'base64');
  }

  /** Makes this page look like another device or place (device, viewport, touch, user agent, geolocation, locale, time zone, offline); null restores a setting. */
  async emulate(settings: Emulation): Promise<string[]> {
    const done = await emulate(this.#send, { contexts: [this.id] }, settings, this.#emulation);
    // Media features, touch and the user agent change what renders, and no document sees that as a change of its own.
    this.#snapshots.forgetReading();
    if (settings.geolocation) {
      // A place nobody may read is no use: the page's origin may read it without a prompt.
      const origin = await this.#sandboxEval('() => location.origin', this.env.responsiveTimeout).catch(() => null);
      if (typeof origin === 'string' && origin !== 'null') {
        await this.#send('permissions.setPermission', { descriptor: { name: 'geolocation' }, state: 'granted', origin, ...(this.context.id === 'default' ? {} : { userContext: this.context.id }) }, 'Granting geolocation');
        done.push(`geolocation allowed for ${origin}`);
      }
    }
    return done;
  }

  /** The page's localStorage or sessionStorage (its origin's), values masked: all of it, or one key. */
  async getStorage(kind: 'local' | 'session', key?: string): Promise<Record<string, string>> {
    return this.env.secrets.maskDeep(await this.#readStorage(kind, key), { entropy: true });
  }

  /** Sets keys of the page's localStorage or sessionStorage (`<secret>NAME</secret>` values become the secret), or removes them (null), then reads them back. */
  async setStorage(kind: 'local' | 'session', entries: Record<string, string | null>): Promise<Record<string, string | null>> {
    const revealed = Object.fromEntries(Object.entries(entries).map(([key, value]) => [key, value === null ? null : this.env.secrets.reveal(value)]));
    return this.env.secrets.maskDeep(await this.#writeStorage(kind, revealed), { entropy: true });
  }

  /** Every localStorage entry of the page's origin, unmasked: for storage state files, never for output. */
  async localStorageEntries(): Promise<Record<string, string>> {
    return this.#readStorage('local');
  }

  /** Writes localStorage entries exactly as given (no secret references), read back. */
  async writeLocalStorage(entries: Record<string, string>): Promise<void> {
    await this.#writeStorage('local', entries);
  }

  async #readStorage(kind: 'local' | 'session', key?: string): Promise<Record<string, string>> {
    const read = await this.#inPage('Reading storage', () => this.#sandboxEval('(kind, key) => { const store = kind === "local" ? localStorage : sessionStorage; const out = {}; for (let i = 0; i < store.length; i++) { const name = store.key(i); if (key === null || name === key) out[name] = store.getItem(name); } return out; }', 5000, [kind, key ?? null]));
    return read as Record<string, string>;
  }

  async #writeStorage(kind: 'local' | 'session', entries: Record<string, string | null>): Promise<Record<string, string | null>> {
    const held = await this.#inPage('Writing storage', () => this.#sandboxEval('(kind, entries) => { const store = kind === "local" ? localStorage : sessionStorage; for (const [key, value] of Object.entries(entries)) { if (value === null) store.removeItem(key); else store.setItem(key, value); } return Object.fromEntries(Object.keys(entries).map((key) => [key, store.getItem(key)])); }', 5000, [kind, entries]));
    const stored = held as Record<string, string | null>;
    for (const [key, value] of Object.entries(entries)) {
      if (stored[key] !== value) throw new ActionNotTakenError(`The page's ${kind}Storage did not keep ${quote(key)}; storage may be full or blocked for this origin.`);
    }
    return stored;
  }

  /** The page printed to PDF (BiDi browsingContext.print), with its backgrounds unless told otherwise. */
  async printPdf(options: { landscape?: boolean; background?: boolean } = {}): Promise<Buffer> {
    const params = { context: this.id, background: options.background ?? true, orientation: options.landscape ? ('landscape' as const) : ('portrait' as const) };
    const { data } = await this.#inPage('Printing to PDF', () => this.#send('browsingContext.print', params, 'Printing to PDF', 60_000));
    return Buffer.from(data, 'base64');
  }

  async setViewport(width: number, height: number): Promise<void> {
    checkViewportSize(width, height);
    this.#dialog.refuseWhileOpen('Resizing the viewport');
    await this.#dialog.unlessOpened('Resizing the viewport', this.#send('browsingContext.setViewport', { context: this.id, viewport: { width, height } }, 'Setting the viewport'));
  }

  // ----------------------------------------------------------- snapshots

  /**
   * Reads the page as a tree of what a person can see and use, each element with a uid (also
   * written on it as data-mcp-uid). `text` is the model's view; the tree is for programs.
   */
  async takeSnapshot(options: SnapshotOptions = {}): Promise<TakenSnapshot> {
    const snapshot = await this.#inPage('Taking a snapshot', () => this.#snapshots.take(options)).catch(async (error: unknown) => {
      // The realm went away under the walk (the crash page lives in the parent process): a crash says so.
      if (error instanceof Error && /parent process|no such frame/i.test(error.message)) await this.#crash.refuseIfCrashing('Taking a snapshot');
      throw error;
    });
    if (snapshot.url === 'about:blank' && this.#navigations.url !== 'about:blank') await this.#crash.refuseIfCrashing('Taking a snapshot');
    return snapshot;
  }

  /**
   * Takes a snapshot and has Firefox's own accessibility engine witness it (see witness.ts): what
   * differs, each difference a defect of the reading unless a deliberate one explains it.
   */
  async witness(): Promise<WitnessReport> {
    const access = pageWitnessAccess(this.#send, this.#engine);
    const first = await this.#guard('Witnessing a snapshot', witnessSnapshot(access, await this.takeSnapshot(), this.#silentDocuments));
    if (first.differences.length === 0) return first;
    // The reading and Firefox's answers are minutes of milliseconds apart: a page still changing (a
    // button redrawn after a submit) differs from both. Only what holds once the page is quiet counts.
    await this.#engine.call(this.id, 'waitForQuiet', [WITNESS_QUIET_MS, WITNESS_QUIET_MAX_MS], 'Waiting for the page');
    return this.#guard('Witnessing a snapshot', witnessSnapshot(access, await this.takeSnapshot(), this.#silentDocuments));
  }

  /** Scrolls with real wheel input, waits until it rests, and returns what happened with a viewport snapshot of where it ended. */
  async scroll(options: ScrollOptions): Promise<ScrollResult & { snapshot: TakenSnapshot }> {
    const result = await this.#inPage('Scrolling', () => this.#input.scroll(options));
    // What scrolled may be a container whose scroll events the page stopped before they reached the engine.
    this.#snapshots.forgetReading();
    return { ...result, snapshot: await this.#dialog.unlessOpened('Taking a snapshot after scrolling', this.#snapshots.take({ viewport: true })) };
  }

  /** Elements whose name, text, value or link matches `query` (text, or a regular expression), with their uids and paths. */
  async findInPage(query: string, options: { regex?: boolean; limit?: number } = {}): Promise<FindResult & { snapshotId: number }> {
    const snapshot = await this.takeSnapshot({ layers: [] });
    return { ...findInSnapshot(snapshot.nodes, query, options), snapshotId: snapshot.id };
  }

  /**
   * The page as deterministic Markdown: `document` is clean reading text; `agent` keeps uids and
   * inline controls with their state. Long pages come in windows of `maxChars` from `offset`.
   */
  async getPageMarkdown(options: { view?: string; offset?: number; maxChars?: number } = {}): Promise<PageMarkdown> {
    const view = parseMarkdownView(options.view ?? 'document');
    const document = documentFromReading(await this.#inPage('Reading the page as Markdown', () => this.#snapshots.readDocument(view === 'agent')), view);
    // The page's headings at levels 3–6, below an answer's own # and ## (see text.ts).
    const rendered = renderMarkdown(document, { view, firstHeadingLevel: 3 });
    const whole = this.env.secrets.mask(rendered.markdown);
    const window = pageOfText(whole, { offset: options.offset ?? 0, ...(options.maxChars === undefined ? {} : { maxChars: options.maxChars }) });
    const { text, ...place } = window;
    // A window that starts inside a long line starts an answer's line with it: set apart as well.
    const markdown = place.offset > 0 && whole[place.offset - 1] !== '\n' ? setApartLine(text) : text;
    return { url: this.env.secrets.mask(document.url), view, markdown, refsCount: rendered.refsCount, ...place };
  }

  /** A CSS selector (with the shadow-host chain) that finds exactly the element behind `uid`, for Playwright or Selenium. */
  async resolveUidToSelector(uid: string): Promise<UidSelector> {
    return this.#inPage('Building a selector', () => this.#snapshots.selector(uid));
  }

  /** Forgets every uid of the page and removes the data-mcp-uid attributes. */
  async clearSnapshot(): Promise<void> {
    await this.#inPage('Clearing uids', () => this.#snapshots.clear());
  }

  // --------------------------------------------------------------- input

  /** Clicks the element's centre with real pointer events (scrolled into view first); refuses disabled or covered elements. */
  async clickByUid(uid: string, options: ClickOptions = {}): Promise<ActionResult> {
    return this.#act('Clicking', () => this.#input.click(uid, options));
  }

  /** Selects `text` inside the element (or puts the caret at its start or end) with the mouse, and reads the selection back. */
  async selectTextByUid(uid: string, text: string, options: SelectTextOptions = {}): Promise<ActionResult> {
    return this.#act('Selecting text', () => this.#input.selectText(uid, text, options));
  }

  async hoverByUid(uid: string): Promise<ActionResult> {
    return this.#act('Hovering', () => this.#input.hover(uid));
  }

  /** Types into a text field or contenteditable, picks a select option by label or value, or sets a checkbox or radio (true/false). */
  async fillByUid(uid: string, value: string | boolean): Promise<ActionResult> {
    return this.#act('Filling', () => this.#input.fill(uid, value));
  }

  async fillForm(entries: { uid: string; value: string | boolean }[]): Promise<ActionResult[]> {
    return this.#act('Filling the form', () => this.#input.fillForm(entries));
  }

  async dragByUid(fromUid: string, toUid: string): Promise<ActionResult> {
    return this.#act('Dragging', () => this.#input.drag(fromUid, toUid));
  }

  /** Presses a key or a combination such as `Enter` or `Control+Shift+R` on the focused element. */
  async pressKey(combo: string): Promise<ActionResult> {
    try {
      return await this.#act('Pressing a key', () => this.#input.pressKey(combo));
    } finally {
      // A key can scroll a container (PageDown, arrows, space), and the page may stop the scroll events before the engine sees them.
      this.#snapshots.forgetReading();
    }
  }

  /** Types text into the focused element; `submit` presses Enter after it. */
  async typeText(text: string, options: { submit?: boolean } = {}): Promise<ActionResult> {
    return this.#act('Typing', () => this.#input.typeText(text, options));
  }

  /** Sets the files of a file input (BiDi input.setFiles); the paths must be existing regular files. */
  async uploadFileByUid(uid: string, paths: string[]): Promise<ActionResult> {
    return this.#act('Uploading', () => this.#input.uploadFile(uid, paths));
  }

  /** Stops the input action in progress at its next batch of keys (its caller gave up on the call). */
  interruptInput(): void {
    this.#input.interrupt();
  }

  /** The guard of input: run once the page is ready; an action that a dialog stopped part way answers with the dialog. */
  async #act<T extends ActionResult | ActionResult[]>(what: string, action: () => Promise<T>): Promise<T> {
    await this.ready(what);
    try {
      const result = await this.#crash.unlessCrashed(what, action());
      if (!([] as ActionResult[]).concat(result).some((one) => one.dialog)) await this.#learnSecretParts();
      return result;
    } catch (error) {
      // Only a single action throws it (fillForm answers its own entries' interruptions).
      if (error instanceof ActionInterrupted) return error.result as T;
      // The input went in and the page stopped answering: the page list says so until it answers again.
      if (error instanceof PageUnresponsiveError) this.#unresponsive = true;
      throw error;
    }
  }

  /** What fields filled from a secret hold now (after keys, scripts or the page changed them) is masked as that secret from now on. */
  async #learnSecretParts(): Promise<void> {
    if (this.env.secrets.names.length === 0 || this.#dialog.open) return;
    const held = await this.#engine.call(this.id, 'secretFieldValues', [], 'Reading the secret fields', this.env.responsiveTimeout).catch(() => undefined);
    for (const [name, value] of held ?? []) this.env.secrets.rememberParts(name, value);
  }

  // ------------------------------------------------ console, network, dialog

  /** Console messages and uncaught errors of the page and its frames, oldest first, secrets masked. */
  getConsoleMessages(filter: ConsoleFilter = {}): ConsoleMessage[] {
    return this.#console.list(filter).map((message) => this.env.secrets.maskMessage(message));
  }

  getConsoleMessage(id: number): ConsoleMessage | undefined {
    const message = this.#console.get(id);
    return message && this.env.secrets.maskMessage(message);
  }

  clearConsoleMessages(): void {
    this.#console.clear();
  }

  /** Requests of the page and its frames, in the order they started; credentials masked. */
  getNetworkRequests(filter: NetworkFilter = {}): NetworkRequest[] {
    return this.#network.list(filter).map((request) => this.env.secrets.maskRequest(request));
  }

  getNetworkRequest(id: number): NetworkRequest | undefined {
    const request = this.#network.get(id);
    return request && this.env.secrets.maskRequest(request);
  }

  clearNetworkRequests(): void {
    this.#network.clear();
  }

  /** The request or response body of request `id`, its text masked as the rest of the request is. */
  async getNetworkBody(id: number, kind: 'request' | 'response'): Promise<NetworkBody> {
    const request = this.#network.get(id);
    if (!request) throw new InvalidArgumentError(`No network request has id ${id} on this page; list them with getNetworkRequests().`);
    return fetchBody(this.#send, this.env.collectsBodies, request, kind, (text) => this.env.secrets.mask(text));
  }

  /** The open dialog, if any, secrets masked. */
  getDialog(): Dialog | undefined {
    const dialog = this.#dialog.open;
    return dialog && { ...dialog, message: this.env.secrets.mask(dialog.message) };
  }

  /** Accepts or dismisses the open dialog; `promptText` answers a prompt(). */
  async handleDialog(accept: boolean, promptText?: string): Promise<void> {
    const dialog = this.#dialog.open;
    if (!dialog) throw new InvalidArgumentError('No dialog is open on the selected page; nothing to accept or dismiss.');
    if (promptText !== undefined && dialog.type !== 'prompt') {
      throw new InvalidArgumentError(`promptText applies only to prompt() dialogs; the open dialog is a ${dialog.type}.`);
    }
    await this.#send('browsingContext.handleUserPrompt', { context: this.id, accept, ...(promptText === undefined ? {} : { userText: promptText }) }, 'Answering the dialog');
    // The page may open its next dialog before this answer arrives: only the one answered is forgotten.
    this.#dialog.forget(dialog);
  }
}
