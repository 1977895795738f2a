/**
 * While fill types into a field, keys that would land anywhere else are not typed: a page that
 * moves the focus mid-way (a find box handing it to its document after the first key) would
 * otherwise take the rest of the text into another place, which a person who watched the field
 * would not let happen. Node reads back how many keys were stopped and where the focus went.
 * Typing text (typeText) follows its keys the same way without stopping them, and says where they went.
 */
import { describeFocus } from './covers.js';
import { deepActiveElement } from './dom.js';
import { composedContains } from './modal.js';
import { element } from './registry.js';

const KEY_EVENTS = ['keydown', 'keypress', 'keyup', 'beforeinput'] as const;

let guarded: Element | null = null;
/**
 * Whether keys that stray are stopped (fill), or only counted (typeText: a page may move the focus on purpose, as a
 * code field does from box to box).
 */
let stopping = true;
let stray: { keys: number; to: string } | null = null;
let listening = false;

function onKey(event: Event): void {
  if (!guarded || !event.isTrusted) return;
  const active = deepActiveElement();
  if (active && (composedContains(guarded, active) || hostAround(active, guarded))) return;
  if (stopping) {
    event.preventDefault();
    event.stopImmediatePropagation();
  }
  if (event.type !== 'keydown') return;
  // Where the focus is at the last stray key: where it ended up.
  stray = { keys: (stray?.keys ?? 0) + 1, to: describeFocus(active) };
}

/**
 * Focus inside a closed shadow root shows as its host: a host whose shadow tree holds the field counts as the field.
 */
function hostAround(active: Element, field: Element): boolean {
  return (
    active !== document.body &&
    active !== document.documentElement &&
    !active.contains(field) &&
    composedContains(active, field)
  );
}

/**
 * Keys typed from now on reach only the element `uid` (and what is inside it), or with `uid` null
 * the element that has the focus now; `stop` false only counts the keys that go elsewhere. False
 * when there is no such element.
 */
export function guardKeys(uid: string | null, stop = true): boolean {
  const el = uid === null ? deepActiveElement() : element(uid);
  if (!el || el === document.body || el === document.documentElement) return false;
  if (!listening) {
    for (const type of KEY_EVENTS) addEventListener(type, onKey, true);
    listening = true;
  }
  guarded = el;
  stopping = stop;
  stray = null;
  return true;
}

/** Ends the guard: how many keys it stopped, and where the focus had gone; null when none strayed. */
export function releaseKeys(): { keys: number; to: string } | null {
  const stopped = stray;
  guarded = null;
  stray = null;
  return stopped;
}
