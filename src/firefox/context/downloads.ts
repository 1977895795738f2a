import { statSync } from 'node:fs';
import type { BrowsingContext } from 'webdriver-bidi-protocol';
import { oneLine, shorten } from '../util/text.js';

export interface Download {
  /** The page that started it. */
  context: string;
  url: string;
  suggestedFilename: string;
  status: 'in progress' | 'complete' | 'canceled';
  /** Where it was saved (complete downloads). */
  path?: string;
  bytes?: number;
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
  readonly #notes: string[] = [];

  onWillBegin(event: BrowsingContext.DownloadWillBeginParams): void {
    const download: Download = { context: event.context, url: event.url, suggestedFilename: event.suggestedFilename, status: 'in progress' };
    this.#downloads.push(download);
    if (event.navigation) this.#byNavigation.set(event.navigation, download);
    this.#trim();
  }

  onEnd(event: BrowsingContext.DownloadEndParams): void {
    const download = (event.navigation ? this.#byNavigation.get(event.navigation) : undefined) ?? { context: event.context, url: event.url, suggestedFilename: '', status: 'in progress' };
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
      this.#notes.push(`A download finished: ${from} was saved as ${oneLine(event.filepath)}${download.bytes === undefined ? '' : ` (${download.bytes} bytes)`}.`);
    } else {
      this.#notes.push(`A download from ${from} was ${event.status === 'canceled' ? 'canceled' : 'not saved'}.`);
    }
    this.#trim();
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
    return this.#downloads.length + this.#byNavigation.size + this.#notes.length;
  }

  clear(): void {
    this.#downloads.length = 0;
    this.#byNavigation.clear();
    this.#notes.length = 0;
  }

  #trim(): void {
    if (this.#downloads.length <= KEPT) return;
    for (const dropped of this.#downloads.splice(0, this.#downloads.length - KEPT)) {
      for (const [navigation, download] of this.#byNavigation) if (download === dropped) this.#byNavigation.delete(navigation);
    }
    this.#notes.splice(0, Math.max(0, this.#notes.length - KEPT));
  }
}
