import { InvalidArgumentError } from '../errors.js';
import { quote } from '../util/text.js';

/** What a rule does to the requests it matches. */
export type RouteAction = 'block' | 'mock' | 'modify';

/** A rule as it is asked for: `client.route()`. */
export interface RouteOptions {
  /**
   * The whole URL, where `*` stands for any run of characters: `*://*\/api/users*`,
   * `https://cdn.example.com/*.png`, `*.woff2`. A pattern without `*` must be the exact URL.
   */
  urlPattern: string;
  /** Only requests of this method (default: any). */
  method?: string | undefined;
  /**
   * `block`: the request fails as if the network were down. `mock`: answered with `status`, `headers` and `body`, never
   * sent. `modify`: sent with `requestHeaders` changed.
   */
  action: RouteAction;
  /** mock: the HTTP status (default 200). */
  status?: number | undefined;
  /** mock: response headers. */
  headers?: Record<string, string> | undefined;
  /** mock: the body, as text or bytes (default empty). */
  body?: string | Uint8Array | undefined;
  /** mock: the Content-Type (default: JSON when the body parses as JSON, else plain text). */
  contentType?: string | undefined;
  /** modify: request headers to set; null removes one. Values may hold `<secret>NAME</secret>`. */
  requestHeaders?: Record<string, string | null> | undefined;
  /** The rule ends after this many requests (default: never). */
  times?: number | undefined;
}

/** A rule as it is listed. */
export interface Route {
  id: number;
  urlPattern: string;
  method?: string;
  action: RouteAction;
  status?: number;
  headers?: Record<string, string>;
  /** mock: the body's size in bytes. */
  bodyBytes?: number;
  requestHeaders?: Record<string, string | null>;
  times?: number;
  /** Requests it has matched so far. */
  hits: number;
}

/** A rule in force: what it was asked to do, its matcher and its body. */
export interface ActiveRoute extends Route {
  body?: Uint8Array;
}

/** Most a mocked body may hold: it travels through the protocol as one message. */
export const MAX_MOCK_BODY = 10 * 1024 * 1024;
const MAX_PATTERN = 4096;
const HEADER_NAME = /^[!#$%&'*+.^_`|~\w-]+$/;

function checkHeaders(headers: Record<string, string | null> | undefined, what: string): void {
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (!HEADER_NAME.test(name))
      throw new InvalidArgumentError(
        `${what} name ${quote(name)} is not a header name; use letters, digits and - only.`,
      );
    if (value !== null && /[\r\n\0]/.test(value))
      throw new InvalidArgumentError(`${what} ${quote(name)} holds a line break or NUL, which no header may.`);
  }
}

/**
 * A glob on the whole URL: `*` matches any run of characters, everything else itself. `what` names the pattern in
 * errors.
 */
export function urlMatcher(pattern: string, what = 'urlPattern'): RegExp {
  if (pattern.length === 0 || pattern.length > MAX_PATTERN)
    throw new InvalidArgumentError(`${what} must be 1 to ${MAX_PATTERN} characters.`);
  if (!pattern.startsWith('*') && !/^[a-z][a-z\d+.-]*:/i.test(pattern)) {
    throw new InvalidArgumentError(
      `${what} ${quote(pattern)} is matched against the whole URL, so it would never match; start it with a scheme (https://…) or *, as in ${quote(`*${pattern.startsWith('/') ? '' : '/'}${pattern}*`)}.`,
    );
  }
  const source = pattern
    .split(/\*+/)
    .map((part) => part.replace(/[.+?^${}()|[\]\\/]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`, 's');
}

function checkRoute(options: RouteOptions): void {
  if (!['block', 'mock', 'modify'].includes(options.action))
    throw new InvalidArgumentError(`action must be block, mock or modify, got ${quote(options.action)}.`);
  if (options.method !== undefined && !/^[A-Za-z]+$/.test(options.method))
    throw new InvalidArgumentError(`method ${quote(options.method)} is not an HTTP method such as GET or POST.`);
  if (options.times !== undefined && !(Number.isInteger(options.times) && options.times > 0))
    throw new InvalidArgumentError(`times must be a whole number of 1 or more, got ${options.times}.`);
  const mockOnly = (['status', 'headers', 'body', 'contentType'] as const).filter((key) => options[key] !== undefined);
  if (options.action !== 'mock' && mockOnly.length)
    throw new InvalidArgumentError(
      `${mockOnly.join(', ')} only go with action "mock"; this rule's action is "${options.action}".`,
    );
  if (options.action !== 'modify' && options.requestHeaders !== undefined)
    throw new InvalidArgumentError(
      `requestHeaders only go with action "modify"; this rule's action is "${options.action}".`,
    );
  if (options.action === 'modify' && Object.keys(options.requestHeaders ?? {}).length === 0)
    throw new InvalidArgumentError('A "modify" rule needs requestHeaders: the headers to set, or null to remove one.');
  if (
    options.status !== undefined &&
    !(Number.isInteger(options.status) && options.status >= 100 && options.status <= 599)
  ) {
    throw new InvalidArgumentError(`status must be an HTTP status from 100 to 599, got ${options.status}.`);
  }
  checkHeaders(options.headers, 'Response header');
  checkHeaders(options.requestHeaders, 'Request header');
}

function bodyBytesOf(body: string | Uint8Array | undefined): Uint8Array | undefined {
  if (body === undefined) return undefined;
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  if (bytes.byteLength > MAX_MOCK_BODY)
    throw new InvalidArgumentError(
      `The mocked body is ${bytes.byteLength} bytes; at most ${MAX_MOCK_BODY} may be given.`,
    );
  return bytes;
}

function defaultContentType(body: string | Uint8Array | undefined): string {
  if (typeof body !== 'string') return body === undefined ? 'text/plain; charset=utf-8' : 'application/octet-stream';
  try {
    JSON.parse(body);
    return 'application/json';
  } catch {
    return 'text/plain; charset=utf-8';
  }
}

/**
 * The request rules of one user context, in the order they were added; the first that matches a
 * request decides it. Rules never reach another user context.
 */
export class NetworkRules {
  readonly #rules: { route: ActiveRoute; matcher: RegExp }[] = [];
  #nextId = 1;

  /** Called after the rules change, so the browser intercepts requests only while some rule exists. */
  constructor(private readonly changed: () => Promise<void>) {}

  get size(): number {
    return this.#rules.length;
  }

  /** Adds a rule after checking all of it; bad input adds nothing. */
  async add(options: RouteOptions): Promise<Route> {
    checkRoute(options);
    const matcher = urlMatcher(options.urlPattern);
    const body = options.action === 'mock' ? bodyBytesOf(options.body) : undefined;
    const route: ActiveRoute = { id: this.#nextId++, urlPattern: options.urlPattern, action: options.action, hits: 0 };
    if (options.method !== undefined) route.method = options.method.toUpperCase();
    if (options.times !== undefined) route.times = options.times;
    if (options.action === 'mock') {
      route.status = options.status ?? 200;
      route.headers = {
        'content-type': options.contentType ?? defaultContentType(options.body),
        ...lowerCased(options.headers ?? {}),
      };
      route.bodyBytes = body?.byteLength ?? 0;
      if (body) route.body = body;
    }
    if (options.requestHeaders) route.requestHeaders = lowerCased(options.requestHeaders);
    const rule = { route, matcher };
    this.#rules.push(rule);
    try {
      await this.changed();
    } catch (error) {
      // Without its intercept the rule would do nothing: it is not kept.
      this.#rules.splice(this.#rules.indexOf(rule), 1);
      throw error;
    }
    return listed(route);
  }

  /** Removes rule `id`, or every rule; returns those removed. */
  async remove(id?: number): Promise<Route[]> {
    const removed = this.#rules.filter((rule) => id === undefined || rule.route.id === id);
    if (id !== undefined && removed.length === 0) {
      throw new InvalidArgumentError(
        `No rule has id ${id}; ${this.#rules.length ? `the rules are ${this.#rules.map((rule) => rule.route.id).join(', ')}` : 'there are no rules'} (list them with routes()).`,
      );
    }
    for (const rule of removed) this.#rules.splice(this.#rules.indexOf(rule), 1);
    await this.changed();
    return removed.map((rule) => listed(rule.route));
  }

  list(): Route[] {
    return this.#rules.map((rule) => listed(rule.route));
  }

  /** The rule that decides this request, counted as a hit (a rule whose `times` are used up ends). */
  take(url: string, method: string): ActiveRoute | undefined {
    const found = this.#find(url, method);
    if (!found) return undefined;
    found.route.hits++;
    if (found.route.times !== undefined && found.route.hits >= found.route.times) {
      this.#rules.splice(this.#rules.indexOf(found), 1);
      void this.changed().catch(() => undefined);
    }
    return found.route;
  }

  /** The rule that would decide this request, not counted. */
  peek(url: string, method: string): ActiveRoute | undefined {
    return this.#find(url, method)?.route;
  }

  #find(url: string, method: string): { route: ActiveRoute; matcher: RegExp } | undefined {
    return this.#rules.find(
      (rule) =>
        (rule.route.method === undefined || rule.route.method === method.toUpperCase()) && rule.matcher.test(url),
    );
  }
}

function lowerCased<T>(headers: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

function listed(route: ActiveRoute): Route {
  const { body: _body, ...shown } = route;
  return { ...shown };
}
