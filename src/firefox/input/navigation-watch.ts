import type { BrowsingContext } from 'webdriver-bidi-protocol';

/** What happened to one page while an action ran. */
export class PageWatch {
  /** A new document started loading (its URL). */
  started: string | undefined;
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
      watch.loaded = false;
    });
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

  #each(context: string, update: (watch: PageWatch) => void): void {
    for (const watch of this.#watches) {
      if (watch.context !== context) continue;
      update(watch);
      watch.wake();
    }
  }
}
