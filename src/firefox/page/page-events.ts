import type { BrowsingContext, Log, Network } from 'webdriver-bidi-protocol';
import type { Interception } from './network.js';
import type { PageParts } from './parts.js';

/**
 * What the browser tells a page: the BiDi events of its browsing context and its frames. Only
 * the browser that opened the page holds these (Page.open), so no caller can feed a page events.
 */
export interface PageEvents {
  log(entry: Log.Entry, browsingContext: string): void;
  request(event: Network.BeforeRequestSentParameters, browsingContext: string, interception?: Interception): void;
  response(event: Network.ResponseCompletedParameters): void;
  fetchError(event: Network.FetchErrorParameters): void;
  navigationStarted(event: BrowsingContext.NavigationInfo): void;
  navigationCommitted(event: BrowsingContext.NavigationInfo): void;
  navigationFailed(event: BrowsingContext.NavigationInfo): void;
  sameDocument(event: BrowsingContext.NavigationInfo | BrowsingContext.HistoryUpdatedParameters): void;
  load(event: BrowsingContext.NavigationInfo): void;
  downloadWillBegin(event: BrowsingContext.DownloadWillBeginParams): void;
  promptOpened(event: BrowsingContext.UserPromptOpenedParameters): void;
  promptClosed(): void;
  /** A frame of the page appeared in the tree. */
  frameAttached(info: BrowsingContext.Info): void;
  /** A frame went away: it and the frames inside it; returns their browsing contexts. */
  frameDetached(browsingContext: string): string[];
}

/** The events of one page, each to the parts it concerns; a frame's navigations are its own, not the page's. */
export function pageEvents(page: PageParts): PageEvents {
  const { id, frames, console: consoleLog, network, navigations, dialog, snapshots, crash, guards } = page;
  return {
    log: (entry, browsingContext) => consoleLog.add(entry, frames.frameUrl(browsingContext)),
    request: (event, browsingContext, interception) =>
      network.onBeforeRequestSent(event, frames.frameUrl(browsingContext), interception),
    response: (event) => {
      network.onResponseCompleted(event);
      if (event.context === id) navigations.onResponseCompleted(event);
    },
    fetchError: (event) => {
      network.onFetchError(event);
      if (event.context === id) navigations.onFetchError(event);
    },
    navigationStarted: (event) => {
      if (event.context !== id) return;
      guards.onNavigationStarted();
      navigations.onStarted(event);
    },
    navigationCommitted: (event) => {
      frames.onNavigated(event.context, event.url);
      if (event.context !== id) return;
      crash.onCommitted(event.url, navigations.url);
      snapshots.drop('navigated');
      navigations.onCommitted(event);
    },
    navigationFailed: (event) => event.context === id && navigations.onFailed(event),
    sameDocument: (event) => event.context === id && navigations.onSameDocument(event),
    load: (event) => {
      frames.onNavigated(event.context, event.url);
      if (event.context === id) navigations.onLoad(event);
    },
    downloadWillBegin: (event) => event.context === id && navigations.onDownloadWillBegin(event),
    promptOpened: (event) => dialog.onOpened(event),
    promptClosed: () => dialog.onClosed(),
    frameAttached: (info) => frames.add(info),
    frameDetached: (frame) => {
      const gone = frames.remove(frame);
      // The snapshots' frame chains and engine realms of those documents go with them.
      snapshots.forgetFrames(gone);
      return gone;
    },
  };
}
