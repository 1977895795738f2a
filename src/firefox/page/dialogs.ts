import type { BrowsingContext } from 'webdriver-bidi-protocol';
import { FirefoxClientError, InvalidArgumentError } from '../errors.js';
import { quote } from '../util/text.js';

export interface Dialog {
  type: 'alert' | 'confirm' | 'prompt' | 'beforeunload';
  message: string;
  defaultValue?: string;
  /** Milliseconds since the epoch. */
  openedAt: number;
}

/** How long an answer may trail the report of a dialog the page opened after the work was done. */
const LATE_ANSWER_MS = 250;

/** The dialog open on one page, if any, so it is reported instead of silently dismissed. */
export class PageDialog {
  #open: Dialog | undefined;
  readonly #listeners = new Set<(dialog: Dialog) => void>();

  /** `mask` hides secrets in the messages it quotes. */
  constructor(private readonly mask: (text: string) => string = (text) => text) {}

  get open(): Dialog | undefined {
    return this.#open;
  }

  /** Listeners waiting for a dialog (for checking that nothing is left behind). */
  get waiting(): number {
    return this.#listeners.size;
  }

  onOpened(event: BrowsingContext.UserPromptOpenedParameters): void {
    const dialog: Dialog = {
      type: event.type,
      message: event.message,
      ...(event.defaultValue === undefined ? {} : { defaultValue: event.defaultValue }),
      openedAt: Date.now(),
    };
    this.#open = dialog;
    for (const listener of this.#listeners) listener(dialog);
  }

  onClosed(): void {
    this.#open = undefined;
  }

  /** Forgets the open dialog (only `dialog`, when given: a newer one that opened meanwhile stays). */
  forget(dialog?: Dialog): void {
    if (dialog === undefined || this.#open === dialog) this.#open = undefined;
  }

  /** Refuses `what` while a dialog is open, saying which and how to answer it. */
  refuseWhileOpen(what: string): void {
    const dialog = this.#open;
    if (!dialog) return;
    throw new FirefoxClientError(
      `${what} is blocked: ${this.#describe(dialog)} is open (${quote(this.mask(dialog.message), 300)}). Answer it first: accept or dismiss it (handleDialog()).`,
    );
  }

  /**
   * Resolves with `work`, or refuses as soon as a dialog opens first: the page waits for its answer, so the work cannot
   * finish.
   */
  async unlessOpened<T>(what: string, work: Promise<T>): Promise<T> {
    const first = await this.race(work);
    if ('value' in first) return first.value;
    throw new FirefoxClientError(
      `${what} stopped: ${this.#describe(first.dialog)} opened (${quote(this.mask(first.dialog.message), 300)}) while it ran, and the page waits for its answer. Answer it (handleDialog()), then try again.`,
    );
  }

  /**
   * Accepts or dismisses the open dialog through `respond` (the browser answers it, not the page's
   * script); `promptText` answers a prompt().
   */
  async answer(
    accept: boolean,
    promptText: string | undefined,
    respond: (answer: { accept: boolean; userText?: string }) => Promise<unknown>,
  ): Promise<void> {
    const dialog = this.#open;
    if (!dialog)
      throw new InvalidArgumentError('No dialog is open on the selected page; nothing to accept or dismiss.');
    if (promptText !== undefined && dialog.type !== 'prompt') {
      throw new InvalidArgumentError(
        `promptText applies only to prompt() dialogs; the open dialog is a ${dialog.type}.`,
      );
    }
    await respond({ accept, ...(promptText === undefined ? {} : { userText: promptText }) });
    // The page may open its next dialog before this answer arrives: only the one answered is forgotten.
    this.forget(dialog);
  }

  #describe(dialog: Dialog): string {
    return `${dialog.type === 'alert' ? 'an' : 'a'} ${dialog.type} dialog`;
  }

  /**
   * Waits for `work`, unless the page has a dialog open or opens one first: then resolves at once
   * with the dialog, and the work goes on behind it (a later failure of it is nobody's).
   */
  async race<T>(work: Promise<T>): Promise<{ value: T } | { dialog: Dialog }> {
    work.catch(() => undefined);
    if (this.#open) return { dialog: this.#open };
    let listener: (dialog: Dialog) => void = () => undefined;
    const opened = new Promise<Dialog>((resolve) => this.#listeners.add((listener = resolve)));
    const done = work.then((value) => ({ value }));
    try {
      const first = await Promise.race([done, opened.then((dialog) => ({ dialog }))]);
      if ('value' in first) return first;
      // Firefox may report a dialog the page opened just after the work finished before the work's
      // own answer: a moment's wait tells work the dialog holds from work already done.
      return await Promise.race([
        done,
        new Promise<typeof first>((resolve) => setTimeout(() => resolve(first), LATE_ANSWER_MS)),
      ]);
    } finally {
      this.#listeners.delete(listener);
    }
  }

  dispose(): void {
    this.#open = undefined;
    this.#listeners.clear();
  }
}
