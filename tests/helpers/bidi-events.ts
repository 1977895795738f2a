import type { BrowsingContext, Log, Network, Script } from 'webdriver-bidi-protocol';

/**
 * Builders of WebDriver BiDi event parameters as Firefox sends them, for unit tests that feed
 * events to the client's per-page classes directly or through FakeBidi.emit.
 */

/** The top-level context most tests use. */
export const PAGE = 'b3f1c9a0-0000-4000-8000-000000000001';
export const OTHER_PAGE = 'b3f1c9a0-0000-4000-8000-000000000002';
/** A fixed "now" for timestamps. */
export const T0 = 1_717_000_000_000;

// ------------------------------------------------------------------------ contexts and navigation

/** A browsing context's info: a top-level one unless `extra.parent` names its parent. */
export function contextInfo(context: string, extra: Partial<BrowsingContext.Info> = {}): BrowsingContext.Info {
  return {
    context,
    url: `http://h/${context}`,
    children: null,
    parent: null,
    userContext: 'default',
    originalOpener: null,
    clientWindow: 'window-1',
    ...extra,
  };
}

export function navigationInfo(
  context: string,
  navigation: string | null,
  url: string,
  timestamp = T0,
): BrowsingContext.NavigationInfo {
  return { context, navigation, url, timestamp };
}

export function promptOpened(
  context: string,
  type: BrowsingContext.UserPromptType,
  message: string,
  defaultValue?: string,
): BrowsingContext.UserPromptOpenedParameters {
  return {
    context,
    type,
    message,
    handler: 'ignore',
    userContext: 'default',
    ...(defaultValue === undefined ? {} : { defaultValue }),
  };
}

export function promptClosed(
  context: string,
  type: BrowsingContext.UserPromptType,
  accepted = true,
): BrowsingContext.UserPromptClosedParameters {
  return { context, type, accepted };
}

// ------------------------------------------------------------------------------------------ log

export const str = (value: string): Script.RemoteValue => ({ type: 'string', value });

export function consoleEntry(
  method: string,
  level: Log.Level,
  args: Script.RemoteValue[],
  extra: Partial<Log.ConsoleLogEntry> = {},
): Log.ConsoleLogEntry {
  return {
    type: 'console',
    method,
    level,
    args,
    text: args.map((arg) => (arg.type === 'string' || arg.type === 'number' ? String(arg.value) : arg.type)).join(' '),
    timestamp: T0,
    source: { realm: 'realm-1', context: PAGE },
    stackTrace: {
      callFrames: [{ url: 'http://127.0.0.1:8080/app.js', functionName: 'main', lineNumber: 9, columnNumber: 4 }],
    },
    ...extra,
  };
}

export function exceptionEntry(text: string, context = PAGE): Log.JavascriptLogEntry {
  return {
    type: 'javascript',
    level: 'error',
    text,
    timestamp: T0 + 5,
    source: { realm: 'realm-1', context },
    stackTrace: {
      callFrames: [{ url: 'http://127.0.0.1:8080/boom.js', functionName: 'explode', lineNumber: 0, columnNumber: 0 }],
    },
  };
}

/** A console.log(text) of `context`. */
export function logIn(context: string, text: string): Log.ConsoleLogEntry {
  return consoleEntry('log', 'info', [str(text)], { source: { realm: `realm-${context}`, context } });
}

// -------------------------------------------------------------------------------------- network

export const TIMINGS: Network.FetchTimingInfo = {
  timeOrigin: 0,
  requestTime: 0,
  redirectStart: 0,
  redirectEnd: 0,
  fetchStart: 0,
  dnsStart: 0,
  dnsEnd: 0,
  connectStart: 0,
  connectEnd: 0,
  tlsStart: 0,
  requestStart: 0,
  responseStart: 0,
  responseEnd: 0,
};

/** Marks as Firefox reports them once a response is complete (ms relative to timeOrigin). */
export const DONE_TIMINGS: Network.FetchTimingInfo = {
  ...TIMINGS,
  timeOrigin: 1,
  fetchStart: 2,
  requestStart: 10.5,
  responseStart: 25.25,
  responseEnd: 42,
};

export const header = (name: string, value: string): Network.Header => ({ name, value: { type: 'string', value } });

export interface RequestSpec {
  id: string;
  url: string;
  method?: string;
  redirectCount?: number;
  /** Default PAGE; null for a request of no browsing context (a service worker). */
  context?: string | null;
  navigation?: string | null;
  destination?: string;
  initiatorType?: string | null;
  headers?: Network.Header[];
  timestamp?: number;
}

function requestData(spec: RequestSpec, timings: Network.FetchTimingInfo = TIMINGS): Network.RequestData {
  return {
    request: spec.id,
    url: spec.url,
    method: spec.method ?? 'GET',
    headers: spec.headers ?? [header('Host', '127.0.0.1:8080'), header('Accept', '*/*')],
    cookies: [],
    headersSize: 120,
    bodySize: spec.method === 'POST' ? 18 : 0,
    destination: spec.destination ?? '',
    initiatorType: spec.initiatorType === undefined ? 'fetch' : spec.initiatorType,
    timings,
  };
}

function base(spec: RequestSpec, timestamp: number, timings?: Network.FetchTimingInfo): Network.BaseParameters {
  return {
    context: spec.context === undefined ? PAGE : spec.context,
    isBlocked: false,
    navigation: spec.navigation ?? null,
    redirectCount: spec.redirectCount ?? 0,
    request: requestData(spec, timings),
    timestamp,
  };
}

export function beforeRequestSent(spec: RequestSpec): Network.BeforeRequestSentParameters {
  return { ...base(spec, spec.timestamp ?? T0), initiator: { type: 'script' } };
}

export function responseCompleted(
  spec: RequestSpec,
  response: { status: number; statusText?: string; mimeType?: string; headers?: Network.Header[]; fromCache?: boolean },
  timestamp = T0 + 1,
): Network.ResponseCompletedParameters {
  return {
    ...base(spec, timestamp, DONE_TIMINGS),
    response: {
      url: spec.url,
      protocol: 'http/1.1',
      status: response.status,
      statusText: response.statusText ?? 'OK',
      fromCache: response.fromCache ?? false,
      headers: response.headers ?? [header('Content-Type', 'text/html')],
      mimeType: response.mimeType ?? 'text/html',
      bytesReceived: 2048,
      headersSize: 200,
      bodySize: 1848,
      content: { size: 5000 },
    },
  };
}

export function fetchError(spec: RequestSpec, errorText: string, timestamp = T0 + 1): Network.FetchErrorParameters {
  return { ...base(spec, timestamp), errorText };
}
