import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { canMakeNamespaces, Grid, gridMissing } from '../../scripts/lib/grid.js';
import { call, startHttpServer, text, type RunningHttpServer } from '../helpers/mcp.js';
import { eventually } from '../helpers/processes.js';
import { page, startTestServer, type TestServer } from '../helpers/server.js';

/**
 * A real Selenium Grid 4 (scripts/lib/grid.ts): a hub and two Chromium nodes as separate Java
 * processes. As root, the hub and the second node sit in network namespaces of their own, and that
 * node advertises an address only the hub can reach, so its BiDi socket is reached through the hub.
 * The MCP server is the built bin over Streamable HTTP, with the SDK's own clients.
 */
const missing = gridMissing();
const namespaces = canMakeNamespaces();
if (missing) console.warn(`Skipped: the Selenium Grid tests need Java and chromedriver: ${missing}.`);
if (!missing && !namespaces) console.warn('The Grid runs on 127.0.0.1 only: putting a node behind the hub needs root and `ip netns`.');

let grid: Grid;
let pages: TestServer;
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

async function stop(server: RunningHttpServer): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

/** The uid on the snapshot line that names `name`. */
function uidOf(snapshot: string, name: string): string {
  const uid = new RegExp(`^\\s*(\\d+_\\d+) \\w+ "${name}"`, 'm').exec(snapshot)?.[1];
  if (!uid) throw new Error(`no "${name}" in:\n${snapshot}`);
  return uid;
}

describe.skipIf(missing !== undefined)('through a Selenium Grid of a hub and two nodes', () => {
  beforeAll(async () => {
    grid = await Grid.start({ nodes: 2, maxSessions: 1, namespaces });
    pages = await startTestServer(
      {
        '/set-cookie': (request, response) => {
          const who = new URL(request.url ?? '/', 'http://localhost').searchParams.get('who') ?? 'nobody';
          response.writeHead(200, { 'set-cookie': `who=${who}; Path=/`, 'content-type': 'text/html' });
          response.end(`<title>cookie set</title><p>set ${who}</p>`);
        },
        '/form.html': page('Form', '<label>Name <input id="name"></label><button onclick="document.title = \'Hello \' + document.getElementById(\'name\').value">Greet</button>'),
      },
      undefined,
      grid.pageHost,
    );
  }, 120_000);

  afterEach(async () => {
    for (const client of clients.splice(0)) await client.close().catch(() => undefined);
    for (const server of servers.splice(0)) await stop(server);
    // Nothing of ours is left on the Grid after a test.
    expect(await eventually(async () => (await grid.sessions()).length === 0, 20_000)).toBe(true);
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

  it('gives each MCP session a Grid session of its own with --isolated-browser, spread over both nodes, the one behind the hub too', async () => {
    const server = await startServer('--isolated-browser');
    const agents = [await connect(server), await connect(server)];
    for (const [index, agent] of agents.entries()) {
      await call(agent, 'navigate_page', { url: pages.url('/form.html') });
      const snapshot = text(await call(agent, 'take_snapshot'));
      expect((await call(agent, 'fill', { uid: uidOf(snapshot, 'Name'), value: `agent ${index}` })).isError).toBeFalsy();
      expect((await call(agent, 'click', { uid: uidOf(snapshot, 'Greet') })).isError).toBeFalsy();
      expect(text(await call(agent, 'evaluate_script', { function: '() => document.title' }))).toContain(`"Hello agent ${index}"`);
    }
    const sessions = await grid.sessions();
    expect(sessions).toHaveLength(2);
    expect(new Set(sessions.map((session) => session.node))).toEqual(new Set(grid.nodes.map((node) => node.uri)));
    // An MCP session that ends gives its Grid session back; the other goes on.
    await transports.get(agents[0] as Client)?.terminateSession();
    expect(await eventually(async () => (await grid.sessions()).length === 1, 20_000)).toBe(true);
    expect(text(await call(agents[1] as Client, 'evaluate_script', { function: '() => document.title' }))).toContain('"Hello agent 1"');
  });
});
