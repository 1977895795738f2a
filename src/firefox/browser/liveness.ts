import { BidiTimeoutError, type BidiConnection } from '../../bidi/index.js';
import { BrowserStoppedError } from '../errors.js';

/** How long the browser itself (not a page) has to answer before it counts as hung. */
const BROWSER_ANSWER_MS = 2000;
/**
 * How often the browser is asked whether it still answers while any command waits: a hung browser is noticed within
 * this and BROWSER_ANSWER_MS.
 */
const PROBE_EVERY_MS = 2500;

/**
 * Tells a browser that stopped answering from a page that is busy. A command that gets no answer
 * in time may be the page's fault (a script in a loop) or the browser's: the browser is asked a
 * question its parent process answers at once (session.status), after a command timed out and,
 * every PROBE_EVERY_MS, while any command waits (a page listing or a script with a long timeout
 * of its own learns within seconds). One that gives no answer within BROWSER_ANSWER_MS is hung:
 * `end` closes it as one that died (a launched one is killed, nothing more is asked of it), which
 * fails every waiting command, and each says so.
 */
export class BrowserLiveness {
  /** The question in flight, shared by the calls that time out together. */
  #asking: Promise<boolean> | undefined;
  #hung = false;

  constructor(
    private readonly connection: BidiConnection,
    /** Ends the session without asking the browser anything. */
    private readonly end: () => Promise<void>,
    /**
     * Whether waiting commands are watched here; not for a WebDriver session, whose server is asked every second while
     * one waits (webdriver-liveness.ts), and knows why a session ended.
     */
    watchWaiting = true,
  ) {
    if (!watchWaiting) return;
    const probe = setInterval(() => {
      if (connection.pendingCount > 0) void this.#hungNow();
    }, PROBE_EVERY_MS);
    probe.unref();
    connection.onClose(() => clearInterval(probe));
  }

  /**
   * The error for `what`, whose command failed with `error`, when that was a timeout and the browser itself stopped
   * answering; else undefined.
   */
  async stopped(what: string, error: unknown): Promise<BrowserStoppedError | undefined> {
    // A call whose browser was found hung while it waited ends as that, whatever closing the browser made of it.
    if (!this.#hung && (!(error instanceof BidiTimeoutError) || !(await this.#hungNow()))) return undefined;
    return new BrowserStoppedError(
      `${what} failed: Firefox stopped answering (no answer to a question of the browser's own within ${BROWSER_ANSWER_MS} ms while the call waited; it may be frozen or swamped). It was closed, with its pages and uids.`,
      { cause: error },
    );
  }

  async #hungNow(): Promise<boolean> {
    if (this.#hung || this.connection.closed) return this.#hung;
    this.#asking ??= this.connection
      .send('session.status', {}, { timeout: BROWSER_ANSWER_MS })
      .then(
        () => false,
        (error: unknown) => error instanceof BidiTimeoutError,
      )
      .finally(() => (this.#asking = undefined));
    if (!(await this.#asking)) return false;
    this.#hung = true;
    await this.end();
    return true;
  }
}
