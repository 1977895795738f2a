/**
 * While fill types into a field, keys that would land anywhere else are not typed: a page that
 * moves the focus mid-way (a find box handing it to its document after the first key) would
 * otherwise take the rest of the text into another place, which a person who watched the field
 * would not let happen. Node reads back how many keys were stopped and where the focus went.
 */
import { describe } from './covers.js';
import { deepActiveElement } from './dom.js';
import { composedContains } from './modal.js';
import { element } from './registry.js';

const KEY_EVENTS = ['keydown', 'keypress', 'keyup', 'beforeinput'] as const;

let guarded: Element | null = null;
let stray: { keys: number; to: string } | null = null;
let listening = false;

function onKey(event: Event): void {
  if (!guarded || !event.isTrusted) return;
  const active = deepActiveElement();
  if (active && composedContains(guarded, active)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  if (event.type !== 'keydown') return;
  stray ??= { keys: 0, to: active && active !== document.body && active !== document.documentElement ? describe(active) : 'the page' };
  stray.keys += 1;
}

/** Keys typed from now on reach only the element `uid` (and what is inside it); false when it is gone. */
export function guardKeys(uid: string): boolean {
  const el = element(uid);
  if (!el) return false;
  if (!listening) {
    for (const type of KEY_EVENTS) addEventListener(type, onKey, true);
    listening = true;
  }
  guarded = el;
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
