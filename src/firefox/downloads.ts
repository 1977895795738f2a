import { statSync } from 'node:fs';
import type { BrowsingContext } from 'webdriver-bidi-protocol';
import { oneLine, shorten } from './text.js';

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

/**
 * Every download a page starts, whoever started it (a click, a navigation, the page on its own),
 * with a note for each so the caller always hears of files written on its behalf.
 */
export class DownloadTracker {
  readonly #downloads: Download[] = [];
  readonly #byNavigation = new Map<string, Download>();
  readonly #notes: string[] = [];

  onWillBegin(event: BrowsingContext.DownloadWillBeginParams): void {
    const download: Download = { context: event.context, url: event.url, suggestedFilename: event.suggestedFilename, status: 'in progress' };
    this.#downloads.push(download);
    if (event.navigation) this.#byNavigation.set(event.navigation, download);
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
    if (this.#downloads.length > 1000) this.#downloads.splice(0, this.#downloads.length - 1000);
  }

  list(): Download[] {
    return this.#downloads.map((download) => ({ ...download }));
  }

  takeNotes(): string[] {
    return this.#notes.splice(0);
  }
}
