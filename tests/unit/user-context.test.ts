import { describe, expect, it } from 'vitest';
import type { BidiConnection } from '../../src/bidi/index.js';
import { CLIENT_WORDING } from '../../src/firefox/engine/snapshot/wording.js';
import { IdCounter } from '../../src/firefox/page/console.js';
import { InvalidArgumentError, NoSuchPageError } from '../../src/firefox/errors.js';
import { Page, type PageEnvironment, type PageOwner } from '../../src/firefox/page/page.js';
import { SecretStore } from '../../src/firefox/policy/secrets.js';
import { SnapshotIds } from '../../src/firefox/page/snapshots.js';
import { UrlPolicy } from '../../src/firefox/policy/url-policy.js';
import { WindowFocus } from '../../src/firefox/page/window-focus.js';
import { UserContext, type UserContextEnvironment } from '../../src/firefox/user-context/user-context.js';

interface Sent {
  method: string;
  params: unknown;
}

/**
 * A UserContext over real Pages, with the browser stubbed: creating a tab makes a Page (and lists
 * it, as the browser's adoption of the new context does); closing one forgets and disposes it, as
 * the browser does. Every command the pages send is recorded and answered with {}.
 */
function setup(initial: string[] = []): {
  pages: UserContext;
  make: (id: string) => Page;
  sent: Sent[];
  created: string[];
  closed: [string, number | undefined][];
} {
  const sent: Sent[] = [];
  const created: string[] = [];
  const closed: [string, number | undefined][] = [];
  let next = 0;
  const env: PageEnvironment = {
    // The calls under test reach the browser through `send` only.
    connection: null as unknown as BidiConnection,
    send: (method: string, params: unknown) => {
      sent.push({ method, params });
      return Promise.resolve({});
    },
    secrets: new SecretStore(),
    urlPolicy: new UrlPolicy(),
    snapshotIds: new SnapshotIds(),
    ids: new IdCounter(),
    consoleCapacity: undefined,
    networkCapacity: undefined,
    layers: { named: {}, defaults: [] },
    responsiveTimeout: 1000,
    inputTimeout: undefined,
    settle: undefined,
    stampUids: true,
    snapshotWording: CLIENT_WORDING,
    collectsBodies: false,
    focus: new WindowFocus(),
  };
  const make = (id: string, owner: PageOwner<Page> = pages): Page => Page.open(id, owner, env).page;
  const contextEnv: UserContextEnvironment = {
    send: env.send,
    secrets: env.secrets,
    urlPolicy: env.urlPolicy,
    closed: () => false,
    closing: () => false,
    remove: () => Promise.reject(new Error('not under test')),
    createTab: (owner) => {
      const page = make(`new-tab-${++next}`, owner);
      created.push(page.id);
      pages.add(page);
      return Promise.resolve(page);
    },
    closeTab: (page, timeout) => {
      closed.push([page.id, timeout]);
      pages.remove(page, `http://h/${page.id}`);
      page.dispose();
      return Promise.resolve();
    },
    gone: (page) => {
      pages.remove(page, '');
      page.dispose();
    },
    // Firefox's tree lists every page except those whose id says they vanished.
    urls: () =>
      Promise.resolve(
        new Map(
          pages.pages.filter((page) => !page.id.startsWith('vanished')).map((page) => [page.id, `http://h/${page.id}`]),
        ),
      ),
    routesChanged: () => Promise.resolve(),
  };
  const pages: UserContext = new UserContext('default', contextEnv);
  for (const id of initial) pages.add(make(id));
  return { pages, make, sent, created, closed };
}

const ids = (pages: UserContext): string[] => pages.pages.map((page) => page.id);

describe('Context', () => {
  it('keeps its pages in opening order, selects the first, and lists a page once', () => {
    const { pages, make } = setup();
    expect(pages.selected).toBeUndefined();
    const a = make('tab-a');
    pages.add(a);
    pages.add(make('tab-b'));
    pages.add(a);
    pages.add(make('tab-c'));

    expect(ids(pages)).toEqual(['tab-a', 'tab-b', 'tab-c']);
    expect(pages.selected).toBe(a);
    expect(pages.indexOf('tab-c')).toBe(2);
    expect(pages.indexOf('frame-1')).toBe(-1);
    expect(pages.at(1).id).toBe('tab-b');
    expect(pages.takeNotes()).toEqual([]);
  });

  it('notes a page opened by one of its pages, once', () => {
    const { pages, make } = setup(['tab-a', 'tab-b']);
    pages.add(make('popup'), 'tab-b');
    pages.add(make('opened-by-a-stranger'), 'not-one-of-ours');

    expect(pages.takeNotes()).toEqual(['Page 1 opened a new page (index 2); select it to act on it.']);
    expect(pages.takeNotes()).toEqual([]);
    expect(pages.selected?.id).toBe('tab-a');
  });

  it('falls back to the most recent page when the selected one closes, and says so once', () => {
    const { pages } = setup(['tab-a', 'tab-b', 'tab-c', 'tab-d']);
    const b = pages.at(1);
    pages.select(b);

    pages.remove(b, 'http://h/checkout');

    expect(ids(pages)).toEqual(['tab-a', 'tab-c', 'tab-d']);
    expect(pages.selected?.id).toBe('tab-d');
    expect(pages.takeNotes()).toEqual(['The selected page (http://h/checkout) was closed; page 2 is selected now.']);
    expect(pages.takeNotes()).toEqual([]);
  });

  it('leaves the selection alone when another page closes or a page it never had goes away', () => {
    const { pages, make } = setup(['tab-a', 'tab-b', 'tab-c']);
    pages.select(pages.at(1));

    pages.remove(pages.at(2), 'http://h/c');
    pages.remove(make('stranger'), 'http://h/stranger');

    expect(ids(pages)).toEqual(['tab-a', 'tab-b']);
    expect(pages.selected?.id).toBe('tab-b');
    expect(pages.takeNotes()).toEqual([]);
  });

  it('notes when the last page closes and nothing is left to select; the next page is selected', () => {
    const { pages, make } = setup(['tab-a']);
    pages.remove(pages.at(0), 'about:blank');

    expect(ids(pages)).toEqual([]);
    expect(pages.selected).toBeUndefined();
    expect(pages.takeNotes()).toEqual(['The selected page (about:blank) was closed and no page is left.']);

    pages.add(make('tab-new'));
    expect(pages.selected?.id).toBe('tab-new');
  });

  it('drops a page from the list when Firefox no longer lists its context, instead of failing the list', async () => {
    const { pages, make } = setup(['tab-a']);
    const vanished = make('vanished-clone');
    pages.add(vanished);

    const listed = await pages.listPages();

    expect(listed.map((page) => page.id)).toEqual(['tab-a']);
    expect(ids(pages)).toEqual(['tab-a']);
    expect(vanished.disposed).toBe(true);
    expect(pages.takeNotes()).toEqual([]);
  });

  it('throws NoSuchPageError naming the valid range for a bad index', () => {
    const { pages, make } = setup();
    expect(() => pages.at(0)).toThrow(
      new NoSuchPageError('No page has index 0: there are no pages. Call listPages() to see the open pages.'),
    );

    pages.add(make('tab-a'));
    pages.add(make('tab-b'));
    for (const bad of [2, -1, 0.5, Number.NaN]) {
      expect(() => pages.at(bad)).toThrow(NoSuchPageError);
      expect(() => pages.at(bad)).toThrow(
        `No page has index ${bad}: valid indexes are 0 to 1. Call listPages() to see the open pages.`,
      );
    }
    expect(pages.at(0).id).toBe('tab-a');
  });

  it('closes page `index` through the browser, but refuses to close the last page', async () => {
    const { pages, closed } = setup(['tab-a', 'tab-b']);
    await pages.closePage(1);
    expect(closed).toEqual([['tab-b', undefined]]);
    expect(ids(pages)).toEqual(['tab-a']);

    await expect(pages.closePage(0)).rejects.toThrow(InvalidArgumentError);
    await expect(pages.closePage(0)).rejects.toThrow(
      'The last open page cannot be closed; open another page with newPage() first, or close the browser (or dispose() this context).',
    );
    await expect(pages.closePage(5)).rejects.toThrow(NoSuchPageError);
    expect(closed).toHaveLength(1);
  });

  it('opens a new page, lists it once, selects it and brings it to the front', async () => {
    const { pages, sent } = setup(['tab-a']);
    const page = await pages.newPage();

    expect(ids(pages)).toEqual(['tab-a', 'new-tab-1']);
    expect(pages.selected).toBe(page);
    expect(sent).toEqual([{ method: 'browsingContext.activate', params: { context: 'new-tab-1' } }]);
    expect(pages.takeNotes()).toEqual([]);
  });

  it('replaces an unresponsive page by a fresh tab at the same index, selected if it was, and closes the old one', async () => {
    const { pages, closed, sent } = setup(['tab-a', 'tab-hung', 'tab-c']);
    const hung = pages.at(1);
    pages.select(hung);

    const fresh = await pages.replace(hung, 250);

    expect(ids(pages)).toEqual(['tab-a', 'new-tab-1', 'tab-c']);
    expect(pages.selected).toBe(fresh);
    expect(closed).toEqual([['tab-hung', 250]]);
    expect(hung.disposed).toBe(true);
    expect(sent).toEqual([{ method: 'browsingContext.activate', params: { context: 'new-tab-1' } }]);
    // Only the replacement is noted: the old page was not the selected one any more when it closed.
    expect(pages.takeNotes()).toEqual([
      'Page 1 was not responding, so its tab was closed and replaced by a fresh one at the same index.',
    ]);
  });

  it('replaces a page that is not selected without moving the selection', async () => {
    const { pages } = setup(['tab-a', 'tab-hung']);
    const a = pages.at(0);

    await pages.replace(pages.at(1), 250);

    expect(ids(pages)).toEqual(['tab-a', 'new-tab-1']);
    expect(pages.selected).toBe(a);
  });
});
