// Page is the public face of one tab: each call is a few lines over the parts it is made of
// (parts.ts), under the one guard of its kind (guards.ts): script, input, navigation or local.
// Lifecycle and state (open, dispose, counts, the getters, interruptInput) and the guards' own
// faces (ready, responsive, refuseWhileDialogOpen) take none.
import type { JsonValue } from '../../bidi/index.js';
import { parseMarkdownView } from '../engine/markdown/index.js';
import { findInSnapshot, type FindResult } from '../engine/snapshot/budget.js';
import { InvalidArgumentError, PageUnresponsiveError } from '../errors.js';
import { sourceOf, unwrapEvaluation, type PageFunction } from '../util/script.js';
import { captureScreenshot, printPdf, screenshotFormat, type Screenshot } from './capture.js';
import type { ConsoleFilter, ConsoleMessage } from './console.js';
import type { Dialog } from './dialogs.js';
import { checkEmulation, checkViewportSize, emulatePage, type Emulation } from './emulation.js';
import { personInput } from './input/person.js';
import type { ClickOptions, PersonInput } from './input/sources.js';
import type { ScrollOptions, ScrollResult } from './input/scroll.js';
import type { ActionResult } from './input/settle.js';
import type { SelectTextOptions } from './input/text-selection.js';
import { Locator, type LocateQuery } from './locator.js';
import { markdownWindow } from './markdown-window.js';
import type { PageNavigations } from './navigation.js';
import type { NetworkFilter, NetworkRequest } from './network.js';
import { fetchBody, type NetworkBody } from './network-bodies.js';
import { pageEvents, type PageEvents } from './page-events.js';
import { countParts, disposeParts, pageParts, type PageParts } from './parts.js';
import { readSnapshot, scrollAndSnapshot, witnessReading } from './readings.js';
import { waitForText } from './scripts.js';
import type { SnapshotOptions, TakenSnapshot } from './snapshots.js';
import type { UidSelector } from './uids.js';
import type {
  EvaluateOptions,
  NavigateOptions,
  NavigationResult,
  PageEnvironment,
  PageInfo,
  PageMarkdown,
  PageOwner,
  ScreenshotOptions,
} from './types.js';
import { bringToFront, describePage, readTitle } from './tab.js';
import { readStorage, writeStorage, type StorageKind } from './web-storage.js';
import type { WitnessReport } from './witness.js';

export type {
  EvaluateOptions,
  NavigateOptions,
  NavigationResult,
  PageEnvironment,
  PageInfo,
  PageMarkdown,
  PageOwner,
  ScreenshotOptions,
  WaitUntil,
} from './types.js';
export type { PageEvents } from './page-events.js';

/**
 * One top-level browsing context (a tab) and everything the client knows of it: its frames,
 * console, network, dialog, navigations, snapshots and uids, and whether it crashed or hangs.
 * The browser feeds it its events and disposes it when the tab closes; nothing of it outlives that.
 */
export class Page {
  readonly #parts: PageParts;
  #disposed = false;

  private constructor(
    /** The BiDi browsing context id. */
    readonly id: string,
    /** The user context the page lives in. */
    readonly userContext: PageOwner<Page>,
    private readonly env: PageEnvironment,
  ) {
    this.#parts = pageParts(
      id,
      (frame) => userContext.indexOf(frame),
      env,
      () => this.#disposed,
    );
  }

  /**
   * A page for top-level browsing context `id` of `userContext`, and the handle through which the browser feeds it its
   * events.
   */
  static open(id: string, userContext: PageOwner<Page>, env: PageEnvironment): { page: Page; events: PageEvents } {
    const page = new Page(id, userContext, env);
    return { page, events: pageEvents(page.#parts) };
  }

  get crashed(): boolean {
    return this.#parts.crash.crashed;
  }

  get unresponsive(): boolean {
    return this.#parts.guards.unresponsive;
  }

  get disposed(): boolean {
    return this.#disposed;
  }

  /** Its navigations, one at a time, for waiting on the next one and how it ended. */
  get navigations(): PageNavigations {
    return this.#parts.navigations;
  }

  /** The URL of its document as the last navigation left it (undefined before the first). */
  get url(): string | undefined {
    return this.#parts.navigations.url;
  }

  /** The tab closed: everything it held goes, and whatever waits on it wakes up. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    disposeParts(this.#parts);
  }

  /** How many entries its state holds, for checking that nothing grows without bound. */
  counts(): Record<string, number> {
    return countParts(this.#parts);
  }

  // ------------------------------------------------------------ guards

  /** Refuses while a dialog is open, naming it and how to answer it. */
  refuseWhileDialogOpen(what: string): void {
    this.#parts.guards.refuseWhileDialogOpen(what);
  }

  /** This page, once it is known to be free to act on: open, not crashed, no dialog, its script answering. */
  async ready(what: string): Promise<void> {
    await this.#parts.guards.ready(what);
  }

  /**
   * Resolves when its script answers a trivial probe in time; a PageUnresponsiveError within seconds when it does not.
   */
  async responsive(what: string): Promise<void> {
    await this.#parts.guards.responsive(what);
  }

  // ------------------------------------------------------------- local

  /** Brings the tab to the front, waiting on it for a moment at most (a hung tab must not hold up the others). */
  async activate(): Promise<void> {
    await this.#parts.guards.local('Selecting a page', () => bringToFront(this.#parts, this.env.responsiveTimeout));
  }

  /** Its title, or '' when a dialog or a busy script holds it. */
  async title(): Promise<string> {
    return this.#parts.guards.local('Reading the title', () => readTitle(this.#parts, this.env.responsiveTimeout));
  }

  /** Its index, URL, title and state; its pageId comes from its user context (UserContext.info). */
  async info(selected: boolean, url?: string): Promise<Omit<PageInfo, 'pageId'>> {
    const how = {
      indexOf: () => this.userContext.indexOf(this.id),
      selected,
      url,
      responsiveTimeout: this.env.responsiveTimeout,
    };
    return this.#parts.guards.local('Reading the page', () => describePage(this.#parts, how));
  }

  /** Console messages and uncaught errors of the page and its frames, oldest first, secrets masked. */
  getConsoleMessages(filter: ConsoleFilter = {}): ConsoleMessage[] {
    return this.#parts.guards.local('Reading console messages', () =>
      this.#parts.console.list(filter).map((message) => this.env.secrets.maskMessage(message)),
    );
  }

  getConsoleMessage(id: number): ConsoleMessage | undefined {
    const message = this.#parts.guards.local('Reading a console message', () => this.#parts.console.get(id));
    return message && this.env.secrets.maskMessage(message);
  }

  clearConsoleMessages(): void {
    this.#parts.guards.local('Clearing console messages', () => this.#parts.console.clear());
  }

  /** Requests of the page and its frames, in the order they started; credentials masked. */
  getNetworkRequests(filter: NetworkFilter = {}): NetworkRequest[] {
    return this.#parts.guards.local('Reading network requests', () =>
      this.#parts.network.list(filter).map((request) => this.env.secrets.maskRequest(request)),
    );
  }

  getNetworkRequest(id: number): NetworkRequest | undefined {
    const request = this.#parts.guards.local('Reading a network request', () => this.#parts.network.get(id));
    return request && this.env.secrets.maskRequest(request);
  }

  clearNetworkRequests(): void {
    this.#parts.guards.local('Clearing network requests', () => this.#parts.network.clear());
  }

  /**
   * The request or response body of request `id` (the browser keeps it), its text masked as the rest of the request is.
   */
  async getNetworkBody(id: number, kind: 'request' | 'response'): Promise<NetworkBody> {
    const request = this.#parts.guards.local('Reading a network body', () => this.#parts.network.get(id));
    if (!request)
      throw new InvalidArgumentError(
        `No network request has id ${id} on this page; list them with getNetworkRequests().`,
      );
    return fetchBody(this.#parts.send, this.env.collectsBodies, request, kind, (text) => this.env.secrets.mask(text));
  }

  /** The open dialog, if any, secrets masked. */
  getDialog(): Dialog | undefined {
    const dialog = this.#parts.guards.local('Reading the dialog', () => this.#parts.dialog.open);
    return dialog && { ...dialog, message: this.env.secrets.mask(dialog.message) };
  }

  /**
   * Accepts or dismisses the open dialog (the browser answers it, not the page's script); `promptText` answers a
   * prompt().
   */
  async handleDialog(accept: boolean, promptText?: string): Promise<void> {
    const { guards, dialog, send } = this.#parts;
    await guards.local('Answering the dialog', () =>
      dialog.answer(accept, promptText, (answer) =>
        send('browsingContext.handleUserPrompt', { context: this.id, ...answer }, 'Answering the dialog'),
      ),
    );
  }

  // ------------------------------ navigation (its guard in navigator.ts)

  /**
   * Loads `url`. A page whose script does not answer is replaced by a fresh tab first (the
   * result's page). If the page opens a dialog on the way (an alert while loading, a
   * beforeunload prompt), it resolves at once with the dialog: answer it and the navigation goes on.
   */
  async navigate(url: string, options: NavigateOptions = {}): Promise<NavigationResult> {
    this.env.urlPolicy.check(url);
    try {
      return await this.#parts.navigator.navigate(url, options);
    } catch (error) {
      if (!(error instanceof PageUnresponsiveError)) throw error;
      return (await this.userContext.replace(this)).navigate(url, options);
    }
  }

  /** Reloads; like navigate, resolves early with a dialog that opens on the way. */
  async reload(options: NavigateOptions = {}): Promise<NavigationResult> {
    return this.#parts.navigator.reload(options);
  }

  /** Goes back in its history; like navigate, resolves early with a dialog that opens on the way. */
  async goBack(options: NavigateOptions = {}): Promise<NavigationResult> {
    return this.#parts.navigator.traverse(-1, options);
  }

  async goForward(options: NavigateOptions = {}): Promise<NavigationResult> {
    return this.#parts.navigator.traverse(1, options);
  }

  // ------------------------------------------------------------ script

  /** Calls a function in the page with JSON arguments and returns its JSON result (promises are awaited). */
  async evaluate<T extends JsonValue | undefined = JsonValue | undefined>(
    fn: PageFunction,
    args: JsonValue[] = [],
    options: EvaluateOptions = {},
  ): Promise<T> {
    const source = sourceOf(fn, '() => document.title');
    const result = await this.#parts.guards.script(
      'Running script',
      () => this.#parts.scripts.evaluate(source, args, options.timeout ?? 30_000),
      options.signal,
    );
    await this.#parts.learnSecretParts();
    return this.env.secrets.maskDeep(unwrapEvaluation(result)) as T;
  }

  /**
   * Calls a function with the elements behind `uids` as its arguments. Elements in the result
   * come back as `{ uid }`, with uids given to those that had none.
   */
  async evaluateOnElements(
    fn: PageFunction,
    uids: string[],
    options: EvaluateOptions = {},
  ): Promise<JsonValue | undefined> {
    const source = sourceOf(fn, '(el) => el.textContent');
    const result = await this.#parts.guards.script(
      'Running script',
      () => this.#parts.scripts.evaluateOnElements(source, uids, options.timeout ?? 30_000),
      options.signal,
    );
    await this.#parts.learnSecretParts();
    return this.env.secrets.maskDeep(result);
  }

  /**
   * Waits until any of `text` appears in the page's visible text; resolves with the one found. `signal` stops the wait.
   */
  async waitForText(
    text: string | string[],
    options: { timeout?: number; signal?: AbortSignal } = {},
  ): Promise<string> {
    const { guards, scripts } = this.#parts;
    // Each look is a script call of its own: a page that hangs or opens a dialog during the wait is answered within
    // seconds, as any call.
    return waitForText(text, options, (wanted, deadline) =>
      guards.script('Waiting for text', () => scripts.findText(wanted, deadline), options.signal),
    );
  }

  /**
   * A screenshot with every place that shows a password or a secret painted over, and what it marked; with `annotate`
   * the uids of a new snapshot drawn at their boxes.
   */
  async screenshot(options: ScreenshotOptions = {}): Promise<Screenshot> {
    screenshotFormat(options);
    const snapshot = options.annotate ? await this.takeSnapshot() : undefined;
    return this.#parts.guards.script('Taking a screenshot', () =>
      captureScreenshot(this.#parts, this.env.secrets, options, snapshot),
    );
  }

  /** The page printed to PDF (BiDi browsingContext.print), with its backgrounds unless told otherwise. */
  async printPdf(options: { landscape?: boolean; background?: boolean } = {}): Promise<Buffer> {
    return this.#parts.guards.script('Printing to PDF', () => printPdf(this.#parts, options));
  }

  /** Resizes the viewport. Firefox answers once the page has taken the new size, which a hung page never does. */
  async setViewport(width: number, height: number): Promise<void> {
    checkViewportSize(width, height);
    await this.#parts.guards.script('Resizing the viewport', () =>
      this.#parts.send(
        'browsingContext.setViewport',
        { context: this.id, viewport: { width, height } },
        'Setting the viewport',
      ),
    );
  }

  /**
   * Makes this page look like another device or place (device, viewport, touch, user agent, geolocation, locale, time
   * zone, offline); null restores a setting.
   */
  async emulate(settings: Emulation): Promise<string[]> {
    checkEmulation(settings);
    const { guards, send, scripts, snapshots, emulation } = this.#parts;
    const page = {
      context: this.id,
      userContext: this.userContext.id,
      origin: () => scripts.inSandbox('() => location.origin', this.env.responsiveTimeout).catch(() => null),
    };
    // Media features, touch and the user agent change what renders, and no document sees that as a change of its own.
    return guards.script('Emulating', () =>
      emulatePage(send, page, settings, emulation).finally(() => snapshots.forgetReading()),
    );
  }

  /** The page's localStorage or sessionStorage (its origin's), values masked: all of it, or one key. */
  async getStorage(kind: StorageKind, key?: string): Promise<Record<string, string>> {
    const read = await this.#parts.guards.script('Reading storage', () => readStorage(this.#parts.scripts, kind, key));
    return this.env.secrets.maskDeep(read, { entropy: true });
  }

  /**
   * Sets keys of the page's localStorage or sessionStorage (`<secret>NAME</secret>` values become the secret), or
   * removes them (null), then reads them back.
   */
  async setStorage(kind: StorageKind, entries: Record<string, string | null>): Promise<Record<string, string | null>> {
    const revealed = Object.fromEntries(
      Object.entries(entries).map(([key, value]) => [key, value === null ? null : this.env.secrets.reveal(value)]),
    );
    const held = await this.#parts.guards.script('Writing storage', () =>
      writeStorage(this.#parts.scripts, kind, revealed),
    );
    return this.env.secrets.maskDeep(held, { entropy: true });
  }

  /** Every localStorage entry of the page's origin, unmasked: for storage state files, never for output. */
  async localStorageEntries(): Promise<Record<string, string>> {
    return this.#parts.guards.script('Reading storage', () => readStorage(this.#parts.scripts, 'local'));
  }

  /** Writes localStorage entries exactly as given (no secret references), read back. */
  async writeLocalStorage(entries: Record<string, string>): Promise<void> {
    await this.#parts.guards.script('Writing storage', () => writeStorage(this.#parts.scripts, 'local', entries));
  }

  // --------------------------------------------------- script: snapshots

  /**
   * Reads the page as a tree of what a person can see and use, each element with a uid (also
   * written on it as data-mcp-uid). `text` is the model's view; the tree is for programs.
   */
  async takeSnapshot(options: SnapshotOptions = {}): Promise<TakenSnapshot> {
    return this.#parts.guards.script('Taking a snapshot', () => readSnapshot(this.#parts, options));
  }

  /**
   * Takes a snapshot and has Firefox's own accessibility engine witness it (see witness.ts): what
   * differs, each difference a defect of the reading unless a deliberate one explains it.
   */
  async witness(): Promise<WitnessReport> {
    return this.#parts.guards.script('Witnessing a snapshot', () => witnessReading(this.#parts));
  }

  /**
   * Scrolls with real wheel input, waits in the page until it rests, and returns what happened with a viewport snapshot
   * of where it ended.
   */
  async scroll(options: ScrollOptions): Promise<ScrollResult & { snapshot: TakenSnapshot }> {
    // Wheel input, but no action to settle: the page's answers are waited for as a script's, and a dialog stops them.
    return this.#parts.guards.script('Scrolling', () => scrollAndSnapshot(this.#parts, options));
  }

  /**
   * Elements whose name, text, value or link matches `query` (text, or a regular expression), with their uids and
   * paths.
   */
  async findInPage(
    query: string,
    options: { regex?: boolean; limit?: number } = {},
  ): Promise<FindResult & { snapshotId: number }> {
    const snapshot = await this.#parts.guards.script('Taking a snapshot', () =>
      readSnapshot(this.#parts, { layers: [] }),
    );
    return { ...findInSnapshot(snapshot.nodes, query, options), snapshotId: snapshot.id };
  }

  /**
   * The page as deterministic Markdown: `document` is clean reading text; `agent` keeps uids and
   * inline controls with their state. Long pages come in windows of `maxChars` from `offset`.
   */
  async getPageMarkdown(options: { view?: string; offset?: number; maxChars?: number } = {}): Promise<PageMarkdown> {
    const view = parseMarkdownView(options.view ?? 'document');
    const reading = await this.#parts.guards.script('Reading the page as Markdown', () =>
      this.#parts.snapshots.readDocument(view === 'agent'),
    );
    return markdownWindow(reading, view, options, (text) => this.env.secrets.mask(text));
  }

  /**
   * A CSS selector (with the shadow-host chain) that finds exactly the element behind `uid`, for Playwright or
   * Selenium.
   */
  async resolveUidToSelector(uid: string): Promise<UidSelector> {
    return this.#parts.guards.script('Building a selector', () => this.#parts.uids.selector(uid));
  }

  /** Forgets every uid of the page and removes the data-mcp-uid attributes. */
  async clearSnapshot(): Promise<void> {
    await this.#parts.guards.script('Clearing uids', () => this.#parts.snapshots.clear());
  }

  // ------------------------------------------------------------- input

  /**
   * The last snapshots taken of this document, oldest first: what its uids named (targetOf), and what a step changed.
   */
  get snapshotHistory(): readonly TakenSnapshot[] {
    return this.#parts.snapshots.history;
  }

  /**
   * The element of this role and name (within a container or frame, the nth of several), found afresh each time it
   * acts: for scripts that outlive a snapshot.
   */
  locate(query: LocateQuery): Locator {
    return new Locator(this, query);
  }

  /**
   * Clicks the element's centre with real pointer events (scrolled into view first); refuses disabled or covered
   * elements.
   */
  async clickByUid(uid: string, options: ClickOptions = {}): Promise<ActionResult> {
    return this.#parts.guards.inputByUid('Clicking', () => this.#parts.input.pointer.click(uid, options));
  }

  /**
   * Selects `text` inside the element (or puts the caret at its start or end) with the mouse, and reads the selection
   * back.
   */
  async selectTextByUid(uid: string, text: string, options: SelectTextOptions = {}): Promise<ActionResult> {
    return this.#parts.guards.input('Selecting text', () => this.#parts.input.pointer.selectText(uid, text, options));
  }

  async hoverByUid(uid: string): Promise<ActionResult> {
    return this.#parts.guards.inputByUid('Hovering', () => this.#parts.input.pointer.hover(uid));
  }

  /**
   * Types into a text field or contenteditable, picks a select option by label or value, or sets a checkbox or radio
   * (true/false).
   */
  async fillByUid(uid: string, value: string | boolean): Promise<ActionResult> {
    return this.#parts.guards.inputByUid('Filling', () => this.#parts.input.fields.fill(uid, value));
  }

  async fillForm(entries: { uid: string; value: string | boolean }[]): Promise<ActionResult[]> {
    return this.#parts.guards.inputByUid('Filling the form', () => this.#parts.input.fields.fillForm(entries));
  }

  async dragByUid(fromUid: string, toUid: string): Promise<ActionResult> {
    return this.#parts.guards.inputByUid('Dragging', () => this.#parts.input.pointer.drag(fromUid, toUid));
  }

  /** Presses a key or a combination such as `Enter` or `Control+Shift+R` on the focused element. */
  async pressKey(combo: string): Promise<ActionResult> {
    return this.#parts.guards.input('Pressing a key', () => this.#parts.input.keyboard.pressKey(combo));
  }

  /**
   * A person's click or wheel turn at a point of the viewport (CSS pixels), key or text (the live view's hand on the
   * page), as real input; what they type into a secret-looking field is masked from then on.
   */
  async personInput(input: PersonInput): Promise<ActionResult> {
    return this.#parts.guards.input("Taking a person's input", () =>
      personInput({ ...this.#parts, secrets: this.env.secrets }, input),
    );
  }

  /** Types text into the focused element; `submit` presses Enter after it. */
  async typeText(text: string, options: { submit?: boolean } = {}): Promise<ActionResult> {
    return this.#parts.guards.input('Typing', () => this.#parts.input.keyboard.typeText(text, options));
  }

  /** Sets the files of a file input (BiDi input.setFiles); the paths must be existing regular files. */
  async uploadFileByUid(uid: string, paths: string[]): Promise<ActionResult> {
    return this.#parts.guards.inputByUid('Uploading', () => this.#parts.input.fields.uploadFile(uid, paths));
  }

  /**
   * Stops the input action in progress at its next batch of keys (its caller gave up on the call); never refused: there
   * may be nothing left to stop.
   */
  interruptInput(): void {
    this.#parts.input.interrupt();
  }
}
