// The part of Page that never waits on the page's script: the tab's lifecycle and state (dispose,
// counts, the getters), the guards' own faces (ready, responsive, refuseWhileDialogOpen), and the
// calls under the local guard (guards.ts): the tab's place and title, and what the page recorded
// (console, network, the dialog), secrets masked. Page (page.ts) adds the calls into its script.
import { InvalidArgumentError } from '../errors.js';
import type { ConsoleFilter, ConsoleMessage } from './console.js';
import type { Dialog } from './dialogs.js';
import type { PageNavigations } from './navigation.js';
import type { NetworkFilter, NetworkRequest } from './network.js';
import { fetchBody, type NetworkBody } from './network-bodies.js';
import { countParts, disposeParts, pageParts, type PageParts } from './parts.js';
import { bringToFront, describePage, readTitle } from './tab.js';
import type { PageEnvironment, PageInfo, PageOwner } from './types.js';

/**
 * One tab as the client holds it (Page is the whole of it): its parts, its lifecycle and state,
 * the guards' own faces, and the calls answered without its script. `P` is the page type its user
 * context lists.
 */
export abstract class PageTab<P> {
  protected readonly parts: PageParts;
  #disposed = false;

  protected constructor(
    /** The BiDi browsing context id. */
    readonly id: string,
    /** The user context the page lives in. */
    readonly userContext: PageOwner<P>,
    protected readonly env: PageEnvironment,
  ) {
    this.parts = pageParts(
      id,
      (frame) => userContext.indexOf(frame),
      env,
      () => this.#disposed,
    );
  }

  get crashed(): boolean {
    return this.parts.crash.crashed;
  }

  get unresponsive(): boolean {
    return this.parts.guards.unresponsive;
  }

  get disposed(): boolean {
    return this.#disposed;
  }

  /** Its navigations, one at a time, for waiting on the next one and how it ended. */
  get navigations(): PageNavigations {
    return this.parts.navigations;
  }

  /** The URL of its document as the last navigation left it (undefined before the first). */
  get url(): string | undefined {
    return this.parts.navigations.url;
  }

  /** The tab closed: everything it held goes, and whatever waits on it wakes up. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    disposeParts(this.parts);
  }

  /** How many entries its state holds, for checking that nothing grows without bound. */
  counts(): Record<string, number> {
    return countParts(this.parts);
  }

  // ------------------------------------------------------------ guards

  /** Refuses while a dialog is open, naming it and how to answer it. */
  refuseWhileDialogOpen(what: string): void {
    this.parts.guards.refuseWhileDialogOpen(what);
  }

  /** This page, once it is known to be free to act on: open, not crashed, no dialog, its script answering. */
  async ready(what: string): Promise<void> {
    await this.parts.guards.ready(what);
  }

  /**
   * Resolves when its script answers a trivial probe in time; a PageUnresponsiveError within seconds when it does not.
   */
  async responsive(what: string): Promise<void> {
    await this.parts.guards.responsive(what);
  }

  // ------------------------------------------------------------- local

  /** Brings the tab to the front, waiting on it for a moment at most (a hung tab must not hold up the others). */
  async activate(): Promise<void> {
    await this.parts.guards.local('Selecting a page', () => bringToFront(this.parts, this.env.responsiveTimeout));
  }

  /** Its title, or '' when a dialog or a busy script holds it. */
  async title(): Promise<string> {
    return this.parts.guards.local('Reading the title', () => readTitle(this.parts, this.env.responsiveTimeout));
  }

  /** Its index, URL, title and state; its pageId comes from its user context (UserContext.info). */
  async info(selected: boolean, url?: string): Promise<Omit<PageInfo, 'pageId'>> {
    const how = {
      indexOf: () => this.userContext.indexOf(this.id),
      selected,
      url,
      responsiveTimeout: this.env.responsiveTimeout,
    };
    return this.parts.guards.local('Reading the page', () => describePage(this.parts, how));
  }

  /** Console messages and uncaught errors of the page and its frames, oldest first, secrets masked. */
  getConsoleMessages(filter: ConsoleFilter = {}): ConsoleMessage[] {
    return this.parts.guards.local('Reading console messages', () =>
      this.parts.console.list(filter).map((message) => this.env.secrets.maskMessage(message)),
    );
  }

  getConsoleMessage(id: number): ConsoleMessage | undefined {
    const message = this.parts.guards.local('Reading a console message', () => this.parts.console.get(id));
    return message && this.env.secrets.maskMessage(message);
  }

  clearConsoleMessages(): void {
    this.parts.guards.local('Clearing console messages', () => this.parts.console.clear());
  }

  /** Requests of the page and its frames, in the order they started; credentials masked. */
  getNetworkRequests(filter: NetworkFilter = {}): NetworkRequest[] {
    return this.parts.guards.local('Reading network requests', () =>
      this.parts.network.list(filter).map((request) => this.env.secrets.maskRequest(request)),
    );
  }

  getNetworkRequest(id: number): NetworkRequest | undefined {
    const request = this.parts.guards.local('Reading a network request', () => this.parts.network.get(id));
    return request && this.env.secrets.maskRequest(request);
  }

  clearNetworkRequests(): void {
    this.parts.guards.local('Clearing network requests', () => this.parts.network.clear());
  }

  /**
   * The request or response body of request `id` (the browser keeps it), its text masked as the rest of the request is.
   */
  async getNetworkBody(id: number, kind: 'request' | 'response'): Promise<NetworkBody> {
    const request = this.parts.guards.local('Reading a network body', () => this.parts.network.get(id));
    if (!request)
      throw new InvalidArgumentError(
        `No network request has id ${id} on this page; list them with getNetworkRequests().`,
      );
    return fetchBody(this.parts.send, this.env.collectsBodies, request, kind, (text) => this.env.secrets.mask(text));
  }

  /** The open dialog, if any, secrets masked. */
  getDialog(): Dialog | undefined {
    const dialog = this.parts.guards.local('Reading the dialog', () => this.parts.dialog.open);
    return dialog && { ...dialog, message: this.env.secrets.mask(dialog.message) };
  }

  /**
   * Accepts or dismisses the open dialog (the browser answers it, not the page's script); `promptText` answers a
   * prompt().
   */
  async handleDialog(accept: boolean, promptText?: string): Promise<void> {
    const { guards, dialog, send } = this.parts;
    await guards.local('Answering the dialog', () =>
      dialog.answer(accept, promptText, (answer) =>
        send('browsingContext.handleUserPrompt', { context: this.id, ...answer }, 'Answering the dialog'),
      ),
    );
  }
}
