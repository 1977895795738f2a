/**
 * When a document has played out what an action set off: its DOM still, in the document and in
 * every shadow root (a web component's modal changes only its own tree), and no animation with an
 * end running anywhere (a closing modal's fade). An animation that ends often sets off more: a
 * transitionend handler shows the dialog whose backdrop just faded in, a finished promise removes
 * the modal that faded out. So after animations, the quiet window starts again.
 */
import { shadowRoots } from './closed-roots.js';
import { finiteAnimationRunning } from './unobserved.js';

/** How often running animations are looked at: what they change shows in the DOM only when they end. */
const ANIMATION_POLL_MS = 50;

const OPTIONS: MutationObserverInit = { subtree: true, childList: true, attributes: true, characterData: true };

/**
 * Resolves true once the DOM has not changed for `quietMs` and no animation with an end is
 * running, with `quietMs` more after the last one ended; false when `maxMs` passed first.
 */
export function waitForQuiet(quietMs: number, maxMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    let timer = setTimeout(check, quietMs);
    const cap = setTimeout(done, maxMs, false);
    let animated = false;
    const observer = new MutationObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(check, quietMs);
    });
    const observed = new Set<Node>();
    // Roots attached since the last look (a modal's component rendered) are watched from then on.
    const observeRoots = (): (Document | ShadowRoot)[] => {
      const roots = [document, ...shadowRoots()];
      for (const root of roots) {
        if (observed.has(root)) continue;
        observer.observe(root, OPTIONS);
        observed.add(root);
      }
      return roots;
    };
    observeRoots();
    function check(): void {
      if (finiteAnimationRunning(observeRoots())) {
        animated = true;
        timer = setTimeout(check, ANIMATION_POLL_MS);
      } else if (animated) {
        animated = false;
        timer = setTimeout(check, quietMs);
      } else {
        done(true);
      }
    }
    function done(quiet: boolean): void {
      clearTimeout(timer);
      clearTimeout(cap);
      observer.disconnect();
      resolve(quiet);
    }
  });
}
