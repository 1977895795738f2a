import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll } from 'vitest';
import type { ClientOptions } from '../../src/index.js';
import { startCorpusServer } from '../corpus/index.js';
import { afterSharedUse, freeSharedFirefox, sharedFirefox, type SharedUse, type TestFirefox } from './firefox.js';
import { startStdioServer } from './mcp.js';
import { CLI_BIN, daemonPid, eventually, runBin, type BinRun } from './processes.js';
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
export function useFirefox(options: ClientOptions = {}, use: SharedUse = {}): TestFirefox {
  return fixture(
    () => sharedFirefox(options, use),
    (firefox) => firefox.close(),
  );
}

/** A folder of the file's own, holding `files` (relative path → content), removed with all in it at the end. */
export function useFolder(files: Record<string, string | Uint8Array> = {}): { readonly path: string } {
  return fixture(
    () => {
      const path = mkdtempSync(join(tmpdir(), 'ffmcp-test-'));
      for (const [name, text] of Object.entries(files)) {
        mkdirSync(dirname(join(path, name)), { recursive: true });
        writeFileSync(join(path, name), text);
      }
      return { path };
    },
    ({ path }) => rmSync(path, { recursive: true, force: true }),
  );
}

/** Where and how the file's MCP server runs, and how it uses the shared Firefox. */
export interface McpServerSetUp extends SharedUse {
  /** Its working folder (default: the test run's). */
  cwd?: { readonly path: string };
  /** Added to its environment. */
  env?: Record<string, string>;
}

/**
 * The built MCP server over stdio with the SDK's own client (mcp.ts), started with `args` as a user would, working in a
 * user context of its own (--isolated) in its worker's shared Firefox. A file that stops, kills or counts its server's
 * Firefox starts a server of its own.
 */
export function useMcpServer(args: string[] = [], setUp: McpServerSetUp = {}): Client {
  return fixture(
    async () => {
      const wsEndpoint = await freeSharedFirefox();
      const { client } = await startStdioServer(
        ['--ws-endpoint', wsEndpoint, '--isolated', ...args],
        setUp.env,
        setUp.cwd?.path,
      );
      return client;
    },
    async (client) => {
      await client.close();
      await afterSharedUse(setUp);
    },
  );
}

/** The `firefox-bidi` bin as a shell runs it, with a daemon home of the file's own and a working folder. */
export interface CliHome {
  /** Its FIREFOX_BIDI_HOME: the daemon's socket and sessions. */
  readonly home: string;
  /** The working folder commands run in unless told otherwise. */
  readonly work: string;
  run(...args: string[]): Promise<BinRun>;
  runIn(cwd: string, ...args: string[]): Promise<BinRun>;
}

/** A CLI home (CliHome) whose daemon, and the Firefox it started, are stopped after the file's last test. */
export function useCliHome(): CliHome {
  return fixture(
    () => {
      const home = mkdtempSync(join(tmpdir(), 'firefox-bidi-cli-home-'));
      const work = mkdtempSync(join(tmpdir(), 'firefox-bidi-cli-work-'));
      const runIn = (cwd: string, ...args: string[]): Promise<BinRun> =>
        runBin(CLI_BIN, args, cwd, { ...process.env, FIREFOX_BIDI_HOME: home });
      return { home, work, runIn, run: (...args: string[]) => runIn(work, ...args) };
    },
    async ({ home, work, run }) => {
      await run('stop');
      await eventually(() => daemonPid(home) === undefined, 10_000);
      rmSync(work, { recursive: true, force: true });
      rmSync(home, { recursive: true, force: true });
    },
  );
}

/** Stands for what `start` gives, from the file's beforeAll until `stop` ends it in its afterAll. */
function fixture<T extends object>(start: () => T | Promise<T>, stop: (value: T) => void | Promise<void>): T {
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
