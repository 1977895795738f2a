import { InvalidArgumentError, NoSuchPageError } from '../errors.js';
import type { EmulationState } from './emulation.js';
import { NetworkRules } from './routes.js';
import type { NavigateOptions, Page, PageInfo } from '../page/page.js';

/** What a user context needs from its browser. */
export interface UserContextEnvironment {
  /** Opens a tab in this user context (in the background) and returns its page. */
  createTab(userContext: string): Promise<Page>;
  /** Closes a tab; resolves once it is gone. */
  closeTab(page: Page, timeout?: number): Promise<void>;
  /** A page's context is no longer in Firefox's tree though no event said it went: forget it. */
  gone(page: Page): void;
  /** Lists the URLs of the top-level contexts. */
  urls(): Promise<Map<string, string>>;
  /** The request rules changed: intercept requests while any exist. */
  routesChanged(): Promise<void>;
}

/**
 * One user context (a container of cookies and storage) and its pages, in the order they opened,
 * with the one selected. When the selected page goes away, the most recent live page takes over
 * and a note says so.
 */
export class UserContext {
  readonly #pages: Page[] = [];
  /** Each page's id in this user context: small, and stable while the page lives (indexes shift when pages close). */
  readonly #pageIds = new Map<Page, number>();
  #nextPageId = 1;
  #selected: Page | undefined;
  readonly #notes: string[] = [];
  /** Preload scripts added for this user context's documents: id → source. */
  readonly initScripts = new Map<string, string>();
  /** What session-wide emulation left to undo (its touch script). */
  readonly emulation: EmulationState = {};
  /** Request rules (block, mock, modify) for this user context's pages. */
  readonly routes: NetworkRules;

  constructor(
    readonly id: string,
    private readonly env: UserContextEnvironment,
  ) {
    this.routes = new NetworkRules(() => env.routesChanged());
  }

  get pages(): readonly Page[] {
    return this.#pages;
  }

  get selected(): Page | undefined {
    return this.#selected;
  }

  indexOf(context: string): number {
    return this.#pages.findIndex((page) => page.id === context);
  }

  /** Page `index`, or a NoSuchPageError listing the valid range. */
  at(index: number): Page {
    const page = Number.isInteger(index) ? this.#pages[index] : undefined;
    if (page === undefined) {
      const range = this.#pages.length === 0 ? 'there are no pages' : `valid indexes are 0 to ${this.#pages.length - 1}`;
      throw new NoSuchPageError(`No page has index ${index}: ${range}. Call listPages() to see the open pages.`);
    }
    return page;
  }

  /** The page's stable id in this user context. */
  pageIdOf(page: Page): number {
    return this.#pageIds.get(page) ?? -1;
  }

  /** The page with stable id `pageId`, or a NoSuchPageError naming the ones there are. */
  byPageId(pageId: number): Page {
    for (const [page, id] of this.#pageIds) if (id === pageId) return page;
    throw new NoSuchPageError(`No open page has pageId ${pageId}; the open pages have pageId ${[...this.#pageIds.values()].join(', ') || 'none'}. list_pages (listPages()) shows them.`);
  }

  /** A page opened (by us, by the user or by the page `opener`). */
  add(page: Page, opener?: string | null): void {
    if (this.#pages.includes(page)) return;
    this.#pages.push(page);
    this.#pageIds.set(page, this.#nextPageId++);
    this.#selected ??= page;
    const from = opener ? this.indexOf(opener) : -1;
    if (from >= 0) this.#notes.push(`Page ${from} opened a new page (index ${this.#pages.length - 1}); select it to act on it.`);
  }

  /** A page closed; it shows `url` in the note when it was the selected one. */
  remove(page: Page, url: string): void {
    const index = this.#pages.indexOf(page);
    this.#pageIds.delete(page);
    if (index < 0) return;
    this.#pages.splice(index, 1);
    if (this.#selected !== page) return;
    this.#selected = this.#pages.at(-1);
    const which = url ? `The selected page (${url})` : 'The selected page';
    this.#notes.push(this.#selected === undefined ? `${which} was closed and no page is left.` : `${which} was closed; page ${this.#pages.length - 1} is selected now.`);
  }

  select(page: Page): void {
    this.#selected = page;
  }

  /** Notes about changes the caller did not ask for (such as a fallback after a page closed), once each. */
  takeNotes(): string[] {
    return this.#notes.splice(0);
  }

  /** The open pages; one whose context Firefox no longer lists is dropped (with a note when it was selected), never an error. */
  async listPages(): Promise<PageInfo[]> {
    const urls = await this.env.urls();
    for (const page of [...this.#pages]) if (!urls.has(page.id)) this.env.gone(page);
    return Promise.all(this.#pages.map((page) => this.info(page, urls.get(page.id))));
  }

  /** What listPages says of one page. */
  async info(page: Page, url?: string): Promise<PageInfo> {
    return { ...(await page.info(page === this.#selected, url)), pageId: this.pageIdOf(page) };
  }

  /** Opens a tab, selects it, and navigates it to `url` when given; a tab that fails to load is closed again. */
  async newPage(url?: string, options: NavigateOptions = {}): Promise<Page> {
    const previous = this.#selected;
    const page = await this.env.createTab(this.id);
    this.add(page);
    this.#selected = page;
    await page.activate();
    if (url === undefined) return page;
    try {
      await page.navigate(url, options);
    } catch (error) {
      // A page that failed to open is not left behind for later calls to act on.
      if (previous) this.#selected = previous;
      await this.env.closeTab(page).catch(() => undefined);
      this.remove(page, url);
      if (previous) await previous.activate().catch(() => undefined);
      if (error instanceof Error) error.message += `${error.message.endsWith('.') ? '' : '.'} The new page was closed${previous === undefined ? '' : `; page ${this.indexOf(previous.id)} is selected again`}.`;
      throw error;
    }
    return page;
  }

  /** Runs `work` in a background tab that is closed afterwards whatever happens; the selection stays. */
  async withScratchPage<T>(work: (page: Page) => Promise<T>): Promise<T> {
    const page = await this.env.createTab(this.id);
    try {
      return await work(page);
    } finally {
      await this.env.closeTab(page).catch(() => undefined);
    }
  }

  /** Closes page `index`; the last open page cannot be closed (open another first). */
  async closePage(index: number): Promise<void> {
    const page = this.at(index);
    if (this.#pages.length === 1) {
      throw new InvalidArgumentError('The last open page cannot be closed; open another page with newPage() first, or close() the client.');
    }
    await this.env.closeTab(page);
  }

  /** Puts a fresh tab in the place (index and selection) of `page`, whose script does not answer, and closes that. */
  async replace(page: Page, timeout: number): Promise<Page> {
    const fresh = await this.env.createTab(this.id);
    const index = this.#pages.indexOf(page);
    const already = this.#pages.indexOf(fresh);
    if (already >= 0) this.#pages.splice(already, 1);
    if (index >= 0) this.#pages.splice(index, 1, fresh);
    else this.#pages.push(fresh);
    // The fresh tab takes the old one's place in full: its index and its pageId.
    const pageId = this.#pageIds.get(page);
    if (pageId !== undefined) this.#pageIds.set(fresh, pageId);
    this.#pageIds.delete(page);
    if (this.#selected === page) this.#selected = fresh;
    this.#notes.push(`Page ${index} was not responding, so its tab was closed and replaced by a fresh one at the same index.`);
    await this.env.closeTab(page, timeout).catch(() => undefined);
    await fresh.activate();
    return fresh;
  }
}
