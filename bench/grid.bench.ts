/**
 * Agents through a real Selenium Grid (scripts/lib/grid.ts: a hub and two Chromium nodes, the
 * second behind the hub in network namespaces when run as root): N agents at once, each a real MCP
 * client over Streamable HTTP with a Grid session of its own (--isolated-browser), doing ROUNDS
 * rounds of navigate + take_snapshot + fill + click on a form page of its own site, checking that
 * the click took. Beside it, in the same run, the same load on a local Firefox and on the local
 * Chromium through chromedriver directly (each agent with a browser of its own there too). Prints
 * failures, p50/p95 per tool and how the Grid spread the sessions over its nodes. A bench, not a
 * test: it exits non-zero only when it cannot run.
 *
 *   npm run bench:grid                 (AGENTS=10, ROUNDS=3)
 */
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { canMakeNamespaces, Grid, gridMissing } from '../scripts/lib/grid.js';
import { startHttpServer, stopHttpServer, type RunningHttpServer } from '../tests/helpers/mcp.js';
import { formatTable, summarize } from './lib.js';

const AGENTS = Number(process.env.AGENTS ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const TOOLS = ['navigate_page', 'take_snapshot', 'fill', 'click'] as const;
const FORM = `<!doctype html><title>Sign in</title><h1>Sign in</h1>
<form onsubmit="event.preventDefault(); document.getElementById('out').textContent = 'Welcome ' + this.user.value;">
  <label>User <input name="user"></label> <button>Sign in</button>
</form><p id="out"></p><ul>${Array.from({ length: 100 }, (_, i) => `<li><a href="#${i}">Item ${i}</a></li>`).join('')}</ul>`;

/** A site per agent (its own port on `host`), so no two agents share an origin. */
async function serveSites(host: string, count: number): Promise<{ urls: string[]; close: () => Promise<void> }> {
  const servers: Server[] = [];
  const urls: string[] = [];
  for (let index = 0; index < count; index++) {
    const server = createServer((request, response) => {
      if (request.url === '/favicon.ico') return void response.writeHead(204).end();
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(FORM);
    });
    await new Promise<void>((resolve) => server.listen(0, host, resolve));
    servers.push(server);
    urls.push(`http://${host}:${(server.address() as AddressInfo).port}/`);
  }
  return {
    urls,
    close: async () => {
      for (const server of servers) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    },
  };
}

interface Load {
  times: Record<(typeof TOOLS)[number], number[]>;
  /** Each agent's first call, which waits for its browser to start. */
  first: number[];
  failures: string[];
}

const textOf = (result: CallToolResult): string =>
  result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');

/** One agent's rounds; every answer that is an error, or a click that did not take, is a failure. */
async function agent(serverUrl: string, siteUrl: string, name: string, load: Load): Promise<Client> {
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(serverUrl)));
  let calls = 0;
  const timed = async (tool: (typeof TOOLS)[number], args: Record<string, unknown>): Promise<string | undefined> => {
    const start = performance.now();
    try {
      const result = (await client.callTool({ name: tool, arguments: args }, undefined, {
        timeout: 180_000,
      })) as CallToolResult;
      (calls++ === 0 ? load.first : load.times[tool]).push(performance.now() - start);
      if (result.isError) throw new Error(textOf(result).slice(0, 200));
      return textOf(result);
    } catch (error) {
      load.failures.push(`${name} ${tool}: ${(error as Error).message.split('\n')[0] ?? ''}`);
      return undefined;
    }
  };
  for (let round = 0; round < ROUNDS; round++) {
    await timed('navigate_page', { url: `${siteUrl}?round=${round}` });
    const snapshot = (await timed('take_snapshot', {})) ?? '';
    const user = /^\s*(\d+_\d+) textbox "User"/m.exec(snapshot)?.[1];
    const button = /^\s*(\d+_\d+) button "Sign in"/m.exec(snapshot)?.[1];
    if (!user || !button) {
      load.failures.push(`${name}: no User field or Sign in button in the snapshot`);
      continue;
    }
    await timed('fill', { uid: user, value: `${name}-${round}` });
    const clicked = await timed('click', { uid: button, includeSnapshot: true });
    if (clicked !== undefined && !clicked.includes(`Welcome ${name}-${round}`))
      load.failures.push(`${name} click: the page does not say Welcome ${name}-${round}`);
  }
  return client;
}

async function runLoad(
  mode: string,
  serverArgs: string[],
  sites: string[],
  whileBusy?: () => Promise<string>,
): Promise<{ mode: string; load: Load; spread?: string; ms: number }> {
  const server: RunningHttpServer = await startHttpServer(serverArgs);
  const load: Load = { times: { navigate_page: [], take_snapshot: [], fill: [], click: [] }, first: [], failures: [] };
  const started = performance.now();
  let spread: string | undefined;
  try {
    const agents = Array.from({ length: AGENTS }, (_, index) =>
      agent(server.url, sites[index] ?? '', `agent${index}`, load),
    );
    const clients = await Promise.all(agents);
    spread = await whileBusy?.();
    await Promise.all(clients.map((client) => client.close()));
  } finally {
    await stopHttpServer(server);
  }
  console.error(`${mode}: ${load.failures.length} failures in ${Math.round((performance.now() - started) / 1000)} s`);
  return { mode, load, ms: performance.now() - started, ...(spread === undefined ? {} : { spread }) };
}

const missing = gridMissing();
if (missing) {
  console.error(`bench:grid cannot run: ${missing}.`);
  process.exit(1);
}
const grid = await Grid.start({ nodes: 2, maxSessions: Math.ceil(AGENTS / 2), namespaces: canMakeNamespaces() });
const sites = await serveSites(grid.pageHost, AGENTS);
const chromedriverPort = 9600 + (process.pid % 300);
const chromedriver = spawn('chromedriver', [`--port=${chromedriverPort}`], { stdio: 'ignore' });
const results = [];
try {
  const spreadOverNodes = async (): Promise<string> => {
    const sessions = await grid.sessions();
    return grid.nodes
      .map(
        (node) =>
          `${node.uri}${node.namespace ? ' (behind the hub)' : ''}: ${sessions.filter((session) => session.node === node.uri).length}`,
      )
      .join(', ');
  };
  results.push(
    await runLoad(
      'Grid, 2 Chromium nodes',
      ['--webdriver-url', grid.url, '--browser', 'chrome', '--isolated-browser'],
      sites.urls,
      spreadOverNodes,
    ),
  );
  results.push(
    await runLoad(
      'local Chromium via chromedriver',
      ['--webdriver-url', `http://127.0.0.1:${chromedriverPort}`, '--browser', 'chrome', '--isolated-browser'],
      sites.urls,
    ),
  );
  results.push(await runLoad('local Firefox', ['--isolated-browser'], sites.urls));
} finally {
  chromedriver.kill();
  await sites.close();
  await grid.close();
}

console.log(
  `\n## ${AGENTS} agents at once, ${ROUNDS} rounds each, a browser each (ms; the first call starts the agent's browser)\n`,
);
const cell = (samples: number[], pick: 'median' | 'p95'): string =>
  samples.length === 0 ? '–' : String(Math.round(summarize('', samples)[pick]));
console.log(
  formatTable(
    [
      'where',
      'failures',
      'first call p50',
      'first call p95',
      ...TOOLS.flatMap((tool) => [`${tool} p50`, `${tool} p95`]),
      'wall s',
    ],
    results.map(({ mode, load, ms }) => [
      mode,
      String(load.failures.length),
      cell(load.first, 'median'),
      cell(load.first, 'p95'),
      ...TOOLS.flatMap((tool) => [cell(load.times[tool], 'median'), cell(load.times[tool], 'p95')]),
      String(Math.round(ms / 1000)),
    ]),
  ),
);
for (const { mode, spread } of results)
  if (spread) console.log(`\n${mode}, sessions per node at the end of the rounds: ${spread}`);
for (const { mode, load } of results)
  for (const failure of load.failures.slice(0, 5)) console.log(`${mode} failure: ${failure}`);
