import { existsSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  startHttpServer,
  startStdioServer,
  stopHttpServer,
  text,
  uidOf,
  type RunningHttpServer,
} from '../helpers/mcp.js';
import { contentProcesses, eventually, firefoxProcesses, steady } from '../helpers/processes.js';
import { page, signal, startTestServer, type TestServer } from '../helpers/server.js';

/**
 * Calls that Firefox or the client interrupt (issue 18): printing a page with iframes, a tab's
 * content process killed during a call, a call the client cancels or walks away from. Each must
 * end the call at once with the truth, and leave the session working for the next call.
 */

const OUTPUT = resolve('temp/interruptions-output');
/** Each server's Firefox carries this in its environment, so the test finds its processes. */
const MARKER = `interruptions-${process.pid}-${Date.now()}`;

let site: TestServer;
/** Heard when a script the test runs is under way in the page. */
const STARTED = signal();
/** Heard when typing into the form's Bio has begun. */
const TYPING = signal();
/** A second origin for the cross-origin iframe (localhost vs 127.0.0.1). */
let other: TestServer;
let stdio: Client;
let http: RunningHttpServer;

function otherOrigin(path: string): string {
  return other.url(path).replace('127.0.0.1', 'localhost');
}

/** The content processes (tabs) of the Firefox started with MARKER: killing them crashes its pages. */
function tabProcesses(): number[] {
  const main = [...firefoxProcesses(MARKER)]
    .filter(([, cmd]) => !cmd.includes('-contentproc') && !cmd.includes('-isForBrowser'))
    .map(([pid]) => pid);
  expect(main).toHaveLength(1);
  return contentProcesses(main[0] ?? -1);
}

async function connectHttp(): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const client = new Client({ name: 'interruptions-tests', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(http.url));
  await client.connect(transport);
  return { client, transport };
}

beforeAll(async () => {
  other = await startTestServer({ '/inner.html': page('Inner', '<p>A frame from another origin</p>') });
  site = await startTestServer({
    // A same-origin frame holding a frame of its own, and a cross-origin frame.
    '/frames.html': page(
      'Frames',
      `<h1>Framed</h1><iframe src="/nested.html"></iframe><iframe src="${otherOrigin('/inner.html')}"></iframe>`,
    ),
    '/nested.html': page('Nested', '<p>A frame in a frame</p><iframe src="/a.html"></iframe>'),
    '/form.html': page(
      'Form',
      `<label>Bio <textarea id="bio" oninput="if (!this.told) { this.told = true; fetch('/typing'); }"></textarea></label>`,
    ),
    '/started': STARTED.route,
    '/typing': TYPING.route,
  });
  rmSync(OUTPUT, { recursive: true, force: true });
  ({ client: stdio } = await startStdioServer(['--output-dir', OUTPUT], { FIREFOX_BIDI_MCP_KILL_TEST: MARKER }));
  http = await startHttpServer(['--output-dir', OUTPUT]);
});

afterAll(async () => {
  await stdio.close();
  await stopHttpServer(http);
  await site.close();
  await other.close();
  rmSync(OUTPUT, { recursive: true, force: true });
});

function pageUrls(result: CallToolResult): string[] {
  expect(result.isError, text(result)).toBeFalsy();
  return (result.structuredContent as { pages: { url: string }[] }).pages.map((entry) => entry.url);
}

/** Resolves once `signal` has heard one more request than now: what the page does has begun. */
function heardAgain(heard: { readonly heard: number }): () => Promise<void> {
  const before = heard.heard;
  return async () => {
    expect(await eventually(() => heard.heard > before, 15_000)).toBe(true);
  };
}

/** Calls save_pdf and checks the file it names is a real PDF inside the output folder. */
async function expectPdfSaved(client: Client, name: string): Promise<void> {
  const saved = await call(client, 'save_pdf', { filePath: name });
  expect(saved.isError, text(saved)).toBeFalsy();
  const file = (saved.structuredContent as { filePath: string }).filePath;
  expect(file.startsWith(OUTPUT) && file.endsWith(name)).toBe(true);
  expect(existsSync(file)).toBe(true);
  const pdf = readFileSync(file);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(1000);
}

describe('save_pdf on a page with iframes', () => {
  it('saves a real PDF, and the page list, new_page and close_page keep working afterwards', async () => {
    const url = site.url('/frames.html');
    expect((await call(stdio, 'navigate_page', { url })).isError).toBeFalsy();
    // Both frames loaded: the print has a same-origin and a cross-origin frame to clone.
    const framed = await call(stdio, 'evaluate_script', {
      function:
        '() => [...document.querySelectorAll("iframe")].map((frame) => frame.contentDocument ? frame.contentDocument.querySelector("iframe").contentDocument.readyState : "cross-origin")',
    });
    expect(text(framed)).toMatch(/\[\s*"complete",\s*"cross-origin"\s*\]/);

    for (const round of [1, 2]) {
      await expectPdfSaved(stdio, `framed-${round}.pdf`);
      expect(pageUrls(await call(stdio, 'list_pages'))).toEqual([url]);
    }

    const opened = await call(stdio, 'new_page', { url: site.url('/b.html') });
    expect(opened.isError, text(opened)).toBeFalsy();
    expect(pageUrls(await call(stdio, 'list_pages'))).toEqual([url, site.url('/b.html')]);
    const closed = await call(stdio, 'close_page', { pageIdx: 1 });
    expect(closed.isError, text(closed)).toBeFalsy();
    expect(pageUrls(await call(stdio, 'list_pages'))).toEqual([url]);
    expect(text(await call(stdio, 'take_snapshot'))).toContain('heading "Framed"');
  });

  it("over HTTP: keeps a session's page list working, and leaves the other session's alone", async () => {
    const { client } = await connectHttp();
    const { client: neighbour } = await connectHttp();
    try {
      const url = site.url('/frames.html');
      expect((await call(neighbour, 'navigate_page', { url: site.url('/b.html') })).isError).toBeFalsy();
      expect((await call(client, 'navigate_page', { url })).isError).toBeFalsy();
      await expectPdfSaved(client, 'framed-http.pdf');
      expect(pageUrls(await call(client, 'list_pages'))).toEqual([url]);
      expect(pageUrls(await call(neighbour, 'list_pages'))).toEqual([site.url('/b.html')]);
      expect((await call(client, 'new_page', { url: site.url('/a.html') })).isError).toBeFalsy();
      expect(pageUrls(await call(client, 'list_pages'))).toEqual([url, site.url('/a.html')]);
    } finally {
      await client.close();
      await neighbour.close();
    }
  });
});

describe('a tab crashing during a call', () => {
  it('fails the running evaluate_script at once with the crash, says so on the next call, and works again after navigate', async () => {
    const url = site.url('/a.html');
    expect((await call(stdio, 'navigate_page', { url })).isError).toBeFalsy();
    const tabs = tabProcesses();
    expect(tabs.length).toBeGreaterThan(0);

    const started = performance.now();
    const underWay = heardAgain(STARTED);
    const running = call(stdio, 'evaluate_script', {
      function:
        '() => { fetch("/started").catch(() => {}); return new Promise((resolve) => setTimeout(() => resolve("finished " + location.href), 5000)); }',
    });
    await underWay();
    for (const pid of tabs) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone already (ESRCH): a content process Firefox ended since the list was read.
      }
    }
    const killedAt = performance.now();
    const result = await running;
    const afterKill = performance.now() - killedAt;
    console.log(
      `evaluate_script failed ${afterKill.toFixed(0)} ms after its tab was killed (${(performance.now() - started).toFixed(0)} ms after it started).`,
    );

    expect(result.isError, text(result)).toBe(true);
    expect(text(result)).not.toContain('Script ran on the page');
    expect(text(result)).toContain(
      `Running script stopped: page 0 crashed (its content process ended) during the call while it showed "${url}"`,
    );
    expect(afterKill).toBeLessThan(2000);

    const next = await call(stdio, 'evaluate_script', { function: '() => location.href' });
    expect(next.isError).toBe(true);
    expect(text(next)).toContain('page 0 crashed');
    const listed = await call(stdio, 'list_pages');
    expect((listed.structuredContent as { pages: { crashed?: boolean }[] }).pages[0]?.crashed).toBe(true);

    expect((await call(stdio, 'navigate_page', { url })).isError).toBeFalsy();
    const again = await call(stdio, 'evaluate_script', { function: '() => location.href' });
    expect(again.isError, text(again)).toBeFalsy();
    expect(text(again)).toContain(url);
  });
});

/**
 * Starts `name` with a signal, aborts it once `underWay` resolves, and returns how long a list_pages right after the
 * abort took, and whether the cancelled call rejected.
 */
async function cancelThenList(
  client: Client,
  name: string,
  args: Record<string, unknown>,
  underWay: () => Promise<void>,
): Promise<{ listMs: number; listed: CallToolResult; cancelled: unknown }> {
  const controller = new AbortController();
  const cancelled = client.callTool({ name, arguments: args }, undefined, { signal: controller.signal }).then(
    () => 'answered',
    (error: unknown) => error,
  );
  await underWay();
  controller.abort('the test gave up');
  const started = performance.now();
  const listed = (await client.callTool({ name: 'list_pages', arguments: {} })) as CallToolResult;
  return { listMs: performance.now() - started, listed, cancelled: await cancelled };
}

describe('a call the client cancels', () => {
  const neverText = { text: ['This text never comes'], timeout: 20_000 };
  const longScript = {
    function:
      'async () => { fetch("/started").catch(() => {}); await new Promise((resolve) => setTimeout(resolve, 20000)); return 1; }',
  };
  /** When the call is under way: a wait_for's looks are script calls in a sandbox, which no page or server sees. */
  const underWay = (name: 'wait_for' | 'evaluate_script'): (() => Promise<void>) =>
    name === 'evaluate_script'
      ? heardAgain(STARTED)
      : // Sleep kept: nothing outside the server sees a wait_for's looks begin, so it gets time to be well under way.
        () => new Promise((resolveWait) => setTimeout(resolveWait, 700));

  it.each([
    ['wait_for', neverText],
    ['evaluate_script', longScript],
  ] as const)('over stdio: a cancelled %s frees the queue at once', async (name, args) => {
    expect((await call(stdio, 'navigate_page', { url: site.url('/b.html') })).isError).toBeFalsy();
    const { listMs, listed, cancelled } = await cancelThenList(stdio, name, args, underWay(name));
    console.log(`stdio: list_pages answered ${listMs.toFixed(0)} ms after ${name} was cancelled.`);
    expect(String(cancelled)).toContain('the test gave up');
    expect(pageUrls(listed)).toEqual([site.url('/b.html')]);
    expect(listMs).toBeLessThan(1000);
    // The session works on as before.
    expect(text(await call(stdio, 'take_snapshot'))).toContain('heading "Page B"');
  });

  it('over stdio: a cancelled fill stops typing instead of going on behind the next call', async () => {
    expect((await call(stdio, 'navigate_page', { url: site.url('/form.html') })).isError).toBeFalsy();
    const snapshot = text(await call(stdio, 'take_snapshot'));
    const bio = uidOf(snapshot, 'textbox', 'Bio');
    const long = 'typing on and on '.repeat(250);
    const { listMs } = await cancelThenList(stdio, 'fill', { uid: bio, value: long }, heardAgain(TYPING));
    expect(listMs).toBeLessThan(1000);
    const length = async (): Promise<number> =>
      Number(
        text(
          await call(stdio, 'evaluate_script', { function: '() => document.getElementById("bio").value.length' }),
        ).match(/\n(\d+)\n/)?.[1],
      );
    // The batch under way when the call was cancelled may still land; nothing after it. Typing that went on behind
    // the next call would not stop before the whole text was in.
    const typed = await steady(length, 1000);
    console.log(`stdio: a cancelled fill had typed ${typed} of ${long.length} characters when it stopped.`);
    expect(typed).toBeGreaterThan(0);
    expect(typed).toBeLessThan(long.length);
  });

  it.each([
    ['wait_for', neverText],
    ['evaluate_script', longScript],
  ] as const)("over HTTP: a cancelled %s frees the session's queue at once", async (name, args) => {
    const { client } = await connectHttp();
    try {
      expect((await call(client, 'navigate_page', { url: site.url('/b.html') })).isError).toBeFalsy();
      const { listMs, listed, cancelled } = await cancelThenList(client, name, args, underWay(name));
      console.log(`HTTP: list_pages answered ${listMs.toFixed(0)} ms after ${name} was cancelled.`);
      expect(String(cancelled)).toContain('the test gave up');
      expect(pageUrls(listed)).toEqual([site.url('/b.html')]);
      expect(listMs).toBeLessThan(1000);
      expect(text(await call(client, 'take_snapshot'))).toContain('heading "Page B"');
    } finally {
      await client.close();
    }
  });

  it('over HTTP: a client that drops its connection mid-call frees its session', async () => {
    const { client, transport } = await connectHttp();
    try {
      expect((await call(client, 'navigate_page', { url: site.url('/b.html') })).isError).toBeFalsy();
      // The same session's call, sent by hand so that its connection can be dropped.
      const { port, pathname } = new URL(http.url);
      const dropped = httpRequest({
        host: '127.0.0.1',
        port,
        path: pathname,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-session-id': transport.sessionId ?? '',
          'mcp-protocol-version': transport.protocolVersion ?? '2025-06-18',
        },
      });
      dropped.on('error', () => undefined);
      const answered = new Promise<number>((resolveStatus) =>
        dropped.on('response', (response) => resolveStatus(response.statusCode ?? 0)),
      );
      const scriptUnderWay = heardAgain(STARTED);
      dropped.end(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 'dropped-1',
          method: 'tools/call',
          params: { name: 'evaluate_script', arguments: longScript },
        }),
      );
      expect(await answered).toBe(200);
      await scriptUnderWay();
      dropped.destroy();
      const started = performance.now();
      const listed = await call(client, 'list_pages');
      const listMs = performance.now() - started;
      console.log(`HTTP: list_pages answered ${listMs.toFixed(0)} ms after a client dropped its connection mid-call.`);
      expect(pageUrls(listed)).toEqual([site.url('/b.html')]);
      expect(listMs).toBeLessThan(1000);
    } finally {
      await client.close();
    }
  });
});

/**
 * Calls `tool` on the stdio session's Firefox frozen (SIGSTOP, as a hung or swapped-out browser:
 * its socket stays open, nothing answers); checks the call says so within seconds and that the
 * frozen Firefox is gone; returns the answer's text.
 */
async function callFrozen(tool: string): Promise<string> {
  expect((await call(stdio, 'navigate_page', { url: site.url('/a.html') })).isError).toBeFalsy();
  const main = [...firefoxProcesses(MARKER)]
    .filter(([, cmd]) => !cmd.includes('-contentproc') && !cmd.includes('-isForBrowser'))
    .map(([pid]) => pid);
  expect(main).toHaveLength(1);
  const [frozen] = main as [number];
  process.kill(frozen, 'SIGSTOP');
  try {
    const started = performance.now();
    const result = await call(stdio, tool);
    const took = performance.now() - started;
    console.log(`${tool} on a frozen Firefox answered in ${took.toFixed(0)} ms: ${text(result)}`);
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('Firefox stopped answering');
    expect(took).toBeLessThan(8000);
    // Killed, stopped or not: nothing of it is left.
    expect(await eventually(() => !firefoxProcesses(MARKER).has(frozen), 5000)).toBe(true);
    return text(result);
  } finally {
    try {
      process.kill(frozen, 'SIGCONT');
    } catch {
      // Gone, as it should be.
    }
  }
}

describe('a Firefox that stops answering', () => {
  it('over stdio: is noticed within seconds, said so, killed, and replaced on the next call', async () => {
    const answer = await callFrozen('take_snapshot');
    expect(answer).not.toContain("this page's script is not responding");
    expect(answer).toContain('The next tool call starts a new Firefox.');
    const next = await call(stdio, 'navigate_page', { url: site.url('/b.html') });
    expect(next.isError, text(next)).toBeFalsy();
    expect(text(next)).toContain('stopped answering; a new Firefox was started');
    expect(text(await call(stdio, 'take_snapshot'))).toContain('heading "Page B"');
  });

  it('over stdio: a call with a long timeout of its own (list_pages) learns it within seconds, not when its timeout runs out (it waited 32 s)', async () => {
    await callFrozen('list_pages');
    expect((await call(stdio, 'list_pages')).isError).toBeFalsy();
  });
});
