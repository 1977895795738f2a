import { setImmediate as afterInput, setTimeout as sleep } from 'node:timers/promises';
import { BidiTimeoutError, type BidiConnection } from '../../bidi/index.js';
import { BrowserStoppedError } from '../errors.js';
import { cpuTicks } from '../util/cpu.js';

/** How long the browser itself (not a page) has to answer, if it shows no sign of work meanwhile, before it is hung. */
const BROWSER_ANSWER_MS = 2000;
/** How long a browser that shows signs of work but does not answer is waited for before it counts as hung. */
const BUSY_BROWSER_MS = 20_000;

/** Why a browser counts as hung: it did not answer and did nothing, or it worked but did not answer for too long. */
type HungVerdict = 'idle' | 'unanswering';
/** What a wait for the browser's answer gives while none has come. */
const WAITING = Symbol('waiting');
/**
 * How often the browser is asked whether it still answers while any command waits: a hung browser is noticed within
 * this and BROWSER_ANSWER_MS.
 */
const PROBE_EVERY_MS = 2500;

export interface LivenessOptions {
  /** Ends the session without asking the browser anything. */
  end: () => Promise<void>;
  /**
   * Whether waiting commands are watched here; not for a WebDriver session, whose server is asked every second while
   * one waits (webdriver-liveness.ts), and knows why a session ended.
   */
  watchWaiting: boolean;
  /** The browser's own process, when it was launched here: the CPU time of its process group is a sign of work. */
  pid: number | undefined;
  /** How long a browser that works but does not answer is waited for (BUSY_BROWSER_MS unless told). */
  busyMs?: number;
}

/**
 * Tells a browser that stopped answering from a page that is busy, and from a browser that is swamped. A command that
 * gets no answer in time may be the page's fault (a script in a loop) or the browser's: the browser is asked a
 * question its parent process answers at once (session.status), after a command timed out and, every PROBE_EVERY_MS,
 * while any command waits (a page listing or a script with a long timeout of its own learns within seconds). One that
 * gives no answer within BROWSER_ANSWER_MS, and meanwhile sent nothing and whose processes used no CPU time, is hung
 * (frozen, deadlocked); one that worked is asked on (on a busy machine, twenty sessions opening at once keep it from
 * answering for seconds), up to BUSY_BROWSER_MS. A hung browser is closed by `end` as one that died (a launched one
 * is killed, nothing more is asked of it), which fails every waiting command, and each says so.
 */
export class BrowserLiveness {
  /** The question in flight, shared by the calls that time out together: why the browser is hung, if it is. */
  #asking: Promise<HungVerdict | undefined> | undefined;
  #hung: HungVerdict | undefined;

  constructor(
    private readonly connection: BidiConnection,
    private readonly options: LivenessOptions,
  ) {
    if (!options.watchWaiting) return;
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
    const why = this.#hung ?? (error instanceof BidiTimeoutError ? await this.#hungNow() : undefined);
    if (why === undefined) return undefined;
    const how =
      why === 'idle'
        ? `no answer to a question of the browser's own within ${BROWSER_ANSWER_MS} ms, and no sign of work meanwhile`
        : `no answer to a question of the browser's own within ${this.#busyMs} ms, though it showed signs of work all along`;
    return new BrowserStoppedError(
      `${what} failed: Firefox stopped answering (${how}, while the call waited; it may be frozen or deadlocked). It was closed, with its pages and uids.`,
      { cause: error },
    );
  }

  get #busyMs(): number {
    return this.options.busyMs ?? BUSY_BROWSER_MS;
  }

  async #hungNow(): Promise<HungVerdict | undefined> {
    if (this.#hung !== undefined || this.connection.closed) return this.#hung;
    this.#asking ??= this.#ask().finally(() => (this.#asking = undefined));
    const why = await this.#asking;
    if (why === undefined) return undefined;
    this.#hung = why;
    await this.options.end();
    return why;
  }

  /** Why the browser is hung, if it is: asks it, and while no answer comes, looks every BROWSER_ANSWER_MS for work. */
  async #ask(): Promise<HungVerdict | undefined> {
    const asked = this.connection.send('session.status', {}, { timeout: this.#busyMs }).then(
      () => undefined,
      // A closed connection is not a hung browser: its own close says what happened.
      (error: unknown) => (error instanceof BidiTimeoutError ? ('unanswering' as const) : undefined),
    );
    let work = this.#work();
    for (;;) {
      const answered = await Promise.race([asked, sleep(BROWSER_ANSWER_MS, WAITING, { ref: false })]);
      if (answered !== WAITING) return answered;
      // An answer already in the socket is read before the verdict, however late this process ran the timer.
      const read = await Promise.race([asked, afterInput(WAITING, { ref: false })]);
      if (read !== WAITING) return read;
      const now = this.#work();
      if (now === undefined || now === work) return 'idle';
      work = now;
    }
  }

  /** A mark that changes while the browser works (messages it sent, CPU time); undefined when it is stopped. */
  #work(): string | undefined {
    const ticks = this.options.pid === undefined ? undefined : cpuTicks(this.options.pid);
    return ticks === 'stopped' ? undefined : `${this.connection.messagesReceived}/${ticks ?? ''}`;
  }
}
