import type { BidiConnection } from '../bidi/index.js';
import type { UrlPolicy } from './url-policy.js';

/**
 * Holds every request the pages make against the policy's origin lists, so a link, a redirect or
 * a fetch cannot reach a site the tools may not load. Costs a round trip per request, so it is
 * set up only when lists are in force.
 */
export async function guardRequests(bidi: BidiConnection, policy: UrlPolicy): Promise<void> {
  if (!policy.filtersOrigins) return;
  const { intercept } = await bidi.send('network.addIntercept', { phases: ['beforeRequestSent'] });
  bidi.on('network.beforeRequestSent', (event) => {
    if (!event.isBlocked || !event.intercepts?.includes(intercept)) return;
    const { request, url } = event.request;
    const answer = policy.requestRefusal(url) === undefined ? bidi.send('network.continueRequest', { request }) : bidi.send('network.failRequest', { request });
    // The request may be gone already (its page closed): nothing is left to answer.
    answer.catch(() => undefined);
  });
}
