import { InvalidArgumentError } from '../../firefox/index.js';

/** One page of `items` (pageSize per page, pageIdx from 0), with a line saying where it stands. */
export function paginate<T>(items: readonly T[], pageSize = 50, pageIdx = 0): { items: T[]; summary: string } {
  const pages = Math.max(1, Math.ceil(items.length / pageSize));
  if (pageIdx >= pages) throw new InvalidArgumentError(`pageIdx ${pageIdx} is past the last page of results (${pages - 1}); there are ${items.length} entries.`);
  const start = pageIdx * pageSize;
  const slice = items.slice(start, start + pageSize);
  const summary =
    items.length === 0
      ? 'None.'
      : `Showing ${start + 1}-${start + slice.length} of ${items.length} (page ${pageIdx} of ${pages - 1})${pageIdx < pages - 1 ? `; next: pageIdx ${pageIdx + 1}` : ''}.`;
  return { items: slice, summary };
}
