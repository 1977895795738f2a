import { BrowserClosedError, InvalidArgumentError, type Send } from '../errors.js';
import type { NavigateOptions, Page, PageInfo, PageOwner } from '../page/page.js';
import type { SecretStore } from '../policy/secrets.js';
import type { UrlPolicy } from '../policy/url-policy.js';
import { sourceOf, type PageFunction } from '../util/script.js';
import { quote } from '../util/text.js';
import { CookieJar } from './cookies.js';
import { chooseDownloadFolder, DownloadLog, type Download } from './downloads.js';
import { emulate, type Emulation, type EmulationState } from '../page/emulation.js';
import { PageList } from './page-list.js';
import { NetworkRules, type Route, type RouteOptions } from './routes.js';
import { captureStorageState, parseStorageState, restoreStorageState, type StorageState } from './storage-state.js';

/** What a user context needs from its browser. */
export interface UserContextEnvironment {
  send: Send;
  secrets: SecretStore;
  urlPolicy: UrlPolicy;
  /** Whether the browser is closed: close() was called, or its connection ended. */
  closed(): boolean;
  /** Whether close() was called: then every call is refused (a connection that died says so itself, with why). */
  closing(): boolean;
  /**
   * Opens a page in this user context, in a window of its own (in front, with the focus, when `front`), and returns it.
   */
  createTab(userContext: UserContext, front: boolean): Promise<Page>;
  /** Closes a tab; resolves once it is gone. */
  closeTab(page: Page, timeout?: number): Promise<void>;
  /** A page's browsing context is no longer in Firefox's tree though no event said it went: forget it. */
  gone(page: Page): void;
  /** Lists the URLs of the top-level browsing contexts. */
  urls(): Promise<Map<string, string>>;
  /** The request rules changed: intercept requests while any exist. */
  routesChanged(): Promise<void>;
  /** Closes the user context in Firefox, and forgets its pages. */
  remove(userContext: UserContext): Promise<void>;
}

/** What a user context's clipboard holds (its pages copy into it; browser/clipboard.ts fills and reads it). */
export interface ClipboardData {
  text: string;
  html: string;
}

/**
 * One user context (a container of cookies and storage, `default` for the browser's own) and
 * what belongs to it: its pages in the order they opened with the one selected (page-list.ts), its
 * cookies, storage, request rules, init scripts, emulation and downloads. `dispose()` closes it
 * and all in it; nothing of it stays with the browser.
 */
export class UserContext implements PageOwner<Page> {
  readonly #list = new PageList<Page>();
  /** Preload scripts added for this user context's documents: id → source. */
  readonly #initScripts = new Map<string, string>();
  /** What user-context-wide emulation left to undo (its touch script). */
  readonly #emulation: EmulationState = {};
  /** Request rules (block, mock, modify) for this user context's pages; the browser reads them for each request. */
  readonly rules: NetworkRules;
  /** The cookies of this user context: list, set (read back) and delete them. */
  readonly cookies: CookieJar;
  /** Downloads its pages started, with a note for each. */
  readonly downloads = new DownloadLog();
  /** What its pages copied last (browser/clipboard.ts): a clipboard of its own, never another user context's. */
  clipboard: ClipboardData | undefined;
  #disposing: Promise<void> | undefined;

  constructor(
    /** The BiDi user context id ('default' for the browser's own). */
    readonly id: string,
    private readonly env: UserContextEnvironment,
  ) {
    this.rules = new NetworkRules(() => env.routesChanged());
    this.cookies = new CookieJar(env.send, id, env.secrets);
  }

  /** Whether it was disposed, or its browser closed. */
  get closed(): boolean {
    return this.#disposing !== undefined || this.env.closed();
  }

  /** Refuses every call once it is closed. */
  #open(): void {
    if (this.#disposing)
      throw new BrowserClosedError(
        'This user context was disposed, and its pages with it; make a new one (browser.newUserContext()).',
      );
    if (this.env.closing()) throw new BrowserClosedError('The browser is closed; launch or connect a new one.');
  }

  // ---------------------------------------------------------------- pages

  get pages(): readonly Page[] {
    return this.#list.pages;
  }

  /** The browser's named secrets, which fills reveal and every output masks. */
  get secrets(): SecretStore {
    return this.env.secrets;
  }

  /** The selected page: the one calls without a page act on. */
  get page(): Page {
    this.#open();
    if (this.#list.selected === undefined)
      throw new BrowserClosedError('No page is open; the browser may have closed. Launch or connect again.');
    return this.#list.selected;
  }

  /** The selected page, or undefined when none is open. */
  get selected(): Page | undefined {
    return this.#list.selected;
  }

  /** Makes `page` (one of its pages) the selected one, without bringing it to the front (selectPage does). */
  select(page: Page): void {
    if (this.#list.pages.includes(page)) this.#list.selected = page;
  }

  indexOf(browsingContext: string): number {
    return this.#list.indexOf(browsingContext);
  }

  /** Page `index`, or a NoSuchPageError listing the valid range. */
  at(index: number): Page {
    this.#open();
    return this.#list.at(index);
  }

  /** The page's stable id in this user context. */
  pageIdOf(page: Page): number {
    return this.#list.pageIdOf(page);
  }

  /** The page with stable id `pageId` (from listPages), or a NoSuchPageError naming the ones there are. */
  pageById(pageId: number): Page {
    this.#open();
    return this.#list.pageById(pageId);
  }

  /** A page opened (by us, by the user or by the page `opener`); the browser lists it here. */
  add(page: Page, opener?: string | null): void {
    this.#list.add(page, opener);
  }

  /** A page closed; it shows `url` in the note when it was the selected one. */
  remove(page: Page, url: string): void {
    this.#list.remove(page, url);
  }

  /** Notes about changes the caller did not ask for (a fallback after a page closed, a download), once each. */
  takeNotes(): string[] {
    return [...this.#list.notes.splice(0), ...this.downloads.takeNotes()];
  }

  /**
   * The open pages; one whose context Firefox no longer lists is dropped (with a note when it was
   * selected), never an error. With `unlessAlone`, undefined when one page is left: its title,
   * a round trip into the page, is then not read.
   */
  async listPages(): Promise<PageInfo[]>;
  async listPages(options: { unlessAlone: boolean }): Promise<PageInfo[] | undefined>;
  async listPages(options?: { unlessAlone: boolean }): Promise<PageInfo[] | undefined> {
    this.#open();
    // A lone page is not listed: no round trip to the tab tree to see whether it is still there (a call on a page
    // that went says so).
    if (options?.unlessAlone && this.#list.pages.length <= 1) return undefined;
    const urls = await this.env.urls();
    for (const page of [...this.#list.pages]) if (!urls.has(page.id)) this.env.gone(page);
    if (options?.unlessAlone && this.#list.pages.length <= 1) return undefined;
    return Promise.all(this.#list.pages.map((page) => this.info(page, urls.get(page.id))));
  }

  /** What listPages says of one page. */
  async info(page: Page, url?: string): Promise<PageInfo> {
    return { ...(await page.info(page === this.#list.selected, url)), pageId: this.pageIdOf(page) };
  }

  /** Opens a tab, selects it, and navigates it to `url` when given; a tab that fails to load is closed again. */
  async newPage(url?: string, options: NavigateOptions = {}): Promise<Page> {
    this.#open();
    if (url !== undefined) this.env.urlPolicy.check(url);
    const previous = this.#list.selected;
    const page = await this.env.createTab(this, true);
    this.add(page);
    this.#list.selected = page;
    await page.activate();
    if (url === undefined) return page;
    try {
      await page.navigate(url, options);
    } catch (error) {
      // A page that failed to open is not left behind for later calls to act on.
      if (previous) this.#list.selected = previous;
      await this.env.closeTab(page).catch(() => undefined);
      this.remove(page, url);
      if (previous) await previous.activate().catch(() => undefined);
      if (error instanceof Error)
        error.message += `${error.message.endsWith('.') ? '' : '.'} The new page was closed${previous === undefined ? '' : `; page ${this.indexOf(previous.id)} is selected again`}.`;
      throw error;
    }
    return page;
  }

  /** Makes page `index` (from listPages) the selected one, and brings it to the front. */
  async selectPage(index: number): Promise<Page> {
    const page = this.at(index);
    this.select(page);
    await page.activate();
    return page;
  }

  /** Closes page `index`; the last open page cannot be closed (open another first). */
  async closePage(index: number): Promise<void> {
    const page = this.at(index);
    if (this.#list.pages.length === 1) {
      throw new InvalidArgumentError(
        'The last open page cannot be closed; open another page with newPage() first, or close the browser (or dispose() this context).',
      );
    }
    await this.env.closeTab(page);
  }

  /** Runs `work` in a background tab that is closed afterwards whatever happens; the selection stays. */
  async withScratchPage<T>(work: (page: Page) => Promise<T>): Promise<T> {
    const page = await this.env.createTab(this, false);
    try {
      return await work(page);
    } finally {
      await this.env.closeTab(page).catch(() => undefined);
    }
  }

  /**
   * Puts a fresh tab in the place (index, pageId and selection) of `page`, whose script does not answer, and closes
   * that.
   */
  async replace(page: Page, timeout?: number): Promise<Page> {
    const fresh = await this.env.createTab(this, true);
    this.#list.replace(page, fresh);
    await this.env.closeTab(page, timeout).catch(() => undefined);
    await fresh.activate();
    return fresh;
  }

  // ------------------------------------------------- what the pages share

  /** Emulation for every page of this user context, present and future (Page.emulate is for one page). */
  async emulate(settings: Emulation): Promise<string[]> {
    this.#open();
    return emulate(this.env.send, { userContexts: [this.id] }, settings, this.#emulation);
  }

  /**
   * Runs `fn` (a function or its source) in every document of this user context before the
   * page's own scripts, from the next load on: for stubbing APIs. Returns its id for removal.
   */
  async addInitScript(fn: PageFunction): Promise<string> {
    this.#open();
    const source = sourceOf(fn, '() => { window.fetch = () => Promise.reject(new Error("offline")); }');
    // Named user context, the default one too: an init script never runs in another agent's pages.
    const { script } = await this.env.send(
      'script.addPreloadScript',
      { functionDeclaration: source, userContexts: [this.id] },
      'Adding an init script',
    );
    this.#initScripts.set(script, source);
    return script;
  }

  /** Stops an init script (by the id addInitScript gave) from running in documents loaded from now on. */
  async removeInitScript(id: string): Promise<void> {
    this.#open();
    if (!this.#initScripts.has(id))
      throw new InvalidArgumentError(
        `No init script has id ${quote(id)}; ${this.#initScripts.size ? `the ids are ${[...this.#initScripts.keys()].join(', ')}` : 'none was added'}.`,
      );
    await this.env.send('script.removePreloadScript', { script: id }, 'Removing an init script');
    this.#initScripts.delete(id);
  }

  /** The init scripts of this user context: id → source. */
  get initScripts(): ReadonlyMap<string, string> {
    return this.#initScripts;
  }

  /**
   * Adds a request rule for every page of this user context: requests whose URL matches are
   * blocked, answered with a mock, or sent with changed headers. The first matching rule decides;
   * the network log shows what each did. Bad input adds nothing.
   */
  async route(options: RouteOptions): Promise<Route> {
    this.#open();
    // An unknown secret name is refused now, not when a request needs it.
    for (const value of Object.values(options.requestHeaders ?? {})) if (value !== null) this.env.secrets.reveal(value);
    return this.rules.add(options);
  }

  /** Removes rule `id`, or every rule; returns those removed. */
  async unroute(id?: number): Promise<Route[]> {
    this.#open();
    return this.rules.remove(id);
  }

  /** The request rules in force, in the order they decide. */
  routes(): Route[] {
    return this.rules.list();
  }

  /**
   * The cookies of this user context and the localStorage of each origin its pages show, with real
   * values (for a file to log in again with, never for output); `skipped` names origins whose page
   * could not answer.
   */
  async storageState(): Promise<{ state: StorageState; skipped: string[] }> {
    this.#open();
    return captureStorageState(this.cookies, this.#list.pages);
  }

  /**
   * Restores a storage state (as storageState() gives, or Playwright saves): its cookies, and each origin's
   * localStorage. Checked whole first.
   */
  async setStorageState(state: StorageState): Promise<void> {
    this.#open();
    const checked = parseStorageState(state, 'The state given');
    // An origin the URL policy refuses would leave the state half restored: refused before anything is set.
    for (const { origin } of checked.origins) this.env.urlPolicy.check(`${origin}/`);
    await restoreStorageState(this.cookies, this, checked);
  }

  /**
   * Saves this user context's downloads in `folder` (absolute), apart from other user contexts' (Firefox creates it
   * when needed).
   */
  async saveDownloadsIn(folder: string): Promise<void> {
    this.#open();
    await chooseDownloadFolder(this.env.send, folder, [this.id]);
    this.downloads.folder = folder;
  }

  /** Every download its pages started, oldest first (the latest 1000). */
  getDownloads(): Download[] {
    return this.downloads.list();
  }

  // ----------------------------------------------------------------- close

  /**
   * Closes the user context and every page in it; what they held is disposed. The default user
   * context lasts as long as the browser: close the browser instead.
   */
  async dispose(): Promise<void> {
    if (this.id === 'default')
      throw new InvalidArgumentError(
        "The browser's default user context cannot be disposed; close the browser instead.",
      );
    return (this.#disposing ??= this.env.remove(this).finally(() => this.#forgetAll()));
  }

  /** Its state once Firefox closed it (or the browser went): pages already forgotten by the browser. */
  #forgetAll(): void {
    this.#initScripts.clear();
    this.downloads.clear();
    this.#list.notes.length = 0;
  }
}
