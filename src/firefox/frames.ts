import type { BrowsingContext } from 'webdriver-bidi-protocol';

/** Where an event happened: the top-level page it belongs to, and the frame's URL when it came from an iframe. */
export interface Place {
  page: string;
  frame?: string;
}

/**
 * Every browsing context the client has seen, with its parent and URL, so that what a frame does
 * (a console message, a request) is filed under the page that holds it and says which frame.
 */
export class FrameTree {
  readonly #frames = new Map<string, { parent: string | null; url: string }>();

  onCreated(info: BrowsingContext.Info): void {
    this.#frames.set(info.context, { parent: info.parent ?? null, url: info.url });
  }

  /** The context and every frame inside it, as far as they are known. */
  subtree(context: string): string[] {
    const found = [context];
    for (let index = 0; index < found.length; index++) {
      for (const [child, frame] of this.#frames) if (frame.parent === found[index]) found.push(child);
    }
    return found;
  }

  /** A context went away, and with it every frame inside it. */
  onDestroyed(info: BrowsingContext.Info): void {
    for (const context of this.subtree(info.context)) this.#frames.delete(context);
  }

  /** A frame's document changed: its URL is the one its events now come from. */
  onNavigated(context: string, url: string): void {
    const frame = this.#frames.get(context);
    if (frame) frame.url = url;
  }

  /** The page that holds `context` (itself for a page or a context never seen), and the frame's URL when it is an iframe. */
  placeOf(context: string): Place {
    let page = context;
    for (let frame = this.#frames.get(page); frame?.parent; frame = this.#frames.get(page)) page = frame.parent;
    if (page === context) return { page };
    return { page, frame: this.#frames.get(context)?.url ?? '' };
  }

  /** How many contexts are known (for checking that closed pages leave nothing behind). */
  get size(): number {
    return this.#frames.size;
  }
}
