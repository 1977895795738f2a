import { chmodSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync, type PathLike } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BidiConnectionClosedError, BidiProtocolError, BidiTimeoutError } from '../../src/bidi/index.js';
import {
  BrowserClosedError,
  FirefoxClientError,
  InvalidArgumentError,
  ElementNotInteractableError,
  LaunchError,
  NoSuchPageError,
  StaleUidError,
  TimeoutError,
  translateBidiError,
} from '../../src/firefox/errors.js';
import { findFirefox } from '../../src/firefox/session/find-firefox.js';
import { sessionEndpoint } from '../../src/firefox/session/session.js';
import { reachableBidiUrl } from '../../src/firefox/session/webdriver.js';

/**
 * findFirefox also looks at fixed install paths (/usr/bin/firefox-esr…), which may exist on the
 * machine. While `hideOutside` is set, accessSync pretends that nothing outside that folder exists.
 */
const fsGate = vi.hoisted(() => ({ hideOutside: undefined as string | undefined }));

vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs')>();
  return {
    ...actual,
    accessSync(path: PathLike, mode?: number): void {
      if (fsGate.hideOutside !== undefined && !String(path).startsWith(fsGate.hideOutside)) {
        throw Object.assign(new Error(`ENOENT: hidden by the test: ${String(path)}`), { code: 'ENOENT' });
      }
      actual.accessSync(path, mode);
    },
  };
});

describe('sessionEndpoint', () => {
  it.each([
    ['ws://127.0.0.1:9222', 'ws://127.0.0.1:9222/session'],
    ['ws://127.0.0.1:9222/', 'ws://127.0.0.1:9222/session'],
    ['ws://127.0.0.1:9222/session', 'ws://127.0.0.1:9222/session'],
    ['ws://127.0.0.1:9222/session/', 'ws://127.0.0.1:9222/session'],
    ['ws://127.0.0.1:9222//', 'ws://127.0.0.1:9222/session'],
    ['127.0.0.1:9222', 'ws://127.0.0.1:9222/session'],
    ['localhost:9222', 'ws://localhost:9222/session'],
    ['[::1]:9222', 'ws://[::1]:9222/session'],
    ['WS://127.0.0.1:9222', 'ws://127.0.0.1:9222/session'],
    ['wss://grid.example.com/proxy/firefox/', 'wss://grid.example.com/proxy/firefox/session'],
    ['ws://127.0.0.1:9222/session?token=abc', 'ws://127.0.0.1:9222/session?token=abc'],
  ])('turns %s into %s', (input, expected) => {
    expect(sessionEndpoint(input)).toBe(expected);
  });

  it('rejects schemes other than ws and wss with InvalidArgumentError', () => {
    for (const input of ['http://127.0.0.1:9222', 'https://127.0.0.1:9222/session', 'file:///tmp/socket']) {
      expect(() => sessionEndpoint(input)).toThrow(InvalidArgumentError);
      expect(() => sessionEndpoint(input)).toThrow(`wsEndpoint "${input}" must use ws:// or wss://`);
    }
  });

  it('rejects what is not a URL with InvalidArgumentError', () => {
    for (const input of ['', 'not a url', 'ws://']) {
      expect(() => sessionEndpoint(input)).toThrow(InvalidArgumentError);
      expect(() => sessionEndpoint(input)).toThrow(
        `wsEndpoint "${input}" is not a URL; pass what Firefox printed, such as ws://127.0.0.1:9222.`,
      );
    }
  });
});

describe('reachableBidiUrl', () => {
  it("opens a Grid's BiDi socket on the Grid's own host and port, not the node's address it names", () => {
    expect(reachableBidiUrl('ws://172.18.0.3:4444/session/abc/se/bidi', 'http://grid.example:4444/wd/hub')).toBe(
      'ws://grid.example:4444/session/abc/se/bidi',
    );
    expect(reachableBidiUrl('ws://10.0.0.7:5555/session/abc/se/bidi', 'https://user:key@hub.cloud.test/wd/hub')).toBe(
      'wss://user:key@hub.cloud.test/session/abc/se/bidi',
    );
  });

  it("keeps a driver's own socket (chromedriver, geckodriver), and any URL when no server was named", () => {
    expect(reachableBidiUrl('ws://127.0.0.1:9515/session/abc', 'http://127.0.0.1:9515')).toBe(
      'ws://127.0.0.1:9515/session/abc',
    );
    expect(reachableBidiUrl('ws://127.0.0.1:4444/session/abc/se/bidi', 'http://127.0.0.1:4444')).toBe(
      'ws://127.0.0.1:4444/session/abc/se/bidi',
    );
    expect(reachableBidiUrl('ws://node:1/session/abc/se/bidi', undefined)).toBe('ws://node:1/session/abc/se/bidi');
  });
});

describe('findFirefox', () => {
  let root: string;
  let serial = 0;

  beforeAll(() => {
    root = realpathSync(mkdtempSync(join(tmpdir(), 'find-firefox-test-')));
  });

  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
  });

  afterEach(() => {
    fsGate.hideOutside = undefined;
  });

  /** A fresh folder holding the given entries: `exe` an executable file, `file` a plain file, `dir` a folder. */
  function folder(entries: Record<string, 'exe' | 'file' | 'dir'> = {}): string {
    const dir = join(root, `dir-${serial++}`);
    mkdirSync(dir);
    for (const [name, kind] of Object.entries(entries)) {
      const path = join(dir, name);
      if (kind === 'dir') {
        mkdirSync(path);
        continue;
      }
      writeFileSync(path, '#!/bin/sh\nexit 0\n');
      chmodSync(path, kind === 'exe' ? 0o755 : 0o644);
    }
    return dir;
  }

  const pathOf = (...dirs: string[]): string => dirs.join(delimiter);

  it('returns an explicit executable path first, before FIREFOX_BIN and PATH', () => {
    const explicit = join(folder({ 'my-firefox': 'exe' }), 'my-firefox');
    const bin = join(folder({ firefox: 'exe' }), 'firefox');
    const onPath = folder({ firefox: 'exe' });

    expect(findFirefox(explicit, { FIREFOX_BIN: bin, PATH: onPath })).toBe(explicit);
  });

  it('throws LaunchError naming an explicit path that is missing, a folder or not executable, without searching further', () => {
    const dir = folder({ 'plain-file': 'file', 'a-folder': 'dir' });
    const onPath = folder({ firefox: 'exe' });
    for (const bad of [join(dir, 'missing'), join(dir, 'a-folder'), join(dir, 'plain-file')]) {
      expect(() => findFirefox(bad, { PATH: onPath })).toThrow(LaunchError);
      expect(() => findFirefox(bad, { PATH: onPath })).toThrow(
        `the given executablePath is "${bad}", which is not an executable file.`,
      );
    }
  });

  it('uses FIREFOX_BIN from the given env, and reports it when it is wrong', () => {
    const bin = join(folder({ 'firefox-nightly': 'exe' }), 'firefox-nightly');
    const onPath = folder({ firefox: 'exe' });
    expect(findFirefox(undefined, { FIREFOX_BIN: bin, PATH: onPath })).toBe(bin);
    // An empty explicit path counts as not given.
    expect(findFirefox('', { FIREFOX_BIN: bin, PATH: onPath })).toBe(bin);

    const wrong = join(onPath, 'nope');
    expect(() => findFirefox(undefined, { FIREFOX_BIN: wrong, PATH: onPath })).toThrow(
      `FIREFOX_BIN is "${wrong}", which is not an executable file.`,
    );
  });

  it('searches PATH for firefox, then firefox-esr, in the order of the folders', () => {
    const empty = folder();
    const esrOnly = folder({ 'firefox-esr': 'exe' });
    const firstFirefox = folder({ firefox: 'exe' });
    const secondFirefox = folder({ firefox: 'exe', 'firefox-esr': 'exe' });

    expect(findFirefox(undefined, { PATH: pathOf(empty, firstFirefox, secondFirefox) })).toBe(
      join(firstFirefox, 'firefox'),
    );
    // A `firefox` anywhere on PATH wins over a `firefox-esr` in an earlier folder.
    expect(findFirefox(undefined, { PATH: pathOf(esrOnly, secondFirefox) })).toBe(join(secondFirefox, 'firefox'));
    expect(findFirefox(undefined, { PATH: pathOf(empty, esrOnly) })).toBe(join(esrOnly, 'firefox-esr'));
    // Empty PATH entries are skipped rather than read as the current folder.
    expect(findFirefox(undefined, { PATH: `${delimiter}${delimiter}${esrOnly}${delimiter}` })).toBe(
      join(esrOnly, 'firefox-esr'),
    );
  });

  it('skips a firefox on PATH that is a folder or not executable', () => {
    const notExecutable = folder({ firefox: 'file' });
    const aFolder = folder({ firefox: 'dir' });
    const real = folder({ 'firefox-esr': 'exe' });

    expect(findFirefox(undefined, { PATH: pathOf(notExecutable, aFolder, real) })).toBe(join(real, 'firefox-esr'));
  });

  it('reads only the env it is given, not process.env', () => {
    const onPath = folder({ firefox: 'exe' });
    const elsewhere = folder({ firefox: 'exe' });
    vi.stubEnv('FIREFOX_BIN', join(elsewhere, 'firefox'));
    try {
      expect(findFirefox(undefined, { PATH: onPath })).toBe(join(onPath, 'firefox'));
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('throws LaunchError saying what to install when nothing is found', () => {
    fsGate.hideOutside = root;
    const empty = folder({ firefox: 'file' });

    for (const env of [{ PATH: empty }, {}]) {
      let caught: unknown;
      try {
        findFirefox(undefined, env);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(LaunchError);
      expect((caught as Error).name).toBe('LaunchError');
      expect((caught as Error).message).toContain(
        'Firefox was not found (looked at FIREFOX_BIN, firefox and firefox-esr on PATH, and the usual install paths).',
      );
      expect((caught as Error).message).toContain('sudo apt-get install firefox-esr');
      expect((caught as Error).message).toContain('set FIREFOX_BIN');
    }
  });
});

describe('translateBidiError', () => {
  it('turns a BiDi timeout into TimeoutError, keeping the original as cause', () => {
    const original = new BidiTimeoutError('browsingContext.navigate', 5000);
    const translated = translateBidiError(original, 'Navigating to http://h/');

    expect(translated).toBeInstanceOf(TimeoutError);
    expect((translated as Error).message).toBe(
      'Navigating to http://h/ timed out after 5000 ms; retry with a longer timeout, or check the page with a screenshot.',
    );
    expect((translated as Error).cause).toBe(original);
  });

  it('turns a closed connection into BrowserClosedError with the reason', () => {
    const original = new BidiConnectionClosedError('script.evaluate', 'Firefox exited');
    const translated = translateBidiError(original, 'Evaluating');

    expect(translated).toBeInstanceOf(BrowserClosedError);
    expect((translated as Error).message).toBe(
      'Evaluating failed: the browser connection is closed (Firefox exited). Launch or connect again.',
    );
    expect((translated as Error).cause).toBe(original);
  });

  it('maps protocol error codes to the errors a caller can act on', () => {
    const noFrame = new BidiProtocolError(
      'browsingContext.captureScreenshot',
      'no such frame',
      'Browsing context with id abc not found',
    );
    const badArgument = new BidiProtocolError(
      'browsingContext.navigate',
      'invalid argument',
      'Expected "url" to be a valid URL',
    );
    const other = new BidiProtocolError('script.evaluate', 'unknown error', 'Something broke');

    const page = translateBidiError(noFrame, 'Taking a screenshot');
    expect(page).toBeInstanceOf(NoSuchPageError);
    expect((page as Error).message).toBe(
      'Taking a screenshot failed: the page is gone (Browsing context with id abc not found). Call listPages() and select a live page.',
    );
    expect((page as Error).cause).toBe(noFrame);

    const argument = translateBidiError(badArgument, 'Navigating');
    expect(argument).toBeInstanceOf(InvalidArgumentError);
    expect((argument as Error).message).toBe('Navigating failed: Expected "url" to be a valid URL');
    expect((argument as Error).cause).toBe(badArgument);

    const generic = translateBidiError(other, 'Evaluating');
    expect(generic).toBeInstanceOf(FirefoxClientError);
    expect((generic as Error).constructor).toBe(FirefoxClientError);
    expect((generic as Error).message).toBe(
      'Evaluating failed: Firefox answered unknown error (Something broke). Retry; if it fails again, take a snapshot to see the page as it is now.',
    );
    expect((generic as Error).cause).toBe(other);

    // A driver's words for a point off the viewport become what to do about it.
    const outside = translateBidiError(
      new BidiProtocolError(
        'input.performActions',
        'move target out of bounds',
        'Move target (-4754, 202) is out of bounds of viewport dimensions (1280, 720)',
      ),
      'Filling uid=3_4',
    );
    expect(outside).toBeInstanceOf(ElementNotInteractableError);
    expect((outside as Error).message).toBe(
      'Filling uid=3_4 failed: the point to move the pointer to lies outside the viewport, where no input can go. Scroll it into view (scroll()), or act on the part a person sees (take a snapshot and use its uid).',
    );
    const gone = translateBidiError(
      new BidiProtocolError('input.performActions', 'no such node', 'The node with the reference abc is not known'),
      'Clicking uid=3_5',
    );
    expect(gone).toBeInstanceOf(StaleUidError);
  });

  it('passes client errors and foreign errors through unchanged', () => {
    const clientError = new NoSuchPageError('No page has index 3');
    const foreign = new TypeError('x is not a function');
    expect(translateBidiError(clientError, 'Anything')).toBe(clientError);
    expect(translateBidiError(foreign, 'Anything')).toBe(foreign);
    expect(translateBidiError('a string', 'Anything')).toBe('a string');
    expect(translateBidiError(undefined, 'Anything')).toBeUndefined();
  });
});
