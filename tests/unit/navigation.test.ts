import { describe, expect, it } from 'vitest';
import type { BrowsingContext } from 'webdriver-bidi-protocol';
import { Navigation, PageNavigations } from '../../src/firefox/page/navigation.js';
import { fetchError, navigationInfo, PAGE, responseCompleted, type RequestSpec } from '../helpers/bidi-events.js';

const URL_A = 'https://shop.example/';
const URL_B = 'https://shop.example/cart';

const started = (navigation: string, url: string): BrowsingContext.NavigationInfo =>
  navigationInfo(PAGE, navigation, url);
/** The document request of navigation `navigation`. */
const documentRequest = (navigation: string, url: string): RequestSpec => ({
  id: `req-${navigation}`,
  url,
  navigation,
  destination: 'document',
  initiatorType: null,
});

/** The navigation the watch saw, failing the test when it saw none. */
function seen(navigation: Navigation | undefined): Navigation {
  if (!navigation) throw new Error('the watch saw no navigation');
  return navigation;
}

describe('PageNavigations', () => {
  it('gives a navigation that starts, commits and loads the outcome "committed", loaded, and moves the page URL', () => {
    const navigations = new PageNavigations();
    const watch = navigations.watch();
    navigations.onStarted(started('nav-1', URL_B));
    const navigation = seen(watch.navigation);
    expect(navigation).toMatchObject({ id: 'nav-1', url: URL_B, documentCommitted: false, loaded: false });
    expect(navigation.outcome).toBeUndefined();

    navigations.onCommitted(navigationInfo(PAGE, 'nav-1', URL_B));
    expect(navigation.outcome).toEqual({ kind: 'committed', url: URL_B });
    expect(navigation.documentCommitted).toBe(true);
    expect(navigation.loaded).toBe(false);

    navigations.onLoad(navigationInfo(PAGE, 'nav-1', URL_B));
    expect(navigation.loaded).toBe(true);
    expect(navigation.ended).toBeUndefined();
    expect(navigations.url).toBe(URL_B);
  });

  it('calls a navigation answered with 204 aborted, with no content, and leaves the page where it was', () => {
    const navigations = new PageNavigations();
    navigations.onLoad(navigationInfo(PAGE, 'nav-0', URL_A));
    const watch = navigations.watch();
    navigations.onStarted(started('nav-1', URL_B));
    navigations.onResponseCompleted(
      responseCompleted(documentRequest('nav-1', URL_B), { status: 204, statusText: '' }),
    );

    const navigation = seen(watch.navigation);
    expect(navigation.outcome).toEqual({
      kind: 'aborted',
      end: { url: URL_B, outcome: 'no-content', detail: '204 No Content' },
    });
    expect(navigation.ended).toEqual({ url: URL_B, outcome: 'no-content', detail: '204 No Content' });
    expect(navigation.documentCommitted).toBe(false);
    expect(navigations.url).toBe(URL_A);
  });

  it('ignores answers other than 204 and 205 to a navigation request, and answers to requests of no navigation', () => {
    const navigations = new PageNavigations();
    const watch = navigations.watch();
    navigations.onStarted(started('nav-1', URL_B));
    navigations.onResponseCompleted(responseCompleted(documentRequest('nav-1', URL_B), { status: 200 }));
    navigations.onResponseCompleted(responseCompleted({ id: 'xhr', url: URL_B, navigation: null }, { status: 204 }));

    expect(seen(watch.navigation).outcome).toBeUndefined();
  });

  it('calls a navigation whose request is NS_BINDING_ABORTED aborted', () => {
    const navigations = new PageNavigations();
    const watch = navigations.watch();
    navigations.onStarted(started('nav-1', URL_B));
    navigations.onFetchError(fetchError(documentRequest('nav-1', URL_B), 'NS_BINDING_ABORTED'));

    expect(seen(watch.navigation).outcome).toEqual({
      kind: 'aborted',
      end: { url: URL_B, outcome: 'aborted', detail: 'NS_BINDING_ABORTED' },
    });
  });

  it('calls a navigation whose request failed otherwise failed, and keeps it failed when the error page commits', () => {
    const navigations = new PageNavigations();
    const watch = navigations.watch();
    const url = 'https://no-such-host.example/';
    navigations.onStarted(started('nav-1', url));
    navigations.onFetchError(fetchError(documentRequest('nav-1', url), 'NS_ERROR_UNKNOWN_HOST'));
    const navigation = seen(watch.navigation);
    expect(navigation.outcome).toEqual({
      kind: 'failed',
      end: { url, outcome: 'failed', detail: 'NS_ERROR_UNKNOWN_HOST' },
    });
    expect(navigation.documentCommitted).toBe(false);

    navigations.onCommitted(
      navigationInfo(PAGE, 'nav-1', `about:neterror?e=dnsNotFound&u=${encodeURIComponent(url)}&d=Some%20reason`),
    );
    expect(navigation.outcome).toEqual({
      kind: 'failed',
      end: { url, outcome: 'failed', detail: 'NS_ERROR_UNKNOWN_HOST' },
    });
    expect(navigation.documentCommitted).toBe(true);
  });

  it('calls a navigation failed when Firefox commits its error page first, with the reason the page gives', () => {
    const navigations = new PageNavigations();
    const watch = navigations.watch();
    const url = 'https://expired.example/';
    navigations.onStarted(started('nav-1', url));
    navigations.onCommitted(
      navigationInfo(
        PAGE,
        'nav-1',
        `about:certerror?e=nssBadCert&u=${encodeURIComponent(url)}&d=The%20certificate%20expired`,
      ),
    );

    const navigation = seen(watch.navigation);
    expect(navigation.outcome).toEqual({
      kind: 'failed',
      end: { url, outcome: 'failed', detail: 'The certificate expired' },
    });
    expect(navigation.documentCommitted).toBe(true);
  });

  it('calls a navigation that turned into a download aborted, naming the file', () => {
    const navigations = new PageNavigations();
    const watch = navigations.watch();
    const url = 'https://shop.example/invoice.pdf';
    navigations.onStarted(started('nav-1', url));
    navigations.onDownloadWillBegin({
      ...navigationInfo(PAGE, 'nav-1', url),
      download: 'download-1',
      suggestedFilename: 'invoice.pdf',
    });

    expect(seen(watch.navigation).outcome).toEqual({
      kind: 'aborted',
      end: { url, outcome: 'download', detail: 'invoice.pdf' },
    });
  });

  it('calls a navigation failed on navigationFailed', () => {
    const navigations = new PageNavigations();
    const watch = navigations.watch();
    navigations.onStarted(started('nav-1', URL_B));
    navigations.onFailed(navigationInfo(PAGE, 'nav-1', URL_B));

    expect(seen(watch.navigation).outcome).toEqual({
      kind: 'failed',
      end: { url: URL_B, outcome: 'failed', detail: 'the navigation failed' },
    });
  });

  it('never lets a second outcome override the first', () => {
    const navigations = new PageNavigations();
    const watch = navigations.watch();
    navigations.onStarted(started('nav-1', URL_B));
    navigations.onResponseCompleted(responseCompleted(documentRequest('nav-1', URL_B), { status: 204 }));
    const navigation = seen(watch.navigation);
    const first = navigation.outcome;

    navigations.onFetchError(fetchError(documentRequest('nav-1', URL_B), 'NS_BINDING_ABORTED'));
    navigations.onFailed(navigationInfo(PAGE, 'nav-1', URL_B));
    navigations.onCommitted(navigationInfo(PAGE, 'nav-1', URL_B));
    navigations.onLoad(navigationInfo(PAGE, 'nav-1', URL_B));
    expect(navigation.outcome).toBe(first);
    expect(navigation.outcome?.kind).toBe('aborted');

    const direct = new Navigation('n', URL_A);
    expect(direct.settle({ kind: 'committed', url: URL_A })).toBe(true);
    expect(direct.settle({ kind: 'fragment', url: `${URL_A}#x` })).toBe(false);
    expect(direct.outcome).toEqual({ kind: 'committed', url: URL_A });
  });

  it('ignores a fetch error of a navigation whose document already loaded', () => {
    const navigations = new PageNavigations();
    const watch = navigations.watch();
    navigations.onStarted(started('nav-1', URL_B));
    navigations.onLoad(navigationInfo(PAGE, 'nav-1', URL_B));
    navigations.onFetchError(fetchError(documentRequest('nav-1', URL_B), 'NS_ERROR_NET_INTERRUPT'));

    expect(seen(watch.navigation).outcome).toEqual({ kind: 'committed', url: URL_B });
  });

  it('calls a fragment navigation "fragment" and tells the watch the page moved within its document', () => {
    const navigations = new PageNavigations();
    navigations.onLoad(navigationInfo(PAGE, 'nav-0', URL_A));
    const watch = navigations.watch();
    navigations.onStarted(started('nav-1', `${URL_A}#reviews`));
    navigations.onSameDocument(navigationInfo(PAGE, 'nav-1', `${URL_A}#reviews`));

    expect(seen(watch.navigation).outcome).toEqual({ kind: 'fragment', url: `${URL_A}#reviews` });
    expect(watch.sameDocument).toBe(`${URL_A}#reviews`);
    expect(navigations.url).toBe(`${URL_A}#reviews`);
  });

  it('tells the watch of a pushState to another URL, but not of a replaceState to the URL the watch started at', () => {
    const navigations = new PageNavigations();
    navigations.onLoad(navigationInfo(PAGE, 'nav-0', URL_A));

    const replaced = navigations.watch();
    expect(replaced.urlAtStart).toBe(URL_A);
    navigations.onSameDocument({ context: PAGE, timestamp: 1, url: URL_A });
    expect(replaced.sameDocument).toBeUndefined();
    expect(replaced.navigation).toBeUndefined();
    replaced.stop();

    const pushed = navigations.watch();
    navigations.onSameDocument({ context: PAGE, timestamp: 2, url: `${URL_A}?page=2` });
    expect(pushed.sameDocument).toBe(`${URL_A}?page=2`);
    // Moving back to where the watch began is no move at all.
    navigations.onSameDocument({ context: PAGE, timestamp: 3, url: URL_A });
    expect(pushed.sameDocument).toBeUndefined();
  });

  it('shows a watch the newest navigation that started during it, and none from before it', () => {
    const navigations = new PageNavigations();
    navigations.onStarted(started('nav-0', URL_A));
    const watch = navigations.watch();
    expect(watch.navigation).toBeUndefined();

    navigations.onStarted(started('nav-1', URL_A));
    const older = seen(watch.navigation);
    navigations.onStarted(started('nav-2', URL_B));
    expect(watch.navigation?.id).toBe('nav-2');

    // An event of an older navigation still reaches that navigation, and only it.
    navigations.onResponseCompleted(responseCompleted(documentRequest('nav-1', URL_A), { status: 204 }));
    expect(older.outcome?.kind).toBe('aborted');
    expect(watch.navigation?.outcome).toBeUndefined();
    navigations.onCommitted(navigationInfo(PAGE, 'nav-2', URL_B));
    expect(watch.navigation?.outcome).toEqual({ kind: 'committed', url: URL_B });
  });

  it('creates a navigation for a load whose start it never saw, and shows it to a watch that saw none', () => {
    const navigations = new PageNavigations();
    const watch = navigations.watch();
    navigations.onLoad(navigationInfo(PAGE, 'nav-unseen', URL_B));

    const navigation = seen(watch.navigation);
    expect(navigation).toMatchObject({ id: 'nav-unseen', url: URL_B, loaded: true });
    expect(navigation.outcome).toEqual({ kind: 'committed', url: URL_B });
    expect(navigations.url).toBe(URL_B);
  });

  it('wakes a watch waiting for the next event at each navigation event', async () => {
    const navigations = new PageNavigations();
    const watch = navigations.watch();
    const next = watch.next();
    navigations.onStarted(started('nav-1', URL_B));
    await next;
    expect(watch.navigation?.id).toBe('nav-1');
  });

  it('counts the watches under way; a stopped watch sees nothing more', () => {
    const navigations = new PageNavigations();
    const first = navigations.watch();
    const second = navigations.watch();
    expect(navigations.watching).toBe(2);

    first.stop();
    expect(navigations.watching).toBe(1);
    navigations.onStarted(started('nav-1', URL_B));
    expect(first.navigation).toBeUndefined();
    expect(second.navigation?.id).toBe('nav-1');
  });

  it('stops every watch and wakes whoever waits when the page closes', async () => {
    const navigations = new PageNavigations();
    const watch = navigations.watch();
    const waiting = watch.next();
    navigations.onStarted(started('nav-1', URL_B));
    const stillWaiting = watch.next();

    navigations.dispose();
    await Promise.all([waiting, stillWaiting]);
    expect(navigations.watching).toBe(0);
    // Events after the close find nothing to settle.
    navigations.onCommitted(navigationInfo(PAGE, 'nav-1', URL_B));
    expect(watch.navigation?.outcome).toBeUndefined();
  });
});
