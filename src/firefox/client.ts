import type { BidiConnection, JsonValue } from '../bidi/index.js';
import { Browser, type ClientOptions } from './browser.js';
import type { ConsoleFilter, ConsoleMessage } from './console.js';
import type { Dialog } from './dialogs.js';
import type { Download } from './downloads.js';
import { BrowserClosedError } from './errors.js';
import type { ActionResult, ClickOptions, ScrollOptions, ScrollResult } from './input/actions.js';
import type { LaunchOptions } from './launch.js';
import type { NetworkFilter, NetworkRequest } from './network.js';
import type { EvaluateOptions, NavigateOptions, NavigationResult, Page, PageInfo, PageMarkdown, ScreenshotOptions } from './page.js';
import type { PageFunction } from './script.js';
import { connectSession, launchSession, type SessionHandle } from './session.js';
import type { FindResult } from './snapshot/budget.js';
import type { SnapshotOptions, TakenSnapshot, UidSelector } from './snapshot/manager.js';
import type { UserContext } from './user-context.js';
import { webdriverSession, type WebDriverOptions } from './webdriver.js';

export type { ClientOptions } from './browser.js';
export type { EvaluateOptions, NavigateOptions, NavigationResult, PageInfo, PageMarkdown, ScreenshotOptions, WaitUntil } from './page.js';
export type FirefoxLaunchOptions = LaunchOptions & ClientOptions;
export type FirefoxConnectOptions = ({ wsEndpoint: string } | (WebDriverOptions & { webdriverUrl: string })) & ClientOptions;

/**
 * Drives one Firefox over WebDriver BiDi. Get one with `FirefoxClient.launch()` (a local headless
 * Firefox) or `FirefoxClient.connect()` (a running Firefox, or a WebDriver server such as Selenium
 * Grid). Every page call acts on the selected page of the default user context; `selectedPage`
 * gives that Page itself, which has the same calls.
 */
export class FirefoxClient {
  readonly #browser: Browser;
  readonly #pages: UserContext;
  #closing: Promise<void> | undefined;

  private constructor(browser: Browser) {
    this.#browser = browser;
    this.#pages = browser.userContext();
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
    return new FirefoxClient(await Browser.start(session, options));
  }

  /** The underlying BiDi connection, for commands the facade does not cover. */
  get bidi(): BidiConnection {
    return this.#browser.session.connection;
  }

  /** How the session was obtained: `launched`, `connected` or `webdriver`. */
  get sessionKind(): SessionHandle['kind'] {
    return this.#browser.session.kind;
  }

  get browserVersion(): string {
    return this.#browser.session.browserVersion;
  }

  /** The pid of the Firefox process, when this client launched it. */
  get pid(): number | undefined {
    return this.#browser.session.process?.pid;
  }

  /** The profile directory, when this client launched Firefox. */
  get profileDir(): string | undefined {
    return this.#browser.session.process?.profileDir;
  }

  get closed(): boolean {
    return this.#closing !== undefined || this.bidi.closed;
  }

  /** The id the next snapshot gets: a client that replaces this one starts there (`firstSnapshotId`). */
  get nextSnapshotId(): number {
    return this.#browser.nextSnapshotId;
  }

  /** How many entries the per-page state holds (summed over open pages): pages that closed leave nothing behind. */
  stateCounts(): Record<string, number> {
    return this.#browser.stateCounts();
  }

  // ---------------------------------------------------------------- pages

  /** The selected page: the one every page call acts on. */
  get selectedPage(): Page {
    if (this.#closing) throw new BrowserClosedError('The client is closed; launch or connect a new one.');
    const page = this.#pages.selected;
    if (page === undefined) throw new BrowserClosedError('No page is open; the browser may have closed. Launch or connect again.');
    return page;
  }

  /** The selected page's context id. */
  get selectedPageId(): string {
    return this.selectedPage.id;
  }

  async listPages(): Promise<PageInfo[]> {
    return this.#pages.listPages();
  }

  /** Opens a new tab, selects it, and navigates it to `url` when given; a tab that fails to load is closed again. */
  async newPage(url?: string, options: NavigateOptions = {}): Promise<PageInfo> {
    if (url !== undefined) this.#browser.urlPolicy.check(url);
    return (await this.#pages.newPage(url, options)).info(true);
  }

  /** Makes page `index` (from listPages) the one every other call acts on, and brings it to the front. */
  async selectPage(index: number): Promise<PageInfo> {
    const page = this.#pages.at(index);
    this.#pages.select(page);
    await page.activate();
    return page.info(true);
  }

  /** Closes page `index`; the last open page cannot be closed (open another first). */
  async closePage(index: number): Promise<void> {
    await this.#pages.closePage(index);
  }

  /** Every download pages started since the client began, oldest first. */
  getDownloads(): Download[] {
    return this.#browser.downloads.list();
  }

  /** Notes about changes the caller did not ask for (for example a fallback after the selected page closed), each given once. */
  takeNotes(): string[] {
    return [...this.#pages.takeNotes(), ...this.#browser.downloads.takeNotes()];
  }

  // ------------------------------------------------ the selected page's calls

  async navigate(url: string, options?: NavigateOptions): Promise<NavigationResult> {
    return this.selectedPage.navigate(url, options);
  }

  async goBack(options?: NavigateOptions): Promise<{ url: string }> {
    return this.selectedPage.goBack(options);
  }

  async goForward(options?: NavigateOptions): Promise<{ url: string }> {
    return this.selectedPage.goForward(options);
  }

  async reload(options?: NavigateOptions): Promise<NavigationResult> {
    return this.selectedPage.reload(options);
  }

  /** Calls `fn` (a function or its source, such as `(a, b) => a + b`) in the page with JSON arguments; promises are awaited. */
  async evaluate<T extends JsonValue | undefined = JsonValue | undefined>(fn: PageFunction, ...args: JsonValue[]): Promise<T> {
    return this.selectedPage.evaluate<T>(fn, args);
  }

  async evaluateWithOptions<T extends JsonValue | undefined = JsonValue | undefined>(fn: PageFunction, args: JsonValue[] = [], options: EvaluateOptions = {}): Promise<T> {
    return this.selectedPage.evaluate<T>(fn, args, options);
  }

  async evaluateOnElements(fn: PageFunction, uids: string[], options?: EvaluateOptions): Promise<JsonValue | undefined> {
    return this.selectedPage.evaluateOnElements(fn, uids, options);
  }

  async waitForText(text: string | string[], options?: { timeout?: number }): Promise<string> {
    return this.selectedPage.waitForText(text, options);
  }

  async screenshot(options?: ScreenshotOptions): Promise<Buffer> {
    return this.selectedPage.screenshot(options);
  }

  async setViewport(width: number, height: number): Promise<void> {
    return this.selectedPage.setViewport(width, height);
  }

  async takeSnapshot(options?: SnapshotOptions): Promise<TakenSnapshot> {
    return this.selectedPage.takeSnapshot(options);
  }

  async scroll(options: ScrollOptions): Promise<ScrollResult & { snapshot: TakenSnapshot }> {
    return this.selectedPage.scroll(options);
  }

  async findInPage(query: string, options?: { regex?: boolean; limit?: number }): Promise<FindResult & { snapshotId: number }> {
    return this.selectedPage.findInPage(query, options);
  }

  async getPageMarkdown(options?: { view?: string; offset?: number; maxChars?: number }): Promise<PageMarkdown> {
    return this.selectedPage.getPageMarkdown(options);
  }

  async resolveUidToSelector(uid: string): Promise<UidSelector> {
    return this.selectedPage.resolveUidToSelector(uid);
  }

  async clearSnapshot(): Promise<void> {
    return this.selectedPage.clearSnapshot();
  }

  async clickByUid(uid: string, options?: ClickOptions): Promise<ActionResult> {
    return this.selectedPage.clickByUid(uid, options);
  }

  async hoverByUid(uid: string): Promise<ActionResult> {
    return this.selectedPage.hoverByUid(uid);
  }

  async fillByUid(uid: string, value: string | boolean): Promise<ActionResult> {
    return this.selectedPage.fillByUid(uid, value);
  }

  async fillForm(entries: { uid: string; value: string | boolean }[]): Promise<ActionResult[]> {
    return this.selectedPage.fillForm(entries);
  }

  async dragByUid(fromUid: string, toUid: string): Promise<ActionResult> {
    return this.selectedPage.dragByUid(fromUid, toUid);
  }

  async pressKey(combo: string): Promise<ActionResult> {
    return this.selectedPage.pressKey(combo);
  }

  async typeText(text: string, options?: { submit?: boolean }): Promise<ActionResult> {
    return this.selectedPage.typeText(text, options);
  }

  async uploadFileByUid(uid: string, paths: string[]): Promise<ActionResult> {
    return this.selectedPage.uploadFileByUid(uid, paths);
  }

  getConsoleMessages(filter?: ConsoleFilter): ConsoleMessage[] {
    return this.selectedPage.getConsoleMessages(filter);
  }

  getConsoleMessage(id: number): ConsoleMessage | undefined {
    return this.selectedPage.getConsoleMessage(id);
  }

  clearConsoleMessages(): void {
    this.selectedPage.console.clear();
  }

  getNetworkRequests(filter?: NetworkFilter): NetworkRequest[] {
    return this.selectedPage.getNetworkRequests(filter);
  }

  getNetworkRequest(id: number): NetworkRequest | undefined {
    return this.selectedPage.getNetworkRequest(id);
  }

  clearNetworkRequests(): void {
    this.selectedPage.network.clear();
  }

  getDialog(): Dialog | undefined {
    return this.selectedPage.getDialog();
  }

  async handleDialog(accept: boolean, promptText?: string): Promise<void> {
    return this.selectedPage.handleDialog(accept, promptText);
  }

  // --------------------------------------------------------------- close

  /** Ends the session: a launched Firefox is closed and its temporary profile deleted; a connected one is left running. */
  async close(): Promise<void> {
    return (this.#closing ??= this.#browser.session.end());
  }
}
