/** What a person's click at a point of the viewport lands on, as the uid registry names it. */
import { deepElementFromPoint, flatParentElement } from './dom.js';
import { uidOf } from './registry.js';

/** Enough ancestors to pass the wrappers a page puts around what it lists. */
const MAX_UIDS = 40;

/**
 * The uids of the element at viewport point (x, y) and of the elements it renders inside, innermost first; 'frame' when
 * the point is over a frame (its document is another's to read).
 */
export function uidsAt(x: number, y: number): string[] | 'frame' {
  const hit = deepElementFromPoint(x, y);
  if (hit?.localName === 'iframe' || hit?.localName === 'frame') return 'frame';
  const uids: string[] = [];
  for (let el = hit; el && uids.length < MAX_UIDS; el = flatParentElement(el)) {
    const uid = uidOf(el);
    if (uid !== undefined) uids.push(uid);
  }
  return uids;
}
