/**
 * The live view's pictures: one per watched page at a time, shared by every viewer of that page, taken one at a time
 * for the whole server, in at most a fifth of its time. A viewer that polls sooner gets the last picture again (its
 * ETag, so a 304), never a capture of its own: sessions watched twice a second cost the agents a picture now and then,
 * not one per viewer per poll.
 */
import { createHash } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { Page } from '../../firefox/index.js';

/** A picture as the view serves it. */
export interface ViewPicture {
  image: Buffer;
  etag: string;
  /** Picture pixels per CSS pixel: what maps a point of the picture to one of the page. */
  scale: number;
  /** The session whose page it shows. */
  session: string;
}

/** The soonest a watched page gets a new picture: the view polls twice a second. */
const PAGE_INTERVAL_MS = 500;
/** Pictures a second the whole server takes at most, however many pages are watched. */
const PICTURES_PER_SECOND = 4;
/**
 * The share of time the server spends taking pictures at most: after a capture, the next waits this many times as long
 * as it took (a capture and its PNG cost Firefox as much as an agent's call; on a busy machine they take longer, and
 * come less often).
 */
const IDLE_PER_CAPTURE = 4;
/** A page no viewer asked about for this long is no longer counted as watched. */
const WATCHED_MS = 5000;

export class ViewPictures {
  /** How soon a page gets a new picture, and how many the server takes a second at most (tests set them). */
  constructor(private readonly pace = { pageIntervalMs: PAGE_INTERVAL_MS, perSecond: PICTURES_PER_SECOND }) {}

  /**
   * Each watched page's last picture, when it was taken, when a viewer last asked for it, and whether the next viewer
   * waits for a new one (a person acted on the page).
   */
  readonly #last = new Map<string, ViewPicture & { takenAt: number; askedAt: number; outdated?: boolean }>();
  /** Pictures being taken, by page: a viewer that asks meanwhile waits for the same one. */
  readonly #taking = new Map<string, Promise<ViewPicture>>();
  /** One capture at a time for the whole server. */
  #queue: Promise<unknown> = Promise.resolve();
  /** When the next capture may start. */
  #nextAt = 0;

  /**
   * The picture of `page` (of session `session`): the last one while it is fresh; when it is not, a new one is taken
   * and the last is given meanwhile (a viewer never waits behind the others' pictures), unless there is none yet.
   */
  async of(session: string, page: Page): Promise<ViewPicture> {
    const now = Date.now();
    const last = this.#last.get(page.id);
    const own = last?.session === session ? last : undefined;
    if (own) own.askedAt = now;
    if (own && !own.outdated && now - own.takenAt < this.#interval(now)) return own;
    let taking = this.#taking.get(page.id);
    if (!taking) {
      taking = this.#take(session, page);
      this.#taking.set(page.id, taking);
      const done = (): void => {
        if (this.#taking.get(page.id) === taking) this.#taking.delete(page.id);
      };
      taking.then(done, done);
    }
    return own && !own.outdated ? own : taking;
  }

  /** The last picture of page `page`, if one was taken (to map a person's click on it). */
  last(page: string): ViewPicture | undefined {
    return this.#last.get(page);
  }

  /** The page changed by a person's hand: the next poll waits for a picture that shows it. */
  stale(page: string): void {
    const last = this.#last.get(page);
    if (last) last.outdated = true;
  }

  /** Forgets the pictures of a session that ended. */
  forget(session: string): void {
    for (const [page, picture] of this.#last) if (picture.session === session) this.#last.delete(page);
  }

  /** How long a picture stays fresh: the page's own interval, or longer when many pages share the server's rate. */
  #interval(now: number): number {
    let watched = 0;
    for (const picture of this.#last.values()) if (now - picture.askedAt < WATCHED_MS) watched++;
    return Math.max(this.pace.pageIntervalMs, (watched * 1000) / this.pace.perSecond);
  }

  #take(session: string, page: Page): Promise<ViewPicture> {
    const run = this.#queue.then(async () => {
      await delay(Math.max(0, this.#nextAt - Date.now()));
      const started = Date.now();
      const { image, scale } = await page.screenshot().finally(() => {
        const took = Date.now() - started;
        this.#nextAt = Date.now() + Math.max(1000 / this.pace.perSecond - took, took * IDLE_PER_CAPTURE);
      });
      const etag = `"${createHash('sha256').update(image).digest('base64url').slice(0, 22)}"`;
      const picture = { image, etag, scale, session };
      const takenAt = Date.now();
      this.#last.set(page.id, { ...picture, takenAt, askedAt: takenAt });
      return picture;
    });
    this.#queue = run.catch(() => undefined);
    return run;
  }
}
