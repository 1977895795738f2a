import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FirefoxClient } from '../../src/index.js';
import { findFirefox } from '../../src/firefox/session/find-firefox.js';
import { launchFirefox } from '../../src/firefox/session/launch.js';
import { startUpFiles } from '../../src/firefox/session/start-up-files.js';
import { RELAUNCHING_TEST_MS } from '../helpers/processes.js';
import { page, startTestServer, type TestServer } from '../helpers/server.js';

/**
 * A new profile starts from the start-up files a first start of the same Firefox left (src/firefox/session/
 * start-up-files.ts): only those, made by a Firefox that did nothing else, in a folder of the user's alone.
 */
const KEPT = ['addonStartup.json.lz4', 'compatibility.ini', 'extensions.json', 'startupCache'];

let cache: string;
let server: TestServer;
const before = process.env.XDG_CACHE_HOME;

beforeAll(async () => {
  cache = mkdtempSync(join(tmpdir(), 'firefox-bidi-start-up-'));
  process.env.XDG_CACHE_HOME = cache;
  server = await startTestServer({ '/keep.html': page('Keep', '<p>Keep</p>') });
});

afterAll(async () => {
  if (before === undefined) delete process.env.XDG_CACHE_HOME;
  else process.env.XDG_CACHE_HOME = before;
  rmSync(cache, { recursive: true, force: true });
  await server.close();
});

const folders = (): string[] => readdirSync(join(cache, 'firefox-bidi-mcp', 'start-up'));

describe('start-up files', () => {
  it(
    'are made once by a first start, hold nothing a session did, and seed the next profiles',
    async () => {
      const first = await FirefoxClient.launch();
      try {
        await first.page.navigate(server.url('/keep.html'));
        await first.page.evaluate('() => { document.cookie = "who=first"; localStorage.setItem("who", "first"); }');
      } finally {
        await first.close();
      }
      const [key, ...others] = folders();
      expect(others).toEqual([]);
      const folder = join(cache, 'firefox-bidi-mcp', 'start-up', key ?? '');
      expect(readdirSync(folder).sort()).toEqual(KEPT);
      expect(statSync(folder).mode & 0o777).toBe(0o700);

      const next = await FirefoxClient.launch();
      try {
        await next.page.navigate(server.url('/keep.html'));
        expect(await next.page.evaluate('() => document.cookie + "|" + localStorage.getItem("who")')).toBe('|null');
      } finally {
        await next.close();
      }
      // Still the one folder, as it was: a launch only reads it.
      expect(folders()).toEqual([key]);
      expect(readdirSync(folder).sort()).toEqual(KEPT);
      // A profile of ours holds them from its first moment (Firefox makes its add-ons' register and fills its start-up
      // cache later).
      const firefox = await launchFirefox({}, folder);
      try {
        for (const name of KEPT) expect(existsSync(join(firefox.profileDir, name)), name).toBe(true);
        expect(readdirSync(join(firefox.profileDir, 'startupCache'))).not.toEqual([]);
      } finally {
        await firefox.shutdown();
      }
    },
    RELAUNCHING_TEST_MS,
  );

  it('never uses a link or a half-made folder, and leaves what a link leads to alone', async () => {
    const executable = findFirefox();
    const elsewhere = mkdtempSync(join(tmpdir(), 'firefox-bidi-start-up-elsewhere-'));
    try {
      for (const name of KEPT) writeFileSync(join(elsewhere, name), 'not from Firefox');
      const [key = ''] = folders();
      const folder = join(cache, 'firefox-bidi-mcp', 'start-up', key);
      rmSync(folder, { recursive: true });
      symlinkSync(elsewhere, folder);
      let started = 0;
      /** A first start's files, without Firefox: what is tested here is where they go. */
      const firstStart = (profileDir: string): Promise<void> => {
        started += 1;
        mkdirSync(join(profileDir, 'startupCache'));
        for (const name of KEPT.slice(0, 3)) writeFileSync(join(profileDir, name), 'made');
        return Promise.resolve();
      };
      const made = await startUpFiles(executable, firstStart);
      expect(started).toBe(1);
      expect(made).toBe(folder);
      expect(statSync(folder).isDirectory()).toBe(true);
      expect(readdirSync(elsewhere).sort()).toEqual(KEPT);
      // A folder missing a kept file is made again.
      rmSync(join(folder, 'extensions.json'));
      await startUpFiles(executable, firstStart);
      expect(started).toBe(2);
      expect(readdirSync(folder).sort()).toEqual(KEPT);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});
