import type { BrowsingContext } from 'webdriver-bidi-protocol';
import { NoSuchPageError } from './errors.js';

/**
 * The top-level browsing contexts (tabs) of one user context, in the order they opened, and which
 * one is selected. When the selected page goes away, the most recent live page takes over and a
 * note says so.
 */
export class PageRegistry {
  readonly #ids: string[] = [];
  #selected: string | undefined;
  readonly #notes: string[] = [];

  constructor(readonly userContext: string) {}

  onCreated(info: BrowsingContext.Info): void {
    if (info.parent !== null && info.parent !== undefined) return;
    if (info.userContext !== this.userContext || this.#ids.includes(info.context)) return;
    this.#ids.push(info.context);
    this.#selected ??= info.context;
    const opener = info.originalOpener ? this.#ids.indexOf(info.originalOpener) : -1;
    if (opener >= 0) this.#notes.push(`Page ${opener} opened a new page (index ${this.#ids.length - 1}); select it to act on it.`);
  }

  /** Puts `fresh` in the place (index and selection) of `old`, which is about to close, and says why; its own creation event then finds it listed. */
  replace(old: string, fresh: string, why: string): void {
    const index = this.#ids.indexOf(old);
    if (index < 0) return;
    const already = this.#ids.indexOf(fresh);
    if (already >= 0) this.#ids.splice(already, 1);
    this.#ids.splice(this.#ids.indexOf(old), 1, fresh);
    if (this.#selected === old) this.#selected = fresh;
    this.#notes.push(`Page ${index} ${why}.`);
  }

  onDestroyed(info: BrowsingContext.Info): void {
    const index = this.#ids.indexOf(info.context);
    if (index < 0) return;
    this.#ids.splice(index, 1);
    if (this.#selected !== info.context) return;
    this.#selected = this.#ids.at(-1);
    this.#notes.push(
      this.#selected === undefined
        ? `The selected page (${info.url}) was closed and no page is left.`
        : `The selected page (${info.url}) was closed; page ${this.#ids.length - 1} is selected now.`,
    );
  }

  get ids(): readonly string[] {
    return this.#ids;
  }

  get selectedId(): string | undefined {
    return this.#selected;
  }

  indexOf(id: string): number {
    return this.#ids.indexOf(id);
  }

  /** The context id of page `index`, or a NoSuchPageError listing the valid range. */
  idAt(index: number): string {
    const id = Number.isInteger(index) ? this.#ids[index] : undefined;
    if (id === undefined) {
      const range = this.#ids.length === 0 ? 'there are no pages' : `valid indexes are 0 to ${this.#ids.length - 1}`;
      throw new NoSuchPageError(`No page has index ${index}: ${range}. Call listPages() to see the open pages.`);
    }
    return id;
  }

  select(id: string): void {
    this.#selected = id;
  }

  /** Notes about changes the caller did not ask for (such as a fallback after a page closed), once each. */
  takeNotes(): string[] {
    return this.#notes.splice(0);
  }
}
