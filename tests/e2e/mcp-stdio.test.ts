import { existsSync, readFileSync, rmSync } from 'node:fs';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser } from '../../src/index.js';
import { launchFirefox } from '../../src/firefox/session/launch.js';
import { call, startStdioServer, text, uidOf } from '../helpers/mcp.js';
import { eventually, firefoxProcesses, RELAUNCHING_TEST_MS } from '../helpers/processes.js';
import { page, signal, startTestServer, type TestServer } from '../helpers/server.js';

const SIGNUP = page(
  'Sign up',
  `<h1>Sign up</h1>
   <form onsubmit="event.preventDefault(); document.getElementById('result').textContent = 'Welcome ' + this.name.value + ' (' + this.plan.value + ')';">
     <label>Name <input name="name"></label>
     <label>Plan <select name="plan"><option>Free</option><option>Pro</option></select></label>
     <label><input type="checkbox" name="terms"> I accept the terms</label>
     <button type="submit">Create account</button>
   </form>
   <p id="result"></p>
   <button onclick="document.title = 'confirmed:' + confirm('Delete everything?')">Delete</button>
   <script>console.log('signup page ready'); fetch('/api/data');</script>`,
);

const LONG_LIST = page(
  'Long list',
  `<h1>Items</h1><ul>${Array.from({ length: 600 }, (_, i) => `<li>Item number ${i}</li>`).join('')}</ul>`,
);

let server: TestServer;
let client: Client;
/** Heard when a script the test runs is under way in the page. */
const started = signal();

beforeAll(async () => {
  server = await startTestServer({ '/signup.html': SIGNUP, '/long-list.html': LONG_LIST, '/started': started.route });
  ({ client } = await startStdioServer(['--output-dir', 'temp/mcp-test-output']));
});

afterAll(async () => {
  await client.close();
  await server.close();
  rmSync('temp/mcp-test-output', { recursive: true, force: true });
});

describe('the MCP server over stdio, driven by the SDK client', () => {
  it('lists the tools with described parameters', async () => {
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name);
    for (const name of [
      'list_pages',
      'new_page',
      'select_page',
      'close_page',
      'navigate_page',
      'wait_for',
      'take_snapshot',
      'resolve_uid_to_selector',
      'click',
      'hover',
      'fill',
      'fill_form',
      'drag',
      'press_key',
      'type_text',
      'upload_file',
      'handle_dialog',
      'evaluate_script',
      'list_console_messages',
      'get_console_message',
      'list_network_requests',
      'get_network_request',
      'take_screenshot',
    ]) {
      expect(names, name).toContain(name);
    }
    // The default tool sets leave cookies and emulation out (--tools adds them), and each page tool takes a pageId.
    expect(names).not.toContain('get_cookies');
    expect(names).not.toContain('emulate');
    // Resizing is emulation, and init scripts stub APIs as request rules do: both in their sets, out of the default.
    for (const name of ['resize_page', 'add_init_script', 'remove_init_script']) expect(names).not.toContain(name);
    expect(Object.keys(tools.find((tool) => tool.name === 'take_snapshot')?.inputSchema.properties ?? {})).toContain(
      'pageId',
    );
    const clickTool = tools.find((tool) => tool.name === 'click');
    expect(clickTool?.inputSchema.required).toEqual(['uid']);
    for (const tool of tools) {
      expect(tool.description?.length, tool.name).toBeGreaterThan(10);
      for (const [name, schema] of Object.entries(tool.inputSchema.properties ?? {})) {
        expect((schema as { description?: string }).description, `${tool.name}.${name}`).toBeTruthy();
      }
    }
  });

  it('plays a whole scenario: open, snapshot, fill a form, submit, wait, console, network, screenshot', async () => {
    expect(text(await call(client, 'navigate_page', { url: server.url('/signup.html') }))).toContain(
      `Navigated to ${server.url('/signup.html')}`,
    );
    const snapshot = text(await call(client, 'take_snapshot'));
    expect(snapshot).toContain('heading "Sign up" level=1');
    const filled = await call(client, 'fill_form', {
      elements: [
        { uid: uidOf(snapshot, 'textbox', 'Name'), value: 'Ada' },
        { uid: uidOf(snapshot, 'combobox', 'Plan'), value: 'Pro' },
        { uid: uidOf(snapshot, 'checkbox', 'I accept the terms'), value: 'true' },
      ],
    });
    expect(filled.isError).toBeFalsy();
    const clicked = await call(client, 'click', {
      uid: uidOf(snapshot, 'button', 'Create account'),
      includeSnapshot: true,
    });
    expect(text(clicked)).toContain('Clicked');
    // What the click changed (or the whole page, when that says it in fewer words).
    expect(text(clicked)).toMatch(/^## (?:Changes|Page snapshot)$/m);
    expect(text(clicked)).toContain('Welcome Ada (Pro)');
    expect(text(await call(client, 'wait_for', { text: ['Welcome Ada (Pro)'] }))).toContain(
      'Found "Welcome Ada (Pro)"',
    );

    const consoleList = text(await call(client, 'list_console_messages'));
    expect(consoleList).toMatch(/msgid=\d+ \[log\] signup page ready/);
    const msgid = Number(/msgid=(\d+)/.exec(consoleList)?.[1]);
    expect(text(await call(client, 'get_console_message', { msgid }))).toContain('signup page ready');

    const network = await call(client, 'list_network_requests', { resourceTypes: ['fetch'] });
    expect(text(network)).toMatch(
      new RegExp(`reqid=\\d+ GET 200 fetch ${server.url('/api/data').replace(/[.?]/g, '\\$&')}`),
    );
    const reqid = Number(/reqid=(\d+)/.exec(text(network))?.[1]);
    const detail = text(await call(client, 'get_network_request', { reqid }));
    expect(detail).toContain('x-test: yes');

    const shot = await call(client, 'take_screenshot');
    const image = shot.content.find((part) => part.type === 'image');
    expect(image?.mimeType).toBe('image/png');
    expect(
      Buffer.from(image?.type === 'image' ? image.data : '', 'base64')
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');

    const saved = await call(client, 'take_screenshot', { filePath: 'shot.png', fullPage: true });
    const path = (saved.structuredContent as { filePath: string }).filePath;
    expect(path).toMatch(/temp\/mcp-test-output\/shot\.png$/);
    expect(readFileSync(path).subarray(1, 4).toString()).toBe('PNG');
    const refused = await call(client, 'take_screenshot', { filePath: '/tmp/outside.png' });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toContain('outside the output directory');
    expect(existsSync('/tmp/outside.png')).toBe(false);
  });

  it('reports a dialog a click opens and answers it with handle_dialog', async () => {
    await call(client, 'navigate_page', { url: server.url('/signup.html') });
    const snapshot = text(await call(client, 'take_snapshot'));
    const clicked = text(await call(client, 'click', { uid: uidOf(snapshot, 'button', 'Delete') }));
    expect(clicked).toContain('## Open dialog');
    expect(clicked).toContain('A confirm dialog is open: "Delete everything?"');
    expect(text(await call(client, 'handle_dialog', { action: 'accept' }))).toContain('Accepted the confirm dialog');
    expect(text(await call(client, 'evaluate_script', { function: '() => document.title' }))).toContain(
      '"confirmed:true"',
    );
  });

  it('passes elements to scripts by uid and returns elements as uids', async () => {
    await call(client, 'navigate_page', { url: server.url('/signup.html') });
    const snapshot = text(await call(client, 'take_snapshot'));
    const heading = uidOf(snapshot, 'heading', 'Sign up');
    const result = await call(client, 'evaluate_script', {
      function: '(h) => ({ text: h.textContent, form: document.querySelector("form") })',
      args: [{ uid: heading }],
    });
    const value = (result.structuredContent as { result: { text: string; form: { uid: string } } }).result;
    expect(value.text).toBe('Sign up');
    expect(value.form.uid).toMatch(/^\d+_\d+$/);
    const selector = await call(client, 'resolve_uid_to_selector', { uid: value.form.uid });
    expect(
      text(
        await call(client, 'evaluate_script', {
          function: `() => document.querySelectorAll(${JSON.stringify((selector.structuredContent as { full: string }).full)}).length`,
        }),
      ),
    ).toContain('1');
  });

  it('answers bad input with a clear tool error, and the next call still works', async () => {
    const missing = await call(client, 'click', {});
    expect(missing.isError).toBe(true);
    expect(text(missing)).toMatch(/uid/);
    const stale = await call(client, 'click', { uid: '999_1' });
    expect(stale.isError).toBe(true);
    expect(text(stale)).toContain('take a snapshot');
    const badPage = await call(client, 'select_page', { pageIdx: 7 });
    expect(badPage.isError).toBe(true);
    expect(text(badPage)).toContain('No page has index 7');
    const badUrl = await call(client, 'navigate_page', { url: 'not a url' });
    expect(text(badUrl)).toContain('absolute URL');
    expect(text(await call(client, 'list_pages'))).toContain('[selected]');
  });

  it('pages long snapshots with maxChars and offset, compresses, searches, scrolls and renders Markdown', async () => {
    await call(client, 'navigate_page', { url: server.url('/long-list.html') });
    const first = await call(client, 'take_snapshot', { maxChars: 2000 });
    const paging = first.structuredContent as { totalChars: number; hasMore: boolean; nextOffset: number };
    expect(paging.hasMore).toBe(true);
    expect(paging.totalChars).toBeGreaterThan(10_000);
    expect(text(first)).toContain(`call again with offset=${paging.nextOffset}`);
    const second = await call(client, 'take_snapshot', { maxChars: 2000, offset: paging.nextOffset });
    expect((second.structuredContent as { offset: number }).offset).toBe(paging.nextOffset);
    const compressed = text(await call(client, 'take_snapshot', { compress: true }));
    expect(compressed).toMatch(/… 5\d\d more "listitem" like the above/);
    expect(text(await call(client, 'find_in_page', { query: 'Item number 432' }))).toMatch(
      /\d+_\d+ listitem: Item number 432/,
    );
    const scrolled = await call(client, 'scroll_page', { direction: 'down' });
    expect(text(scrolled)).toContain('## Viewport snapshot');
    expect((scrolled.structuredContent as { moved: { y: number } }).moved.y).toBeGreaterThan(0);
    const markdown = await call(client, 'get_page_markdown', { view: 'document' });
    expect(text(markdown)).toContain('# Items');
    expect(text(markdown)).toContain('- Item number 0');
    const again = await call(client, 'get_page_markdown', { view: 'document' });
    expect(text(again)).toBe(text(markdown));
    const badView = await call(client, 'get_page_markdown', { view: 'summary' });
    expect(badView.isError).toBe(true);
    expect(text(badView)).toMatch(/view/);
    const badLayer = await call(client, 'take_snapshot', { layers: ['nope'] });
    expect(badLayer.isError).toBe(true);
    expect(text(badLayer)).toContain('Unknown layer "nope"');
  });

  it('manages pages', async () => {
    await call(client, 'new_page', { url: server.url('/b.html') });
    const pages = text(await call(client, 'list_pages'));
    expect(pages).toMatch(/1: Page B \(.*\/b\.html\) pageId=\d+ \[selected\]/);
    expect(text(await call(client, 'select_page', { pageIdx: 0 }))).toContain('Selected page 0');
    expect(text(await call(client, 'close_page', { pageIdx: 1 }))).toContain('Closed page 1');
  });

  it('acts on the page a pageId names, whichever is selected, so two sub-agents can work on two pages at once', async () => {
    await call(client, 'navigate_page', { url: server.url('/signup.html') });
    await call(client, 'new_page', { url: server.url('/signup.html') });
    const listed = (await call(client, 'list_pages')).structuredContent as {
      pages: { index: number; pageId: number; selected: boolean }[];
    };
    const [first, second] = listed.pages;
    expect(second?.selected).toBe(true);
    const ids = [first?.pageId ?? 0, second?.pageId ?? 0];
    // Two agents, one per page, calling at the same time: snapshot, fill and submit on their own page.
    const agent = async (pageId: number, name: string): Promise<void> => {
      const snapshot = text(await call(client, 'take_snapshot', { pageId }));
      await call(client, 'fill', { pageId, uid: uidOf(snapshot, 'textbox', 'Name'), value: name });
      await call(client, 'click', { pageId, uid: uidOf(snapshot, 'button', 'Create account') });
    };
    await Promise.all([agent(ids[0] ?? 0, 'Ada'), agent(ids[1] ?? 0, 'Grace')]);
    const result = async (pageId: number): Promise<string> =>
      text(
        await call(client, 'evaluate_script', {
          pageId,
          function: '() => document.getElementById("result").textContent',
        }),
      );
    expect(await result(ids[0] ?? 0)).toContain('Welcome Ada (Free)');
    expect(await result(ids[1] ?? 0)).toContain('Welcome Grace (Free)');
    // The selection did not move, and a pageId stays the page's own when an earlier page closes.
    expect(text(await call(client, 'list_pages'))).toMatch(
      new RegExp(`1: Sign up .* pageId=${ids[1] ?? 0} \\[selected\\]`),
    );
    await call(client, 'close_page', { pageIdx: 0 });
    expect(await result(ids[1] ?? 0)).toContain('Welcome Grace (Free)');
    const gone = await call(client, 'take_snapshot', { pageId: ids[0] ?? 0 });
    expect(gone.isError).toBe(true);
    expect(text(gone)).toContain(`No open page has pageId ${ids[0] ?? 0}; the open pages have pageId ${ids[1] ?? 0}.`);
  });
});

describe('the server process', () => {
  it(
    'starts Firefox on the first call, starts it again after a crash and says so, and closes it when the client goes',
    async () => {
      const marker = `restart-test-${process.pid}-${Date.now()}`;
      const own = await startStdioServer([], { FIREFOX_BIDI_MCP_KILL_TEST: marker });
      const ours = (): number[] => [...firefoxProcesses(marker).keys()];
      expect(ours()).toEqual([]); // Lazy: nothing runs before a tool needs it.
      await call(own.client, 'navigate_page', { url: server.url('/a.html') });
      const oldUid = /^\s*(\d+_\d+) /m.exec(text(await call(own.client, 'take_snapshot')))?.[1] ?? '';
      expect(oldUid).toMatch(/^1_\d+$/);
      const first = ours();
      expect(first.length).toBeGreaterThan(0);
      for (const pid of first) process.kill(pid, 'SIGKILL');
      expect(await eventually(() => ours().length === 0, 10_000)).toBe(true);
      // A call that races the server noticing the crash is told so; the next one starts a new Firefox
      // and says so even though it fails: the old uid is from the Firefox that died, never a new one's.
      let afterCrash = await call(own.client, 'click', { uid: oldUid });
      if (afterCrash.isError && text(afterCrash).includes('The next tool call starts a new Firefox.'))
        afterCrash = await call(own.client, 'click', { uid: oldUid });
      expect(afterCrash.isError).toBe(true);
      expect(text(afterCrash)).toContain('a new Firefox was started');
      expect(text(afterCrash)).toContain(
        `uid ${oldUid} is from snapshot 1, taken in a Firefox that has since closed or crashed and been replaced`,
      );
      expect(text(await call(own.client, 'take_snapshot'))).toContain('snapshot=2 ');
      expect(ours().length).toBeGreaterThan(0);
      await own.client.close(); // Closes the server's stdin.
      expect(await eventually(() => ours().length === 0, 10_000)).toBe(true);
    },
    RELAUNCHING_TEST_MS,
  );

  it('leaves no Firefox behind when it is killed in the middle of a call', async () => {
    const marker = `kill-test-${process.pid}-${Date.now()}`;
    const own = await startStdioServer([], { FIREFOX_BIDI_MCP_KILL_TEST: marker });
    await call(own.client, 'navigate_page', { url: server.url('/a.html') });
    const ours = (): number[] => [...firefoxProcesses(marker).keys()];
    expect(ours().length).toBeGreaterThan(0);
    const before = started.heard;
    const pending = call(own.client, 'evaluate_script', {
      function: 'async () => { fetch("/started").catch(() => {}); await new Promise(() => {}); }',
    }).catch(() => 'aborted');
    // It is killed once the call is under way in the page.
    expect(await eventually(() => started.heard > before, 15_000)).toBe(true);
    process.kill(own.transport.pid ?? 0, 'SIGKILL');
    expect(await eventually(() => ours().length === 0, 10_000)).toBe(true);
    expect(await pending).toBe('aborted');
    await own.client.close().catch(() => undefined);
  });
});

describe('a running Firefox, reached with --ws-endpoint', () => {
  it(
    "works beside a person's tabs with --isolated: never lists or changes them, and takes its user context away",
    async () => {
      // A person's Firefox, started with --remote-debugging-port, with a tab of theirs open.
      const firefox = await launchFirefox();
      try {
        const person = await Browser.connect({ wsEndpoint: firefox.wsEndpoint });
        await person.defaultUserContext.page.navigate(server.url('/a.html'));
        await person.close(); // The session ends; the person's Firefox and tab go on.
        const agent = await startStdioServer(['--ws-endpoint', firefox.wsEndpoint, '--isolated']);
        try {
          await call(agent.client, 'navigate_page', { url: server.url('/signup.html') });
          const pages = text(await call(agent.client, 'list_pages'));
          expect(pages).toContain('/signup.html');
          expect(pages).not.toContain('/a.html');
        } finally {
          await agent.client.close();
        }
        const after = await Browser.connect({ wsEndpoint: firefox.wsEndpoint });
        try {
          expect(after.userContexts.map((userContext) => userContext.id)).toEqual(['default']);
          const tabs = await after.defaultUserContext.listPages();
          expect(tabs.map((tab) => new URL(tab.url).pathname)).toEqual(['/a.html']);
        } finally {
          await after.close();
        }
      } finally {
        await firefox.shutdown(0);
      }
    },
    RELAUNCHING_TEST_MS,
  );
});
