import type { BidiConnection } from '../bidi/index.js';
import { Browser, type ClientOptions } from './browser/browser.js';
import { CookieJar } from './context/cookies.js';
import { emulate, type Emulation } from './context/emulation.js';
import type { Download } from './context/downloads.js';
import type { Extension } from './browser/extensions.js';
import { BrowserClosedError, InvalidArgumentError } from './errors.js';
import type { LaunchOptions } from './session/launch.js';
import type { Route, RouteOptions } from './context/routes.js';
import { captureStorageState, parseStorageState, restoreStorageState, type StorageState } from './context/storage-state.js';
import type { NavigateOptions, Page, PageInfo } from './page/page.js';
import type { SecretStore } from './policy/secrets.js';
import { PageCalls } from './page-calls.js';
import { sourceOf, type PageFunction } from './util/script.js';
import { quote } from './util/text.js';
import { connectSession, launchSession, type SessionHandle } from './session/session.js';
import type { UserContext } from './context/context.js';
import { webdriverSession, type WebDriverOptions } from './session/webdriver.js';

export type { ClientOptions } from './browser/browser.js';
export type { EvaluateOptions, NavigateOptions, NavigationResult, PageInfo, PageMarkdown, ScreenshotOptions, WaitUntil } from './page/page.js';
export type FirefoxLaunchOptions = LaunchOptions & ClientOptions;
export type FirefoxConnectOptions = ({ wsEndpoint: string } | (WebDriverOptions & { webdriverUrl: string })) & ClientOptions;

/**
 * Drives one Firefox over WebDriver BiDi. Get one with `FirefoxClient.launch()` (a local headless
 * Firefox) or `FirefoxClient.connect()` (a running Firefox, or a WebDriver server such as Selenium
 * Grid). Every page call acts on the selected page of the default user context; `selectedPage`
 * gives that Page itself, which has the same calls.
 */
export class FirefoxClient extends PageCalls {
  readonly #browser: Browser;
  readonly #pages: UserContext;
  /** The client this one is a user context of, when it is one (newContext()). */
  readonly #parent: FirefoxClient | undefined;
  #closing: Promise<void> | undefined;

  private constructor(browser: Browser, userContext: UserContext, parent?: FirefoxClient) {
    super();
    this.#browser = browser;
    this.#pages = userContext;
    this.#parent = parent;
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
    const browser = await Browser.start(session, options);
    return new FirefoxClient(browser, browser.userContext());
  }

  /**
   * A client for a new user context of the same Firefox, with one blank page: its own pages,
   * cookies, storage, console, network, dialogs and uids, none of which this client (or any other
   * context) sees. Its `close()` closes the user context and all in it; closing this client ends all.
   */
  async newContext(): Promise<FirefoxClient> {
    if (this.closed) throw new BrowserClosedError('The client is closed; launch or connect a new one.');
    return new FirefoxClient(this.#browser, await this.#browser.createUserContext(), this);
  }

  /** The BiDi user context this client's pages live in ('default' for the browser's own). */
  get userContext(): string {
    return this.#pages.id;
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
    return this.#closing !== undefined || this.bidi.closed || (this.#parent?.closed ?? false);
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
    const page = this.#open.selected;
    if (page === undefined) throw new BrowserClosedError('No page is open; the browser may have closed. Launch or connect again.');
    return page;
  }

  /** This client's pages, refused once it is closed. */
  get #open(): UserContext {
    if (this.#closing) throw new BrowserClosedError(`The client is closed${this.#parent ? ' (its user context with it)' : ''}; launch or connect a new one${this.#parent ? ', or call newContext() on a live one' : ''}.`);
    return this.#pages;
  }

  protected get target(): Page {
    return this.selectedPage;
  }

  /** The open page with this pageId (from listPages), whichever page is selected. */
  page(pageId: number): Page {
    return this.#open.byPageId(pageId);
  }

  /** The selected page's context id. */
  get selectedPageId(): string {
    return this.selectedPage.id;
  }

  async listPages(): Promise<PageInfo[]> {
    return this.#open.listPages();
  }

  /** Opens a new tab, selects it, and navigates it to `url` when given; a tab that fails to load is closed again. */
  async newPage(url?: string, options: NavigateOptions = {}): Promise<PageInfo> {
    if (url !== undefined) this.#browser.urlPolicy.check(url);
    const pages = this.#open;
    return pages.info(await pages.newPage(url, options));
  }

  /** Makes page `index` (from listPages) the one every other call acts on, and brings it to the front. */
  async selectPage(index: number): Promise<PageInfo> {
    const pages = this.#open;
    const page = pages.at(index);
    pages.select(page);
    await page.activate();
    return pages.info(page);
  }

  /** Closes page `index`; the last open page cannot be closed (open another first). */
  async closePage(index: number): Promise<void> {
    await this.#open.closePage(index);
  }

  /** The browser's named secrets: what every output shows by name (the MCP server masks its answers with it). */
  get secrets(): SecretStore {
    return this.#browser.secrets;
  }

  /** The cookies of this client's user context: list, set (read back) and delete them. */
  get cookies(): CookieJar {
    return new CookieJar(this.#browser.send, this.#open.id, this.#browser.secrets);
  }

  /** Emulation for every page of this client's user context, present and future (the page calls' emulate() is for one page). */
  async emulateAll(settings: Emulation): Promise<string[]> {
    const pages = this.#open;
    return emulate(this.#browser.send, { userContexts: [pages.id] }, settings, pages.emulation);
  }

  /**
   * Runs `fn` (a function or its source) in every document of this client's user context before
   * the page's own scripts, from the next load on: for stubbing APIs. Returns its id for removal.
   */
  async addInitScript(fn: PageFunction): Promise<string> {
    const pages = this.#open;
    const source = sourceOf(fn, '() => { window.fetch = () => Promise.reject(new Error("offline")); }');
    // Named user context, the default one too: an init script never runs in another agent's pages.
    const { script } = await this.#browser.send('script.addPreloadScript', { functionDeclaration: source, userContexts: [pages.id] }, 'Adding an init script');
    pages.initScripts.set(script, source);
    return script;
  }

  /** Stops an init script (by the id addInitScript gave) from running in documents loaded from now on. */
  async removeInitScript(id: string): Promise<void> {
    const pages = this.#open;
    if (!pages.initScripts.has(id)) throw new InvalidArgumentError(`No init script has id ${quote(id)}; ${pages.initScripts.size ? `the ids are ${[...pages.initScripts.keys()].join(', ')}` : 'none was added'}.`);
    await this.#browser.send('script.removePreloadScript', { script: id }, 'Removing an init script');
    pages.initScripts.delete(id);
  }

  /** The init scripts of this client's user context: id → source. */
  get initScripts(): ReadonlyMap<string, string> {
    return this.#open.initScripts;
  }

  /**
   * Adds a request rule for every page of this client's user context: requests whose URL matches
   * are blocked, answered with a mock, or sent with changed headers. The first matching rule
   * decides; list_network_requests shows what each did. Bad input adds nothing.
   */
  async route(options: RouteOptions): Promise<Route> {
    // An unknown secret name is refused now, not when a request needs it.
    for (const value of Object.values(options.requestHeaders ?? {})) if (value !== null) this.#browser.secrets.reveal(value);
    return this.#open.routes.add(options);
  }

  /** Removes rule `id`, or every rule; returns those removed. */
  async unroute(id?: number): Promise<Route[]> {
    return this.#open.routes.remove(id);
  }

  /** The request rules in force, in the order they decide. */
  routes(): Route[] {
    return this.#open.routes.list();
  }

  /**
   * The cookies of this client's user context and the localStorage of each origin its pages show,
   * with real values (for a file to log in again with, never for output); `skipped` names origins
   * whose page could not answer.
   */
  async storageState(): Promise<{ state: StorageState; skipped: string[] }> {
    const pages = this.#open;
    return captureStorageState(this.cookies, pages.pages);
  }

  /** Restores a storage state (as storageState() gives, or Playwright saves): its cookies, and each origin's localStorage. Checked whole first. */
  async setStorageState(state: StorageState): Promise<void> {
    const pages = this.#open;
    const checked = parseStorageState(state, 'The state given');
    // An origin the URL policy refuses would leave the state half restored: refused before anything is set.
    for (const { origin } of checked.origins) this.#browser.urlPolicy.check(`${origin}/`);
    await restoreStorageState(this.cookies, pages, checked);
  }

  /**
   * Installs a temporary extension from its folder or an .xpi/.zip archive, until uninstalled or
   * the browser closes. Extensions reach every page of the browser, so a newContext() client may not.
   */
  async installExtension(path: string): Promise<Extension> {
    return this.#browserWide('Installing extensions').install(path);
  }

  async uninstallExtension(id: string): Promise<Extension> {
    return this.#browserWide('Uninstalling extensions').uninstall(id);
  }

  /** The extensions this client installed. */
  extensions(): Extension[] {
    return this.#browser.extensions.list();
  }

  /** The browser's extensions, for the client that owns the browser only: they would reach other user contexts. */
  #browserWide(what: string): Browser['extensions'] {
    if (this.closed) throw new BrowserClosedError('The client is closed; launch or connect a new one.');
    if (this.#parent) throw new InvalidArgumentError(`${what} is refused for a user context of a shared browser (newContext()): extensions reach every page of the browser, other agents' too. Use the browser's own client, or give the agent a browser of its own (--isolated-browser).`);
    return this.#browser.extensions;
  }

  /** Saves the downloads of this client's user context in `folder` (absolute), apart from other user contexts' (Firefox creates it when needed). */
  async saveDownloadsIn(folder: string): Promise<void> {
    await this.#browser.saveDownloadsIn(this.#open.id, folder);
  }

  /** Every download pages started since the client began, oldest first. */
  getDownloads(): Download[] {
    return this.#browser.downloads.list(this.#pages.id);
  }

  /** Notes about changes the caller did not ask for (for example a fallback after the selected page closed), each given once. */
  takeNotes(): string[] {
    return [...this.#pages.takeNotes(), ...this.#browser.downloads.takeNotes(this.#pages.id)];
  }

  // --------------------------------------------------------------- close

  /**
   * Ends the session: a launched Firefox is closed and its temporary profile deleted; a connected
   * one is left running. A client from newContext() closes its user context only.
   */
  async close(): Promise<void> {
    return (this.#closing ??= this.#parent ? this.#browser.removeUserContext(this.#pages.id) : this.#browser.session.end());
  }
}
