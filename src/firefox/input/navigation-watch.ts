import type { BrowsingContext, Network } from 'webdriver-bidi-protocol';

/** How a navigation ended without a new document: the page stays as it was. */
export interface NavigationEnd {
  url: string;
  outcome: 'download' | 'no-content' | 'aborted' | 'failed';
  /** The download's file name, the status, or why it failed. */
  detail: string;
}

/** What happened to one page while an action ran. */
export class PageWatch {
  /** A new document started loading (its URL). */
  started: string | undefined;
  /** The BiDi navigation id of that start, to match what happens to it later. */
  navigation: string | null = null;
  /** The navigation ended without a new document (a download, a 204, an error page). */
  ended: NavigationEnd | undefined;
  /** A document was committed for the watched navigation (the page, or Firefox's error page). */
  committed = false;
  /** The new document finished loading. */
  loaded = false;
  /** A same-document navigation (an anchor, history.pushState) to a URL other than the one the page had. */
  sameDocument: string | undefined;
  readonly #wakers = new Set<() => void>();

  constructor(
    readonly context: string,
    private readonly dispose: (watch: PageWatch) => void,
    /** The page's URL when the watch began, when known: moving to it again is no navigation. */
    readonly urlAtStart: string | undefined,
  ) {}

  /** Resolves at the next event on this page. */
  next(): Promise<void> {
    return new Promise((resolve) => this.#wakers.add(resolve));
  }

  wake(): void {
    for (const waker of this.#wakers) waker();
    this.#wakers.clear();
  }

  stop(): void {
    this.dispose(this);
    this.wake();
  }
}

/** Hands out watches over a page's navigations, fed by the client's BiDi events. */
export class NavigationWatcher {
  readonly #watches = new Set<PageWatch>();
  /** Each page's URL, as its last load or same-document navigation left it. */
  readonly #urls = new Map<string, string>();

  watch(context: string): PageWatch {
    const watch = new PageWatch(context, (done) => this.#watches.delete(done), this.#urls.get(context));
    this.#watches.add(watch);
    return watch;
  }

  onNavigationStarted(event: BrowsingContext.NavigationInfo): void {
    this.#each(event.context, (watch) => {
      watch.started = event.url;
      watch.navigation = event.navigation;
      watch.loaded = false;
      watch.committed = false;
      watch.ended = undefined;
    });
  }

  /** A committed navigation to Firefox's error page is a failed one: no load event follows. */
  onNavigationCommitted(event: BrowsingContext.NavigationInfo): void {
    this.#each(event.context, (watch) => {
      if (watch.navigation === event.navigation) watch.committed = true;
    });
    if (!/^about:(neterror|certerror)\b/.test(event.url)) return;
    const reason = new URLSearchParams(event.url.slice(event.url.indexOf('?') + 1)).get('d') ?? 'the page could not be loaded';
    this.#end(event.context, event.navigation, { url: this.#startedUrl(event.context, event.navigation) ?? event.url, outcome: 'failed', detail: reason });
  }

  onNavigationFailed(event: BrowsingContext.NavigationInfo): void {
    this.#end(event.context, event.navigation, { url: event.url, outcome: 'failed', detail: 'the navigation failed' });
  }

  /** The request of a navigation failed: Firefox abandons a navigation answered with 204 this way (NS_BINDING_ABORTED). */
  onFetchError(event: Network.FetchErrorParameters): void {
    if (event.context === null || event.navigation === null) return;
    const aborted = event.errorText === 'NS_BINDING_ABORTED';
    this.#end(event.context, event.navigation, { url: event.request.url, outcome: aborted ? 'aborted' : 'failed', detail: event.errorText });
  }

  /** A navigation that turned into a download leaves the page as it was. */
  onDownloadWillBegin(event: BrowsingContext.DownloadWillBeginParams): void {
    this.#end(event.context, event.navigation, { url: event.url, outcome: 'download', detail: event.suggestedFilename });
  }

  /** A 204 or 205 answer to a navigation leaves the page as it was; Firefox sends no navigation event for it. */
  onResponseCompleted(event: Network.ResponseCompletedParameters): void {
    const status = event.response.status;
    if (event.context === null || event.navigation === null || (status !== 204 && status !== 205)) return;
    this.#end(event.context, event.navigation, { url: event.request.url, outcome: 'no-content', detail: `${status} ${event.response.statusText || 'No Content'}` });
  }

  onLoad(event: BrowsingContext.NavigationInfo): void {
    this.#urls.set(event.context, event.url);
    this.#each(event.context, (watch) => {
      watch.loaded = true;
      watch.started ??= event.url;
    });
  }

  onFragmentNavigated(event: BrowsingContext.NavigationInfo): void {
    this.#movedWithin(event.context, event.url);
  }

  onHistoryUpdated(event: BrowsingContext.HistoryUpdatedParameters): void {
    this.#movedWithin(event.context, event.url);
  }

  /** The page's URL as its last load or same-document navigation left it, when known. */
  urlOf(context: string): string | undefined {
    return this.#urls.get(context);
  }

  /** Pages with a known URL, and watches under way. */
  get sizes(): { urls: number; watches: number } {
    return { urls: this.#urls.size, watches: this.#watches.size };
  }

  /** Forgets a page that closed. */
  forget(context: string): void {
    this.#urls.delete(context);
  }

  /** A same-document navigation: reported only when the URL changed (replaceState to the same URL is none). */
  #movedWithin(context: string, url: string): void {
    this.#urls.set(context, url);
    this.#each(context, (watch) => {
      watch.sameDocument = url === watch.urlAtStart ? undefined : url;
    });
  }

  /** Ends the watched navigation `navigation` of `context` without a new document. */
  #end(context: string, navigation: string | null, end: NavigationEnd): void {
    this.#each(context, (watch) => {
      if (navigation !== null && watch.navigation === navigation && !watch.loaded) watch.ended = end;
    });
  }

  #startedUrl(context: string, navigation: string | null): string | undefined {
    for (const watch of this.#watches) if (watch.context === context && watch.navigation === navigation) return watch.started;
    return undefined;
  }

  #each(context: string, update: (watch: PageWatch) => void): void {
    for (const watch of this.#watches) {
      if (watch.context !== context) continue;
      update(watch);
      watch.wake();
    }
  }
}
