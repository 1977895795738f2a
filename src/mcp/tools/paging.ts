import { InvalidArgumentError } from '../../firefox/index.js';

/** What a list holds, as its lines name it: ['console message', 'console messages']. */
export type ListNoun = readonly [one: string, many: string];

/**
 * One page of `items` (pageSize per page, pageIdx from 0), with a line saying what it holds: "No
 * console messages.", "3 console messages.", or where this page stands when there are several.
 */
export function paginate<T>(items: readonly T[], noun: ListNoun, pageSize = 50, pageIdx = 0): { items: T[]; summary: string } {
  const [one, many] = noun;
  const count = `${items.length} ${items.length === 1 ? one : many}`;
  const pages = Math.max(1, Math.ceil(items.length / pageSize));
  if (pageIdx >= pages) {
    throw new InvalidArgumentError(items.length === 0 ? `pageIdx ${pageIdx} is past the end: there are no ${many}.` : `pageIdx ${pageIdx} is past the last page (pageIdx ${pages - 1}) of ${count}.`);
  }
  const start = pageIdx * pageSize;
  const slice = items.slice(start, start + pageSize);
  if (items.length === 0) return { items: slice, summary: `No ${many}.` };
  if (pages === 1) return { items: slice, summary: `${count}.` };
  const where = pageIdx < pages - 1 ? `(pageIdx ${pageIdx}; the last is pageIdx ${pages - 1}); next: pageIdx ${pageIdx + 1}` : `(pageIdx ${pageIdx}, the last page)`;
  return { items: slice, summary: `Showing ${start + 1}-${start + slice.length} of ${count} ${where}.` };
}
