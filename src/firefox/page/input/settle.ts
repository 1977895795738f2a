import { BrowserClosedError, PageUnresponsiveError, TimeoutError } from '../../errors.js';
import { setTimeout as delay } from 'node:timers/promises';
import type { Dialog, PageDialog } from '../dialogs.js';
import type { Navigation, NavigationEnd, NavigationWatch, PageNavigations } from '../navigation.js';
import type { EngineGateway } from '../../engine/gateway.js';
import type { UidSelector } from '../uids.js';
import type { ActionDone } from './done.js';
import { doing } from './doing.js';

/** An element an action acted on: its uid, and where it is (found as the action prepared it). */
export interface ActedOn {
  uid: string;
  css: UidSelector;
}

/** What an action led to, for the caller to report. */
export interface ActionResult {
  /** What was done, as data (done.ts): what it acted on and how, what it read back. The caller words it. */
  done: ActionDone;
  /**
   * A dialog stopped the action: `partWay` after part of its input went in (typing in batches), `inStep` during the
   * step `done` names (which may be one before the action's own input, such as scrolling its element into view).
   */
  stopped?: 'partWay' | 'inStep';
  /** The page loaded a new document (complete: it finished loading in time) or moved within the document. */
  navigated?: { url: string; sameDocument: boolean; complete: boolean };
  /** A dialog opened; the page waits until it is answered with handleDialog(). */
  dialog?: Dialog;
  /** A navigation started but brought no new document: a download, a 204 answer, an error. */
  navigationEnded?: NavigationEnd;
  /** False when the page was still changing when the wait ran out. */
  settled: boolean;
  /** Calls (fetch, XMLHttpRequest) the action started that were still unanswered when the wait ran out. */
  pendingRequests?: number;
  /** What it acted on, by uid: where each element is, for a script to find it again. */
  targets?: ActedOn[];
  /** Text typed into a combobox whose list then showed: what the list offers (its value is chosen there, not typed). */
  offers?: { names: string[]; count: number };
}

/**
 * The wait for quiet in the frame acted in, as the action asks it: quiet for `quietMs` within `maxMs`, its answer
 * within `timeout`. An action may read what it did in the same call (a fill reads its field back: typing.ts).
 */
export type QuietCall = (quietMs: number, maxMs: number, timeout: number) => Promise<boolean | undefined>;

export interface SettleOptions {
  /** The DOM quiet period that counts as settled, when not the settle's own. */
  quietMs?: number | undefined;
  /** The frame acted in (default: the page), whose quiet is waited for with the page's. */
  frame?: string;
  /** How the wait for quiet in `frame` is asked, when the action reads more in the same call. */
  quietIn?: QuietCall;
}

/** What the settle after an action can ask of the page's network log. */
export interface RequestTracker {
  /** The id of the newest request so far. */
  readonly lastId: number;
  /** Calls started after request `afterId` that still wait for their answer. */
  pendingCallsAfter(afterId: number): number;
}

/**
 * What the settle asks of the page about its health: a document that went away may be a crash, input that takes long
 * may be a page that stopped.
 */
export interface PageHealth {
  /** Throws the crash for `what` when the page crashes within a moment. */
  refuseIfCrashing(what: string): Promise<void>;
  /**
   * Resolves when the page's script answers a trivial question within `timeoutMs`; rejects with a TimeoutError when it
   * does not.
   */
  answers(timeoutMs: number, what: string): Promise<unknown>;
  /** `work` bounded as the page's probe: its answer, or a PageUnresponsiveError for `what` when it takes too long. */
  answering<T>(what: string, work: (timeoutMs: number) => Promise<T>): Promise<T>;
}

export interface SettleTimings {
  /** A DOM quiet period that counts as settled (default 100 ms). */
  quietMs?: number;
  /** The longest wait for quiet (default 1500 ms). */
  quietMaxMs?: number;
  /** The longest wait for a navigation the action started (default 10 s). */
  navigationTimeoutMs?: number;
}

const QUIET_MS = 100;
const QUIET_MAX_MS = 1500;
/**
 * Beyond its own bound, how long the page's wait for quiet may go unanswered before the page counts as stopped (a long
 * task or a loop).
 */
const ANSWER_GRACE_MS = 1000;

/** An action that a dialog stopped part way; its result says so and carries the dialog. */
export class ActionInterrupted extends Error {
  constructor(readonly result: ActionResult) {
    super(`${doing(result.done)} stopped: a dialog opened`);
  }
}

/**
 * What follows an action, up to its answer: navigations it started, dialogs that hold the page,
 * the page coming to rest (its DOM, animations and the calls it started, in the top document and
 * the frame acted in), a page that stops answering, and a crash.
 */
export class Settler {
  constructor(
    /** The page's top-level browsing context. */
    private readonly browsingContext: string,
    private readonly engine: EngineGateway,
    private readonly dialog: PageDialog,
    private readonly navigation: PageNavigations,
    private readonly health: PageHealth,
    private readonly timings: SettleTimings = {},
    /** The page's requests: the settle waits for calls the action started (omitted: it waits for the DOM only). */
    private readonly requests?: RequestTracker,
  ) {}

  /** The newest request when each action's watch began: calls with a higher id are the action's. */
  readonly #requestMarks = new WeakMap<NavigationWatch, number>();

  /** Starts watching for what an action leads to: navigations, and the calls it starts. */
  begin(): NavigationWatch {
    const watch = this.navigation.watch();
    this.#requestMarks.set(watch, this.requests?.lastId ?? 0);
    return watch;
  }

  /**
   * Waits for a navigation the action started, or else for the page to settle: the DOM quiet for
   * `quietMs` and the calls the action started answered (then quiet again: their answers render),
   * all within quietMaxMs, in the top document and in `frame` (where the action happened). Stops
   * at a dialog; fails when the page stops answering or crashes.
   */
  async settle(done: ActionDone, watch: NavigationWatch, options: SettleOptions = {}): Promise<ActionResult> {
    const quietMs = options.quietMs ?? this.timings.quietMs ?? QUIET_MS;
    try {
      let quiet: { settled: boolean; pendingRequests: number } | undefined;
      let lost: unknown;
      let crashChecked = false;
      const quietDone = this.#quiet(watch, quietMs, options.frame ?? this.browsingContext, options.quietIn).then(
        (value) => (quiet = value),
        (error: unknown) => {
          lost = error;
          quiet = { settled: false, pendingRequests: 0 };
        },
      );
      // Until the DOM is quiet, a navigation may still start; a dialog ends the wait at once.
      while (watch.navigation === undefined) {
        if (quiet !== undefined) {
          if (lost instanceof TimeoutError) throw this.#stopped(done);
          if (lost instanceof BrowserClosedError) throw lost;
          // The document went away with no navigation (yet): a crash, whose page follows a moment later.
          if (lost !== undefined && !crashChecked) {
            crashChecked = true;
            await this.health.refuseIfCrashing(doing(done));
            continue;
          }
          const sameDocument = watch.sameDocument;
          const settled = {
            settled: quiet.settled,
            ...(quiet.pendingRequests > 0 ? { pendingRequests: quiet.pendingRequests } : {}),
          };
          return sameDocument === undefined
            ? { done, ...settled }
            : { done, navigated: { url: sameDocument, sameDocument: true, complete: true }, ...settled };
        }
        const dialog = await this.raceDialog(Promise.race([quietDone, watch.next()]));
        if (dialog) return { done, dialog, settled: false };
      }
      return await this.#navigated(done, watch);
    } finally {
      watch.stop();
    }
  }

  /** Waits for the navigation the action started to load (or to end without a document), within navigationTimeoutMs. */
  async #navigated(done: ActionDone, watch: NavigationWatch): Promise<ActionResult> {
    const deadline = Date.now() + (this.timings.navigationTimeoutMs ?? 10_000);
    // The newest navigation counts: one the action started may be replaced by a redirect or another.
    const current = (): Navigation => watch.navigation as Navigation;
    while (!current().loaded && !current().ended && Date.now() < deadline) {
      const dialog = await this.raceDialog(Promise.race([watch.next(), delay(Math.max(0, deadline - Date.now()))]));
      if (dialog)
        return {
          done,
          navigated: { url: current().url, sameDocument: false, complete: false },
          dialog,
          settled: false,
        };
    }
    // A failed load shows Firefox's error page a moment after the failure: wait for it (briefly), so the answer matches
    // the page.
    const errorPage = Math.min(deadline, Date.now() + 1000);
    while (current().ended?.outcome === 'failed' && !current().documentCommitted && Date.now() < errorPage) {
      await Promise.race([watch.next(), delay(Math.max(0, errorPage - Date.now()))]);
    }
    const navigation = current();
    // A download, a 204 or an error page: no new document came, and the answer says what did.
    if (navigation.ended) return { done, navigationEnded: navigation.ended, settled: true };
    return {
      done,
      navigated: { url: navigation.url, sameDocument: false, complete: navigation.loaded },
      settled: navigation.loaded,
    };
  }

  /**
   * The DOM quiet for `quietMs` in the top document and in `frame`, then no call the action started
   * (since `watch` began) unanswered, then quiet again after their answers, until quietMaxMs from
   * now; settled false when that bound ran out. A navigation ends the wait for calls: its
   * document is another page's business. A page that does not answer its wait in time rejects
   * with a TimeoutError.
   */
  async #quiet(
    watch: NavigationWatch,
    quietMs: number,
    frame: string,
    quietIn?: QuietCall,
  ): Promise<{ settled: boolean; pendingRequests: number }> {
    const requestsAfter = this.#requestMarks.get(watch) ?? this.requests?.lastId ?? 0;
    const deadline = Date.now() + (this.timings.quietMaxMs ?? QUIET_MAX_MS);
    const frames = frame === this.browsingContext ? [this.browsingContext] : [this.browsingContext, frame];
    const waitForQuiet = async (window: number): Promise<boolean> => {
      const left = Math.max(1, deadline - Date.now());
      const answers = frames.map((browsingContext) =>
        browsingContext === frame && quietIn
          ? quietIn(window, left, left + ANSWER_GRACE_MS)
          : this.engine.call(
              browsingContext,
              'waitForQuiet',
              [window, left],
              'Waiting for the page',
              left + ANSWER_GRACE_MS,
            ),
      );
      return (await Promise.all(answers)).every((answer) => answer === true);
    };
    let quiet = await waitForQuiet(quietMs);
    const pending = (): number => this.requests?.pendingCallsAfter(requestsAfter) ?? 0;
    while (quiet && pending() > 0 && watch.navigation === undefined) {
      if (Date.now() >= deadline) return { settled: false, pendingRequests: pending() };
      await delay(Math.max(0, Math.min(25, deadline - Date.now())));
      // An answer usually renders something: wait for that too (the short window: the debounce is behind us).
      if (pending() === 0) quiet = await waitForQuiet(Math.min(quietMs, this.timings.quietMs ?? QUIET_MS));
    }
    return { settled: quiet, pendingRequests: quiet ? 0 : pending() };
  }

  /**
   * `work` (input being dispatched), unless the page stops answering first: when it takes longer
   * than the settle's bound, the page is asked a trivial question, and no answer within the grace
   * fails the action as sent to a page that stopped.
   */
  async unlessStopped<T>(done: ActionDone, work: Promise<T>): Promise<T> {
    const bound = this.timings.quietMaxMs ?? QUIET_MAX_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(resolve, bound, 'late')));
    try {
      if ((await Promise.race([work, late])) !== 'late') return await work;
      const answered = this.health.answers(ANSWER_GRACE_MS, 'Checking the page answers').then(
        () => 'answers' as const,
        (error: unknown) => {
          if (error instanceof BrowserClosedError) throw error; // The browser itself stopped, or went.
          return error instanceof TimeoutError ? ('stopped' as const) : ('answers' as const);
        },
      );
      answered.catch(() => undefined); // Read below, or not at all when the input ends first.
      const first = await Promise.race([work.then(() => 'done' as const), answered]);
      if (first === 'stopped') throw this.#stopped(done);
      return await work;
    } finally {
      clearTimeout(timer);
    }
  }

  #stopped(done: ActionDone): PageUnresponsiveError {
    const bound = (this.timings.quietMaxMs ?? QUIET_MAX_MS) + ANSWER_GRACE_MS;
    return new PageUnresponsiveError(
      `${doing(done)} was sent, then the page stopped answering: its script did not answer within ${bound} ms (a long task or a loop it started). Wait a moment and take a snapshot to see whether it came back, or navigate away or close the page; the other pages still work.`,
    );
  }

  /**
   * An action's first call into the page (resolving its uid), which is also the probe of whether the page answers: a
   * step bounded as the guards' probe is, so a page stuck in a loop is answered within seconds, with no probe before.
   */
  resolving<T>(step: ActionDone, work: (timeoutMs: number) => Promise<T>): Promise<T> {
    return this.step(step, this.health.answering(doing(step), work));
  }

  /**
   * Waits for a step the page may hold up with a dialog (an alert from a change or focus handler): a dialog that opens
   * first ends the action.
   */
  async step<T>(step: ActionDone, work: Promise<T>, watch?: NavigationWatch): Promise<T> {
    try {
      const dialog = await this.raceDialog(work);
      if (dialog) throw new ActionInterrupted({ done: step, stopped: 'inStep', dialog, settled: false });
      return await work;
    } catch (error) {
      // The action ends here: a watch begun for it must not outlive it.
      watch?.stop();
      throw error;
    }
  }

  /** Resolves with the dialog if one opens on the page before `work` ends; otherwise undefined. */
  async raceDialog(work: Promise<unknown>): Promise<Dialog | undefined> {
    const first = await this.dialog.race(work);
    return 'dialog' in first ? first.dialog : undefined;
  }
}
