import type { BrowsingContext, Network } from 'webdriver-bidi-protocol';

/** How a navigation ended without a new document: the page stays as it was. */
export interface NavigationEnd {
  url: string;
  outcome: 'download' | 'no-content' | 'aborted' | 'failed';
  /** The download's file name, the status, or why it failed. */
  detail: string;
}

/** How one navigation ended: exactly one of these, and never changed after. */
export type NavigationOutcome =
  | { kind: 'committed'; url: string }
  | { kind: 'fragment'; url: string }
  | { kind: 'failed'; end: NavigationEnd }
  | { kind: 'aborted'; end: NavigationEnd };

/** One navigation of a page (one BiDi navigation id), from its start to its one outcome. */
export class Navigation {
  #outcome: NavigationOutcome | undefined;
  /** A document was committed for it: the page's, or Firefox's error page after a failure. */
  documentCommitted = false;
  /** Its document finished loading. */
  loaded = false;

  constructor(
    readonly id: string | null,
    /** The URL it set out for. */
    readonly url: string,
  ) {}

  get outcome(): NavigationOutcome | undefined {
    return this.#outcome;
  }

  /** How it ended without a new document (failed or aborted), if it did. */
  get ended(): NavigationEnd | undefined {
    return this.#outcome?.kind === 'failed' || this.#outcome?.kind === 'aborted' ? this.#outcome.end : undefined;
  }

  /** Settles the outcome; only the first call counts. Returns whether this one did. */
  settle(outcome: NavigationOutcome): boolean {
    if (this.#outcome) return false;
    this.#outcome = outcome;
    return true;
  }
}

/** What happened to one page while one action ran: the navigation it started, or a move within the document. */
export class NavigationWatch {
  /** The latest navigation that started during the watch. */
  navigation: Navigation | undefined;
  /** A same-document navigation (an anchor, history.pushState) to a URL other than the one the page had. */
  sameDocument: string | undefined;
  readonly #wakers = new Set<() => void>();

  constructor(
    /** The page's URL when the watch began, when known: moving to it again is no navigation. */
    readonly urlAtStart: string | undefined,
    private readonly onStop: (watch: NavigationWatch) => void,
  ) {}

  /** Resolves at the next navigation event on this page. */
  next(): Promise<void> {
    return new Promise((resolve) => this.#wakers.add(resolve));
  }

  /**
   * How the watched navigation ended without a new document (a download, a 204), if it did: `failed`
   * ones too unless `unlessFailed`. Waits up to `graceMs` for an outcome whose event trails the
   * command's answer.
   */
  async endedWithoutDocument(graceMs: number, unlessFailed = false): Promise<NavigationEnd | undefined> {
    const deadline = Date.now() + graceMs;
    while (this.navigation && !this.navigation.outcome && Date.now() < deadline) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        this.next(),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, deadline - Date.now()))),
      ]);
      clearTimeout(timer);
    }
    const end = this.navigation?.ended;
    return unlessFailed && end?.outcome === 'failed' ? undefined : end;
  }

  wake(): void {
    for (const waker of this.#wakers) waker();
    this.#wakers.clear();
  }

  stop(): void {
    this.onStop(this);
    this.wake();
  }
}

/** Navigations kept by id, for events that arrive after a newer navigation began. */
const KEPT = 8;

/**
 * The navigations of one page (its top-level context), fed by its BiDi events: each navigation
 * id becomes a Navigation with one outcome, and watches see what an action led to.
 */
export class PageNavigations {
  readonly #recent: Navigation[] = [];
  readonly #watches = new Set<NavigationWatch>();
  /** The page's URL, as its last load or same-document navigation left it. */
  #url: string | undefined;

  get url(): string | undefined {
    return this.#url;
  }

  /** Watches under way. */
  get watching(): number {
    return this.#watches.size;
  }

  watch(): NavigationWatch {
    const watch = new NavigationWatch(this.#url, (done) => this.#watches.delete(done));
    this.#watches.add(watch);
    return watch;
  }

  onStarted(event: BrowsingContext.NavigationInfo): void {
    const navigation = this.#remember(new Navigation(event.navigation, event.url));
    for (const watch of this.#watches) watch.navigation = navigation;
    this.#wake();
  }

  /** A committed document: the navigation's own, or Firefox's error page, which means it failed. */
  onCommitted(event: BrowsingContext.NavigationInfo): void {
    const navigation = this.#find(event.navigation);
    if (!navigation) return;
    navigation.documentCommitted = true;
    if (/^about:(neterror|certerror)\b/.test(event.url)) {
      const reason =
        new URLSearchParams(event.url.slice(event.url.indexOf('?') + 1)).get('d') ?? 'the page could not be loaded';
      navigation.settle({ kind: 'failed', end: { url: navigation.url, outcome: 'failed', detail: reason } });
    } else {
      navigation.settle({ kind: 'committed', url: event.url });
    }
    this.#wake();
  }

  onFailed(event: BrowsingContext.NavigationInfo): void {
    this.#find(event.navigation)?.settle({
      kind: 'failed',
      end: { url: event.url, outcome: 'failed', detail: 'the navigation failed' },
    });
    this.#wake();
  }

  /**
   * The request of a navigation failed: Firefox (NS_BINDING_ABORTED) and Chromium (net::ERR_ABORTED) abandon one
   * answered with 204 this way.
   */
  onFetchError(event: Network.FetchErrorParameters): void {
    const navigation = this.#find(event.navigation);
    if (!navigation || navigation.loaded) return;
    const aborted = event.errorText === 'NS_BINDING_ABORTED' || event.errorText === 'net::ERR_ABORTED';
    const end: NavigationEnd = {
      url: event.request.url,
      outcome: aborted ? 'aborted' : 'failed',
      detail: event.errorText,
    };
    navigation.settle(end.outcome === 'aborted' ? { kind: 'aborted', end } : { kind: 'failed', end });
    this.#wake();
  }

  /** A navigation that turned into a download leaves the page as it was. */
  onDownloadWillBegin(event: BrowsingContext.DownloadWillBeginParams): void {
    this.#find(event.navigation)?.settle({
      kind: 'aborted',
      end: { url: event.url, outcome: 'download', detail: event.suggestedFilename },
    });
    this.#wake();
  }

  /** A 204 or 205 answer to a navigation leaves the page as it was; Firefox sends no navigation event for it. */
  onResponseCompleted(event: Network.ResponseCompletedParameters): void {
    const status = event.response.status;
    if (status !== 204 && status !== 205) return;
    this.#find(event.navigation)?.settle({
      kind: 'aborted',
      end: {
        url: event.request.url,
        outcome: 'no-content',
        detail: `${status} ${event.response.statusText || 'No Content'}`,
      },
    });
    this.#wake();
  }

  onLoad(event: BrowsingContext.NavigationInfo): void {
    this.#url = event.url;
    // A load without a start seen (the page navigated itself before any watch) still counts.
    let navigation = this.#find(event.navigation);
    if (!navigation) {
      navigation = this.#remember(new Navigation(event.navigation, event.url));
      for (const watch of this.#watches) watch.navigation ??= navigation;
    }
    navigation.settle({ kind: 'committed', url: event.url });
    navigation.loaded = true;
    this.#wake();
  }

  /** A same-document navigation: reported only when the URL changed (replaceState to the same URL is none). */
  onSameDocument(event: BrowsingContext.NavigationInfo | BrowsingContext.HistoryUpdatedParameters): void {
    this.#url = event.url;
    if ('navigation' in event) this.#find(event.navigation)?.settle({ kind: 'fragment', url: event.url });
    for (const watch of this.#watches) watch.sameDocument = event.url === watch.urlAtStart ? undefined : event.url;
    this.#wake();
  }

  /** The page closed: wake whatever waits, so it finds out. */
  dispose(): void {
    for (const watch of [...this.#watches]) watch.stop();
    this.#recent.length = 0;
  }

  #remember(navigation: Navigation): Navigation {
    this.#recent.push(navigation);
    if (this.#recent.length > KEPT) this.#recent.shift();
    return navigation;
  }

  #find(id: string | null): Navigation | undefined {
    if (id === null) return undefined;
    for (let index = this.#recent.length - 1; index >= 0; index--)
      if (this.#recent[index]?.id === id) return this.#recent[index];
    return undefined;
  }

  #wake(): void {
    for (const watch of this.#watches) watch.wake();
  }
}
