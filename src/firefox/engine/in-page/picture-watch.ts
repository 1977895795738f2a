/**
 * What a page draws while its picture is taken. A page can swap a secret in for one frame (from
 * requestAnimationFrame or a timer) between the readings before and after the capture, and both
 * readings miss it. Every change of the DOM reaches a MutationObserver's callback at the end of
 * the microtask that made it, before any frame is drawn, so each state the capture can show is
 * read here, laid out as it will be drawn, and its secrets are covered too. The observer lives in
 * this sandbox: the page cannot see it. What changes without a DOM mutation (a CSS animation, a
 * rule edited through the CSSOM) is not seen here.
 */
import { INLINE_TAGS } from './dom.js';
import { asBox } from './secret-text.js';
import type { ViewportBox } from '../types.js';

type Box = ViewportBox;
type Scope = Document | ShadowRoot | Element;

const OPTIONS: MutationObserverInit = { subtree: true, childList: true, characterData: true, attributes: true };
/** A watch not ended by its second reading (the capture failed) stops by itself. */
const MAX_WATCH_MS = 10_000;

/** The running watch, with what it found in page (document) coordinates: the page may scroll meanwhile. */
let watching: { observer: MutationObserver; boxes: Box[] } | null = null;

/**
 * The whole line of text a changed node is part of (a secret may be split between what changed and what did not), or
 * its tree when that line has no block of its own.
 */
function scopeOf(node: Node): Scope {
  let el = node.nodeType === 1 ? (node as Element) : node.parentElement;
  while (el && INLINE_TAGS.has(el.localName)) el = el.parentElement;
  return el ?? (node.getRootNode() as Document | ShadowRoot);
}

/**
 * Starts reading each change of `roots` with `read`, which gives the boxes (viewport pixels) that show a secret under
 * the scopes it is given.
 */
export function watchChanges(roots: readonly (Document | ShadowRoot)[], read: (scopes: Scope[]) => Box[]): void {
  endWatch();
  const started = Date.now();
  const boxes: Box[] = [];
  const observer = new MutationObserver((records) => {
    if (Date.now() - started > MAX_WATCH_MS) {
      endWatch();
      return;
    }
    const scopes = new Set(records.map((record) => scopeOf(record.target)));
    // A scope inside another is read with it.
    const outer = [...scopes].filter((scope) => ![...scopes].some((other) => other !== scope && other.contains(scope)));
    let found: Box[];
    try {
      found = read(outer);
    } catch {
      // What could not be read is covered whole.
      found = outer.flatMap((scope): Box[] => (scope instanceof Element ? [asBox(scope.getBoundingClientRect())] : []));
    }
    for (const box of found) boxes.push([box[0] + scrollX, box[1] + scrollY, box[2], box[3]]);
  });
  for (const root of roots) observer.observe(root, OPTIONS);
  watching = { observer, boxes };
}

/** Ends the watch; what it found, in viewport pixels now. */
export function endWatch(): Box[] {
  if (!watching) return [];
  const { observer, boxes } = watching;
  watching = null;
  // What is still queued is the state the second reading reads itself.
  observer.takeRecords();
  observer.disconnect();
  return boxes.map((box) => [box[0] - scrollX, box[1] - scrollY, box[2], box[3]]);
}
