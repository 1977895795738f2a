import type { Network } from 'webdriver-bidi-protocol';
import type { IdCounter } from './console.js';

/** What was done to a request on its way out. */
export interface Interception {
  action: 'blocked' | 'mocked' | 'modified';
  /** The rule that did it; absent when the URL policy blocked it. */
  rule?: number;
}

export interface NetworkRequest {
  /** Unique across the client, increasing in the order requests started. */
  id: number;
  /** The protocol's request id (shared by the hops of a redirect chain). */
  requestId: string;
  method: string;
  url: string;
  /** `document`, `script`, `style`, `image`, `font`, `fetch`, `xhr`… or `other`. */
  resourceType: string;
  /** HTTP status, or null while pending or when the request failed. */
  status: number | null;
  statusText: string | null;
  mimeType: string | null;
  fromCache: boolean;
  /** Is this the main document request of a navigation? */
  isNavigation: boolean;
  /** Milliseconds since the epoch. */
  startedAt: number;
  /** Milliseconds from start to the last byte or the failure; null while pending. */
  durationMs: number | null;
  /** Waiting (request sent to first byte) and download (first to last byte) in ms, with the raw fetch timing marks. */
  timings: { waitingMs: number | null; downloadMs: number | null; marks: Network.FetchTimingInfo };
  /** Bytes as Firefox reports them; `transferred` counts headers and body on the wire. */
  sizes: {
    requestHeaders: number;
    requestBody: number | null;
    responseHeaders: number | null;
    responseBody: number | null;
    transferred: number | null;
  };
  failure?: string;
  requestHeaders: Record<string, string>;
  responseHeaders: Record<string, string>;
  /** The URL of the iframe that made it, when the page itself did not. */
  frame?: string;
  /** Blocked, mocked or modified by a request rule (or blocked by the URL policy). */
  intercepted?: Interception;
}

export interface NetworkFilter {
  urlContains?: string;
  method?: string;
  status?: number;
  resourceType?: string | string[];
}

function headerRecord(headers: readonly Network.Header[]): Record<string, string> {
  const out = Object.create(null) as Record<string, string>; // No prototype: any header name is a plain key.
  for (const header of headers) {
    const name = header.name.toLowerCase();
    const value =
      header.value.type === 'string'
        ? header.value.value
        : Buffer.from(header.value.value, 'base64').toString('latin1');
    out[name] = Object.hasOwn(out, name) ? `${out[name]}, ${value}` : value;
  }
  return out;
}

function span(from: number, to: number): number | null {
  return from > 0 && to >= from ? Math.round((to - from) * 1000) / 1000 : null;
}

function timingsOf(marks: Network.FetchTimingInfo): NetworkRequest['timings'] {
  return {
    waitingMs: span(marks.requestStart, marks.responseStart),
    downloadMs: span(marks.responseStart, marks.responseEnd),
    marks,
  };
}

function resourceTypeOf(request: Network.RequestData): string {
  if (request.destination) return request.destination;
  if (request.initiatorType === 'xmlhttprequest') return 'xhr';
  return request.initiatorType ?? 'other';
}

/** One page's requests (its frames' included; each redirect hop its own entry), up to `capacity` (oldest dropped). */
export class NetworkLog {
  readonly #requests: NetworkRequest[] = [];
  /** Requests still waiting for their answer, by protocol id and redirect count. */
  readonly #pending = new Map<string, NetworkRequest>();

  constructor(
    private readonly ids: IdCounter,
    readonly capacity = 1000,
  ) {}

  /** A request of the page, or of one of its frames (`frameUrl`). */
  onBeforeRequestSent(
    event: Network.BeforeRequestSentParameters,
    frameUrl?: string,
    interception?: Interception,
  ): void {
    const request = event.request;
    const entry: NetworkRequest = {
      id: this.ids.take(),
      requestId: request.request,
      method: request.method,
      url: request.url,
      resourceType: resourceTypeOf(request),
      status: null,
      statusText: null,
      mimeType: null,
      fromCache: false,
      isNavigation: event.navigation !== null && request.destination === 'document',
      startedAt: event.timestamp,
      durationMs: null,
      timings: timingsOf(request.timings),
      sizes: {
        requestHeaders: request.headersSize,
        requestBody: request.bodySize,
        responseHeaders: null,
        responseBody: null,
        transferred: null,
      },
      requestHeaders: headerRecord(request.headers),
      responseHeaders: {},
      ...(frameUrl !== undefined ? { frame: frameUrl } : {}),
      ...(interception !== undefined ? { intercepted: interception } : {}),
    };
    this.#requests.push(entry);
    this.#pending.set(keyOf(event), entry);
    while (this.#requests.length > this.capacity) {
      const dropped = this.#requests.shift();
      if (dropped) this.#forgetPending(dropped);
    }
  }

  onResponseCompleted(event: Network.ResponseCompletedParameters): void {
    const entry = this.#pending.get(keyOf(event));
    if (!entry) return;
    const response = event.response;
    entry.status = response.status;
    entry.statusText = response.statusText;
    entry.mimeType = response.mimeType;
    entry.fromCache = response.fromCache;
    entry.responseHeaders = headerRecord(response.headers);
    // The headers as sent, a rule's changes included.
    if (event.request.headers.length > 0) entry.requestHeaders = headerRecord(event.request.headers);
    entry.timings = timingsOf(event.request.timings);
    entry.durationMs = Math.max(0, event.timestamp - entry.startedAt);
    entry.sizes = {
      ...entry.sizes,
      responseHeaders: response.headersSize,
      responseBody: response.bodySize,
      transferred: response.bytesReceived,
    };
    this.#pending.delete(keyOf(event));
  }

  onFetchError(event: Network.FetchErrorParameters): void {
    const entry = this.#pending.get(keyOf(event));
    if (!entry) return;
    entry.failure = event.errorText;
    entry.durationMs = Math.max(0, event.timestamp - entry.startedAt);
    this.#pending.delete(keyOf(event));
  }

  list(filter: NetworkFilter = {}): NetworkRequest[] {
    const types = filter.resourceType === undefined ? undefined : ([] as string[]).concat(filter.resourceType);
    const method = filter.method?.toUpperCase();
    return this.#requests.filter(
      (entry) =>
        (filter.urlContains === undefined || entry.url.includes(filter.urlContains)) &&
        (method === undefined || entry.method === method) &&
        (filter.status === undefined || entry.status === filter.status) &&
        (types === undefined || types.includes(entry.resourceType)),
    );
  }

  get(id: number): NetworkRequest | undefined {
    return this.#requests.find((entry) => entry.id === id);
  }

  /** The id of the newest request so far (0 for none): requests with a higher id started after this moment. */
  get lastId(): number {
    return this.#requests.at(-1)?.id ?? 0;
  }

  /**
   * How many fetch and XMLHttpRequest calls that started after request `afterId` still wait for their answer (what a
   * settle waits for).
   */
  pendingCallsAfter(afterId: number): number {
    let count = 0;
    for (const entry of this.#pending.values())
      if (entry.id > afterId && (entry.resourceType === 'fetch' || entry.resourceType === 'xhr')) count++;
    return count;
  }

  /** Requests kept, and requests still waiting for their answer. */
  get sizes(): { requests: number; pending: number } {
    return { requests: this.#requests.length, pending: this.#pending.size };
  }

  clear(): void {
    this.#requests.length = 0;
    this.#pending.clear();
  }

  #forgetPending(entry: NetworkRequest): void {
    for (const [key, value] of this.#pending) if (value === entry) this.#pending.delete(key);
  }
}

function keyOf(event: Network.BaseParameters): string {
  return `${event.request.request}#${event.redirectCount}`;
}
