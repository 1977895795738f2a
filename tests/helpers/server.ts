import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Route = (request: IncomingMessage, response: ServerResponse) => void;

export interface TestServer {
  /** http://127.0.0.1:PORT */
  origin: string;
  url(path: string): string;
  close(): Promise<void>;
}

/** A route answering with a small HTML page. */
export function page(title: string, body: string): Route {
  return html(body, title);
}

function html(body: string, title = 'Test page'): Route {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`,
    );
  };
}

const ROUTES: Record<string, Route> = {
  '/': html('<h1>Home</h1><p>Welcome</p>', 'Home'),
  '/a.html': html('<h1>Page A</h1><a href="/b.html">to B</a>', 'Page A'),
  '/b.html': html('<h1>Page B</h1>', 'Page B'),
  '/console.html': html(
    `<h1>Console</h1>
     <script>
       console.log('hello from the page', 42);
       console.warn('careful');
       console.error('something broke');
       fetch('/api/data?x=1').then((r) => r.json()).then((d) => console.info('data', d.answer));
       fetch('/missing.json');
       setTimeout(() => { throw new Error('uncaught boom'); }, 0);
     </script>`,
    'Console',
  ),
  '/api/data': (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'x-test': 'yes' });
    response.end(JSON.stringify({ answer: 42 }));
  },
  '/redirect': (_request, response) => {
    response.writeHead(302, { location: '/b.html' });
    response.end();
  },
  '/dialogs.html': html(
    `<button id="alert" onclick="alert('Hello alert')">alert</button>
     <button id="confirm" onclick="document.title = 'confirm:' + confirm('Sure?')">confirm</button>
     <button id="prompt" onclick="document.title = 'prompt:' + prompt('Name?', 'anon')">prompt</button>`,
    'Dialogs',
  ),
  '/late-text.html': html(
    `<p>waiting</p><script>setTimeout(() => { document.body.append(Object.assign(document.createElement('p'), { textContent: 'Ready now' })); }, 300);</script>`,
    'Late',
  ),
  '/alert-on-load.html': html(`<script>alert('Loading alert')</script><h1>After the alert</h1>`, 'Alert on load'),
  '/tall.html': html('<div style="height:3000px;background:linear-gradient(red,blue)">tall</div>', 'Tall'),
};

/** A route a page fetches to tell the test it got somewhere (a script under way, typing begun); it counts the calls. */
export interface Signal {
  route: Route;
  /** How many requests it heard. */
  readonly heard: number;
}

/** A Signal answering 204. */
export function signal(): Signal {
  let heard = 0;
  return {
    route: (_request, response) => {
      heard++;
      response.writeHead(204, { 'access-control-allow-origin': '*' });
      response.end();
    },
    get heard() {
      return heard;
    },
  };
}

/** Answers 404. */
export const NOT_FOUND: Route = (_request, response) => {
  response.writeHead(404, { 'content-type': 'text/plain' });
  response.end('not found');
};

/**
 * Serves the test pages on 127.0.0.1, or on `host` (file:// pages produce no network events); `fallback` answers every
 * other path.
 */
export async function startTestServer(
  extra: Record<string, Route> = {},
  fallback: Route = NOT_FOUND,
  host = '127.0.0.1',
): Promise<TestServer> {
  const routes = { ...ROUTES, ...extra };
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    (routes[path] ?? fallback)(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const origin = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (path) => origin + path,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
