import type { BrowsingContext } from 'webdriver-bidi-protocol';

/**
 * The iframes of one page, nested to any depth, with their parents and URLs, so that what a frame
 * does (a console message, a request) is filed under its page and says which frame.
 */
export class PageFrames {
  readonly #frames = new Map<string, { parent: string; url: string }>();

  constructor(readonly page: string) {}

  /** Whether `browsingContext` is this page or one of its frames. */
  has(browsingContext: string): boolean {
    return browsingContext === this.page || this.#frames.has(browsingContext);
  }

  add(info: BrowsingContext.Info): void {
    if (info.parent != null && this.has(info.parent))
      this.#frames.set(info.context, { parent: info.parent, url: info.url });
  }

  /** A frame went away, and with it every frame inside it: returns them all. */
  remove(browsingContext: string): string[] {
    const gone = [browsingContext];
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
  onNavigated(browsingContext: string, url: string): void {
    const frame = this.#frames.get(browsingContext);
    if (frame) frame.url = url;
  }

  /** The frame's URL, or undefined for the page itself. */
  frameUrl(browsingContext: string): string | undefined {
    return browsingContext === this.page ? undefined : (this.#frames.get(browsingContext)?.url ?? '');
  }

  /** The frames' browsing contexts, the page's own not included. */
  get browsingContexts(): string[] {
    return [...this.#frames.keys()];
  }
}
