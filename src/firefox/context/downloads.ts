import { statSync } from 'node:fs';
import type { BrowsingContext } from 'webdriver-bidi-protocol';
import { oneLine, shorten } from '../util/text.js';

export interface Download {
  /** The page that started it. */
  context: string;
  /** The user context of that page: a client sees only its own user context's downloads. */
  userContext: string;
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
  readonly #notes: { userContext: string; text: string }[] = [];

  onWillBegin(event: BrowsingContext.DownloadWillBeginParams, userContext: string): void {
    const download: Download = { context: event.context, userContext, url: event.url, suggestedFilename: event.suggestedFilename, status: 'in progress' };
    this.#downloads.push(download);
    if (event.navigation) this.#byNavigation.set(event.navigation, download);
  }

  onEnd(event: BrowsingContext.DownloadEndParams, userContext: string): void {
    const download = (event.navigation ? this.#byNavigation.get(event.navigation) : undefined) ?? { context: event.context, userContext, url: event.url, suggestedFilename: '', status: 'in progress' };
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
      this.#notes.push({ userContext: download.userContext, text: `A download finished: ${from} was saved as ${oneLine(event.filepath)}${download.bytes === undefined ? '' : ` (${download.bytes} bytes)`}.` });
    } else {
      this.#notes.push({ userContext: download.userContext, text: `A download from ${from} was ${event.status === 'canceled' ? 'canceled' : 'not saved'}.` });
    }
    if (this.#downloads.length > 1000) this.#downloads.splice(0, this.#downloads.length - 1000);
  }

  /** The downloads of one user context, oldest first. */
  list(userContext: string): Download[] {
    return this.#downloads.filter((download) => download.userContext === userContext).map((download) => ({ ...download }));
  }

  /** The notes of one user context's downloads, each given once. */
  takeNotes(userContext: string): string[] {
    const mine = this.#notes.filter((note) => note.userContext === userContext);
    for (const note of mine) this.#notes.splice(this.#notes.indexOf(note), 1);
    return mine.map((note) => note.text);
  }
}
