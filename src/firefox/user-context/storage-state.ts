import type { CookieJar, CookieToSet } from './cookies.js';
import { InvalidArgumentError } from '../errors.js';
import type { Page } from '../page/page.js';
import type { NetworkRules } from './routes.js';

/** What restoring needs of a user context: a scratch tab, and request rules to serve each origin a blank document. */
export interface ScratchPages {
  withScratchPage<T>(work: (page: Page) => Promise<T>): Promise<T>;
  readonly rules: NetworkRules;
}

/** A cookie as Playwright's storage state files hold it, so files pass between the tools. */
export interface StateCookie {
  name: string;
  value: string;
  domain: string;
  path: string;
  /** Seconds since the epoch; -1 for a session cookie. */
  expires: number;
  httpOnly: boolean;
  secure: boolean;
  sameSite: 'Strict' | 'Lax' | 'None';
}

/** Cookies and each origin's localStorage: enough to come back logged in. */
export interface StorageState {
  cookies: StateCookie[];
  origins: { origin: string; localStorage: { name: string; value: string }[] }[];
}

const SAME_SITE = { strict: 'Strict', lax: 'Lax', none: 'None', default: 'Lax' } as const;

function fail(source: string, what: string): never {
  throw new InvalidArgumentError(
    `${source} is not a storage state: ${what}. It should be JSON like {"cookies": [{"name", "value", "domain", "path", "expires", "httpOnly", "secure", "sameSite"}], "origins": [{"origin": "https://…", "localStorage": [{"name", "value"}]}]}, as storageState() gives.`,
  );
}

/** Checks a parsed file whole, so a bad one changes nothing. */
export function parseStorageState(value: unknown, source: string): StorageState {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(source, 'it is not a JSON object');
  const { cookies = [], origins = [] } = value as { cookies?: unknown; origins?: unknown };
  if (!Array.isArray(cookies) || !Array.isArray(origins)) fail(source, '"cookies" and "origins" must be arrays');
  const isString = (record: unknown, key: string): boolean =>
    typeof record === 'object' && record !== null && typeof (record as Record<string, unknown>)[key] === 'string';
  for (const [index, cookie] of cookies.entries()) {
    if (!['name', 'value', 'domain'].every((key) => isString(cookie, key)))
      fail(source, `cookie ${index} lacks a string name, value or domain`);
    const { domain, sameSite } = cookie as { domain: string; sameSite?: unknown };
    if (!/^\.?[a-z0-9.-]+$/i.test(domain))
      fail(source, `cookie ${index} has domain ${JSON.stringify(domain)}, which is no host name`);
    if (sameSite !== undefined && !(typeof sameSite === 'string' && /^(strict|lax|none)$/i.test(sameSite)))
      fail(source, `cookie ${index} has sameSite ${JSON.stringify(sameSite)}; it may be Strict, Lax or None`);
  }
  for (const [index, entry] of origins.entries()) {
    const origin: unknown = isString(entry, 'origin') ? (entry as { origin: string }).origin : undefined;
    let url: URL | undefined;
    try {
      url = new URL(origin as string);
    } catch {
      // Reported below.
    }
    if (!url || !/^https?:$/.test(url.protocol) || url.origin !== origin)
      fail(source, `origin ${index} (${JSON.stringify(origin)}) is not an http(s) origin such as https://example.com`);
    const items: unknown = (entry as { localStorage?: unknown }).localStorage;
    if (!Array.isArray(items) || !items.every((item) => isString(item, 'name') && isString(item, 'value')))
      fail(source, `origin ${url.origin} needs localStorage as [{"name", "value"}]`);
  }
  return { cookies: cookies as StateCookie[], origins: origins as StorageState['origins'] };
}

/**
 * The user context's cookies, and the localStorage of each origin its pages show (a page that cannot answer is left
 * out, and named).
 */
export async function captureStorageState(
  cookies: CookieJar,
  pages: readonly Page[],
): Promise<{ state: StorageState; skipped: string[] }> {
  const state: StorageState = { cookies: [], origins: [] };
  for (const cookie of await cookies.export()) {
    state.cookies.push({
      name: cookie.name,
      value: cookie.value,
      domain: cookie.domain,
      path: cookie.path,
      expires: cookie.expiry ?? -1,
      httpOnly: cookie.httpOnly,
      secure: cookie.secure,
      sameSite: SAME_SITE[cookie.sameSite],
    });
  }
  const skipped: string[] = [];
  const seen = new Set<string>();
  for (const page of pages) {
    const url = page.url;
    if (!url || !/^https?:/.test(url)) continue;
    const origin = new URL(url).origin;
    if (seen.has(origin)) continue;
    seen.add(origin);
    try {
      const entries = await page.localStorageEntries();
      state.origins.push({ origin, localStorage: Object.entries(entries).map(([name, value]) => ({ name, value })) });
    } catch (error) {
      skipped.push(`${origin} (${(error as Error).message})`);
    }
  }
  return { state, skipped };
}

/**
 * Sets the cookies, then writes each origin's localStorage from a scratch tab showing a blank
 * document of that origin (served by a one-time mock, so the site's own scripts never run).
 */
export async function restoreStorageState(cookies: CookieJar, pages: ScratchPages, state: StorageState): Promise<void> {
  await cookies.import(
    state.cookies.map((cookie): CookieToSet => ({
      name: cookie.name,
      value: cookie.value,
      domain: cookie.domain,
      path: cookie.path,
      httpOnly: cookie.httpOnly,
      secure: cookie.secure,
      // Files from elsewhere may leave these out.
      sameSite: (cookie.sameSite as string | undefined)?.toLowerCase() as CookieToSet['sameSite'],
      expiry: typeof cookie.expires === 'number' && cookie.expires >= 0 ? cookie.expires : undefined,
    })),
  );
  const origins = state.origins.filter((entry) => entry.localStorage.length > 0);
  if (origins.length === 0) return;
  await pages.withScratchPage(async (page) => {
    for (const { origin, localStorage } of origins) {
      const url = `${origin}/.firefox-bidi-mcp-storage-state-${Math.random().toString(36).slice(2)}`;
      const rule = await pages.rules.add({
        urlPattern: url,
        action: 'mock',
        body: '<!doctype html><title>storage state</title>',
        contentType: 'text/html',
        times: 1,
      });
      try {
        await page.navigate(url);
      } finally {
        // Used up by the load, unless the load never asked for it.
        await pages.rules.remove(rule.id).catch(() => undefined);
      }
      await page.writeLocalStorage(Object.fromEntries(localStorage.map((item) => [item.name, item.value])));
    }
  });
}
