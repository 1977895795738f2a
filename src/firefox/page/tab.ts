// One page as a tab among others: what the page list says of it, and bringing it to the front.
// Neither waits on a busy page, nor refuses a crashed or dialog-held one (see the local guard).
import { TimeoutError } from '../errors.js';
import type { PageParts } from './parts.js';
import type { PageInfo } from './types.js';

/** Brings the tab to the front. That waits on the tab losing the front, and a hung one must not hold up the others. */
export async function bringToFront(page: PageParts, responsiveTimeout: number): Promise<void> {
  await page
    .send('browsingContext.activate', { context: page.id }, 'Selecting a page', responsiveTimeout)
    .catch((error: unknown) => {
      if (!(error instanceof TimeoutError)) throw error;
    });
}

/**
 * A page's title, or '' when a dialog or a busy script holds it: read only when nothing holds the
 * script, and for a moment at most, since a page list must not wait on a busy page.
 */
export async function readTitle(page: PageParts, responsiveTimeout: number): Promise<string> {
  if (page.dialog.open || page.guards.unresponsive) return '';
  const title = await page.scripts
    .inSandbox('() => document.title', Math.min(1000, responsiveTimeout))
    .catch((error: unknown) => {
      if (error instanceof TimeoutError) page.guards.markUnresponsive();
      return '';
    });
  return typeof title === 'string' ? title : '';
}

/**
 * What a page list says of one page (its pageId aside, which its user context gives): `indexOf` numbers it, `url` when
 * already known.
 */
export async function describePage(
  page: PageParts,
  how: { indexOf: () => number; selected: boolean; url: string | undefined; responsiveTimeout: number },
): Promise<Omit<PageInfo, 'pageId'>> {
  const url = how.url ?? (await page.readUrl());
  const title = await readTitle(page, how.responsiveTimeout);
  return {
    index: how.indexOf(),
    id: page.id,
    url,
    title,
    selected: how.selected,
    ...(page.guards.unresponsive ? { unresponsive: true as const } : {}),
    ...(page.crash.crashed ? { crashed: true as const } : {}),
  };
}
