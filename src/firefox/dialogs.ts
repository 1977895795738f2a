import type { BrowsingContext } from 'webdriver-bidi-protocol';

export interface Dialog {
  type: 'alert' | 'confirm' | 'prompt' | 'beforeunload';
  message: string;
  defaultValue?: string;
  /** Milliseconds since the epoch. */
  openedAt: number;
}

/** Remembers the open dialog of each page, so it is reported instead of silently dismissed. */
export class DialogTracker {
  readonly #open = new Map<string, Dialog>();
  readonly #waiters = new Set<(context: string, dialog: Dialog) => void>();

  onOpened(event: BrowsingContext.UserPromptOpenedParameters): void {
    const dialog: Dialog = {
      type: event.type,
      message: event.message,
      ...(event.defaultValue === undefined ? {} : { defaultValue: event.defaultValue }),
      openedAt: Date.now(),
    };
    this.#open.set(event.context, dialog);
    for (const waiter of this.#waiters) waiter(event.context, dialog);
  }

  onClosed(event: BrowsingContext.UserPromptClosedParameters): void {
    this.#open.delete(event.context);
  }

  get(context: string): Dialog | undefined {
    return this.#open.get(context);
  }

  /** Forgets the page's dialog (only `dialog`, when given: a newer one stays). */
  forget(context: string, dialog?: Dialog): void {
    if (dialog === undefined || this.#open.get(context) === dialog) this.#open.delete(context);
  }

  /**
   * Waits for `work`, unless the page has a dialog open or opens one first: then resolves at once
   * with the dialog, and the work goes on behind it (a later failure of it is nobody's).
   */
  async race<T>(context: string, work: Promise<T>): Promise<{ value: T } | { dialog: Dialog }> {
    work.catch(() => undefined);
    const open = this.#open.get(context);
    if (open) return { dialog: open };
    let stop = (): void => undefined;
    const opened = new Promise<Dialog>((resolve) => {
      stop = this.onDialog((where, dialog) => {
        if (where === context) resolve(dialog);
      });
    });
    try {
      return await Promise.race([work.then((value) => ({ value })), opened.then((dialog) => ({ dialog }))]);
    } finally {
      stop();
    }
  }

  /** Pages with an open dialog, and listeners waiting for one. */
  get sizes(): { open: number; waiting: number } {
    return { open: this.#open.size, waiting: this.#waiters.size };
  }

  /** Calls `listener` whenever a dialog opens; returns a function that stops it. */
  onDialog(listener: (context: string, dialog: Dialog) => void): () => void {
    this.#waiters.add(listener);
    return () => this.#waiters.delete(listener);
  }
}
