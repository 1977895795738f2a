/** What a drag's answer needs besides the input: where the hand starts moving, and what the page showed. */
import type { ActionTarget } from '../../engine/types.js';
import type { EngineResult } from '../../engine/realm.js';
import type { DragOutcome } from './done.js';

/** How far the hand moves from the source before a page counts it as a drag (Firefox's threshold is a few pixels). */
const START_PX = 16;

/**
 * The first move of a drag, in CSS pixels from the source's centre: toward the target, so a list that sorts by the
 * pointer sees the way.
 */
export function dragStart(from: ActionTarget, to: ActionTarget): [number, number] {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const length = Math.hypot(dx, dy);
  if (length < 1) return [START_PX, 0];
  const share = Math.min(1, START_PX / length);
  return [Math.round(dx * share), Math.round(dy * share)];
}

/**
 * What the page did with a drag that ended: whether it took the drop (for an HTML5 drag, played for it) and whether the
 * dragged element moved. Never a bare success.
 */
export function dragOutcome(dropped: boolean | undefined, place: EngineResult<'endDrag'> | null): DragOutcome {
  return {
    ...(dropped === undefined ? {} : { html5Drop: dropped ? 'taken' : 'refused' }),
    ...(place === null ? {} : { dragged: place }),
  };
}
