import { readdirSync, rmSync, statfsSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { BrowsingContext } from 'webdriver-bidi-protocol';
import type { Send } from '../errors.js';
import { oneLine, shorten } from '../util/text.js';

export interface Download {
  /** The page that started it: its browsing context id. */
  context: string;
  url: string;
  suggestedFilename: string;
  status: 'in progress' | 'complete' | 'canceled';
  /** Where it was saved (complete downloads). */
  path?: string;
  bytes?: number;
  /** Why a canceled download failed, when that is known: the disk of its folder was full. */
  failure?: 'disk full';
}

/** Where Firefox saves downloads (`false`: it refuses them), for the whole browser or for the user contexts named. */
export async function chooseDownloadFolder(
  send: Send,
  folder: string | false,
  userContexts?: [string, ...string[]],
): Promise<void> {
  const downloadBehavior =
    folder === false ? { type: 'denied' as const } : { type: 'allowed' as const, destinationFolder: folder };
  await send(
    'browser.setDownloadBehavior',
    { downloadBehavior, ...(userContexts === undefined ? {} : { userContexts }) },
    'Choosing the download folder',
  );
}

/** Free space under which a canceled download is taken to have failed for lack of it. */
const FULL_DISK_BYTES = 64 * 1024;
/**
 * How often the disk of a download in progress is looked at. Firefox removes the partial file of a download that
 * failed, and may have done so before its end is heard (on a busy machine): the space left then says nothing.
 */
const SPACE_WATCH_MS = 50;

function namesIn(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}

function diskFull(folder: string): boolean {
  try {
    const { bavail, bsize } = statfsSync(folder);
    return bavail * bsize < FULL_DISK_BYTES;
  } catch {
    return false;
  }
}

/**
 * Removes what a failed download left in `folder` (Firefox keeps it, and had made it before the
 * download was announced): the empty file that held its name (`big.bin`, `big(1).bin`) and its
 * partial data (`big.x1y2z3w4.bin.part`). `kept` are files of other downloads, never touched.
 */
function removeLeftovers(download: Download, folder: string, kept: Set<string>): void {
  const ext = extname(download.suggestedFilename);
  const stem = download.suggestedFilename.slice(0, download.suggestedFilename.length - ext.length);
  if (!stem) return;
  for (const name of namesIn(folder)) {
    const path = join(folder, name);
    if (kept.has(path) || !name.startsWith(stem)) continue;
    const rest = name.slice(stem.length);
    const partial =
      rest.endsWith(`${ext}.part`) && /^\.[\w-]{8}$/.test(rest.slice(0, rest.length - ext.length - '.part'.length));
    const holder = rest.replace(/^\(\d+\)/, '') === ext;
    try {
      if (partial || (holder && statSync(path).size === 0)) rmSync(path, { force: true });
    } catch {
      // Gone already.
    }
  }
}

/** Downloads kept per user context; older ones are dropped past this. */
const KEPT = 1000;

/**
 * Every download the pages of one user context start, whoever started it (a click, a navigation,
 * the page on its own), with a note for each so the caller always hears of files written on its
 * behalf. Another user context's downloads never push these out or show up among them.
 */
export class DownloadLog {
  readonly #downloads: Download[] = [];
  readonly #byNavigation = new Map<string, Download>();
  /** The folder each download in progress is saved in, and whether its disk was seen full meanwhile. */
  readonly #folders = new Map<Download, { folder: string; full: boolean }>();
  #spaceWatch: NodeJS.Timeout | undefined;
  readonly #notes: string[] = [];
  /** The folder its downloads go to (UserContext.saveDownloadsIn), when the user context has one of its own. */
  folder: string | undefined;

  /** `defaultFolder`: where the browser saves downloads of user contexts without a folder of their own. */
  onWillBegin(event: BrowsingContext.DownloadWillBeginParams, defaultFolder?: string): void {
    const download: Download = {
      context: event.context,
      url: event.url,
      suggestedFilename: event.suggestedFilename,
      status: 'in progress',
    };
    this.#downloads.push(download);
    const folder = this.folder ?? defaultFolder;
    if (folder !== undefined) {
      this.#folders.set(download, { folder, full: diskFull(folder) });
      this.#spaceWatch ??= setInterval(() => this.#watchSpace(), SPACE_WATCH_MS).unref();
    }
    if (event.navigation) this.#byNavigation.set(event.navigation, download);
    this.#trim();
  }

  onEnd(event: BrowsingContext.DownloadEndParams): void {
    const download = (event.navigation ? this.#byNavigation.get(event.navigation) : undefined) ?? {
      context: event.context,
      url: event.url,
      suggestedFilename: '',
      status: 'in progress',
    };
    if (event.navigation) this.#byNavigation.delete(event.navigation);
    if (!this.#downloads.includes(download)) this.#downloads.push(download);
    download.status = event.status;
    const from = shorten(oneLine(download.url), 200);
    if (event.status === 'complete' && event.filepath) {
      download.path = event.filepath;
      try {
        download.bytes = statSync(event.filepath).size;
      } catch {
        // Moved or removed already: the path is still what Firefox reported.
      }
      this.#notes.push(
        `A download finished: ${from} was saved as ${oneLine(event.filepath)}${download.bytes === undefined ? '' : ` (${download.bytes} bytes)`}.`,
      );
    } else {
      const watched = this.#folders.get(download);
      // Firefox says only "canceled": a full disk is told by the space left, now or while it ran.
      if (watched && (watched.full || diskFull(watched.folder))) download.failure = 'disk full';
      if (watched && !this.#sameNameInProgress(download)) removeLeftovers(download, watched.folder, this.#savedFiles());
      const why = download.failure
        ? ` for lack of space: the disk holding ${oneLine(watched?.folder ?? '')} is full (what it had written was removed)`
        : '';
      this.#notes.push(`A download from ${from} was ${event.status === 'canceled' ? 'canceled' : 'not saved'}${why}.`);
    }
    this.#folders.delete(download);
    this.#trim();
  }

  /** Notes each download in progress whose disk is full now; stops looking once none is in progress. */
  #watchSpace(): void {
    for (const watched of this.#folders.values()) if (!watched.full) watched.full = diskFull(watched.folder);
    if (this.#folders.size === 0) {
      clearInterval(this.#spaceWatch);
      this.#spaceWatch = undefined;
    }
  }

  /** Whether another download of the same name is in progress: its partial file looks like this one's. */
  #sameNameInProgress(download: Download): boolean {
    return this.#downloads.some(
      (other) =>
        other !== download && other.status === 'in progress' && other.suggestedFilename === download.suggestedFilename,
    );
  }

  #savedFiles(): Set<string> {
    return new Set(this.#downloads.flatMap((download) => (download.path === undefined ? [] : [download.path])));
  }

  /** Whether a download of navigation `id` is in progress here. */
  has(navigation: string): boolean {
    return this.#byNavigation.has(navigation);
  }

  /** Its downloads, oldest first. */
  list(): Download[] {
    return this.#downloads.map((download) => ({ ...download }));
  }

  /** The notes of its downloads, each given once. */
  takeNotes(): string[] {
    return this.#notes.splice(0);
  }

  /** How many entries it holds (downloads, in progress, notes), for checking that nothing outlives its user context. */
  get size(): number {
    return this.#downloads.length + this.#byNavigation.size + this.#folders.size + this.#notes.length;
  }

  clear(): void {
    this.#downloads.length = 0;
    this.#byNavigation.clear();
    this.#folders.clear();
    clearInterval(this.#spaceWatch);
    this.#spaceWatch = undefined;
    this.#notes.length = 0;
  }

  #trim(): void {
    if (this.#downloads.length <= KEPT) return;
    for (const dropped of this.#downloads.splice(0, this.#downloads.length - KEPT)) {
      this.#folders.delete(dropped);
      for (const [navigation, download] of this.#byNavigation)
        if (download === dropped) this.#byNavigation.delete(navigation);
    }
    this.#notes.splice(0, Math.max(0, this.#notes.length - KEPT));
  }
}
