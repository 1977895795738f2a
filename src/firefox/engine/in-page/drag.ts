/**
 * Drags as a person's hand makes them, for the page. A drag the page makes native (a `dragstart`
 * on a draggable element, set ahead or as the button goes down) is one Firefox starts from
 * automation but never drops (w3c/webdriver-bidi#487): its session is stopped at the dragstart
 * and the rest is played for the page with one DataTransfer. Whichever way a drag goes, where the
 * dragged element is before and after is its witness.
 */
import { deepElementFromPoint } from './dom.js';
import { element } from './registry.js';

interface NativeDrag {
  source: Element;
  data: DataTransfer;
}

/** Between watchDrag and its end: a trusted dragstart is ours to finish. */
let watching = false;
let started: NativeDrag | null = null;
let listening = false;
/** What the dragged element was beside before the drag, to tell whether it moved. */
let before: { el: Element; parent: Node | null; next: Element | null; top: number; left: number } | null = null;

/** What the page set on a drag's DataTransfer, in one of our own that stays readable after the dragstart. */
function copyOf(from: DataTransfer): DataTransfer {
  const data = new DataTransfer();
  for (const type of from.types) if (type !== 'Files') data.setData(type, from.getData(type));
  data.effectAllowed = from.effectAllowed;
  return data;
}

/**
 * Before the page's handlers: a drag from an element the page made draggable is the page's HTML5
 * drag, stopped here (a handler may stop the event before it comes back up); its data is copied
 * on the way back up when it gets there, else the page's own DataTransfer is passed on.
 */
function onDragStartCapture(event: DragEvent): void {
  if (!watching || !event.isTrusted || !event.dataTransfer) return;
  const source = event
    .composedPath()
    .find((node): node is Element => node instanceof Element && node.getAttribute('draggable') === 'true');
  if (!source) return;
  event.preventDefault();
  started = { source, data: event.dataTransfer };
}

/** After the page's handlers: the data it set; or a native drag of a link or an image that the page let start. */
function onDragStart(event: DragEvent): void {
  if (!watching || !event.isTrusted || !event.dataTransfer) return;
  if (started) {
    started.data = copyOf(event.dataTransfer);
    return;
  }
  if (event.defaultPrevented) return;
  event.preventDefault();
  started = { source: event.composedPath()[0] as Element, data: copyOf(event.dataTransfer) };
}

/** The clicks a release makes, which a native drag never lets through to the page. */
const RELEASE_EVENTS = ['pointerup', 'mouseup', 'click'];
function swallow(event: Event): void {
  event.stopImmediatePropagation();
  event.preventDefault();
}

/** Begins watching a drag from `uid`: the native drag it may start, and where the element is. */
export function watchDrag(uid: string): boolean {
  const el = element(uid);
  if (!el) return false;
  if (!listening) {
    listening = true;
    addEventListener('dragstart', onDragStartCapture, true);
    addEventListener('dragstart', onDragStart);
  }
  watching = true;
  started = null;
  const rect = el.getBoundingClientRect();
  before = {
    el,
    parent: el.parentNode,
    next: el.nextElementSibling,
    top: rect.top + scrollY,
    left: rect.left + scrollX,
  };
  return true;
}

/** Whether the press began a native drag (which this module then holds). */
export function nativeDragStarted(): boolean {
  watching = false;
  return started !== null;
}

/** How often a person's drag over the page fires dragover (the HTML drag loop's pace), and how many make the way. */
const DRAG_STEP_MS = 50;
const DRAG_STEPS = 8;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Plays the rest of a native drag from (x, y) to the centre of `toUid`: drag on the source and
 * dragenter / dragover / dragleave on what lies under the way, paced as a hand's, then drop where
 * the last dragover was accepted (cancelled), and dragend on the source. The release that follows
 * is kept from the page until endDrag, as a real drop keeps it. Null when nothing was started.
 */
export async function playDrop(toUid: string, x: number, y: number): Promise<{ dropped: boolean } | null> {
  const drag = started;
  const target = element(toUid);
  started = null;
  if (!drag || !target) return null;
  const box = target.getBoundingClientRect();
  const end = { x: box.left + box.width / 2, y: box.top + box.height / 2 };
  const fire = (el: Element, type: string, at: { x: number; y: number }): boolean =>
    el.dispatchEvent(
      new DragEvent(type, {
        bubbles: true,
        cancelable: true,
        composed: true,
        dataTransfer: drag.data,
        clientX: at.x,
        clientY: at.y,
      }),
    );
  let over: Element | null = null;
  let accepted = false;
  let at = { x, y };
  for (let step = 1; step <= DRAG_STEPS + 2; step++) {
    // The last steps rest on the target, as a hand does before letting go.
    const share = Math.min(step / DRAG_STEPS, 1);
    at = { x: x + (end.x - x) * share, y: y + (end.y - y) * share };
    if (drag.source.isConnected) fire(drag.source, 'drag', at);
    const hit = deepElementFromPoint(at.x, at.y) ?? document.documentElement;
    if (hit !== over) {
      if (over) fire(over, 'dragleave', at);
      fire(hit, 'dragenter', at);
      over = hit;
    }
    accepted = !fire(hit, 'dragover', at);
    await sleep(DRAG_STEP_MS);
  }
  for (const type of RELEASE_EVENTS) addEventListener(type, swallow, true);
  if (over && accepted) fire(over, 'drop', at);
  else if (over) fire(over, 'dragleave', at);
  drag.data.dropEffect = accepted ? drag.data.dropEffect : 'none';
  fire(drag.source.isConnected ? drag.source : document.documentElement, 'dragend', at);
  return { dropped: accepted };
}

/**
 * Ends a drag: the release reaches the page again; says whether the dragged element moved, stayed, or was drawn anew.
 */
export function endDrag(): 'moved' | 'stayed' | 'redrawn' | null {
  for (const type of RELEASE_EVENTS) removeEventListener(type, swallow, true);
  watching = false;
  started = null;
  const was = before;
  before = null;
  if (!was) return null;
  if (!was.el.isConnected) return 'redrawn';
  const rect = was.el.getBoundingClientRect();
  const shifted = Math.abs(rect.top + scrollY - was.top) > 2 || Math.abs(rect.left + scrollX - was.left) > 2;
  return was.el.parentNode !== was.parent || was.el.nextElementSibling !== was.next || shifted ? 'moved' : 'stayed';
}
