/** Snapshot ids of closed or navigated pages remembered for their error message. */
const GONE_KEPT = 10_000;

/**
 * Snapshot ids, unique across the client, and which page each belongs to; the ids of pages that
 * closed or navigated are remembered (the newest GONE_KEPT) so their uids are refused saying why.
 */
export class SnapshotIds {
  #next: number;
  readonly #live = new Map<number, string>();
  readonly #gone = new Map<number, 'closed' | 'navigated'>();

  /** `first`: where the ids start; ids below it belong to a browser this one replaced. */
  constructor(private readonly first = 1) {
    this.#next = first;
  }

  /** The id the next snapshot gets. */
  get next(): number {
    return this.#next;
  }

  take(page: string): number {
    const id = this.#next++;
    this.#live.set(id, page);
    return id;
  }

  release(ids: Iterable<number>, why: 'closed' | 'navigated'): void {
    for (const id of ids) {
      this.#live.delete(id);
      this.#gone.set(id, why);
    }
    for (const id of this.#gone.keys()) {
      if (this.#gone.size <= GONE_KEPT) break;
      this.#gone.delete(id);
    }
  }

  /** The page a live snapshot belongs to, or why its page has none any more. */
  whereIs(id: number): { page: string } | { gone: 'closed' | 'navigated' | 'replaced' } | undefined {
    if (id < this.first) return { gone: 'replaced' };
    const page = this.#live.get(id);
    if (page !== undefined) return { page };
    const gone = this.#gone.get(id);
    return gone === undefined ? undefined : { gone };
  }

  get live(): number {
    return this.#live.size;
  }
}
