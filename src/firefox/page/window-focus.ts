/**
 * Which page's window has the focus. Every page is a window of its own, so that each agent's page
 * is visible (a tab behind another is hidden: Firefox then barely draws it, holds its animation
 * frames, and a canvas widget ignores wheel and keys). Firefox gives the focus to one window at a
 * time: input goes to a page only once its window has it, and taking it costs a round trip only
 * when another page held it.
 */
import type { Send } from '../errors.js';

export class WindowFocus {
  #holder: string | undefined;

  /** Page `id`'s window took the focus (it was opened in front, or brought there). */
  took(id: string): void {
    this.#holder = id;
  }

  /** Page `id` closed: nobody is known to hold the focus. */
  gone(id: string): void {
    if (this.#holder === id) this.#holder = undefined;
  }

  /**
   * Sends as `send` does for page `id`, but its input first brings its window to the front when
   * another window holds the focus (a person clicks into the window before using a page), and
   * bringing it to the front records that it holds it.
   */
  sendFor(send: Send, id: string, responsiveTimeout: number): Send {
    return async (method, params, what, timeout) => {
      if (method === 'input.performActions' && this.#holder !== id) {
        await send('browsingContext.activate', { context: id }, 'Bringing the page to the front', responsiveTimeout);
        this.#holder = id;
      }
      const result = await send(method, params, what, timeout);
      if (method === 'browsingContext.activate') this.#holder = id;
      return result;
    };
  }
}
