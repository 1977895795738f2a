/**
 * A session's timeline: every call of its agent and every act of a person in its live view, in order, with a picture
 * of the page after each that changed it (taken as every screenshot is: passwords and secrets painted over), kept in
 * the session's folder so that it can be looked at after the fact (html.ts), even after a crash. The entries are a
 * JSON Lines file, appended to; the pictures JPEG files beside it. Bounded per session: the oldest pictures go first
 * (their entries stay and say so), and the file is rewritten with the newest entries once it holds too many.
 */
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { writeWhole, type Page, type SecretStore } from '../../firefox/index.js';
import { shorten } from '../../firefox/util/text.js';

export interface TimelineEntry {
  /** When it started, ISO 8601. */
  at: string;
  by: 'agent' | 'person';
  /** The tool called, or what the person did (their act's line). */
  what: string;
  /** The first lines of the answer, masked. */
  said?: string;
  error?: boolean;
  /** The picture of the page after it (a file beside the entries), when the page looked different from before. */
  picture?: string;
}

/** What a session keeps on disk, at most: said in the README. */
export const TIMELINE_LIMITS = {
  /** Bytes of pictures; past it, the oldest are deleted. */
  pictureBytes: 20 * 1024 * 1024,
  /** Entries; past twice as many, the file keeps the newest this many. */
  entries: 2000,
} as const;
/**
 * How long the session rests after a step before its picture is taken: a step that comes sooner (a program's calls
 * back to back) takes its place, and the next step's picture shows the page after both.
 */
const REST_MS = 300;
/** Of an answer, enough to tell what happened. */
const SAID_CHARS = 600;
const JPEG_QUALITY = 60;

export const ENTRIES_FILE = 'entries.jsonl';

export class SessionTimeline {
  readonly #dir: string;
  readonly #entries: TimelineEntry[] = [];
  /** The pictures kept, oldest first, with their sizes. */
  readonly #pictures: { name: string; bytes: number }[] = [];
  #pictureBytes = 0;
  #lastHash: string | undefined;
  #count = 0;
  /** A step's entry waiting for the session to rest, to be pictured then. */
  #resting: { entry: TimelineEntry; timer: NodeJS.Timeout } | undefined;

  constructor(
    /** The session's folder: the timeline is a folder of its own in it, named by when it started. */
    folder: string,
    private readonly secrets: () => SecretStore,
    /** Whether it takes pictures (--no-timeline-pictures). */
    private readonly pictures = true,
    started = new Date(),
  ) {
    this.#dir = join(folder, `timeline-${started.toISOString().replace(/[:.]/g, '-')}`);
  }

  /** The entries so far, oldest first. */
  get entries(): readonly TimelineEntry[] {
    return this.#entries;
  }

  /** An entry for a call or a person's act, not yet written: `keep` writes it, with its picture if any. */
  entry(
    by: TimelineEntry['by'],
    what: string,
    answer?: { text: string; error: boolean },
    at = new Date(),
  ): TimelineEntry {
    const secrets = this.secrets();
    const said = answer?.text
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.startsWith('#'))
      .slice(0, 4)
      .join('\n');
    return {
      at: at.toISOString(),
      by,
      what: secrets.mask(what),
      ...(said ? { said: shorten(secrets.mask(said), SAID_CHARS) } : {}),
      ...(answer?.error ? { error: true } : {}),
    };
  }

  /**
   * Takes a picture of `page` for `entry` (kept only when the page looks different from the last picture), then writes
   * the entry. A picture that cannot be taken (a dialog, a page gone) leaves the entry without one.
   */
  async keepWithPicture(entry: TimelineEntry, page: Page | undefined): Promise<void> {
    const shot =
      this.pictures && page && !page.disposed
        ? await page.screenshot({ format: 'jpeg', quality: JPEG_QUALITY }).catch(() => undefined)
        : undefined;
    if (shot) {
      const hash = createHash('sha256').update(shot.image).digest('hex');
      if (hash !== this.#lastHash) {
        try {
          entry.picture = this.#savePicture(shot.image);
          this.#lastHash = hash;
        } catch {
          // A disk that refuses the picture leaves the entry without one.
        }
      }
    }
    this.keep(entry);
  }

  /**
   * Keeps a step's `entry` with a picture of the page once the session has rested REST_MS; `queue` runs the picture in
   * the session's turn, `page` names the page then. A step before that keeps it without one (stepping()).
   */
  afterStep(
    entry: TimelineEntry,
    queue: (work: () => Promise<void>) => Promise<unknown>,
    page: () => Page | undefined,
  ): void {
    this.stepping();
    const timer = setTimeout(
      () =>
        void queue(async () => {
          if (this.#resting?.entry !== entry) return;
          this.#resting = undefined;
          await this.keepWithPicture(entry, page());
        }).catch(() => undefined),
      REST_MS,
    );
    timer.unref();
    this.#resting = { entry, timer };
  }

  /** A step starts, or the session ends: the entry waiting for its picture is kept without one. */
  stepping(): void {
    const resting = this.#resting;
    if (!resting) return;
    clearTimeout(resting.timer);
    this.#resting = undefined;
    this.keep(resting.entry);
  }

  /**
   * Keeps `entry`, and writes it when the disk takes it: the timeline is a record for people, and a disk that refuses
   * it fails none of the session's calls (save_timeline still has it).
   */
  keep(entry: TimelineEntry): void {
    this.#entries.push(entry);
    // A step's entry waits for its picture while later calls are noted: the timeline stays in the order calls began.
    if ((this.#entries.at(-2)?.at ?? '') > entry.at) this.#entries.sort((a, b) => a.at.localeCompare(b.at));
    const pruned = this.#entries.length > 2 * TIMELINE_LIMITS.entries;
    if (pruned) this.#entries.splice(0, this.#entries.length - TIMELINE_LIMITS.entries);
    const file = join(this.#dir, ENTRIES_FILE);
    let size: number | undefined;
    try {
      mkdirSync(this.#dir, { recursive: true, mode: 0o700 });
      if (pruned) return writeWhole(file, this.#entries.map((kept) => `${JSON.stringify(kept)}\n`).join(''), 0o600);
      size = existsSync(file) ? statSync(file).size : 0;
      appendFileSync(file, `${JSON.stringify(entry)}\n`, { mode: 0o600 });
    } catch {
      // Kept in memory, where save_timeline reads it; the file goes without it, never with part of it (a full disk).
      if (size !== undefined) takeBack(file, size);
    }
  }

  #savePicture(image: Buffer): string {
    const name = `${String(++this.#count).padStart(5, '0')}.jpg`;
    writeWhole(join(this.#dir, name), image, 0o600);
    this.#pictures.push({ name, bytes: image.length });
    this.#pictureBytes += image.length;
    while (this.#pictureBytes > TIMELINE_LIMITS.pictureBytes && this.#pictures.length > 1) {
      const oldest = this.#pictures.shift() as { name: string; bytes: number };
      this.#pictureBytes -= oldest.bytes;
      rmSync(join(this.#dir, oldest.name), { force: true });
    }
    return name;
  }

  /** The picture kept as `name` (as an entry names it); undefined for any other name, or one deleted. */
  picture(name: string): Buffer | undefined {
    if (!this.#pictures.some((picture) => picture.name === name)) return undefined;
    try {
      return readFileSync(join(this.#dir, name));
    } catch {
      return undefined;
    }
  }
}

/** Cuts `file` back to `size` bytes: a line the disk took only part of goes. */
function takeBack(file: string, size: number): void {
  try {
    truncateSync(file, size);
  } catch {
    // Gone, or not ours to cut: nothing more to do.
  }
}
