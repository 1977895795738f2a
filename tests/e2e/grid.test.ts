import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { canMakeNamespaces, Grid, gridMissing } from '../../scripts/lib/grid.js';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { McpAgent } from '../corpus/agent.js';
import type { AppTask } from '../corpus/apps/app.js';
import { checkoutApp } from '../corpus/apps/checkout.js';
import { OURS } from '../corpus/dialects.js';
import { startCorpusServer } from '../corpus/index.js';
import { call, startHttpServer, stopHttpServer, text, uidOf, type RunningHttpServer } from '../helpers/mcp.js';
import { CLI_BIN, eventually, runBin } from '../helpers/processes.js';
import { page, signal, startTestServer, type TestServer } from '../helpers/server.js';

/**
 * A real Selenium Grid 4 (scripts/lib/grid.ts): a hub and two Chromium nodes as separate Java
 * processes. As root, the hub and the second node sit in network namespaces of their own, and that
 * node advertises an address only the hub can reach, so its BiDi socket is reached through the hub.
 * The MCP server is the built bin over Streamable HTTP, with the SDK's own clients.
 */
const ROOT = resolve(new URL('../..', import.meta.url).pathname);
const missing = gridMissing();
const namespaces = canMakeNamespaces();
if (missing) console.warn(`Skipped: the Selenium Grid tests need Java and chromedriver: ${missing}.`);
if (!missing && !namespaces)
  console.warn('The Grid runs on 127.0.0.1 only: putting a node behind the hub needs root and `ip netns`.');

let grid: Grid;
let pages: TestServer;
/** Heard when a script the test runs is under way in the page. */
const scriptStarted = signal();
const servers: RunningHttpServer[] = [];
const clients: Client[] = [];
const transports = new WeakMap<Client, StreamableHTTPClientTransport>();

async function startServer(...args: string[]): Promise<RunningHttpServer> {
  const server = await startHttpServer(['--webdriver-url', grid.url, '--browser', 'chrome', ...args]);
  servers.push(server);
  return server;
}

async function connect(server: RunningHttpServer): Promise<Client> {
  const client = new Client({ name: 'firefox-bidi-mcp-grid-tests', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(server.url));
  await client.connect(transport);
  clients.push(client);
  transports.set(client, transport);
  return client;
}

describe.skipIf(missing !== undefined)('through a Selenium Grid of a hub and two nodes', () => {
  beforeAll(async () => {
    grid = await Grid.start({ nodes: 2, maxSessions: 1, namespaces });
    pages = await startTestServer(
      {
        '/started': scriptStarted.route,
        '/set-cookie': (request, response) => {
          const who = new URL(request.url ?? '/', 'http://localhost').searchParams.get('who') ?? 'nobody';
          response.writeHead(200, { 'set-cookie': `who=${who}; Path=/`, 'content-type': 'text/html' });
          response.end(`<title>cookie set</title><p>set ${who}</p>`);
        },
        '/form.html': page(
          'Form',
          '<label>Name <input id="name"></label><button onclick="document.title = \'Hello \' + document.getElementById(\'name\').value">Greet</button>',
        ),
      },
      undefined,
      grid.pageHost,
    );
  }, 120_000);

  afterEach(async () => {
    for (const client of clients.splice(0)) await client.close().catch(() => undefined);
    for (const server of servers.splice(0)) await stopHttpServer(server);
    // Nothing of ours is left on the Grid after a test (on the nodes that still run, while the hub does).
    if (grid.hubKilled) return;
    const live = new Set(grid.liveNodes.map((node) => node.uri));
    expect(
      await eventually(
        async () => (await grid.sessions()).filter((session) => live.has(session.node)).length === 0,
        20_000,
      ),
    ).toBe(true);
  });

  afterAll(async () => {
    // beforeAll may have failed before it set them.
    /* eslint-disable @typescript-eslint/no-unnecessary-condition */
    await pages?.close();
    await grid?.close();
    /* eslint-enable @typescript-eslint/no-unnecessary-condition */
  });

  it('keeps two MCP sessions apart in user contexts of one Grid session: cookies, pages and uids', async () => {
    const server = await startServer();
    const [alice, bob] = [await connect(server), await connect(server)];
    await call(alice, 'navigate_page', { url: pages.url('/set-cookie?who=alice') });
    const aliceSnapshot = text(await call(alice, 'take_snapshot'));
    await call(bob, 'navigate_page', { url: pages.url('/form.html') });
    expect(text(await call(bob, 'evaluate_script', { function: '() => document.cookie' }))).toContain('""');
    expect(text(await call(alice, 'evaluate_script', { function: '() => document.cookie' }))).toContain('"who=alice"');
    expect(text(await call(bob, 'list_pages'))).not.toContain('set-cookie');
    const stranger = await call(bob, 'click', { uid: /^\s*(\d+_\d+) /m.exec(aliceSnapshot)?.[1] ?? 'none' });
    expect(stranger.isError).toBe(true);
    // One Grid session carries both.
    expect(await grid.sessions()).toHaveLength(1);
  });

  it('replays and exports a corpus task through the Grid: the webdriver script and `firefox-bidi replay --webdriver-url` both run green', async () => {
    const corpus = await startCorpusServer({ host: grid.pageHost });
    mkdirSync(join(ROOT, 'temp'), { recursive: true });
    // Inside the repository, so the exported script finds selenium-webdriver as a user's project would.
    const work = mkdtempSync(join(ROOT, 'temp', 'grid-export-'));
    try {
      const server = await startServer('--tools', 'pages,snapshot,input,script,recording', '--output-dir', work);
      const client = await connect(server);
      const agent = new McpAgent(
        OURS,
        async (toolCall) => {
          const result = await call(client, toolCall.name, toolCall.args);
          return { text: text(result), isError: result.isError === true };
        },
        corpus.origin,
      );
      await (checkoutApp.tasks[0] as AppTask).run(agent);
      const exported = await call(client, 'export_script', { format: 'webdriver', filePath: 'checkout.mjs' });
      const script = /to (\S+\.mjs)\./.exec(text(exported))?.[1] ?? '';
      // The session's recording is whole once the server has closed it.
      await stopHttpServer(servers.splice(servers.indexOf(server), 1)[0] as RunningHttpServer);
      const recording = readdirSync(dirname(script)).find((name) => name.startsWith('recording-')) ?? '';

      const env = { ...process.env, SELENIUM_REMOTE_URL: grid.url, BROWSER: 'chrome' };
      const green = await runBin(script, [], work, env);
      expect(green.code, green.stdout + green.stderr).toBe(0);
      const replayed = await runBin(
        CLI_BIN,
        ['replay', join(dirname(script), recording), '--webdriver-url', grid.url, '--browser', 'chrome'],
        work,
      );
      expect(replayed.code, replayed.stdout + replayed.stderr).toBe(0);
      expect(replayed.stdout).toMatch(/Replayed all \d+ steps/);
    } finally {
      await corpus.close();
      rmSync(work, { recursive: true, force: true });
    }
  }, 180_000);

  it('gives each MCP session a Grid session of its own with --isolated-browser, spread over both nodes, the one behind the hub too', async () => {
    const server = await startServer('--isolated-browser');
    const agents = [await connect(server), await connect(server)];
    for (const [index, agent] of agents.entries()) {
      await call(agent, 'navigate_page', { url: pages.url('/form.html') });
      const snapshot = text(await call(agent, 'take_snapshot'));
      expect(
        (await call(agent, 'fill', { uid: uidOf(snapshot, 'textbox', 'Name'), value: `agent ${index}` })).isError,
      ).toBeFalsy();
      expect((await call(agent, 'click', { uid: uidOf(snapshot, 'button', 'Greet') })).isError).toBeFalsy();
      expect(text(await call(agent, 'evaluate_script', { function: '() => document.title' }))).toContain(
        `"Hello agent ${index}"`,
      );
    }
    const sessions = await grid.sessions();
    expect(sessions).toHaveLength(2);
    expect(new Set(sessions.map((session) => session.node))).toEqual(new Set(grid.nodes.map((node) => node.uri)));
    // An MCP session that ends gives its Grid session back; the other goes on.
    await transports.get(agents[0] as Client)?.terminateSession();
    expect(await eventually(async () => (await grid.sessions()).length === 1, 20_000)).toBe(true);
    expect(text(await call(agents[1] as Client, 'evaluate_script', { function: '() => document.title' }))).toContain(
      '"Hello agent 1"',
    );
  });

  it('says the Grid is full after --webdriver-wait, and ends the session the Grid gives later', async () => {
    // The two sessions that fill the Grid wait as long as their browsers take to start (longer than 3 s on a busy
    // machine); the short wait is the third one's, for a slot.
    const filling = await startServer('--isolated-browser');
    const agents = [await connect(filling), await connect(filling)];
    for (const agent of agents)
      expect((await call(agent, 'navigate_page', { url: pages.url('/form.html') })).isError).toBeFalsy();
    const third = await connect(await startServer('--isolated-browser', '--webdriver-wait', '3'));
    const refused = await call(third, 'navigate_page', { url: pages.url('/form.html') });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toMatch(
      /gave no browser session within 3 s: the Grid is full \(all 2 slots busy\)\. Close sessions you no longer need, add nodes or slots/,
    );
    // The request stays queued; when a slot frees, the session the Grid then gives is ended at once.
    expect(await grid.queued()).toBe(1);
    await transports.get(agents[0] as Client)?.terminateSession();
    expect(
      await eventually(async () => (await grid.queued()) === 0 && (await grid.sessions()).length === 1, 30_000),
    ).toBe(true);
  });

  it('gives the Grid its sessions back when the server is killed', async () => {
    const server = await startServer('--isolated-browser');
    for (const agent of [await connect(server), await connect(server)])
      await call(agent, 'navigate_page', { url: pages.url('/form.html') });
    expect(await grid.sessions()).toHaveLength(2);
    server.child.kill('SIGKILL');
    expect(await eventually(async () => (await grid.sessions()).length === 0, 20_000)).toBe(true);
  });

  it('says clearly when no WebDriver server answers at the URL', async () => {
    const server = await startHttpServer(['--webdriver-url', 'http://127.0.0.1:9', '--browser', 'chrome']);
    servers.push(server);
    const agent = await connect(server);
    const refused = await call(agent, 'navigate_page', { url: pages.url('/form.html') });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toMatch(
      /Could not open a WebDriver session on http:\/\/127\.0\.0\.1:9: .*ECONNREFUSED.*Check that the server runs and that --webdriver-url names it\./s,
    );
  });

  // These two take parts of the Grid away: they come last.
  it('fails a call at once when its node dies, and the next call gets a new Grid session and says so', async () => {
    const server = await startServer('--isolated-browser');
    const agent = await connect(server);
    await call(agent, 'navigate_page', { url: pages.url('/form.html') });
    const [session] = await grid.sessions();
    const index = grid.nodes.findIndex((node) => node.uri === session?.node);
    expect(index).toBeGreaterThanOrEqual(0);
    const started = Date.now();
    const before = scriptStarted.heard;
    const running = call(agent, 'evaluate_script', {
      function:
        'async () => { fetch("/started").catch(() => {}); await new Promise((done) => setTimeout(done, 20000)); return "late"; }',
    });
    // The node dies once the call is under way in the page.
    expect(await eventually(() => scriptStarted.heard > before, 15_000)).toBe(true);
    grid.killNode(index);
    const failed = await running;
    expect(failed.isError).toBe(true);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(text(failed)).toContain("the browser's WebDriver session ended");
    const next = await call(agent, 'navigate_page', { url: pages.url('/form.html') });
    expect(next.isError, text(next)).toBeFalsy();
    expect(text(next)).toContain('WebDriver session had ended');
    const [replaced] = await grid
      .sessions()
      .then((sessions) => sessions.filter((other) => other.node !== session?.node));
    expect(replaced?.node).toBe(grid.liveNodes[0]?.uri);
  });

  it('fails a call at once when the hub goes away, and then says no WebDriver server answers', async () => {
    const server = await startServer('--isolated-browser');
    const agent = await connect(server);
    await call(agent, 'navigate_page', { url: pages.url('/form.html') });
    grid.killHub();
    const failed = await call(agent, 'evaluate_script', { function: '() => document.title' });
    expect(failed.isError).toBe(true);
    const next = await call(agent, 'navigate_page', { url: pages.url('/form.html') });
    expect(next.isError).toBe(true);
    expect(text(next)).toMatch(/Could not open a WebDriver session on .*Check that the server runs/s);
  });
});
