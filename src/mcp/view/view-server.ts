/**
 * The live view on a server of its own (the CLI daemon's): on loopback only, answering the view's
 * paths alone, to this machine's host names (a web page cannot reach it by DNS rebinding). The
 * HTTP MCP server serves the same view beside /mcp instead.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LiveView } from './live-view.js';

/**
 * The Host headers a loopback server on `port` answers to: this machine's names for itself, and the host it listens on.
 */
export function loopbackHosts(host: string, port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `${host}:${port}`];
}

/** `http://host:port` for a server listening on `host` (an IPv6 address in brackets). */
export function originOf(host: string, port: number): string {
  return `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;
}

export interface ViewServer {
  /** http://127.0.0.1:port, where each session's link starts. */
  origin: string;
  /** The operator's link: every session of `view`. */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `view` on 127.0.0.1 at a free port; `onInput` hears each request that acts (a person's hand keeps its owner
 * busy).
 */
export async function serveView(view: LiveView, onInput: () => void): Promise<ViewServer> {
  const host = '127.0.0.1';
  let hosts: string[] = [];
  const server = createServer((req, res) => {
    if (req.method === 'POST') onInput();
    view.serve(req, res, new URL(req.url ?? '/', 'http://localhost'), hosts).then(
      (served) => {
        if (served) return;
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('Not found: this server has the live view alone.');
      },
      () => {
        if (!res.headersSent) res.writeHead(500);
        res.end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  hosts = loopbackHosts(host, port);
  const origin = originOf(host, port);
  return {
    origin,
    url: `${origin}${LiveView.path(view.operatorKey)}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
