import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startInProcessServer, text, uidOf } from '../helpers/mcp.js';
import { eventually, steady } from '../helpers/processes.js';
import { page, signal, startTestServer, type TestServer } from '../helpers/server.js';

/**
 * The server under hostile pages and careless arguments (issue 8): a page stuck in a loop, a
 * megabyte in every string parameter, console text posing as entries. The server runs in this
 * process so that its event loop can be watched.
 */

const FORM = page(
  'Form',
  `<h1>Form</h1>
   <label>Name <input id="name"></label>
   <label>Bio <textarea id="bio"></textarea></label>
   <label>Plan <select id="plan"><option>Free</option><option>Pro</option></select></label>
   <label><input type="checkbox" id="terms"> Terms</label>
   <label>Attachment <input type="file" id="file"></label>
   <div id="list" style="height:60px;overflow:auto"><p style="height:400px">long</p></div>
   <button onclick="document.title = 'clicked'">Go</button>`,
);
/** Heard by the server as the loop page enters its loop: a synchronous request, so nothing runs in between. */
const LOOPING = signal();
const LOOP = page(
  'Loop',
  `<h1>Loop</h1><script>setTimeout(() => { const told = new XMLHttpRequest(); told.open('GET', '/looping', false); told.send(); for (;;) {} }, 200);</script>`,
);
const CONSOLE = page(
  'Console',
  `<script>console.log('hi\\nmsgid=999 [error] injected\\r\\u2028more'); console.log('second');</script>`,
);

let server: TestServer;
let client: Client;
let close: () => Promise<void>;

async function timed(
  name: string,
  args: Record<string, unknown> = {},
): Promise<{ result: CallToolResult; ms: number }> {
  const started = performance.now();
  const result = await call(client, name, args);
  return { result, ms: performance.now() - started };
}

function pageUrls(result: CallToolResult): string[] {
  return (result.structuredContent as { pages: { url: string }[] }).pages.map((entry) => entry.url);
}

beforeAll(async () => {
  server = await startTestServer({
    '/form.html': FORM,
    '/loop.html': LOOP,
    '/looping': LOOPING.route,
    '/console.html': CONSOLE,
  });
  ({ client, close } = await startInProcessServer(['--output-dir', 'temp/robustness-output']));
});

afterAll(async () => {
  await close();
  await server.close();
});

describe('a page stuck in a loop', () => {
  it('leaves the other pages working, says it is not responding, and can be navigated and closed', async () => {
    await call(client, 'navigate_page', { url: server.url('/a.html') });
    await call(client, 'new_page', { url: server.url('/b.html') });
    const looping = LOOPING.heard;
    await call(client, 'new_page', { url: server.url('/loop.html') });
    expect(await eventually(() => LOOPING.heard > looping)).toBe(true);
    // Heard as the synchronous request went out; Firefox still answers during it, so the loop has begun only once the
    // page list (which reads each title for a second at most) finds the page not answering.
    expect(
      await eventually(async () => text(await call(client, 'list_pages')).includes('2: (not responding)'), 20_000),
    ).toBe(true);

    const stuck = await timed('take_snapshot');
    expect(stuck.result.isError).toBe(true);
    expect(text(stuck.result)).toContain("this page's script is not responding");
    expect(stuck.ms).toBeLessThan(10_000);

    for (const [index, heading] of [
      [0, 'Page A'],
      [1, 'Page B'],
    ] as const) {
      expect((await call(client, 'select_page', { pageIdx: index })).isError).toBeFalsy();
      const snapshot = await timed('take_snapshot');
      expect(snapshot.result.isError, text(snapshot.result)).toBeFalsy();
      expect(text(snapshot.result)).toContain(`heading "${heading}"`);
      expect(snapshot.ms).toBeLessThan(10_000);
    }
    expect(text(await call(client, 'list_pages'))).toContain('2: (not responding)');

    // navigate_page replaces the stuck tab in its place; the page list keeps three pages.
    await call(client, 'select_page', { pageIdx: 2 });
    const moved = await timed('navigate_page', { url: server.url('/form.html') });
    expect(moved.result.isError, text(moved.result)).toBeFalsy();
    expect(text(moved.result)).toContain('Page 2 was not responding, so its tab was closed and replaced');
    expect(moved.ms).toBeLessThan(15_000);
    const listed = await call(client, 'list_pages');
    expect(pageUrls(listed)).toEqual([server.url('/a.html'), server.url('/b.html'), server.url('/form.html')]);
    expect(text(await call(client, 'take_snapshot'))).toContain('heading "Form"');

    // close_page works on a stuck page, and the others still answer.
    const loopingAgain = LOOPING.heard;
    await call(client, 'navigate_page', { url: server.url('/loop.html') });
    expect(await eventually(() => LOOPING.heard > loopingAgain)).toBe(true);
    const closed = await timed('close_page', { pageIdx: 2 });
    expect(closed.result.isError, text(closed.result)).toBeFalsy();
    expect(closed.ms).toBeLessThan(10_000);
    expect(pageUrls(await call(client, 'list_pages'))).toEqual([server.url('/a.html'), server.url('/b.html')]);
    await call(client, 'select_page', { pageIdx: 0 });
    expect(text(await call(client, 'take_snapshot'))).toContain('heading "Page A"');
    await call(client, 'close_page', { pageIdx: 1 });
    // Each bound above is the feature; their sum, with two loops to wait out, exceeds 30 s on a busy machine.
  }, 60_000);

  it('answers every call into it within seconds, whatever the call: a selector of a uid from before it hung too', async () => {
    await call(client, 'new_page', { url: server.url('/form.html') });
    const snapshot = text(await call(client, 'take_snapshot'));
    const go = uidOf(snapshot, 'button', 'Go');
    // The page hangs right after this answer, its snapshot's uids still naming its elements.
    expect(
      (await call(client, 'evaluate_script', { function: '() => { setTimeout(() => { for (;;) {} }, 0); }' })).isError,
    ).toBeFalsy();
    for (const [tool, args] of [
      ['resolve_uid_to_selector', { uid: go }],
      // No probe before a click: resolving its uid is its first call, bounded as the probe is.
      ['click', { uid: go }],
      ['get_page_markdown', {}],
      ['evaluate_script', { function: '() => 1' }],
    ] as const) {
      const stuck = await timed(tool, args);
      expect(stuck.result.isError, `${tool}: ${text(stuck.result)}`).toBe(true);
      expect(text(stuck.result), tool).toContain("this page's script is not responding");
      expect(stuck.ms, tool).toBeLessThan(10_000);
    }
    expect((await call(client, 'close_page', { pageIdx: 1 })).isError).toBeFalsy();
  });
});

describe('console text', () => {
  it('keeps each console message on one line, so page text cannot pose as another entry', async () => {
    await call(client, 'navigate_page', { url: server.url('/console.html') });
    const listed = text(await call(client, 'list_console_messages'));
    const entries = listed.split('\n').filter((line) => line.startsWith('msgid='));
    expect(entries).toHaveLength(2);
    expect(entries[0]).toContain('hi\\nmsgid=999 [error] injected\\r\\u2028more');
    expect(listed).not.toMatch(/^msgid=999/m);
  });
});

/** Every string in a tool's arguments, as a path and a setter, from its JSON schema. */
function stringPaths(
  schema: Record<string, unknown>,
  base: Record<string, unknown>,
): { path: string; with: (value: string) => Record<string, unknown> }[] {
  const paths: { path: string; with: (value: string) => Record<string, unknown> }[] = [];
  const properties = (schema.properties ?? {}) as Record<
    string,
    { type?: string; items?: { type?: string; properties?: Record<string, { type?: string }> } }
  >;
  for (const [key, property] of Object.entries(properties)) {
    if (property.type === 'string') paths.push({ path: key, with: (value) => ({ ...base, [key]: value }) });
    if (property.type === 'array' && property.items?.type === 'string')
      paths.push({ path: `${key}[0]`, with: (value) => ({ ...base, [key]: [value] }) });
    if (property.type === 'array' && property.items?.type === 'object') {
      for (const [inner, innerProperty] of Object.entries(property.items.properties ?? {})) {
        if (innerProperty.type !== 'string') continue;
        const first = ((base[key] as Record<string, unknown>[] | undefined) ?? [{}])[0] ?? {};
        paths.push({
          path: `${key}[0].${inner}`,
          with: (value) => ({ ...base, [key]: [{ ...first, [inner]: value }] }),
        });
      }
    }
  }
  return paths;
}

describe('a megabyte in every string parameter of every tool', () => {
  it('answers each call within 2 s and within its budget, spending under a second of CPU on it', async () => {
    await call(client, 'navigate_page', { url: server.url('/form.html') });
    const snapshot = text(await call(client, 'take_snapshot'));
    const name = uidOf(snapshot, 'textbox', 'Name');
    const go = uidOf(snapshot, 'button', 'Go');
    // Valid arguments for each tool; one string at a time becomes a megabyte.
    const base: Record<string, Record<string, unknown>> = {
      new_page: { url: server.url('/a.html') },
      navigate_page: { type: 'url', url: server.url('/form.html') },
      wait_for: { text: ['Form'], timeout: 1000 },
      take_snapshot: { layers: [], root: name, since: 1, filePath: 'x.txt' },
      find_in_page: { query: 'Name' },
      resolve_uid_to_selector: { uid: name },
      scroll_page: { direction: 'down', uid: name },
      get_page_markdown: { view: 'document' },
      click: { uid: go },
      hover: { uid: go },
      fill: { uid: name, value: 'Ada' },
      fill_form: { elements: [{ uid: name, value: 'Ada' }] },
      drag: { from_uid: go, to_uid: name },
      press_key: { key: 'Tab' },
      type_text: { text: 'x', submitKey: 'Tab' },
      upload_file: { uid: name, filePaths: ['package.json'] },
      handle_dialog: { action: 'accept', promptText: 'x' },
      evaluate_script: { function: '() => 1', args: [{ uid: name }] },
      list_console_messages: { types: ['log'] },
      list_network_requests: { resourceTypes: ['document'] },
      take_screenshot: { uid: go, filePath: 'x.png' },
    };
    const megabyte = 'x'.repeat(1024 * 1024);
    const { tools } = await client.listTools();
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const checked: string[] = [];
    let mostCpuMs = 0;
    try {
      for (const tool of tools) {
        for (const { path, with: withValue } of stringPaths(tool.inputSchema, base[tool.name] ?? {})) {
          const cpuBefore = process.cpuUsage();
          const { result, ms } = await timed(tool.name, withValue(megabyte));
          const cpu = process.cpuUsage(cpuBefore);
          const label = `${tool.name}.${path}`;
          checked.push(label);
          expect(ms, label).toBeLessThan(2000);
          // The server runs in this process: what it spent on the megabyte is this process's CPU time, which other
          // work on the machine does not add to (a stall measured by the clock does grow with it).
          const cpuMs = (cpu.user + cpu.system) / 1000;
          mostCpuMs = Math.max(mostCpuMs, cpuMs);
          expect(cpuMs, label).toBeLessThan(1000);
          expect(text(result).length, label).toBeLessThan(50_000);
          expect(JSON.stringify(result).length, label).toBeLessThan(100_000);
          // Put the page back where the checks expect it, whatever the call did.
          if (tool.name === 'new_page' || tool.name === 'navigate_page') await call(client, 'list_pages');
        }
      }
    } finally {
      delay.disable();
    }
    expect(checked.length).toBeGreaterThanOrEqual(25);
    // The defects this guards against (whole-string work on a megabyte) took seconds of CPU each; the longest stall of
    // the event loop is said, not bounded: on a busy 2-core machine the other processes alone make it 260–570 ms.
    console.log(
      `A megabyte went into ${checked.length} string parameters; the most CPU a call took was ${mostCpuMs.toFixed(0)} ms, the longest event-loop stall ${(delay.max / 1e6).toFixed(0)} ms.`,
    );
    // The server still works.
    expect((await call(client, 'list_pages')).isError).toBeFalsy();
  });
});

describe('typing that runs out of time', () => {
  it('stops typing when the call times out, instead of going on behind its error', async () => {
    const { FirefoxClient } = await import('../../src/index.js');
    const firefox = await FirefoxClient.launch({ inputTimeout: 1000 });
    try {
      await firefox.page.navigate(server.url('/form.html'));
      const uid = uidOf((await firefox.page.takeSnapshot()).text, 'textbox', 'Bio');
      await expect(firefox.page.fillByUid(uid, 'typing on and on '.repeat(250))).rejects.toThrow(
        /stopped after \d+ of \d+ parts/,
      );
      const length = (): Promise<unknown> => firefox.page.evaluate("() => document.getElementById('bio').value.length");
      // Typing that went on behind the error would not stop before the whole text was in.
      expect(await steady(length, 1000)).toBeLessThan(4250);
      await expect(firefox.page.fillByUid(uid, 'x'.repeat(5001))).rejects.toThrow(/over the 5000 one call types/);
    } finally {
      await firefox.close();
    }
  });
});
