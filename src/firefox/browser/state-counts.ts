import type { UserContext } from '../user-context/user-context.js';

/**
 * How many entries the per-page and per-user-context state holds, summed over the open pages of
 * `userContexts`, with the browser's own counts (`own`): for checking that pages and user contexts
 * which closed leave nothing behind.
 */
export function stateCounts(userContexts: readonly UserContext[], own: Record<string, number>): Record<string, number> {
  const pages = userContexts.flatMap((userContext) => [...userContext.pages]);
  const counts: Record<string, number> = {
    userContexts: userContexts.length,
    pages: pages.length,
    ...own,
    downloads: userContexts.reduce((sum, userContext) => sum + userContext.downloads.size, 0),
  };
  for (const page of pages)
    for (const [key, value] of Object.entries(page.counts())) counts[key] = (counts[key] ?? 0) + value;
  counts.crashed = pages.filter((page) => page.crashed).length;
  counts.unresponsive = pages.filter((page) => page.unresponsive).length;
  return counts;
}
