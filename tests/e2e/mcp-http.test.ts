import { request as httpRequest } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startHttpServer, stopHttpServer, text } from '../helpers/mcp.js';
import { eventually, firefoxProcesses, RELAUNCHING_TEST_MS } from '../helpers/processes.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

async function connect(url: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'firefox-bidi-mcp-http-tests', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

let pages: TestServer;

beforeAll(async () => {
  pages = await startTestServer({
    '/set-cookie': (request, response) => {
      const name = new URL(request.url ?? '/', 'http://localhost').searchParams.get('who') ?? 'nobody';
      response.writeHead(200, { 'set-cookie': `who=${name}; Path=/`, 'content-type': 'text/html' });
      response.end(`<title>cookie set</title><p>set ${name}</p>`);
    },
    '/cookie': (request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(`<title>cookie</title><p id="c">cookie=[${request.headers.cookie ?? ''}]</p>`);
    },
  });
});

afterAll(async () => {
  await pages.close();
});

describe('the MCP server over Streamable HTTP', () => {
  /** Firefox main processes (not content processes) that carry `marker` in their environment. */
  const mainProcesses = (marker: string): number[] =>
    [...firefoxProcesses(marker)]
      .filter(([, cmd]) => !cmd.includes('-contentproc') && !cmd.includes('-isForBrowser'))
      .map(([pid]) => pid);

  it.each([
    ['in user contexts of one shared Firefox (the default)', [], 1],
    ['in a Firefox each (--isolated-browser)', ['--isolated-browser'], 2],
  ] as const)(
    'keeps two client sessions apart %s: pages, cookies, storage, console and uids',
    async (_mode, args, browsers) => {
      const marker = `http-sessions-${process.pid}-${Date.now()}`;
      const server = await startHttpServer([...args], { env: { FIREFOX_BIDI_MCP_KILL_TEST: marker } });
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      const alice = await connect(server.url);
      const bob = await connect(server.url);
      try {
        await call(alice, 'navigate_page', { url: pages.url('/set-cookie?who=alice') });
        await call(alice, 'evaluate_script', {
          function: '() => { localStorage.setItem("who", "alice"); console.log("alice was here"); return 1; }',
        });
        const aliceUid = /^\s*(\d+_\d+) /m.exec(text(await call(alice, 'take_snapshot')))?.[1] ?? 'none';
        await call(alice, 'new_page', { url: pages.url('/a.html') });
        await call(bob, 'navigate_page', { url: pages.url('/cookie') });
        expect(
          text(await call(bob, 'evaluate_script', { function: '() => document.getElementById("c").textContent' })),
        ).toContain('cookie=[]');
        expect(
          text(await call(bob, 'evaluate_script', { function: '() => String(localStorage.getItem("who"))' })),
        ).toContain('"null"');
        expect(text(await call(bob, 'list_console_messages'))).not.toContain('alice was here');
        const stranger = await call(bob, 'click', { uid: aliceUid });
        expect(stranger.isError).toBe(true);
        expect(text(stranger)).toMatch(/never taken/);
        await call(alice, 'navigate_page', { url: pages.url('/cookie') });
        expect(
          text(await call(alice, 'evaluate_script', { function: '() => document.getElementById("c").textContent' })),
        ).toContain('cookie=[who=alice]');
        expect(text(await call(alice, 'list_pages'))).toMatch(/^1: cookie/m);
        const bobPages = text(await call(bob, 'list_pages'));
        expect(bobPages).toContain('0: cookie');
        expect(bobPages).not.toMatch(/^1:/m);
        expect(mainProcesses(marker)).toHaveLength(browsers);
        // A session that ends takes its pages with it; the other goes on.
        await alice.close();
        expect(text(await call(bob, 'list_pages'))).toContain('0: cookie');
      } finally {
        await alice.close();
        await bob.close();
        await stopHttpServer(server);
      }
      expect(await eventually(() => firefoxProcesses(marker).size === 0, 10_000)).toBe(true);
    },
    RELAUNCHING_TEST_MS,
  );

  it(
    'brings the shared Firefox back for every session after it crashed',
    async () => {
      const marker = `http-crash-${process.pid}-${Date.now()}`;
      const server = await startHttpServer([], { env: { FIREFOX_BIDI_MCP_KILL_TEST: marker } });
      const sessions = [await connect(server.url), await connect(server.url)];
      try {
        for (const session of sessions) await call(session, 'navigate_page', { url: pages.url('/a.html') });
        for (const pid of firefoxProcesses(marker).keys()) process.kill(pid, 'SIGKILL');
        expect(await eventually(() => firefoxProcesses(marker).size === 0, 10_000)).toBe(true);
        for (const session of sessions) {
          // The call that meets the crash says so; the one after it works on the new Firefox.
          let answer = await call(session, 'list_pages');
          if (answer.isError) {
            expect(text(answer)).toContain('The next tool call starts a new Firefox.');
            answer = await call(session, 'list_pages');
          }
          expect(text(answer)).toContain('a new Firefox was started');
          await call(session, 'navigate_page', { url: pages.url('/b.html') });
          expect(text(await call(session, 'evaluate_script', { function: '() => location.pathname' }))).toContain(
            '/b.html',
          );
        }
        expect(mainProcesses(marker)).toHaveLength(1);
      } finally {
        for (const session of sessions) await session.close();
        await stopHttpServer(server);
      }
      expect(await eventually(() => firefoxProcesses(marker).size === 0, 10_000)).toBe(true);
    },
    RELAUNCHING_TEST_MS,
  );

  it('requires a bearer token when listening beyond loopback, and prints the one it generated', async () => {
    const server = await startHttpServer(['--host', '0.0.0.0']);
    try {
      await eventually(() => server.output.some((line) => line.includes('Bearer')), 5000);
      const token = /Bearer (\S+)"/.exec(server.output.join('\n'))?.[1] ?? '';
      expect(token.length).toBeGreaterThan(20);
      const local = server.url.replace('0.0.0.0', '127.0.0.1');
      const refused = await fetch(local, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: '{}',
      });
      expect(refused.status).toBe(401);
      expect(await refused.text()).toContain('Authorization: Bearer');
      const client = await connect(local, { authorization: `Bearer ${token}` });
      expect((await client.listTools()).tools.length).toBeGreaterThan(20);
      await client.close();
      // The live view takes the token too: a browser asks for it as Basic authentication's password.
      const view = (
        /Live view of every session \(keep this link to yourself\): (\S+)/.exec(server.output.join('\n'))?.[1] ?? ''
      ).replace('0.0.0.0', '127.0.0.1');
      const asked = await fetch(view);
      expect([asked.status, asked.headers.get('www-authenticate')]).toEqual([
        401,
        expect.stringContaining('Basic realm='),
      ]);
      const basic = (password: string): string => `Basic ${Buffer.from(`anyone:${password}`).toString('base64')}`;
      expect((await fetch(view, { headers: { authorization: basic('wrong-token') } })).status).toBe(401);
      expect(
        (await fetch(view.replace(/[\w-]+$/, 'x'.repeat(32)), { headers: { authorization: basic(token) } })).status,
      ).toBe(404);
      const shown = await fetch(view, { headers: { authorization: basic(token) } });
      expect([shown.status, await shown.text()]).toEqual([200, expect.stringContaining('live view')]);
      expect((await fetch(`${view}/state`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    } finally {
      await stopHttpServer(server);
    }
  });

  it('answers tools/call arguments that are null, an array or a string with -32602 saying what to send', async () => {
    const server = await startHttpServer([]);
    const client = await connect(server.url);
    try {
      for (const [args, kind] of [
        [null, 'null'],
        [['x'], 'an array'],
        ['{}', 'a string'],
      ] as const) {
        // A raw request: callTool would not send such arguments.
        const error = await client
          .request({ method: 'tools/call', params: { name: 'list_pages', arguments: args } }, CallToolResultSchema)
          .then(
            () => undefined,
            (refused: unknown) => refused,
          );
        expect(error).toBeInstanceOf(McpError);
        expect((error as McpError).code).toBe(-32602);
        expect((error as McpError).message).toContain(
          `"arguments" of tools/call "list_pages" must be an object of the tool's parameters by name`,
        );
        expect((error as McpError).message).toContain(`not ${kind}.`);
        expect((error as McpError).message).not.toMatch(/expected record|invalid_type/);
      }
      // The session still serves.
      expect((await client.listTools()).tools.length).toBeGreaterThan(10);
    } finally {
      await client.close();
      await stopHttpServer(server);
    }
  });

  it('refuses a request for another host name (DNS rebinding) on loopback', async () => {
    const server = await startHttpServer([]);
    try {
      // fetch() will not send a forged Host header; a raw request will, as a rebound browser would.
      const body = JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
      });
      const status = await new Promise<number | undefined>((resolve, reject) => {
        const request = httpRequest(
          server.url,
          {
            method: 'POST',
            headers: {
              host: 'evil.example',
              'content-type': 'application/json',
              accept: 'application/json, text/event-stream',
            },
          },
          (response) => {
            response.resume();
            resolve(response.statusCode);
          },
        );
        request.on('error', reject);
        request.end(body);
      });
      expect(status).toBe(403);
    } finally {
      await stopHttpServer(server);
    }
  });
});
