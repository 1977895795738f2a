import type { BrowsingContext } from 'webdriver-bidi-protocol';

/** What happened to one page while an action ran. */
export class PageWatch {
  /** A new document started loading (its URL). */
  started: string | undefined;
  /** The new document finished loading. */
  loaded = false;
  /** A same-document navigation (an anchor, history.pushState) to this URL. */
  sameDocument: string | undefined;
  readonly #wakers = new Set<() => void>();

  constructor(
    readonly context: string,
    private readonly dispose: (watch: PageWatch) => void,
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

  watch(context: string): PageWatch {
    const watch = new PageWatch(context, (done) => this.#watches.delete(done));
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
    this.#each(event.context, (watch) => {
      watch.loaded = true;
      watch.started ??= event.url;
    });
  }

  onFragmentNavigated(event: BrowsingContext.NavigationInfo): void {
    this.#each(event.context, (watch) => {
      watch.sameDocument = event.url;
    });
  }

  onHistoryUpdated(event: BrowsingContext.HistoryUpdatedParameters): void {
    this.#each(event.context, (watch) => {
      watch.sameDocument = event.url;
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
