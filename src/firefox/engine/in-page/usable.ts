/**
 * What a person can use: the one rule the snapshot and the agent's Markdown view share, so an
 * element has a uid in both or in neither. It is what has a widget role or can take the focus
 * from the keyboard, and also what only looks clickable, since ARIA does not say it: a named
 * element that script may focus (tabindex=-1 with a label or title, a date picker's day), or one
 * where the pointer turns into a hand (a calendar's arrows, an AM/PM toggle).
 */
import type { Nameable } from './names.js';
import { INTERACTIVE_ROLES, isEditable } from './roles.js';

/** Roles an element keeps when it only looks clickable (the rest say what they are). */
const PLAIN_ROLES = new Set(['generic', 'image', 'listitem', 'cell', 'gridcell', 'paragraph']);

/** Something else that a person uses is inside: then this is the container, not the control. */
const CONTROL_INSIDE = 'a[href], button, input, select, textarea, [tabindex], [role], [contenteditable], [onclick]';

/** A box larger than this share of the viewport is a backdrop or a card, not a thing to click. */
const MAX_AREA_SHARE = 0.25;

/**
 * Whether a person can use the element. `inControl`: it is part of a control's content, where only
 * real controls count; `looks`: false leaves out what only looks clickable.
 */
export function usable(target: Nameable, inControl = false, looks = true): boolean {
  const { el, tag, role, has } = target;
  if (INTERACTIVE_ROLES.has(role) || isEditable(el, has) || has('onclick')) return true;
  // A plain box the page made draggable (a card, a tree's row; a group by its minimum role) is something a person
  // moves.
  if (role === 'group' && el.getAttribute('draggable') === 'true') return true;
  if ((tag === 'video' || tag === 'audio') && has('controls')) return true;
  if (inControl || !looks) return has('tabindex') && Number(el.getAttribute('tabindex')) >= 0;
  if (has('tabindex')) {
    const index = Number(el.getAttribute('tabindex'));
    if (index >= 0) return true;
    // A grid's cells take the focus in turn (a roving tabindex): each is one a person selects.
    if (role === 'gridcell') return true;
    if (PLAIN_ROLES.has(role) && (has('aria-label') || has('title')) && looksSmall(el)) return true;
  }
  return PLAIN_ROLES.has(role) && pointerStartsHere(el);
}

/**
 * The pointer becomes a hand over this element and not already over its parent (a hand inherited from a clickable
 * ancestor is that ancestor's).
 */
function pointerStartsHere(el: Element): boolean {
  if (getComputedStyle(el).cursor !== 'pointer') return false;
  const parent = el.parentElement;
  if (parent && getComputedStyle(parent).cursor === 'pointer') return false;
  return looksSmall(el) && el.querySelector(CONTROL_INSIDE) === null;
}

function looksSmall(el: Element): boolean {
  const rect = el.getBoundingClientRect();
  return rect.width * rect.height <= innerWidth * innerHeight * MAX_AREA_SHARE;
}
