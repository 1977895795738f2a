import { SANDBOX } from '../engine/index.js';
import { BrowserClosedError, BrowserStoppedError, PageUnresponsiveError, TimeoutError, type Send } from '../errors.js';
import { unlessAborted } from '../util/abort.js';
import type { CrashWatch } from './crash.js';
import type { PageDialog } from './dialogs.js';
import { ActionInterrupted, type ActionResult } from './input/settle.js';
import type { NavigationResult } from './types.js';

/** What the guards need of their page. */
export interface GuardedPage {
  /** The page's top-level browsing context. */
  readonly id: string;
  readonly send: Send;
  /** How long its script has to answer the probe. */
  readonly responsiveTimeout: number;
  readonly crash: CrashWatch;
  readonly dialog: PageDialog;
  /** Whether its tab closed. */
  closed(): boolean;
  /** The page's URL as Firefox's tab tree has it now. */
  readUrl(): Promise<string>;
  /** What the page learns once input went in (what fields filled from a secret hold now; see parts.ts). */
  afterInput(): Promise<void>;
}

/**
 * The one guard of each kind of call a page takes, applied the same way to every call of that kind,
 * so a closed, crashed, hung or dialog-held page is answered the same whatever the call:
 * - script: a call the page's content must answer (a script, the engine, a capture, a print, a
 *   resize, emulation): refused unless the page is ready (its script answering within seconds), then
 *   its wait stopped at once by a dialog, a crash or its signal;
 * - input: refused unless ready, then stopped by a crash; a dialog it opens is its answer, and a page
 *   that stops answering after it is marked so;
 * - navigation: refused while a dialog is open, its script checked, then a dialog that opens on the
 *   way answers at once; a crashed page is not refused, since navigating it is how it recovers;
 * - local: answered from what the client holds or by the browser itself (a dialog's answer, a kept
 *   body, the tab's place), or asked of the page for a moment at most (its title): a crashed, hung or
 *   dialog-held page answers at once, and that is what tells why; refused only once the page closed.
 */
export class PageGuards {
  /** Its script did not answer a probe: listed without a title until it answers again. */
  #unresponsive = false;

  constructor(private readonly page: GuardedPage) {}

  get unresponsive(): boolean {
    return this.#unresponsive;
  }

  /** Its script did not answer a read in time (its title): not responding until it answers a probe. */
  markUnresponsive(): void {
    this.#unresponsive = true;
  }

  /** A navigation of its own started: a new document, whose script has not been asked yet. */
  onNavigationStarted(): void {
    this.#unresponsive = false;
  }

  /** Refuses while a dialog is open, naming it and how to answer it. */
  refuseWhileDialogOpen(what: string): void {
    this.page.dialog.refuseWhileOpen(what);
  }

  /** This page, once it is known to be free to act on: open, not crashed, no dialog, its script answering. */
  async ready(what: string): Promise<void> {
    this.#refuseUnlessFree(what);
    await this.responsive(what);
  }

  /** Refuses a page that is closed, crashed or held by a dialog: what is known without asking it. */
  #refuseUnlessFree(what: string): void {
    this.#refuseIfClosed(what);
    this.page.crash.refuse(what);
    this.page.dialog.refuseWhileOpen(what);
  }

  /**
   * Resolves when its script answers a trivial probe in time. A page stuck in a loop would hold
   * every call for its whole timeout; this says so within seconds instead.
   */
  async responsive(what: string): Promise<void> {
    if (this.page.dialog.open) return; // A dialog holds the script; the callers deal with it.
    await this.answering(what, (timeoutMs) => this.answers(timeoutMs, `${what} (checking the page answers)`)).catch(
      (error: unknown) => {
        if (error instanceof BrowserStoppedError || error instanceof PageUnresponsiveError) throw error;
        // Gone or navigating: the real call reports it.
      },
    );
  }

  /**
   * `work`, a call into the page's script bounded as the probe is: it answers within the responsive timeout, or the
   * page is not responding and `what` is refused. An action's first call (resolving its uid) is its probe this way, at
   * no round trip more.
   */
  async answering<T>(what: string, work: (timeoutMs: number) => Promise<T>): Promise<T> {
    try {
      const answer = await work(this.page.responsiveTimeout);
      this.#unresponsive = false;
      return answer;
    } catch (error) {
      if (!(error instanceof TimeoutError) || error instanceof BrowserStoppedError) throw error;
      this.#unresponsive = true;
      throw new PageUnresponsiveError(
        `${what} is not possible: this page's script is not responding (no answer within ${this.page.responsiveTimeout} ms; a script may be stuck in a loop). Close the page, or navigate it to another URL, which replaces its tab; the other pages still work.`,
      );
    }
  }

  /**
   * A trivial question to the page's script, answered within `timeoutMs` or failed with a TimeoutError: whether the
   * page answers at all.
   */
  answers(timeoutMs: number, what: string): Promise<unknown> {
    return this.page.send(
      'script.evaluate',
      { expression: '0', awaitPromise: false, target: { context: this.page.id, sandbox: SANDBOX } },
      what,
      timeoutMs,
    );
  }

  /**
   * A document that went away may be a crash: waits a moment for the crash page, and throws the crash if it came (for
   * the input's settle).
   */
  refuseIfCrashing(what: string): Promise<void> {
    return this.page.crash.refuseIfCrashing(what);
  }

  /**
   * The guard of a call the page's content must answer: refused unless ready, then its wait stopped at once by a
   * dialog, a crash or `signal`.
   */
  async script<T>(what: string, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await unlessAborted(this.ready(what), signal, what);
    try {
      return await unlessAborted(
        this.page.crash.unlessCrashed(what, this.page.dialog.unlessOpened(what, work())),
        signal,
        what,
      );
    } catch (error) {
      // A script may have begun a loop after the probe answered: a call that timed out asks again, to say why.
      if (error instanceof TimeoutError && !(error instanceof BrowserStoppedError)) await this.responsive(what);
      throw error;
    }
  }

  /**
   * The guard of input: refused unless ready, stopped by a crash; an action that a dialog stopped part way answers with
   * the dialog.
   */
  async input<T extends ActionResult | ActionResult[]>(what: string, action: () => Promise<T>): Promise<T> {
    await this.ready(what);
    return this.#input(what, action);
  }

  /**
   * The guard of input by uid: as input's, but with no probe before it, since resolving the uid is the action's first
   * call into the page and is bounded as the probe is (Settler.resolving).
   */
  async inputByUid<T extends ActionResult | ActionResult[]>(what: string, action: () => Promise<T>): Promise<T> {
    this.#refuseUnlessFree(what);
    return this.#input(what, action);
  }

  async #input<T extends ActionResult | ActionResult[]>(what: string, action: () => Promise<T>): Promise<T> {
    try {
      const result = await this.page.crash.unlessCrashed(what, action());
      if (!([] as ActionResult[]).concat(result).some((one) => one.dialog)) await this.page.afterInput();
      return result;
    } catch (error) {
      // Only a single action throws it (fillForm answers its own entries' interruptions).
      if (error instanceof ActionInterrupted) return error.result as T;
      // The input went in and the page stopped answering: the page list says so until it answers again.
      if (error instanceof PageUnresponsiveError) this.#unresponsive = true;
      throw error;
    }
  }

  /**
   * The guard of navigation: refused while a dialog is open (or once closed), its script checked (a
   * PageUnresponsiveError the caller may answer by replacing the tab), then `work` resolves with the
   * page's URL, or early, with the URL and the dialog, when a dialog opens first (an alert while
   * loading, a beforeunload prompt): answered, the navigation goes on.
   */
  async navigation(what: string, work: () => Promise<{ url: string }>): Promise<NavigationResult> {
    this.#refuseIfClosed(what);
    this.page.dialog.refuseWhileOpen(what);
    await this.responsive(what);
    const first = await this.page.dialog.race(work());
    if ('value' in first) return { url: first.value.url };
    return { url: await this.page.readUrl(), dialog: first.dialog };
  }

  /** The guard of a local call: `read` at once, whatever holds the page, unless it closed. */
  local<T>(what: string, read: () => T): T {
    this.#refuseIfClosed(what);
    return read();
  }

  #refuseIfClosed(what: string): void {
    if (this.page.closed())
      throw new BrowserClosedError(`${what} cannot go on: the page was closed. List the pages and select one.`);
  }
}
