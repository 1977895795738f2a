/** Waiting in a test until a page has finished building itself: conditions, never fixed times. */
import type { Page } from '../../src/index.js';

export interface QuietOptions {
  /** How long the DOM must stay unchanged. */
  quietMs: number;
  /** The most to wait for that. */
  maxMs: number;
  /** Also wait while an animation runs (for at most the page's first minute: endless spinners do not hold it). */
  animations: boolean;
}

/** Waits until the page has made no DOM change for `quietMs` (and, with `animations`, runs none), at most `maxMs`. */
export async function untilQuiet(page: Page, { quietMs, maxMs, animations }: QuietOptions): Promise<void> {
  await page.evaluate(
    (quiet: number, max: number, waitForAnimations: boolean) =>
      new Promise<void>((resolve) => {
        let timer = setTimeout(done, quiet);
        const observer = new MutationObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(done, quiet);
        });
        const give = setTimeout(done, max);
        function done(): void {
          if (
            waitForAnimations &&
            document.getAnimations().some((animation) => animation.playState === 'running') &&
            performance.now() < 60_000
          ) {
            timer = setTimeout(done, 50);
            return;
          }
          observer.disconnect();
          clearTimeout(give);
          resolve();
        }
        observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      }),
    [quietMs, maxMs, animations],
  );
}
