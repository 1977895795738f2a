/**
 * Parts of a canvas widget: the fallback content inside a <canvas> (a grid's accessible table that
 * screen readers read) is laid out but never painted. The canvas draws those parts where it
 * chooses, which nothing in the DOM says, so they are placed at the canvas as a whole, and a click
 * on one is the focus a keyboard or a screen reader gives it, not a pointer sent to a box nobody sees.
 */
import type { RawNode } from '../types.js';
import { describeFocus } from './covers.js';
import { deepActiveElement } from './dom.js';
import { element } from './registry.js';

/** The canvas that draws `el` in place of its fallback content, if `el` is part of one. */
export function drawingCanvas(el: Element): HTMLCanvasElement | null {
  return el.parentElement?.closest('canvas') ?? null;
}

/** Gives the parts the canvas draws the canvas's box: they show somewhere in it, nowhere else. */
export function placeInCanvas(nodes: RawNode[], box: RawNode['box']): void {
  for (const node of nodes) {
    node.box = [...box];
    if (node.children) placeInCanvas(node.children, box);
  }
}

/** Focuses a part a canvas draws, as a keyboard does; '' when it has the focus, else what has it. */
export function focusDrawnPart(uid: string): string {
  const el = element(uid);
  if (!(el instanceof HTMLElement) || !drawingCanvas(el)) return 'the element is gone';
  el.focus();
  const active = deepActiveElement();
  return active === el ? '' : `${describeFocus(active)} has the focus instead`;
}
