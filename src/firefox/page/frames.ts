import type { BrowsingContext } from 'webdriver-bidi-protocol';

/**
 * The iframes of one page, nested to any depth, with their parents and URLs, so that what a frame
 * does (a console message, a request) is filed under its page and says which frame.
 */
export class PageFrames {
  readonly #frames = new Map<string, { parent: string; url: string }>();

  constructor(readonly page: string) {}

  /** Whether `context` is this page or one of its frames. */
  has(context: string): boolean {
    return context === this.page || this.#frames.has(context);
  }

  add(info: BrowsingContext.Info): void {
    if (info.parent != null && this.has(info.parent)) this.#frames.set(info.context, { parent: info.parent, url: info.url });
  }

  /** A frame went away, and with it every frame inside it: returns them all. */
  remove(context: string): string[] {
    const gone = [context];
    for (let index = 0; index < gone.length; index++) {
      for (const [child, frame] of this.#frames) if (frame.parent === gone[index]) gone.push(child);
    }
    for (const frame of gone) this.#frames.delete(frame);
    return gone;
  }

  /** The page closed: its frames went with it. */
  clear(): void {
    this.#frames.clear();
  }

  /** A frame's document changed: its URL is the one its events now come from. */
  onNavigated(context: string, url: string): void {
    const frame = this.#frames.get(context);
    if (frame) frame.url = url;
  }

  /** The frame's URL, or undefined for the page itself. */
  frameUrl(context: string): string | undefined {
    return context === this.page ? undefined : (this.#frames.get(context)?.url ?? '');
  }

  /** The frames' contexts, the page's own not included. */
  get contexts(): string[] {
    return [...this.#frames.keys()];
  }
}
