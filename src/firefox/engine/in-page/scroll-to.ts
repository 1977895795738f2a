/**
 * One move to a container's start, its end, or its item N, as a person drags a scroll bar: a
 * virtual list draws only the items near where it stands, so item N is found by where the items
 * it draws say they are (their aria-rowindex or aria-posinset) and how far apart they are drawn.
 */
import { element } from './registry.js';
import { scrollerOf, showsIn } from './scrolling.js';
import { dataRowPlace, isHeaderRow } from './states.js';

export type ScrollTarget = 'start' | 'end' | number;

/** The items a container holds with their place among items: data rows (header rows left out) or set members. */
function indexedItems(container: Element): { index: number; el: Element }[] {
  const rows = Array.from(container.querySelectorAll('[aria-rowindex]')).filter((el) => el.matches('tr, [role="row"]'));
  if (rows.length) {
    const headers = rows.filter(isHeaderRow);
    return rows.filter((row) => !headers.includes(row)).map((el) => ({ index: dataRowPlace(el, headers), el }));
  }
  return Array.from(container.querySelectorAll('[aria-posinset]'), (el) => ({
    index: Number(el.getAttribute('aria-posinset')),
    el,
  }));
}

const frame = (): Promise<void> => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 30)));

/**
 * Moves the container that scrolls for `uid` (the page for null) to `target` (item N counts from 1) and waits for it
 * to draw there. Null when the uid is gone; `found: false` when item N is not drawn after the
 * moves (the widget gives no index, or has fewer items).
 */
export async function scrollTo(
  uid: string | null,
  target: ScrollTarget,
): Promise<{ found: boolean; indexed: boolean } | null> {
  const el = uid === null ? null : element(uid);
  if (uid !== null && !el) return null;
  const container = el ? scrollerOf(el) : null;
  const scroller = container ?? document.scrollingElement ?? document.documentElement;
  if (target === 'start' || target === 'end') {
    // An infinite list grows as its end comes near: follow it a few times, until it stops growing.
    for (let moves = 0; moves < (target === 'end' ? 5 : 1); moves++) {
      const height = scroller.scrollHeight;
      scroller.scrollTop = target === 'start' ? 0 : scroller.scrollHeight;
      await frame();
      if (scroller.scrollHeight === height) break;
    }
    return { found: true, indexed: true };
  }
  for (let moves = 0; moves < 8; moves++) {
    const items = indexedItems(container ?? document.body).filter(
      (item) => Number.isInteger(item.index) && item.index > 0,
    );
    const wanted = items.find((item) => item.index === target);
    if (wanted) {
      if (!showsIn(wanted.el, container)) wanted.el.scrollIntoView({ block: 'center', behavior: 'instant' });
      await frame();
      return { found: true, indexed: true };
    }
    const [first, last] = [items[0], items[items.length - 1]];
    if (!first || !last || first.index === last.index) return { found: false, indexed: items.length > 0 };
    const perItem =
      (last.el.getBoundingClientRect().top - first.el.getBoundingClientRect().top) / (last.index - first.index);
    const before = scroller.scrollTop;
    scroller.scrollTop =
      before +
      first.el.getBoundingClientRect().top -
      scroller.getBoundingClientRect().top +
      (target - first.index) * perItem -
      scroller.clientHeight / 2;
    await frame();
    if (scroller.scrollTop === before) return { found: false, indexed: true };
  }
  return { found: false, indexed: true };
}
