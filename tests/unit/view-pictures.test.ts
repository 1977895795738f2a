import { describe, expect, it } from 'vitest';
import type { Page } from '../../src/firefox/index.js';
import { ViewPictures } from '../../src/mcp/view/pictures.js';

/** A page whose captures are counted and finish when the test says so. */
function countedPage(id: string): { page: Page; captures: number; running: number; finish: () => void } {
  const state = { captures: 0, running: 0, most: 0, waiting: [] as (() => void)[] };
  const page = {
    id,
    screenshot: async () => {
      state.captures++;
      state.running++;
      await new Promise<void>((resolve) => state.waiting.push(resolve));
      state.running--;
      return { image: Buffer.from(`picture ${state.captures}`), scale: 2, covered: 0 };
    },
  } as unknown as Page;
  return {
    page,
    get captures() {
      return state.captures;
    },
    get running() {
      return state.running;
    },
    finish: () => state.waiting.shift()?.(),
  };
}

/** Waits until a capture of `watched` is under way (each starts in its turn, on a timer). */
const underWay = (watched: { running: number }): Promise<void> =>
  expect.poll(() => watched.running, { timeout: 5000 }).toBe(1);

describe('the live view pictures', () => {
  it('gives viewers of one page one capture, and gives it again while it is fresh', async () => {
    const pictures = new ViewPictures({ pageIntervalMs: 60_000, perSecond: 4 });
    const watched = countedPage('tab-1');
    const first = [pictures.of('s1', watched.page), pictures.of('s1', watched.page)];
    await underWay(watched);
    watched.finish();
    const [a, b] = await Promise.all(first);
    expect(a?.etag).toBe(b?.etag);
    expect((await pictures.of('s1', watched.page)).etag).toBe(a?.etag);
    expect(watched.captures).toBe(1);
    expect(pictures.last('tab-1')?.scale).toBe(2);
  });

  it('gives the last picture at once when it is old and takes the next meanwhile; after a person acted, waits for it', async () => {
    const pictures = new ViewPictures({ pageIntervalMs: 0, perSecond: Infinity });
    const watched = countedPage('tab-1');
    const first = pictures.of('s1', watched.page);
    await underWay(watched);
    watched.finish();
    const old = await first;
    // Old at once (an interval of 0): the viewer gets it without waiting, and one new capture starts.
    expect((await pictures.of('s1', watched.page)).etag).toBe(old.etag);
    await underWay(watched);
    expect(watched.captures).toBe(2);
    watched.finish();
    await expect.poll(() => pictures.last('tab-1')?.etag).not.toBe(old.etag);
    const second = pictures.last('tab-1')?.etag;
    pictures.stale('tab-1');
    const after = pictures.of('s1', watched.page);
    await underWay(watched);
    watched.finish();
    const shown = (await after).etag;
    expect(shown).not.toBe(second);
    expect(watched.captures).toBe(3);
  });

  it('takes one picture at a time for the whole server, and forgets an ended session', async () => {
    const pictures = new ViewPictures({ pageIntervalMs: 60_000, perSecond: 4 });
    const one = countedPage('tab-1');
    const two = countedPage('tab-2');
    const both = [pictures.of('s1', one.page), pictures.of('s2', two.page)];
    await underWay(one);
    expect(two.running).toBe(0);
    one.finish();
    await both[0];
    // The next capture waits its turn (a share of the time the last took): it starts once that has passed.
    await expect.poll(() => two.running, { timeout: 5000 }).toBe(1);
    two.finish();
    await both[1];
    pictures.forget('s1');
    expect(pictures.last('tab-1')).toBeUndefined();
    expect(pictures.last('tab-2')).toBeDefined();
  });
});
