/**
 * Where each BiDi event goes: to the page that owns its browsing context (an iframe's to its page), to the user context
 * a request or a download belongs to, or back to the browser for browsing contexts that come and go.
 */
import type { BrowsingContext } from 'webdriver-bidi-protocol';
import type { BidiConnection } from '../../bidi/index.js';
import type { PageEvents } from '../page/page.js';
import type { UserContext } from '../user-context/user-context.js';
import type { RequestInterceptor } from './request-interceptor.js';

const EVENTS: [string, ...string[]] = [
  'browsingContext.contextCreated',
  'browsingContext.contextDestroyed',
  'browsingContext.userPromptOpened',
  'browsingContext.userPromptClosed',
  'log.entryAdded',
  'network.beforeRequestSent',
  'network.responseCompleted',
  'network.fetchError',
  'browsingContext.navigationStarted',
  'browsingContext.load',
  'browsingContext.fragmentNavigated',
  'browsingContext.historyUpdated',
];
/** Events some browsers lack; each subscribed on its own so the absence of one breaks nothing. */
const OPTIONAL_EVENTS = [
  'browsingContext.downloadWillBegin',
  'browsingContext.downloadEnd',
  'browsingContext.navigationCommitted',
  'browsingContext.navigationFailed',
];

/**
 * What the routing needs of the browser: who owns each browsing context, who learns of browsing contexts coming and
 * going.
 */
export interface EventRoutes {
  /** The events of the page that owns a browsing context (its own, or one of its frames). */
  events(browsingContext: string): PageEvents | undefined;
  /** The live user context of the page that owns a browsing context. */
  userContextOf(browsingContext: string): UserContext | undefined;
  /** The live user contexts. */
  userContexts(): Iterable<UserContext>;
  /** A browsing context was created: a page or a frame the browser did not know. */
  adopt(info: BrowsingContext.Info): void;
  /** A browsing context was destroyed. */
  forget(browsingContext: string, url: string): void;
  /** Applies the request rules (and the URL policy) to each request. */
  interceptor: RequestInterceptor;
  /** Where downloads go (ClientOptions.downloadDir). */
  downloadDir: string | false | undefined;
}

/** Routes every event the browser subscribes to, then subscribes: each optional event on its own. */
export async function routeEvents(bidi: BidiConnection, routes: EventRoutes): Promise<void> {
  const events = (browsingContext: string | null | undefined): PageEvents | undefined =>
    browsingContext == null ? undefined : routes.events(browsingContext);
  bidi.on('browsingContext.contextCreated', (info) => routes.adopt(info));
  bidi.on('browsingContext.contextDestroyed', (info) => routes.forget(info.context, info.url));
  bidi.on('browsingContext.userPromptOpened', (event) => events(event.context)?.promptOpened(event));
  bidi.on('browsingContext.userPromptClosed', (event) => events(event.context)?.promptClosed());
  bidi.on(
    'log.entryAdded',
    (entry) => entry.source.context && events(entry.source.context)?.log(entry, entry.source.context),
  );
  bidi.on('network.beforeRequestSent', (event) => {
    const interception = routes.interceptor.intercept(
      event,
      event.context ? routes.userContextOf(event.context)?.rules : undefined,
    );
    if (event.context) events(event.context)?.request(event, event.context, interception);
  });
  bidi.on('network.responseCompleted', (event) => events(event.context)?.response(event));
  bidi.on('network.fetchError', (event) => events(event.context)?.fetchError(event));
  bidi.on('browsingContext.navigationStarted', (event) => events(event.context)?.navigationStarted(event));
  bidi.on('browsingContext.navigationCommitted', (event) => events(event.context)?.navigationCommitted(event));
  bidi.on('browsingContext.navigationFailed', (event) => events(event.context)?.navigationFailed(event));
  bidi.on('browsingContext.load', (event) => events(event.context)?.load(event));
  bidi.on('browsingContext.fragmentNavigated', (event) => events(event.context)?.sameDocument(event));
  bidi.on('browsingContext.historyUpdated', (event) => events(event.context)?.sameDocument(event));
  bidi.on('browsingContext.downloadWillBegin', (event) => {
    routes.userContextOf(event.context)?.downloads.onWillBegin(event, routes.downloadDir || undefined);
    events(event.context)?.downloadWillBegin(event);
  });
  bidi.on('browsingContext.downloadEnd', ({ navigation, ...event }) => {
    // A download ends after its page closed as often as not: it belongs where it began.
    const started = navigation
      ? [...routes.userContexts()].find((userContext) => userContext.downloads.has(navigation))
      : undefined;
    (started ?? routes.userContextOf(event.context))?.downloads.onEnd({ navigation, ...event });
  });
  await bidi.send('session.subscribe', { events: EVENTS });
  await Promise.all(
    OPTIONAL_EVENTS.map((event) => bidi.send('session.subscribe', { events: [event] }).catch(() => undefined)),
  );
}
