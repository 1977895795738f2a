/**
 * Changes to what a page shows that no MutationObserver sees, and how the engine learns of them
 * (see changes.ts): a signal from the page-world preload, slot assignments, Web Animations that
 * still apply once finished, and which popovers are open.
 */

import { shadowRoots } from './closed-roots.js';

/**
 * The event the page-world preload (engine/index.ts INTERNALS_PRELOAD) dispatches on a document
 * when a script changed what no mutation shows there (a shadow root attached, a custom element
 * defined, a constructed sheet's text, ElementInternals states). It carries nothing: it only
 * says "walk again", so a page that sends it itself only costs itself a walk.
 */
export const CHANGE_EVENT = 'firefoxbidimcpchange';

/** A number per object, for a fingerprint that must change when an object is replaced by another alike. */
const serials = new WeakMap<object, number>();
let nextSerial = 0;

export function serialOf(object: object): number {
  let serial = serials.get(object);
  if (serial === undefined) {
    serial = ++nextSerial;
    serials.set(object, serial);
  }
  return serial;
}

/**
 * The document's animations: whether one runs (boxes and visibility change without a mutation),
 * and the state of the others, which still apply when they fill (a finished animation with
 * `fill: forwards` keeps its last frame): each one, its effect, state and time.
 */
export function animationsState(): { running: boolean; state: string } {
  let running = false;
  const parts: string[] = [];
  for (const animation of pageAnimations()) {
    if (animation.playState === 'running' || animation.pending) running = true;
    else
      parts.push(
        `${serialOf(animation)}:${animation.effect ? serialOf(animation.effect) : 0}:${animation.playState}:${String(animation.currentTime)}`,
      );
  }
  return { running, state: parts.join() };
}

/**
 * The animations of the document and of every shadow root in it (`roots`, when the caller has them
 * already): Firefox's document.getAnimations() leaves out those inside shadow trees.
 */
export function pageAnimations(roots: readonly (Document | ShadowRoot)[] = [document, ...shadowRoots()]): Animation[] {
  return roots.flatMap((root) => root.getAnimations());
}

/**
 * Whether a CSS animation, transition or Web Animation with an end is running; endless ones (spinners) never finish, so
 * they do not count.
 */
export function finiteAnimationRunning(roots?: readonly (Document | ShadowRoot)[]): boolean {
  return pageAnimations(roots).some((animation) => {
    if (animation.playState !== 'running') return false;
    const end = animation.effect?.getComputedTiming().endTime;
    return typeof end === 'number' && Number.isFinite(end);
  });
}

let popoverSelector: string | null | undefined;

/** The open popovers, in document order: one hidden and another shown leaves as many open. */
export function openPopovers(): Element[] {
  if (popoverSelector === undefined) {
    try {
      document.querySelector(':popover-open');
      popoverSelector = ':popover-open';
    } catch {
      popoverSelector = null;
    }
  }
  return popoverSelector ? Array.from(document.querySelectorAll(popoverSelector)) : [];
}

/** Whether two lists hold the same elements in the same order. */
export function sameElements(a: readonly Element[], b: readonly Element[]): boolean {
  return a.length === b.length && a.every((el, index) => el === b[index]);
}
