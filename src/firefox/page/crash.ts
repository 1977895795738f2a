import { PageCrashedError } from '../errors.js';
import { setTimeout as delay } from 'node:timers/promises';
import { quote } from '../util/text.js';

/**
 * Whether a page's content process ended, and the calls in progress to tell at once when it does.
 * Firefox shows its crash page in such a tab until it is navigated.
 */
export class CrashWatch {
  /** The URL it showed when its content process ended. */
  #crashedAt: string | undefined;
  /** Calls in progress, told at once when the page crashes (unlessCrashed). */
  readonly #watchers = new Set<() => void>();

  /** `index` says which page this is now, for the errors' words. */
  constructor(private readonly index: () => number) {}

  get crashed(): boolean {
    return this.#crashedAt !== undefined;
  }

  /**
   * The page committed `url`. Firefox shows its crash page in a tab whose content process ended,
   * after a blank document, and may name that blank document as what crashed: the page's last
   * URL (`lastUrl`) is.
   */
  onCommitted(url: string, lastUrl: string | undefined): void {
    if (url.startsWith('about:tabcrashed')) {
      const named = new URLSearchParams(url.slice(url.indexOf('?') + 1)).get('u') ?? '';
      this.#crashedAt = named && named !== 'about:blank' ? named : (this.#crashedAt ?? lastUrl ?? named);
      for (const watcher of [...this.#watchers]) watcher();
    } else if (url !== 'about:blank') {
      this.#crashedAt = undefined;
    }
  }

  /** Throws the crash for `what`, about to start, when the page crashed. */
  refuse(what: string): void {
    const crash = this.#error(what, false);
    if (crash) throw crash;
  }

  /**
   * Resolves with `work`, or rejects with the crash as soon as the page crashes while it runs.
   * Firefox may answer a call whose page crashed much later, even with a result from running it
   * again (an evaluate's script runs once more in the crash page): no such answer is taken.
   */
  async unlessCrashed<T>(what: string, work: Promise<T>): Promise<T> {
    work.catch(() => undefined);
    this.refuse(what);
    let watcher = (): void => undefined;
    const crashed = new Promise<never>((_resolve, reject) => {
      watcher = () => {
        const crash = this.#error(what, true);
        if (crash) reject(crash);
      };
      this.#watchers.add(watcher);
    });
    try {
      return await Promise.race([work, crashed]);
    } finally {
      this.#watchers.delete(watcher);
    }
  }

  /**
   * A page whose content process ends during a call is replaced by a blank document (or its
   * realm is gone), and the crash page follows a moment later: a result from that blank document
   * is no answer at all, and the call stopped by the crash says so.
   */
  async refuseIfCrashing(what: string): Promise<void> {
    for (let waited = 0; waited < 1000 && this.#crashedAt === undefined; waited += 50) await delay(50);
    const crash = this.#error(what, true);
    if (crash) throw crash;
  }

  /**
   * The error for `what` on a crashed page (`during` the call, or before it), or undefined while it has not crashed.
   */
  #error(what: string, during: boolean): PageCrashedError | undefined {
    if (this.#crashedAt === undefined) return undefined;
    const how = during ? 'stopped' : 'cannot go on';
    return new PageCrashedError(
      `${what} ${how}: page ${this.index()} crashed (its content process ended)${during ? ' during the call' : ''} while it showed ${quote(this.#crashedAt)}, and it shows Firefox's crash page now. Navigate it (to that URL to load it again), or close it.`,
    );
  }
}
