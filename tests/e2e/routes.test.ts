import { readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, evaluateInPage, text } from '../helpers/mcp.js';
import { page } from '../helpers/server.js';
import { useFolder, useMcpServer, useSite } from '../helpers/fixtures.js';

/**
 * Request rules (route, list_routes, unroute) and request and response bodies through the real MCP
 * server: each test checks what the page's own script got and what the web server saw.
 */

const TOKEN = 'tok_1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d';
/** A 1×1 PNG. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

/** Every request the web server got, as "METHOD path" and its x-agent header. */
let seen: { line: string; agent: string | undefined; body: string }[] = [];

const record = (request: import('node:http').IncomingMessage, body: string): void => {
  seen.push({
    line: `${request.method} ${request.url}`,
    agent: request.headers['x-agent'] as string | undefined,
    body,
  });
};
const api = (request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse): void => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    record(request, body);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ source: 'server', got: body }));
  });
};
const server = useSite({
  '/app.html': page('App', '<h1>App</h1>'),
  '/api/user': api,
  '/api/echo': api,
  '/logo.png': api,
});
// A mocked body is read from the output directory (or an --allowed-dir folder), not the working directory.
const work = useFolder({ 'secrets.env': `API_TOKEN=${TOKEN}\n`, 'out/pixel.png': PIXEL });
const client = useMcpServer(['--output-dir', 'out', '--secrets', 'secrets.env', '--tools', 'all'], { cwd: work });

beforeAll(async () => {
  await call(client, 'navigate_page', { url: server.url('/app.html') });
});

beforeEach(async () => {
  await call(client, 'unroute');
  seen = [];
});

/** What the page's own fetch of `path` got: status and body, or the error. */
async function pageFetch(path: string, init = '{}'): Promise<unknown> {
  return evaluateInPage(
    client,
    `async () => { try { const r = await fetch(${JSON.stringify(path)}, ${init}); return r.status + ' ' + await r.text(); } catch (e) { return 'error ' + e.name; } }`,
  );
}

/** The list_network_requests line of the last request whose URL contains `part`. */
async function listedLine(part: string): Promise<string> {
  const lines = text(await call(client, 'list_network_requests'))
    .split('\n')
    .filter((line) => line.includes(part));
  return lines.at(-1) ?? '';
}

describe('request rules', () => {
  it('mocks a response the page reads, never sending the request, and lists it as mocked with its body', async () => {
    const added = text(
      await call(client, 'route', {
        urlPattern: '*/api/user*',
        action: 'mock',
        status: 201,
        body: '{"name":"Mocked Ada"}',
      }),
    );
    expect(added).toContain('Added rule 1: any method */api/user* → mock 201 application/json, 21 B body');
    expect(await pageFetch('/api/user?id=7')).toBe('201 {"name":"Mocked Ada"}');
    expect(seen).toEqual([]);
    const listed = await listedLine('/api/user?id=7');
    expect(listed).toMatch(/GET 201 mocked by rule 1 fetch/);
    const reqid = Number(/reqid=(\d+)/.exec(listed)?.[1]);
    const details = text(await call(client, 'get_network_request', { reqid }));
    expect(details).toContain('### Response body\n{"name":"Mocked Ada"}');
    expect(text(await call(client, 'list_routes'))).toContain(
      'rule 1: any method */api/user* → mock 201 application/json, 21 B body (1 hit)',
    );
  });

  it('blocks a request for a number of times, then lets it through', async () => {
    await call(client, 'route', { urlPattern: '*/api/user', action: 'block', times: 1 });
    expect(await pageFetch('/api/user')).toBe('error TypeError');
    expect(await listedLine('/api/user')).toMatch(/GET blocked by rule \d+ fetch/);
    expect(seen).toEqual([]);
    expect(await pageFetch('/api/user')).toBe('200 {"source":"server","got":""}');
    expect(seen.map((request) => request.line)).toEqual(['GET /api/user']);
    expect(text(await call(client, 'list_routes'))).toContain('No request rules.');
  });

  it('sends a request with a header set from a named secret, which no answer shows', async () => {
    const added = text(
      await call(client, 'route', {
        urlPattern: '*/api/echo',
        method: 'POST',
        action: 'modify',
        requestHeaders: { 'X-Agent': '<secret>API_TOKEN</secret>' },
      }),
    );
    expect(added).toContain('modify request headers x-agent: <secret>API_TOKEN</secret>');
    expect(await pageFetch('/api/echo', '{ method: "POST", body: "order=42" }')).toBe(
      '200 {"source":"server","got":"order=42"}',
    );
    expect(seen).toEqual([{ line: 'POST /api/echo', agent: TOKEN, body: 'order=42' }]);
    // A GET is not the rule's method: sent as it was.
    await pageFetch('/api/echo');
    expect(seen[1]?.agent).toBeUndefined();
    const listed = await listedLine('POST');
    expect(listed).toMatch(/POST 200 \(headers modified by rule \d+\) fetch/);
    const details = text(await call(client, 'get_network_request', { reqid: Number(/reqid=(\d+)/.exec(listed)?.[1]) }));
    expect(details).toContain('x-agent: <secret>API_TOKEN</secret>');
    expect(details).toContain('### Request body\norder=42');
    expect(details).toContain('### Response body\n{"source":"server","got":"order=42"}');
    expect(details).not.toContain(TOKEN);
  });

  it('mocks an image from a file and a cross-origin call with its preflight', async () => {
    await call(client, 'route', {
      urlPattern: '*/logo.png*',
      action: 'mock',
      bodyFile: join(work.path, 'out', 'pixel.png'),
      contentType: 'image/png',
    });
    const size = await evaluateInPage(
      client,
      `() => new Promise((resolve) => { const img = new Image(); img.onload = () => resolve(img.naturalWidth + 'x' + img.naturalHeight); img.onerror = () => resolve('error'); img.src = '/logo.png?1'; })`,
    );
    expect(size).toBe('1x1');
    // localhost is another origin than 127.0.0.1; the custom header makes the browser ask first.
    const crossOrigin = server.url('/api/user').replace('127.0.0.1', 'localhost');
    await call(client, 'route', { urlPattern: `${crossOrigin}*`, action: 'mock', body: '{"cross":true}' });
    expect(await pageFetch(crossOrigin, '{ headers: { "x-custom": "1" } }')).toBe('200 {"cross":true}');
    expect(seen).toEqual([]);
  });

  it('refuses a 1.5 GB bodyFile at once, from its size, without reading it; takes one of exactly 10 MB', async () => {
    // Sparse files: no disk is used, but reading them would cost the time and memory of their size
    // (1.5 GB: under Node's 2 GiB limit for one read, which would fail fast by itself).
    const huge = join(work.path, 'out', 'huge.bin');
    writeFileSync(huge, '');
    truncateSync(huge, 1.5 * 1024 ** 3);
    const started = performance.now();
    const refused = await call(client, 'route', { urlPattern: '*/api/user*', action: 'mock', bodyFile: huge });
    expect(performance.now() - started).toBeLessThan(1500);
    expect(refused.isError).toBe(true);
    expect(text(refused)).toContain(
      `"${huge}" is 1.5 GB (1610612736 bytes); a mocked body may be at most 10.0 MB (10485760 bytes). Give a smaller file.`,
    );
    expect(text(await call(client, 'list_routes'))).toContain('No request rules.');
    expect(await pageFetch('/api/user')).toBe('200 {"source":"server","got":""}');

    const limit = join(work.path, 'out', 'limit.bin');
    writeFileSync(limit, '');
    truncateSync(limit, 10 * 1024 * 1024);
    const added = await call(client, 'route', {
      urlPattern: '*/api/user*',
      action: 'mock',
      bodyFile: limit,
      contentType: 'application/octet-stream',
    });
    expect(text(added)).toContain('10485760 B body');
    expect(
      await evaluateInPage(client, 'async () => (await (await fetch("/api/user")).arrayBuffer()).byteLength'),
    ).toBe(10 * 1024 * 1024);
  });

  it('refuses bad rules with a clear error and adds nothing', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ urlPattern: '/api/user', action: 'block' }, /start it with a scheme.*"\*\/api\/user\*"/],
      [{ urlPattern: '*', action: 'block', status: 500 }, /only go with action "mock"/],
      [{ urlPattern: '*', action: 'mock', bodyFile: join(work.path, 'out', 'missing.json') }, /does not exist/],
      [{ urlPattern: '*', action: 'mock', body: 'x', bodyFile: 'pixel.png' }, /body or bodyFile, not both/],
      [
        { urlPattern: '*', action: 'mock', bodyFile: join(work.path, 'secrets.env') },
        /outside the folders files may be read from/,
      ],
      [{ urlPattern: '*', action: 'modify' }, /needs requestHeaders/],
      [
        { urlPattern: '*', action: 'modify', requestHeaders: { 'x-a': '<secret>NOPE</secret>' } },
        /There is no secret named "NOPE"; the secrets are API_TOKEN/,
      ],
    ];
    for (const [args, message] of cases) {
      const result = await call(client, 'route', args);
      expect(result.isError, JSON.stringify(args)).toBe(true);
      expect(text(result)).toMatch(message);
    }
    expect(text(await call(client, 'unroute', { id: 99 }))).toMatch(/No rule has id 99; there are no rules/);
    expect(text(await call(client, 'list_routes'))).toContain('No request rules.');
    expect(await pageFetch('/api/user')).toBe('200 {"source":"server","got":""}');
  });
});

describe('bodies', () => {
  it('shows a served response body, saves it to a file, and describes a binary one', async () => {
    expect(await pageFetch('/api/echo', '{ method: "PUT", body: "payload" }')).toContain('200');
    const listed = await listedLine('PUT');
    const reqid = Number(/reqid=(\d+)/.exec(listed)?.[1]);
    const saved = text(await call(client, 'get_network_request', { reqid, responseBodyFile: 'bodies/echo.json' }));
    const served = '{"source":"server","got":"payload"}';
    expect(saved).toMatch(new RegExp(`Saved ${served.length} B to .*bodies/echo\\.json`));
    expect(readFileSync(join(work.path, 'out', 'bodies', 'echo.json'), 'utf8')).toBe(served);
    await call(client, 'route', {
      urlPattern: '*/logo.png*',
      action: 'mock',
      bodyFile: 'pixel.png',
      contentType: 'image/png',
    });
    await evaluateInPage(client, `() => fetch('/logo.png?2').then((r) => r.arrayBuffer()).then((b) => b.byteLength)`);
    const image = text(
      await call(client, 'get_network_request', {
        reqid: Number(/reqid=(\d+)/.exec(await listedLine('logo.png?2'))?.[1]),
      }),
    );
    expect(image).toContain(`(binary, ${PIXEL.length} B, image/png; save it with responseBodyFile)`);
  });

  it('masks secrets in bodies', async () => {
    await call(client, 'route', {
      urlPattern: '*/api/user',
      action: 'mock',
      body: `{"token":"${TOKEN}","jwt":"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abcdefghijk"}`,
    });
    await pageFetch('/api/user');
    const details = text(
      await call(client, 'get_network_request', {
        reqid: Number(/reqid=(\d+)/.exec(await listedLine('/api/user'))?.[1]),
      }),
    );
    expect(details).toContain('"token":"<secret>API_TOKEN</secret>"');
    expect(details).toContain('"jwt":"<redacted>"');
    expect(details).not.toContain(TOKEN);
  });
});
