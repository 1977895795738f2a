import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { BrowserHolder, SharedBrowser } from './browser.js';
import { cancelOnDisconnect, handleRequest } from './disconnect.js';
import type { ServerOptions } from './options.js';
import { createServer as createMcpServer } from './server.js';

interface Session {
  transport: StreamableHTTPServerTransport;
  holder: BrowserHolder;
}

export interface HttpServer {
  /** http://host:port/mcp */
  url: string;
  /** The bearer token clients must send, when one is required. */
  token?: string;
  close(): Promise<void>;
}

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

function sendError(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Streamable HTTP at /mcp. Each MCP session gets a user context of its own in one shared Firefox
 * (or, with --isolated-browser, a Firefox of its own), so clients' pages and cookies never mix.
 * Beyond loopback a bearer token is required (generated when none is given).
 */
export async function startHttpServer(options: ServerOptions): Promise<HttpServer> {
  const loopback = isLoopback(options.host);
  const token = options.token ?? (loopback ? undefined : randomBytes(24).toString('base64url'));
  const sessions = new Map<string, Session>();
  const allowedHosts: string[] = [];
  // Sessions share one Firefox, each in a user context of its own, unless each is to have its own.
  const shared = options.isolatedBrowser ? undefined : new SharedBrowser(options);

  async function openSession(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const holder = shared ? shared.holder() : BrowserHolder.ownBrowser(options);
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, holder });
      },
      // Loopback servers check the Host header, so a web page cannot reach them by DNS rebinding.
      ...(loopback ? { enableDnsRebindingProtection: true, allowedHosts } : {}),
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
      void holder.close();
    };
    await createMcpServer(options, holder).connect(transport);
    cancelOnDisconnect(transport);
    await handleRequest(transport, req, res);
    // A first request that was not an initialize leaves no session behind.
    if (!transport.sessionId) await transport.close();
  }

  const server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      if (path !== '/mcp') return sendError(res, 404, 'Not found: the MCP endpoint is /mcp.');
      if (token && !bearerMatches(req.headers.authorization, token)) return sendError(res, 401, 'Unauthorized: send "Authorization: Bearer <token>" with the token the server printed or was given.');
      const sessionId = req.headers['mcp-session-id'];
      if (typeof sessionId === 'string') {
        const session = sessions.get(sessionId);
        if (!session) return sendError(res, 404, 'Unknown or closed session; start a new one with an initialize request.');
        return handleRequest(session.transport, req, res);
      }
      if (req.method !== 'POST') return sendError(res, 400, 'A new session starts with a POST of an initialize request.');
      return openSession(req, res);
    })().catch((error: unknown) => {
      if (!res.headersSent) sendError(res, 500, `Internal error: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  allowedHosts.push(`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `${options.host}:${port}`);
  const hostInUrl = options.host.includes(':') && !options.host.startsWith('[') ? `[${options.host}]` : options.host;
  return {
    url: `http://${hostInUrl}:${port}/mcp`,
    ...(token === undefined ? {} : { token }),
    close: async () => {
      await Promise.all([...sessions.values()].map(async (session) => session.transport.close()));
      await Promise.all([...sessions.values()].map(async (session) => session.holder.close()));
      sessions.clear();
      await shared?.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
