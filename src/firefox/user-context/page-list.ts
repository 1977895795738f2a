import { NoSuchPageError } from '../errors.js';

/**
 * A user context's pages in the order they opened, each with a small id that stays while it lives, and the selected
 * one; with notes about changes no call asked for (a page opened by another, the selected one closed or replaced).
 * When the selected page goes away, the most recent live page takes over and a note says so.
 */
export class PageList<P extends { readonly id: string }> {
  readonly #pages: P[] = [];
  /** Each page's id in this user context: small, and stable while the page lives (indexes shift when pages close). */
  readonly #pageIds = new Map<P, number>();
  #nextPageId = 1;
  /** The selected page: the one calls without a page act on. */
  selected: P | undefined;
  /** Notes not yet taken (UserContext.takeNotes). */
  readonly notes: string[] = [];

  get pages(): readonly P[] {
    return this.#pages;
  }

  indexOf(browsingContext: string): number {
    return this.#pages.findIndex((page) => page.id === browsingContext);
  }

  /** Page `index`, or a NoSuchPageError listing the valid range. */
  at(index: number): P {
    const page = Number.isInteger(index) ? this.#pages[index] : undefined;
    if (page === undefined) {
      const range =
        this.#pages.length === 0 ? 'there are no pages' : `valid indexes are 0 to ${this.#pages.length - 1}`;
      throw new NoSuchPageError(`No page has index ${index}: ${range}. Call listPages() to see the open pages.`);
    }
    return page;
  }

  /** The page's stable id (-1 when it is not in the list). */
  pageIdOf(page: P): number {
    return this.#pageIds.get(page) ?? -1;
  }

  /** The page with stable id `pageId` (from listPages), or a NoSuchPageError naming the ones there are. */
  pageById(pageId: number): P {
    for (const [page, id] of this.#pageIds) if (id === pageId) return page;
    throw new NoSuchPageError(
      `No open page has pageId ${pageId}; the open pages have pageId ${[...this.#pageIds.values()].join(', ') || 'none'}. listPages() shows them.`,
    );
  }

  /** A page opened (by us, by the user or by the page `opener`). */
  add(page: P, opener?: string | null): void {
    if (this.#pages.includes(page)) return;
    this.#pages.push(page);
    this.#pageIds.set(page, this.#nextPageId++);
    this.selected ??= page;
    const from = opener ? this.indexOf(opener) : -1;
    if (from >= 0)
      this.notes.push(`Page ${from} opened a new page (index ${this.#pages.length - 1}); select it to act on it.`);
  }

  /** A page closed; it shows `url` in the note when it was the selected one. */
  remove(page: P, url: string): void {
    const index = this.#pages.indexOf(page);
    this.#pageIds.delete(page);
    if (index < 0) return;
    this.#pages.splice(index, 1);
    if (this.selected !== page) return;
    this.selected = this.#pages.at(-1);
    const which = url ? `The selected page (${url})` : 'The selected page';
    this.notes.push(
      this.selected === undefined
        ? `${which} was closed and no page is left.`
        : `${which} was closed; page ${this.#pages.length - 1} is selected now.`,
    );
  }

  /** Puts `fresh` in the place (index, pageId and selection) of `page`, with a note. */
  replace(page: P, fresh: P): void {
    const index = this.#pages.indexOf(page);
    const already = this.#pages.indexOf(fresh);
    if (already >= 0) this.#pages.splice(already, 1);
    if (index >= 0) this.#pages.splice(index, 1, fresh);
    else this.#pages.push(fresh);
    const pageId = this.#pageIds.get(page);
    if (pageId !== undefined) this.#pageIds.set(fresh, pageId);
    this.#pageIds.delete(page);
    if (this.selected === page) this.selected = fresh;
    this.notes.push(
      `Page ${index} was not responding, so its tab was closed and replaced by a fresh one at the same index.`,
    );
  }
}
