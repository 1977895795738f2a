/**
 * The live view's end-to-end tests: sessions of the real HTTP server, each with the view link its
 * instructions give it, and a second Firefox (the watcher) acting as the person on the view's picture.
 */
import { request } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect } from 'vitest';
import { sharedFirefox, type TestFirefox } from './firefox.js';
import { call, startHttpServer, stopHttpServer, text, type RunningHttpServer } from './mcp.js';

export interface ViewState {
  sessions: {
    id: string;
    pages: { pageId: number; url: string; title: string; selected: boolean }[];
    calls: { tool: string; said?: string }[];
    request?: { reason: string };
    approval?: { action: string; box?: number[]; intent?: string };
  }[];
}

/** GET `url` with its status, headers and body (Host set as given). */
export function get(url: string, host?: string): Promise<{ status: number; etag?: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        headers: host ? { host } : {},
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ...(typeof res.headers.etag === 'string' ? { etag: res.headers.etag } : {}),
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** What view link `view` serves as its state, as JSON text. */
export async function stateText(view: string): Promise<string> {
  const answer = await get(`${view}/state`);
  expect(answer.status).toBe(200);
  return answer.body.toString();
}

export async function state(view: string): Promise<ViewState> {
  return JSON.parse(await stateText(view)) as ViewState;
}

/** The centre of element #id in the agent's page, in its CSS pixels (read by the agent's own script). */
export async function centreOf(client: Client, id: string): Promise<{ x: number; y: number }> {
  const answer = text(
    await call(client, 'evaluate_script', {
      function: `() => { const r = document.getElementById('${id}').getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; }`,
    }),
  );
  return JSON.parse(/```json\n([\s\S]*?)\n```/.exec(answer)?.[1] ?? '{}') as { x: number; y: number };
}

/** The real HTTP server (started with `args`), its client sessions, and the watcher's Firefox. */
export class ViewHarness {
  readonly #clients: Client[] = [];

  private constructor(
    readonly server: RunningHttpServer,
    readonly watcher: TestFirefox,
  ) {}

  static async start(args: string[] = []): Promise<ViewHarness> {
    return new ViewHarness(await startHttpServer(args), await sharedFirefox());
  }

  async close(): Promise<void> {
    await Promise.all(this.#clients.map((client) => client.close()));
    await this.watcher.close();
    await stopHttpServer(this.server);
  }

  /** A client session of the server, and the view link its instructions give it. */
  async connect(): Promise<{ client: Client; transport: StreamableHTTPClientTransport; view: string }> {
    const client = new Client({ name: 'live-view-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(this.server.url));
    await client.connect(transport);
    this.#clients.push(client);
    const view = /watch this session live at (\S+)/.exec(client.getInstructions() ?? '')?.[1];
    if (!view) throw new Error(`no view link in the instructions: ${client.getInstructions() ?? ''}`);
    return { client, transport, view };
  }

  /** The point of the watcher's viewport where the view's picture shows the agent page's `point`. */
  async onPicture(point: { x: number; y: number }): Promise<{ x: number; y: number }> {
    const shown = await this.watcher.page.evaluate<{ x: number; y: number; ratio: number }>(
      '() => { const img = document.getElementById("picture"); const r = img.getBoundingClientRect(); return { x: r.x, y: r.y, ratio: img.clientWidth / img.naturalWidth }; }',
    );
    return { x: shown.x + point.x * shown.ratio, y: shown.y + point.y * shown.ratio };
  }

  /** The watcher opens `view` and waits until its picture shows. */
  async openView(view: string): Promise<void> {
    await this.watcher.page.navigate(view);
    await expect
      .poll(
        () =>
          this.watcher.page.evaluate<boolean>(
            '() => { const img = document.getElementById("picture"); return img.complete && img.naturalWidth > 0; }',
          ),
        { timeout: 15_000 },
      )
      .toBe(true);
  }

  /** The watcher opens `view` and waits until it shows a request for a hand. */
  async openRequest(view: string): Promise<void> {
    await this.openView(view);
    await expect
      .poll(() => this.watcher.page.evaluate<boolean>('() => !document.getElementById("request").hidden'), {
        timeout: 10_000,
      })
      .toBe(true);
  }

  /**
   * The person clicks on the picture where it shows point `at` of the agent's page (CSS pixels, as centreOf reads
   * them).
   */
  async clickOnPicture(at: { x: number; y: number }): Promise<void> {
    await this.watcher.page.personInput({ type: 'click', ...(await this.onPicture(at)) });
  }

  /** The person presses Done in the view (after the input sent before it: the view sends it in order). */
  async pressDone(): Promise<void> {
    await this.watcher.page.clickByUid(
      /(\d+_\d+) button "Done"/.exec((await this.watcher.page.takeSnapshot()).text)?.[1] ?? 'none',
    );
  }
}
