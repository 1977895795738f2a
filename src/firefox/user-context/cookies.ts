import type { Network, Storage } from 'webdriver-bidi-protocol';
import { ActionNotTakenError, InvalidArgumentError, type Send } from '../errors.js';
import type { SecretStore } from '../policy/secrets.js';
import { quote } from '../util/text.js';

export interface Cookie {
  name: string;
  value: string;
  domain: string;
  path: string;
  httpOnly: boolean;
  secure: boolean;
  sameSite: 'strict' | 'lax' | 'none' | 'default';
  /** Seconds since the epoch; absent for a session cookie. */
  expiry?: number;
  size: number;
}

/** Which cookies: by name, domain or path (all of them when empty). */
export interface CookieFilter {
  name?: string;
  domain?: string;
  path?: string;
}

export interface CookieToSet {
  name: string;
  /** The value; `<secret>NAME</secret>` sets a named secret without it appearing anywhere. */
  value: string;
  /** A host name, such as example.com. */
  domain: string;
  path?: string | undefined;
  httpOnly?: boolean | undefined;
  secure?: boolean | undefined;
  sameSite?: Cookie['sameSite'] | undefined;
  expiry?: number | undefined;
}

/** A cookie's domain without the leading dot of a domain cookie. */
function host(domain: string): string {
  return domain.replace(/^\./, '');
}

function cookieOf(cookie: Network.Cookie): Cookie {
  const value =
    cookie.value.type === 'string' ? cookie.value.value : Buffer.from(cookie.value.value, 'base64').toString('latin1');
  return {
    name: cookie.name,
    value,
    domain: cookie.domain,
    path: cookie.path,
    httpOnly: cookie.httpOnly,
    secure: cookie.secure,
    sameSite: cookie.sameSite,
    ...(cookie.expiry === undefined ? {} : { expiry: cookie.expiry }),
    size: cookie.size,
  };
}

function filterOf(filter: CookieFilter): Storage.CookieFilter {
  return {
    ...(filter.name === undefined ? {} : { name: filter.name }),
    ...(filter.domain === undefined ? {} : { domain: filter.domain }),
    ...(filter.path === undefined ? {} : { path: filter.path }),
  };
}

/**
 * The cookies of one user context (BiDi storage partitions by user context): what each agent's
 * pages send, and nothing of another's.
 */
export class CookieJar {
  constructor(
    private readonly send: Send,
    private readonly userContext: string,
    /**
     * `<secret>NAME</secret>` in a value set becomes the secret; values handed out are masked, as every other output.
     */
    private readonly secrets: SecretStore,
  ) {}

  /** The cookies the filter matches, values masked. */
  async list(filter: CookieFilter = {}): Promise<Cookie[]> {
    return (await this.export(filter)).map((cookie) => ({
      ...cookie,
      value: this.secrets.mask(cookie.value, { entropy: true }),
    }));
  }

  /** The cookies with their real values: for storage state files, never for output. */
  async export(filter: CookieFilter = {}): Promise<Cookie[]> {
    const { cookies } = await this.send(
      'storage.getCookies',
      { filter: filterOf(filter), partition: this.#partition() },
      'Reading cookies',
    );
    return cookies.map(cookieOf);
  }

  /** Sets cookies exactly as given (no secret references), as a storage state file holds them. */
  async import(cookies: readonly CookieToSet[]): Promise<void> {
    for (const cookie of cookies) await this.#set(cookie, cookie.value);
    const kept = new Set((await this.export()).map((cookie) => `${cookie.name} ${host(cookie.domain)} ${cookie.path}`));
    const now = Date.now() / 1000;
    const lost = cookies.filter(
      (cookie) =>
        !(cookie.expiry !== undefined && cookie.expiry < now) &&
        !kept.has(`${cookie.name} ${host(cookie.domain)} ${cookie.path ?? '/'}`),
    );
    if (lost.length)
      throw new ActionNotTakenError(
        `Firefox did not keep cookie${lost.length === 1 ? '' : 's'} ${lost.map((cookie) => quote(cookie.name)).join(', ')}; check their domain, path and secure flag.`,
      );
  }

  /** Sets a cookie for `domain` (a host name, such as example.com); it is read back to say it took. */
  async set(cookie: CookieToSet): Promise<Cookie> {
    await this.#set(cookie, this.secrets.reveal(cookie.value));
    const found = (await this.list({ name: cookie.name })).find(
      (candidate) => host(candidate.domain) === host(cookie.domain) && candidate.path === (cookie.path ?? '/'),
    );
    if (!found)
      throw new InvalidArgumentError(
        `Firefox did not keep cookie ${quote(cookie.name)} for ${quote(cookie.domain)}; check the domain, path and expiry (an expiry in the past deletes it).`,
      );
    return found;
  }

  async #set(cookie: CookieToSet, value: string): Promise<void> {
    if (!cookie.name) throw new InvalidArgumentError('A cookie needs a name.');
    if (!/^[a-z0-9.-]+$/i.test(cookie.domain))
      throw new InvalidArgumentError(
        `Cookie domain ${quote(cookie.domain)} is not a host name; give one such as example.com (no scheme, port or path).`,
      );
    await this.send(
      'storage.setCookie',
      {
        cookie: {
          name: cookie.name,
          value: { type: 'string', value },
          domain: cookie.domain,
          path: cookie.path ?? '/',
          ...(cookie.httpOnly === undefined ? {} : { httpOnly: cookie.httpOnly }),
          ...(cookie.secure === undefined ? {} : { secure: cookie.secure }),
          ...(cookie.sameSite === undefined ? {} : { sameSite: cookie.sameSite }),
          ...(cookie.expiry === undefined ? {} : { expiry: cookie.expiry }),
        },
        partition: this.#partition(),
      },
      `Setting cookie ${quote(cookie.name)}`,
    );
  }

  /** Deletes the cookies the filter matches (all of this user context's when it is empty); returns how many went. */
  async delete(filter: CookieFilter = {}): Promise<number> {
    const before = (await this.list(filter)).length;
    await this.send(
      'storage.deleteCookies',
      { filter: filterOf(filter), partition: this.#partition() },
      'Deleting cookies',
    );
    return before - (await this.list(filter)).length;
  }

  #partition(): Storage.StorageKeyPartitionDescriptor {
    return { type: 'storageKey', ...(this.userContext === 'default' ? {} : { userContext: this.userContext }) };
  }
}
