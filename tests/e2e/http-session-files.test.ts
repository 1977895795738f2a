import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  evaluateInPage,
  startHttpServer,
  stopHttpServer,
  text,
  uidOf,
  type RunningHttpServer,
} from '../helpers/mcp.js';
import { eventually, firefoxProcesses, steady } from '../helpers/processes.js';
import { page, signal, startTestServer, type TestServer } from '../helpers/server.js';

/**
 * Files per HTTP session (issue 18): each session of one server (user contexts of one shared
 * Firefox) writes, downloads and reads in a folder of its own; another session can neither read,
 * load nor overwrite what is in it, whatever path it gives. Roots a client announces over HTTP
 * widen nothing, and a session left idle is closed.
 */

async function connect(
  url: string,
  roots?: string[],
): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const client = new Client(
    { name: 'firefox-bidi-mcp-session-files-tests', version: '1.0.0' },
    roots ? { capabilities: { roots: {} } } : {},
  );
  if (roots)
    client.setRequestHandler(ListRootsRequestSchema, () => ({
      roots: roots.map((root) => ({ uri: pathToFileURL(root).href })),
    }));
  const transport = new StreamableHTTPClientTransport(new URL(url));
  await client.connect(transport);
  return { client, transport };
}

const REFUSED_READ = /outside the folders files may be read from/;
const REFUSED_WRITE = /leads outside the output directory/;

let pages: TestServer;
let work: string;
let out: string;
let outside: string;
let server: RunningHttpServer;
let alice: Client;
let bob: Client;
const marker = `http-session-files-${process.pid}-${Date.now()}`;
/** Cookies the web server received, per request to /whoami. */
const cookiesSeen: string[] = [];

/**
 * Clicks the download link on /files.html and waits until the session's list says it finished; returns the path it was
 * saved at.
 */
async function download(client: Client): Promise<string> {
  await call(client, 'navigate_page', { url: pages.url('/files.html') });
  await call(client, 'click', { uid: uidOf(text(await call(client, 'take_snapshot')), 'link', 'Get the report') });
  let saved: string | undefined;
  const finished = await eventually(async () => {
    const listed = (await call(client, 'list_downloads')).structuredContent as {
      downloads: { status: string; path?: string }[];
    };
    saved = listed.downloads.find((entry) => entry.status === 'complete' && entry.path)?.path;
    return saved !== undefined;
  });
  if (saved === undefined || !finished) throw new Error('The download did not finish.');
  return saved;
}

beforeAll(async () => {
  pages = await startTestServer({
    '/files.html': page(
      'Files',
      '<a href="/report.bin">Get the report</a><label>Attachment <input type="file" id="file"></label>',
    ),
    '/report.bin': (_request, response) => {
      response.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-disposition': 'attachment; filename="report.bin"',
      });
      response.end('alice report');
    },
    '/login': (_request, response) => {
      response.writeHead(200, { 'set-cookie': 'session=alice-logged-in; Path=/', 'content-type': 'text/html' });
      response.end('<title>Logged in</title><p>welcome</p>');
    },
    '/whoami': (request, response) => {
      cookiesSeen.push(request.headers.cookie ?? '');
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<title>Who</title>');
    },
  });
  work = mkdtempSync(join(tmpdir(), 'ffmcp-session-files-'));
  out = join(work, 'out');
  outside = mkdtempSync(join(tmpdir(), 'ffmcp-session-outside-'));
  writeFileSync(join(outside, 'secret.txt'), 'top secret');
  server = await startHttpServer(['--output-dir', 'out', '--tools', 'all'], {
    cwd: work,
    env: { FIREFOX_BIDI_MCP_KILL_TEST: marker },
  });
  ({ client: alice } = await connect(server.url));
  ({ client: bob } = await connect(server.url));
});

afterAll(async () => {
  await alice.close();
  await bob.close();
  await stopHttpServer(server);
  await pages.close();
  expect(await eventually(() => firefoxProcesses(marker).size === 0, 10_000)).toBe(true);
  rmSync(work, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe('two HTTP sessions of one server, each with a folder of its own', () => {
  let aliceDir: string;
  let aliceDownload: string;
  let aliceState: string;

  it("saves a session's download in its own folder only, 0700, under a name no other session is told", async () => {
    aliceDownload = await download(alice);
    aliceDir = dirname(dirname(aliceDownload));
    expect(dirname(aliceDir)).toBe(join(out, 'sessions'));
    expect(basename(aliceDir)).toMatch(/^[0-9a-f]{32}$/);
    expect(aliceDownload).toBe(join(aliceDir, 'downloads', 'report.bin'));
    expect(readFileSync(aliceDownload, 'utf8')).toBe('alice report');
    expect(statSync(aliceDir).mode & 0o777).toBe(0o700);
    // Nowhere else: not the browser-wide downloads folder, not the other session's.
    expect(existsSync(join(out, 'downloads'))).toBe(false);
    const bobShot = (await call(bob, 'take_screenshot', { filePath: 'bob.png' })).structuredContent as {
      filePath: string;
    };
    const bobDir = dirname(bobShot.filePath);
    expect(dirname(bobDir)).toBe(join(out, 'sessions'));
    expect(bobDir).not.toBe(aliceDir);
    expect(readdirSync(join(bobDir, 'downloads'))).toEqual([]);
    expect(text(await call(bob, 'list_downloads'))).toContain('No downloads.');
    // Bob's own download lands in his folder, and Alice's folder still holds hers alone.
    const bobDownload = await download(bob);
    expect(bobDownload).toBe(join(bobDir, 'downloads', 'report.bin'));
    expect(readdirSync(join(aliceDir, 'downloads'))).toEqual(['report.bin']);
    expect(text(await call(bob, 'list_downloads'))).not.toContain(aliceDir);
  });

  it('keeps the other session from reading or loading a saved storage state or download, by absolute or relative path', async () => {
    await call(alice, 'navigate_page', { url: pages.url('/login') });
    const saved = (await call(alice, 'save_storage_state', { filePath: 'state.json' })).structuredContent as {
      saved: { path: string };
    };
    aliceState = saved.saved.path;
    expect(aliceState).toBe(join(aliceDir, 'state.json'));
    expect(readFileSync(aliceState, 'utf8')).toContain('alice-logged-in');
    const id = basename(aliceDir);
    const aliceFiles = [
      aliceState,
      `../${id}/state.json`,
      join('..', id, 'downloads', 'report.bin'),
      aliceDownload,
      `${aliceDir}/../${id}/state.json`,
    ];

    for (const filePath of aliceFiles) {
      const loaded = await call(bob, 'load_storage_state', { filePath });
      expect(loaded.isError, filePath).toBe(true);
      expect(text(loaded), filePath).toMatch(REFUSED_READ);
    }
    expect(text(await call(bob, 'get_cookies'))).toContain('No cookies.');
    await call(bob, 'navigate_page', { url: pages.url('/whoami') });
    expect(cookiesSeen.at(-1)).toBe('');

    await call(bob, 'navigate_page', { url: pages.url('/files.html') });
    const input = uidOf(text(await call(bob, 'take_snapshot')), 'button', 'Attachment');
    for (const filePath of aliceFiles) {
      const uploaded = await call(bob, 'upload_file', { uid: input, filePaths: [filePath] });
      expect(uploaded.isError, filePath).toBe(true);
      expect(text(uploaded), filePath).toMatch(REFUSED_READ);
      const routed = await call(bob, 'route', { urlPattern: `${pages.origin}/*`, action: 'mock', bodyFile: filePath });
      expect(routed.isError, filePath).toBe(true);
      expect(text(routed), filePath).toMatch(REFUSED_READ);
    }
    expect(await evaluateInPage(bob, "() => document.getElementById('file').files.length")).toBe(0);
    expect(text(await call(bob, 'list_routes'))).toContain('No request rules.');
    // Even the answer for a file that is not there says no more than for one that is.
    const guessed = text(await call(bob, 'load_storage_state', { filePath: `../${id}/nothing-here.json` }));
    expect(guessed).toMatch(REFUSED_READ);
    expect(guessed).not.toContain('does not exist');
    // Alice still reads her own, relative or absolute.
    expect(text(await call(alice, 'load_storage_state', { filePath: 'state.json' }))).toContain('Restored 1 cookie');
  });

  it("keeps the other session from overwriting a session's files", async () => {
    const before = readFileSync(aliceState, 'utf8');
    const id = basename(aliceDir);
    for (const filePath of [
      aliceState,
      `../${id}/state.json`,
      aliceDownload,
      `../${id}/downloads/report.bin`,
      `../${id}/new.png`,
    ]) {
      for (const [tool, args] of [
        ['save_storage_state', { filePath }],
        ['take_screenshot', { filePath }],
        ['take_snapshot', { filePath }],
        ['save_pdf', { filePath }],
      ] as const) {
        const result = await call(bob, tool, args);
        expect(result.isError, `${tool} ${filePath}`).toBe(true);
        expect(text(result), `${tool} ${filePath}`).toMatch(REFUSED_WRITE);
      }
    }
    expect(readFileSync(aliceState, 'utf8')).toBe(before);
    expect(readFileSync(aliceDownload, 'utf8')).toBe('alice report');
    // Alice's folder holds her files and her recording alone: none of Bob's refused steps.
    const [recording, ...more] = readdirSync(aliceDir).filter((name) => name.startsWith('recording-'));
    expect(more).toEqual([]);
    const steps = (JSON.parse(readFileSync(join(aliceDir, recording ?? ''), 'utf8')) as { steps: { tool: string }[] })
      .steps;
    expect(steps.map((step) => step.tool)).toContain('save_storage_state');
    expect(JSON.stringify(steps)).not.toContain('bob');
    expect(
      readdirSync(aliceDir)
        .filter((name) => !/^(?:recording|timeline)-/.test(name))
        .sort(),
    ).toEqual(['downloads', 'state.json']);
    // And her timeline: her calls alone.
    const [timeline] = readdirSync(aliceDir).filter((name) => name.startsWith('timeline-'));
    const entries = readFileSync(join(aliceDir, timeline ?? '', 'entries.jsonl'), 'utf8');
    expect(entries).toContain('save_storage_state');
    expect(entries).not.toContain('bob');
  });

  it('gives roots a client announces over HTTP no weight: file:/// opens nothing', async () => {
    const before = readdirSync(join(out, 'sessions'));
    const sessionsBefore = before.length;
    const { client: rooted, transport } = await connect(server.url, ['/']);
    try {
      for (const bodyFile of [join(outside, 'secret.txt'), '/etc/hostname']) {
        const result = await call(rooted, 'route', { urlPattern: `${pages.origin}/*`, action: 'mock', bodyFile });
        expect(result.isError, bodyFile).toBe(true);
        expect(text(result)).toMatch(REFUSED_READ);
      }
      expect(text(await call(rooted, 'list_routes'))).toContain('No request rules.');
      await call(rooted, 'navigate_page', { url: pages.url('/files.html') });
      expect(await evaluateInPage(rooted, '() => document.title')).toBe('Files');
    } finally {
      // Ends the session on the server (an HTTP DELETE); close() alone would leave it to expire.
      await transport.terminateSession();
      await rooted.close();
    }
    // The session's folder stays for the user with its recording and its timeline alone (its steps: the navigation and
    // the script); those with files keep them.
    expect(await eventually(() => readdirSync(join(out, 'sessions')).length === sessionsBefore + 1, 5000)).toBe(true);
    const added = readdirSync(join(out, 'sessions')).find((id) => !before.includes(id)) ?? '';
    // The folder is there from the session's start: wait for its end, which takes the downloads folder away, being
    // empty.
    expect(await eventually(() => !existsSync(join(out, 'sessions', added, 'downloads')), 10_000)).toBe(true);
    const files = readdirSync(join(out, 'sessions', added)).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatch(/^recording-.*\.json$/);
    expect(files[1]).toMatch(/^timeline-/);
    const steps = (
      JSON.parse(readFileSync(join(out, 'sessions', added, files[0] ?? ''), 'utf8')) as { steps: { tool: string }[] }
    ).steps;
    expect(steps.map((step) => step.tool)).toEqual(['navigate_page', 'evaluate_script']);
    expect(existsSync(aliceState)).toBe(true);
  });
});

describe('idle HTTP sessions', () => {
  // A Firefox start, a 4.5 s call and the idle timeout waited out: a minute on a busy machine.
  it('closes a session after --session-idle-timeout without a call (its page gone, its id answered 404), never during a call', async () => {
    const beacon = signal();
    const site = await startTestServer({
      '/beacon.html': page('Beacon', '<script>setInterval(() => fetch("/beacon"), 100);</script>'),
      '/beacon': beacon.route,
    });
    const idleMarker = `${marker}-idle`;
    // 0.05 minutes: 3 s.
    const idle = await startHttpServer(['--output-dir', 'out', '--session-idle-timeout', '0.05'], {
      cwd: work,
      env: { FIREFOX_BIDI_MCP_KILL_TEST: idleMarker },
    });
    const { client, transport } = await connect(idle.url);
    try {
      await call(client, 'navigate_page', { url: site.url('/beacon.html') });
      // A call that outlasts the timeout keeps the session: it answers, and so does the next one.
      const long = await call(client, 'evaluate_script', {
        function: '() => new Promise((resolve) => setTimeout(() => resolve("still here"), 4500))',
      });
      expect(text(long)).toContain('"still here"');
      expect(text(await call(client, 'list_pages'))).toContain('Beacon');
      const sessionId = transport.sessionId ?? '';
      expect(sessionId).not.toBe('');
      const running = beacon.heard;
      expect(await eventually(() => beacon.heard > running, 5000)).toBe(true);

      // Idle from here: within the timeout and a margin, the page is gone (the web server hears no more from it: a
      // page that beacons every 100 ms fell silent for a second).
      await steady(() => beacon.heard, 1000, 10_000);
      const answer = await fetch(idle.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-session-id': sessionId,
          'mcp-protocol-version': '2025-06-18',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'list_pages', arguments: {} },
        }),
      });
      expect(answer.status).toBe(404);
      expect(await answer.text()).toContain('Unknown or closed session');
    } finally {
      await client.close();
      await stopHttpServer(idle);
      await site.close();
    }
    expect(await eventually(() => firefoxProcesses(idleMarker).size === 0, 10_000)).toBe(true);
  }, 60_000);
});

describe('a Firefox per session (--isolated-browser)', () => {
  it("saves each session's downloads in its own folder too", async () => {
    const isolatedMarker = `${marker}-isolated`;
    const output = join(work, 'isolated-out');
    const isolated = await startHttpServer(['--output-dir', output, '--isolated-browser', '--tools', 'all'], {
      cwd: work,
      env: { FIREFOX_BIDI_MCP_KILL_TEST: isolatedMarker },
    });
    const { client: carol } = await connect(isolated.url);
    const { client: dave } = await connect(isolated.url);
    try {
      const saved = await download(carol);
      const carolDir = dirname(dirname(saved));
      expect(dirname(carolDir)).toBe(join(output, 'sessions'));
      expect(readFileSync(saved, 'utf8')).toBe('alice report');
      expect(existsSync(join(output, 'downloads'))).toBe(false);
      const daveSaved = await download(dave);
      expect(dirname(dirname(daveSaved))).not.toBe(carolDir);
      const input = uidOf(text(await call(dave, 'take_snapshot')), 'button', 'Attachment');
      const loaded = await call(dave, 'upload_file', { uid: input, filePaths: [saved] });
      expect(text(loaded)).toMatch(REFUSED_READ);
      expect(await evaluateInPage(dave, "() => document.getElementById('file').files.length")).toBe(0);
      expect(readdirSync(join(carolDir, 'downloads'))).toEqual(['report.bin']);
    } finally {
      await carol.close();
      await dave.close();
      await stopHttpServer(isolated);
    }
    expect(await eventually(() => firefoxProcesses(isolatedMarker).size === 0, 10_000)).toBe(true);
    // Two Firefoxes of their own start here: 8–16 s each on this machine when it is busy.
  }, 90_000);
});
