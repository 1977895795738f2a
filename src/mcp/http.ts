import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { BrowserHolder, SharedBrowser } from './browser.js';
import { cancelOnDisconnect, handleRequest } from './disconnect.js';
import type { ServerOptions } from './options.js';
import { createServer as createMcpServer } from './server.js';
import { newSessionFolder } from './session-folder.js';
import { keepPagesFromView } from './approval.js';
import { LiveView, newViewKey, sameKey } from './view/live-view.js';
import { loopbackHosts, originOf } from './view/view-server.js';

interface Session {
  transport: StreamableHTTPServerTransport;
  holder: BrowserHolder;
  /** POST requests (calls) not yet answered: while any runs, the session does not expire. */
  busy: number;
  idleTimer?: NodeJS.Timeout;
}

export interface HttpServer {
  /** http://host:port/mcp */
  url: string;
  /** The operator's live view of every session (a secret link: whoever has it sees every session's pages). */
  viewUrl: string;
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
  return sameKey(/^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '', token);
}

/**
 * Whether a request to the live view carries the token: as a bearer (a program), or as the password of Basic
 * authentication, which a browser asks its user for.
 */
function viewerHasToken(header: string | undefined, token: string): boolean {
  const basic = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(header ?? '')?.[1];
  if (basic === undefined) return bearerMatches(header, token);
  const credentials = Buffer.from(basic, 'base64').toString('utf8');
  return sameKey(credentials.slice(credentials.indexOf(':') + 1), token);
}

/**
 * Streamable HTTP at /mcp. Each MCP session gets a user context of its own in one shared Firefox
 * (or, with --isolated-browser, a Firefox of its own), so clients' pages and cookies never mix.
 * Each session has an output folder of its own, and ends after --session-idle-timeout without a call.
 * Beyond loopback a bearer token is required (generated when none is given).
 */
export async function startHttpServer(options: ServerOptions): Promise<HttpServer> {
  const loopback = isLoopback(options.host);
  const token = options.token ?? (loopback ? undefined : randomBytes(24).toString('base64url'));
  const sessions = new Map<string, Session>();
  const allowedHosts: string[] = [];
  // Sessions share one Firefox, each in a user context of its own, unless each is to have its own.
  const shared = options.isolatedBrowser ? undefined : new SharedBrowser(options);
  const view = new LiveView(newViewKey());
  /** http://host:port, once listening. */
  let origin = '';

  /** Closes the session once it has been idle for --session-idle-timeout, with no call running. */
  function expireWhenIdle(session: Session): void {
    clearTimeout(session.idleTimer);
    if (options.sessionIdleTimeout > 0 && session.busy === 0)
      session.idleTimer = setTimeout(() => void session.transport.close(), options.sessionIdleTimeout).unref();
  }

  /** Serves one request of a live session, keeping the session alive while a call runs. */
  function serve(session: Session, req: IncomingMessage, res: ServerResponse): Promise<void> {
    // A GET is the stream a client may hold open for server messages: only calls (POST) count as activity in progress.
    if (req.method === 'POST') {
      session.busy++;
      res.once('close', () => {
        session.busy--;
        expireWhenIdle(session);
      });
    }
    expireWhenIdle(session);
    return handleRequest(session.transport, req, res);
  }

  async function openSession(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Each session's files in a folder of its own, which no other session can read or name.
    const folder = newSessionFolder(options.outputDir);
    const holder = shared ? shared.holder(folder.downloads) : BrowserHolder.ownBrowser(options, folder.downloads);
    // The session's own view link, given to its client alone (in the server's instructions).
    const watched = view.newSession(holder, origin);
    let session: Session | undefined;
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        session = { transport, holder, busy: 0 };
        sessions.set(id, session);
        view.add(id, watched.session);
      },
      // Loopback servers check the Host header, so a web page cannot reach them by DNS rebinding.
      ...(loopback ? { enableDnsRebindingProtection: true, allowedHosts } : {}),
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
      if (transport.sessionId) view.remove(transport.sessionId);
      if (session) clearTimeout(session.idleTimer);
      void holder
        .close()
        .catch(() => undefined)
        .then(() => folder.release());
    };
    await createMcpServer(options, holder, { folder, clientRoots: false }, watched.calls).connect(transport);
    cancelOnDisconnect(transport);
    await handleRequest(transport, req, res);
    // A first request that was not an initialize leaves no session behind.
    if (!transport.sessionId) await transport.close();
    else if (session) expireWhenIdle(session);
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const path = url.pathname;
      // Beyond loopback the view takes the token too (the browser asks for it): a link seen over a shoulder or in a
      // history is not enough.
      if (token && path.startsWith('/view/') && !viewerHasToken(req.headers.authorization, token)) {
        res.writeHead(401, {
          'content-type': 'text/plain; charset=utf-8',
          'www-authenticate': 'Basic realm="firefox-bidi-mcp live view", charset="UTF-8"',
        });
        return res.end(
          "The live view takes the server's token beyond loopback: give it as the password (any user name).",
        );
      }
      // The view is a loopback server's too: a web page must not reach it by DNS rebinding either.
      if (await view.serve(req, res, url, loopback ? allowedHosts : undefined)) return;
      if (path !== '/mcp') return sendError(res, 404, 'Not found: the MCP endpoint is /mcp.');
      if (token && !bearerMatches(req.headers.authorization, token))
        return sendError(
          res,
          401,
          'Unauthorized: send "Authorization: Bearer <token>" with the token the server printed or was given.',
        );
      const sessionId = req.headers['mcp-session-id'];
      if (typeof sessionId === 'string') {
        const session = sessions.get(sessionId);
        if (!session)
          return sendError(res, 404, 'Unknown or closed session; start a new one with an initialize request.');
        return serve(session, req, res);
      }
      if (req.method !== 'POST')
        return sendError(res, 400, 'A new session starts with a POST of an initialize request.');
      return openSession(req, res);
    })().catch((error: unknown) => {
      if (!res.headersSent)
        sendError(res, 500, `Internal error: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  allowedHosts.push(...loopbackHosts(options.host, port));
  keepPagesFromView(options, port);
  origin = originOf(options.host, port);
  return {
    url: `${origin}/mcp`,
    viewUrl: `${origin}${LiveView.path(view.operatorKey)}`,
    ...(token === undefined ? {} : { token }),
    close: async () => {
      // Taken first: closing a transport removes its session from the map.
      const open = [...sessions.values()];
      sessions.clear();
      for (const session of open) clearTimeout(session.idleTimer);
      await Promise.all(open.map(async (session) => session.transport.close()));
      await Promise.all(open.map(async (session) => session.holder.close()));
      await shared?.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
