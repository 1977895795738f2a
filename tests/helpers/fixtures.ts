import { afterAll, beforeAll } from 'vitest';
import type { ClientOptions } from '../../src/index.js';
import { startCorpusServer } from '../corpus/index.js';
import { sharedFirefox, type TestFirefox } from './firefox.js';
import { startTestServer, type Route, type TestServer } from './server.js';

/*
 * What a test file sets up for all its tests, each owning its set-up and tear-down: declared once at the top of a
 * file, started before its first test and closed after its last (the later-declared first). Each is used as the thing
 * it stands for, from inside the tests and hooks.
 */

/** The file's site on 127.0.0.1, serving `routes` beside the shared test pages (server.ts). */
export function useSite(routes: Record<string, Route> = {}): TestServer {
  return fixture(
    () => startTestServer(routes),
    (server) => server.close(),
  );
}

/** The corpus of real apps, built and served on 127.0.0.1 (corpus/index.ts). */
export function useCorpus(): TestServer {
  return fixture(
    () => startCorpusServer(),
    (server) => server.close(),
  );
}

/** The file's own user context in its worker's shared Firefox (firefox.ts), with the client's `options`. */
export function useFirefox(options: ClientOptions = {}): TestFirefox {
  return fixture(
    () => sharedFirefox(options),
    (firefox) => firefox.close(),
  );
}

/** Stands for what `start` gives, from the file's beforeAll until `stop` ends it in its afterAll. */
function fixture<T extends object>(start: () => Promise<T>, stop: (value: T) => Promise<void>): T {
  let value: T | undefined;
  beforeAll(async () => {
    value = await start();
  });
  afterAll(async () => {
    if (value) await stop(value);
  });
  return new Proxy({} as T, {
    get: (_target, key) => {
      if (!value) throw new Error(`A fixture was used before its file's tests began (reading ${String(key)}).`);
      const found: unknown = Reflect.get(value, key, value);
      return typeof found === 'function' ? (found as (...args: unknown[]) => unknown).bind(value) : found;
    },
  });
}
