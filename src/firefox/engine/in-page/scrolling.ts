/** What a wheel over an element scrolls, where that stands, and when a wheel's scroll has come to rest. */
import { shadowRootOf } from './closed-roots.js';
import { flatParentElement, renderedChildren } from './dom.js';
import { element } from './registry.js';

/** Whether the element scrolls: its overflow lets it, and it has more than it shows. */
export function scrolls(el: Element): boolean {
  const moreY = el.scrollHeight > el.clientHeight + 1;
  const moreX = el.scrollWidth > el.clientWidth + 1;
  if (!moreY && !moreX) return false;
  const style = getComputedStyle(el);
  return (
    (moreY && /(auto|scroll|overlay)/.test(style.overflowY)) || (moreX && /(auto|scroll|overlay)/.test(style.overflowX))
  );
}

/**
 * Of an element that is mostly frame around it (an overlay, a dialog, a month picker), the part that scrolls inside.
 */
const FRAME_SHARE = 0.5;

/**
 * The largest scroller drawn inside `el` (through shadow trees and slots, as it renders), when it
 * fills at least FRAME_SHARE of `el`: scrolling an overlay scrolls its list. Null otherwise.
 */
function scrollerInside(el: Element): Element | null {
  const outer = el.getBoundingClientRect();
  const least = outer.width * outer.height * FRAME_SHARE;
  let best: Element | null = null;
  let bestArea = least;
  const visit = (node: Node): void => {
    for (const child of renderedChildren(node)) {
      if (child.nodeType !== 1) continue;
      const inner = child as Element;
      const rect = inner.getBoundingClientRect();
      const area = rect.width * rect.height;
      // A box smaller than the best so far can still hold a larger one (an overflowing child), so all are visited.
      if (area >= bestArea && scrolls(inner)) {
        best = inner;
        bestArea = area;
      }
      visit(shadowRootOf(inner) ?? inner);
    }
  };
  if (least > 0) visit(shadowRootOf(el) ?? el);
  return best;
}

/**
 * What a wheel over the element moves, null for the page: the element itself, or what scrolls
 * inside when it is only a frame around that, or its nearest ancestor that scrolls, across shadow
 * roots and slots (a day of a month drawn in a custom element scrolls the month list).
 */
export function scrollerOf(el: Element): Element | null {
  if (scrolls(el)) return el;
  const inside = scrollerInside(el);
  return inside ?? scrollerAround(el);
}

/** The nearest element around `el` that scrolls (across shadow roots and slots), null for the page. */
export function scrollerAround(el: Element): Element | null {
  for (
    let current = flatParentElement(el);
    current && current !== document.documentElement && current !== document.body;
    current = flatParentElement(current)
  ) {
    if (scrolls(current)) return current;
  }
  return null;
}

/**
 * Whether a pixel or more of `el` shows in what `scroller` shows (its padding box), as a reading of the container keeps
 * it; the page's own scroll is not a clip.
 */
export function showsIn(el: Element, scroller: Element | null): boolean {
  if (!scroller) return true;
  const box = el.getBoundingClientRect();
  const clip = scroller.getBoundingClientRect();
  const top = clip.top + scroller.clientTop;
  return Math.min(box.bottom, top + scroller.clientHeight) - Math.max(box.top, top) >= 1;
}

export interface ScrollState {
  x: number;
  y: number;
  width: number;
  height: number;
  maxX: number;
  maxY: number;
  centerX: number;
  centerY: number;
  /** What it shows, in the viewport: x, y, width, height. */
  box: [number, number, number, number];
}

/** Where a container (or the page, for null) stands, brought on screen first. */
function stateOf(container: Element | null): ScrollState {
  const el = container ?? document.scrollingElement ?? document.documentElement;
  const page = container === null;
  let box = page ? { left: 0, top: 0, width: innerWidth, height: innerHeight } : el.getBoundingClientRect();
  // The wheel turns over the container, so it must be on screen first.
  if (
    !page &&
    (box.top + box.height / 2 < 0 ||
      box.top + box.height / 2 > innerHeight ||
      box.left + box.width / 2 < 0 ||
      box.left + box.width / 2 > innerWidth)
  ) {
    el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
    box = el.getBoundingClientRect();
  }
  return {
    x: Math.round(el.scrollLeft),
    y: Math.round(el.scrollTop),
    width: page ? innerWidth : el.clientWidth,
    height: page ? innerHeight : el.clientHeight,
    maxX: el.scrollWidth - (page ? innerWidth : el.clientWidth),
    maxY: el.scrollHeight - (page ? innerHeight : el.clientHeight),
    centerX: Math.round(box.left + box.width / 2),
    centerY: Math.round(box.top + box.height / 2),
    box: page
      ? [0, 0, innerWidth, innerHeight]
      : [box.left + el.clientLeft, box.top + el.clientTop, el.clientWidth, el.clientHeight],
  };
}

/**
 * The last wheel event the page saw and when: a scroll that has not moved yet waits for its wheel, not for a fixed
 * time.
 */
let lastWheel: { event: WheelEvent; at: number } | null = null;
let watching = false;
/**
 * The container the last scrollBefore found: the rest follows it even when the element is drawn anew before the rest is
 * asked for.
 */
let turned: { since: number; container: Element | null } | null = null;

/**
 * Where the container that scrolls for a uid (or the page) stands before a wheel turns, with the wheel watched from now
 * on: the rest that follows knows when the wheel arrived and whether the page took it for itself.
 */
export function scrollBefore(uid: string | null): (ScrollState & { since: number }) | null {
  if (!watching) {
    watching = true;
    addEventListener('wheel', (event) => void (lastWheel = { event, at: performance.now() }), {
      capture: true,
      passive: true,
    });
  }
  const target = uid === null ? null : element(uid);
  if (uid !== null && !target) return null;
  const container = target ? scrollerOf(target) : null;
  const since = performance.now();
  turned = { since, container };
  return { ...stateOf(container), since };
}

/**
 * How long a scroll that moved must hold still to be at rest; how long a wheel that arrived, was not taken and has room
 * may take to start moving.
 */
const SCROLL_STILL_MS = 50;
const SCROLL_START_MS = 600;

/**
 * Resolves once what the wheel turned (the container that scrolls for `uid`, or the page) is at
 * rest: it moved from `from` and then held still for SCROLL_STILL_MS or reached its scrollend; or
 * it cannot move: the wheel arrived and the page took it (preventDefault), or there is no room that
 * way, or it arrived and nothing moved within SCROLL_START_MS. `rested` is false when `maxMs` ran
 * out first. Polled here, in the page, so no round trip paces the wait.
 */
export function scrollRest(
  uid: string | null,
  from: { x: number; y: number; since: number },
  towards: { x: number; y: number },
  maxMs: number,
): Promise<(ScrollState & { rested: boolean }) | null> {
  let container: Element | null;
  if (turned?.since === from.since) container = turned.container;
  else {
    const target = uid === null ? null : element(uid);
    if (uid !== null && !target) return Promise.resolve(null);
    container = target ? scrollerOf(target) : null;
  }
  let last = stateOf(container);
  const noRoom =
    (towards.y < 0 && from.y <= 0) ||
    (towards.y > 0 && from.y >= last.maxY - 1) ||
    (towards.x < 0 && from.x <= 0) ||
    (towards.x > 0 && from.x >= last.maxX - 1);
  const source: EventTarget = container ?? window;
  return new Promise((resolve) => {
    const started = performance.now();
    let stillSince = started;
    let ended = false;
    const onEnd = (): void => void (ended = true);
    source.addEventListener('scrollend', onEnd);
    const finish = (state: ScrollState, rested: boolean): void => {
      source.removeEventListener('scrollend', onEnd);
      // Flat: a call's answer keeps two levels of objects (its box is the second).
      resolve({ ...state, rested });
    };
    const poll = (): void => {
      // The container went away mid-scroll: its last position is all there is. (The element may go
      // away and the container stay: an infinite list draws its items anew as it scrolls.)
      if (container && !container.isConnected) return finish(last, false);
      const now = stateOf(container);
      const at = performance.now();
      const moving = now.x !== last.x || now.y !== last.y;
      if (moving) stillSince = at;
      last = now;
      const moved = now.x !== from.x || now.y !== from.y;
      if (!moving && moved && (ended || at - stillSince >= SCROLL_STILL_MS)) return finish(now, true);
      const wheel = lastWheel && lastWheel.at >= from.since ? lastWheel : null;
      if (!moved && wheel && (wheel.event.defaultPrevented || noRoom || at - wheel.at >= SCROLL_START_MS))
        return finish(now, true);
      if (at - started >= maxMs) return finish(now, false);
      setTimeout(poll, 16);
    };
    setTimeout(poll, 16);
  });
}
