import type { PageUids } from '../uids.js';
import type { ActionResult, Settler } from './settle.js';
import { describeElement, undrawn } from './refusals.js';
import type { NamedElement } from './done.js';

/**
 * A click on a part a canvas draws (a canvas grid's accessible cell: see the engine's
 * canvas-parts.ts). Nothing says where the canvas draws it, so no pointer can be aimed at it; it
 * gets the focus a keyboard or a screen reader gives it, the way such widgets are built to be
 * reached, and the answer waits until the page settles so that what the widget did shows.
 */
export async function focusDrawnPart(
  access: { settler: Settler; uids: PageUids },
  target: NamedElement,
  frame: string,
  drawnBy: string,
): Promise<ActionResult> {
  const action = { kind: 'focus', target } as const;
  const watch = access.settler.begin();
  const problem = await access.settler.step(
    action,
    access.uids.callOnUid(target.uid, 'focusDrawnPart', [], 'Focusing the part'),
    watch,
  );
  if (problem !== '') {
    watch.stop();
    throw undrawn(
      `Cannot click ${describeElement(target)}`,
      drawnBy,
      `It took no focus either (${problem ?? 'the page is gone'}): click the canvas, then move to it with the keys.`,
    );
  }
  const result = await access.settler.settle(action, watch, { frame });
  return { ...result, done: { ...action, drawnBy } };
}
