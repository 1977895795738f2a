import { InvalidArgumentError } from '../errors.js';
import { quote } from '../util/text.js';

/** Which URLs the caller may load. Everything is open unless a rule says otherwise. */
export interface UrlPolicyOptions {
  /**
   * Schemes other than http, https and about:blank that may be loaded, such as `file` or `data`; `*` opens every
   * scheme.
   */
  allowedSchemes?: readonly string[];
  /** When given, only these origins (`https://example.com`, `http://localhost:*`, `*.example.com`) may be loaded. */
  allowedOrigins?: readonly string[];
  /** These origins may never be loaded; wins over allowedOrigins. */
  blockedOrigins?: readonly string[];
}

/** Why a scheme is closed unless the user opens it, and the flag that opens it. */
const CLOSED_SCHEMES: Record<string, { why: string; flag: string }> = {
  'file:': {
    why: 'they would let a page, or instructions planted in one, read local files',
    flag: '--allow-file-urls',
  },
  'data:': { why: 'a top-level data: page can pose as any site', flag: '--allow-data-urls' },
};

function hostMatches(pattern: string, host: string): boolean {
  if (pattern.startsWith('*.')) return host === pattern.slice(2) || host.endsWith(pattern.slice(1));
  return host === pattern;
}

/**
 * `https://example.com` (that origin), `example.com` and `*.example.com` (any scheme and port), `http://localhost:*`
 * against a parsed URL.
 */
function originMatches(pattern: string, url: URL): boolean {
  const match = /^(?:([a-z][\w+.-]*):\/\/)?([^/:]+)(?::(\d+|\*))?\/?$/i.exec(pattern.trim());
  if (!match) return false;
  const [, scheme, host = '', port] = match;
  if (scheme && `${scheme.toLowerCase()}:` !== url.protocol) return false;
  if (!hostMatches(host.toLowerCase(), url.hostname.toLowerCase())) return false;
  if (port === '*') return true;
  // `https://example.com` is one origin (the default port); a bare host is the site on any port.
  if (port === undefined) return !scheme || url.port === '';
  const actual = url.port || (url.protocol === 'https:' ? '443' : url.protocol === 'http:' ? '80' : '');
  return port === actual;
}

/**
 * Decides which URLs a tool may load: http(s) and about:blank by default; file:, data: and other
 * schemes only when opened; origins limited by allow and block lists. The one place that says no.
 */
export class UrlPolicy {
  readonly #schemes: Set<string>;
  readonly #allowed: readonly string[] | undefined;
  readonly #blocked: readonly string[];

  constructor(options: UrlPolicyOptions = { allowedSchemes: ['*'] }) {
    this.#schemes = new Set(
      (options.allowedSchemes ?? []).map((scheme) =>
        scheme === '*' ? '*' : `${scheme.toLowerCase().replace(/:$/, '')}:`,
      ),
    );
    this.#allowed = options.allowedOrigins?.length ? options.allowedOrigins : undefined;
    this.#blocked = options.blockedOrigins ?? [];
  }

  /** True when origin lists are in force, so requests the page makes must be checked too. */
  get filtersOrigins(): boolean {
    return this.#allowed !== undefined || this.#blocked.length > 0;
  }

  /** The reason `url` may not be loaded, or undefined when it may. */
  refusal(url: string): string | undefined {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return `${quote(url)} is not a valid URL; give an absolute URL such as https://example.com/ (with the scheme).`;
    }
    const scheme = parsed.protocol;
    if (scheme === 'javascript:') return 'javascript: URLs are not navigations; run script with evaluate() instead.';
    const web = scheme === 'http:' || scheme === 'https:';
    if (
      !web &&
      !(scheme === 'about:' && parsed.pathname === 'blank') &&
      !this.#schemes.has('*') &&
      !this.#schemes.has(scheme)
    ) {
      const closed = CLOSED_SCHEMES[scheme];
      return closed
        ? `${scheme} URLs are blocked: ${closed.why}. The user can allow them by starting the server with ${closed.flag} (urlPolicy.allowedSchemes for FirefoxClient).`
        : `${scheme} URLs are blocked: only http:, https: and about:blank pages are loaded.`;
    }
    return web ? this.#originRefusal(parsed) : undefined;
  }

  /**
   * The reason a request the page makes to `url` must fail: its origin is outside the lists. Other schemes (data:
   * images, blob:) are the page's own.
   */
  requestRefusal(url: string): string | undefined {
    if (!this.filtersOrigins || !/^https?:/i.test(url)) return undefined;
    try {
      return this.#originRefusal(new URL(url));
    } catch {
      return undefined;
    }
  }

  #originRefusal(parsed: URL): string | undefined {
    const blocked = this.#blocked.find((pattern) => originMatches(pattern, parsed));
    if (blocked !== undefined)
      return `${parsed.origin} is blocked by --blocked-origins (${quote(blocked)}); load another site.`;
    if (this.#allowed && !this.#allowed.some((pattern) => originMatches(pattern, parsed))) {
      return `${parsed.origin} is not in --allowed-origins (${this.#allowed.map((pattern) => quote(pattern)).join(', ')}); load one of those sites.`;
    }
    return undefined;
  }

  /** Throws InvalidArgumentError when `url` may not be loaded. */
  check(url: string): void {
    const refusal = this.refusal(url);
    if (refusal !== undefined) throw new InvalidArgumentError(refusal);
  }
}
