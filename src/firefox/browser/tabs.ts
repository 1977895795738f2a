import type { BrowsingContext } from 'webdriver-bidi-protocol';
import type { Send } from '../errors.js';

/**
 * Opens a tab in user context `userContext`, in a window of its own (in the background unless `front`), and says what
 * the browser learns of it: a blank top-level browsing context. A window of its own, so that the page is visible
 * whichever page is in front (window-focus.ts).
 */
export async function openTab(send: Send, userContext: string, front: boolean): Promise<BrowsingContext.Info> {
  const { context: browsingContext } = await send(
    'browsingContext.create',
    { type: 'window', background: !front, ...(userContext === 'default' ? {} : { userContext }) },
    'Opening a page',
  );
  return {
    context: browsingContext,
    parent: null,
    url: 'about:blank',
    children: null,
    userContext,
    originalOpener: null,
    clientWindow: '',
  };
}

/** The tabs (top-level browsing contexts) Firefox has now, each with its URL. */
export async function listTabs(send: Send): Promise<Map<string, string>> {
  const { contexts: browsingContexts } = await send('browsingContext.getTree', { maxDepth: 0 }, 'Listing pages');
  return new Map(browsingContexts.map((info) => [info.context, info.url]));
}
