import { mkdirSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { SharedBrowser, type BrowserHolder } from '../mcp/browser.js';
import type { ServerOptions } from '../mcp/options.js';
import { createServer as createMcpServer } from '../mcp/server.js';
import type { SessionFolder } from '../mcp/session-folder.js';
import { toolCall, UsageError } from './commands.js';
import { sessionNameProblem, type DaemonRequest, type DaemonResponse } from './protocol.js';
import { daemonAnswers } from './client.js';
import { endStuckDaemon, pidPath, releasePid } from './home.js';
import { writeWhole } from '../firefox/policy/files.js';
import { LiveView, newViewKey } from '../mcp/view/live-view.js';
import { serveView, type ViewServer } from '../mcp/view/view-server.js';
import { keepPagesFromView } from '../mcp/approval.js';

/**
 * A named session: a user context of the daemon's Firefox, behind an MCP server of its own (the same tools, policies
 * and masking as the server's).
 */
interface Session {
  name: string;
  client: Client;
  holder: BrowserHolder;
  folder: SessionFolder;
}

/**
 * A session's folder, `<output-dir>/sessions/<name>/`, readable by the user only; other sessions' folders are out of
 * its reach.
 */
function namedFolder(outputDir: string, name: string): SessionFolder {
  const root = join(resolve(outputDir), 'sessions');
  const dir = join(root, name);
  const downloads = join(dir, 'downloads');
  mkdirSync(downloads, { recursive: true, mode: 0o700 });
  return { dir, downloads, hidden: [root], release: () => undefined };
}

/**
 * The background process of `firefox-bidi`: one Firefox (started on the first call), named sessions
 * each in a user context of its own, answering JSON lines on a Unix socket. It stops after `idleMs`
 * without a request, on `stop`, or on SIGTERM, closing Firefox and removing its socket. Its live
 * view (`firefox-bidi show`) is served on loopback, at a link only its user is given.
 */
export class Daemon {
  readonly #shared: SharedBrowser;
  readonly #sessions = new Map<string, Promise<Session>>();
  readonly #server: Server;
  readonly #view = new LiveView(newViewKey());
  #viewServer: ViewServer | undefined;
  #idle: NodeJS.Timeout | undefined;
  #stopping: Promise<void> | undefined;

  constructor(
    private readonly options: ServerOptions,
    private readonly socket: string,
    private readonly idleMs: number,
  ) {
    this.#shared = new SharedBrowser(options);
    this.#server = createServer((connection) => this.#serve(connection));
  }

  async listen(): Promise<void> {
    // A daemon that answers there already keeps its socket: taking it would leave that one (and its Firefox) running
    // unreachable.
    if (await daemonAnswers(this.socket, 2000))
      throw new Error(`Another daemon already answers on ${this.socket}; this one stops.`);
    // One that is there and answers nothing (frozen) would live on unreachable with its Firefox: it is ended.
    const home = dirname(this.socket);
    await endStuckDaemon(home, this.socket);
    rmSync(this.socket, { force: true });
    await new Promise<void>((done, fail) => this.#server.once('error', fail).listen(this.socket, done));
    // A person's hand in the view counts as use: the daemon does not stop under it.
    this.#viewServer = await serveView(this.#view, () => this.#touch());
    keepPagesFromView(this.options, Number(new URL(this.#viewServer.origin).port));
    writeWhole(pidPath(home), String(process.pid), 0o600);
    this.#touch();
  }

  /** Closes every session and the browser, and removes the socket. */
  async stop(): Promise<void> {
    return (this.#stopping ??= (async () => {
      clearTimeout(this.#idle);
      this.#server.close();
      await this.#viewServer?.close();
      for (const session of this.#sessions.values())
        await session.then(
          (open) => this.#end(open),
          () => undefined,
        );
      this.#sessions.clear();
      await this.#shared.close().catch(() => undefined);
      rmSync(this.socket, { force: true });
      releasePid(dirname(this.socket));
    })());
  }

  #touch(): void {
    clearTimeout(this.#idle);
    if (this.idleMs > 0) this.#idle = setTimeout(() => void this.stop().then(() => process.exit(0)), this.idleMs);
  }

  #serve(connection: Socket): void {
    let buffered = '';
    connection.setEncoding('utf8');
    connection.on('data', (chunk: string) => {
      buffered += chunk;
      for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 1);
        void this.#answer(line).then((response) => connection.write(`${JSON.stringify(response)}\n`));
      }
    });
    connection.on('error', () => undefined);
  }

  async #answer(line: string): Promise<DaemonResponse> {
    this.#touch();
    let request: DaemonRequest;
    try {
      request = JSON.parse(line) as DaemonRequest;
    } catch {
      return { ok: false, error: 'The daemon got a line that is not JSON.' };
    }
    // The socket is the user's alone, but a session name becomes a folder: it is checked here too.
    const badName =
      request.op === 'run' || request.op === 'close' || request.op === 'show'
        ? sessionNameProblem(request.session)
        : undefined;
    if (badName) return { ok: false, error: badName, usage: true };
    try {
      switch (request.op) {
        case 'run': {
          const call = toolCall(request.command, request.rest);
          const session = await this.#session(request.session);
          // A call that waits for a person (request_human, an action held for approval) says so every few seconds:
          // it lives as long as it does, past the SDK's 60 s without news (the command's --timeout bounds it).
          const result = (await session.client.callTool({ name: call.tool, arguments: call.args }, undefined, {
            onprogress: () => undefined,
            resetTimeoutOnProgress: true,
          })) as CallToolResult;
          return { ok: true, result };
        }
        case 'show':
          // The session the user named is open, so that the view has a page to show.
          await this.#session(request.session);
          return { ok: true, text: this.#viewServer?.url ?? '' };
        case 'sessions':
          return { ok: true, sessions: [...this.#sessions.keys()] };
        case 'close': {
          const session = this.#sessions.get(request.session);
          if (!session) return { ok: true, text: `No session ${request.session} is open.` };
          this.#sessions.delete(request.session);
          await this.#end(await session);
          return { ok: true, text: `Closed session ${request.session}.` };
        }
        case 'stop':
          setImmediate(() => void this.stop().then(() => process.exit(0)));
          return { ok: true, text: 'The daemon stops: Firefox, its profile and the socket go with it.' };
      }
    } catch (error) {
      return {
        ok: false,
        error: error instanceof Error ? error.message : String(error),
        ...(error instanceof UsageError ? { usage: true as const } : {}),
      };
    }
  }

  /** The session `name`, opened on first use. */
  #session(name: string): Promise<Session> {
    let session = this.#sessions.get(name);
    if (!session) {
      session = this.#open(name);
      this.#sessions.set(name, session);
      session.catch(() => this.#sessions.delete(name));
    }
    return session;
  }

  async #open(name: string): Promise<Session> {
    const folder = namedFolder(this.options.outputDir, name);
    const holder = this.#shared.holder(folder.downloads);
    const watched = this.#view.newSession(holder, this.#viewServer?.origin ?? '');
    const server = createMcpServer(this.options, holder, { folder, clientRoots: false }, watched.calls);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'firefox-bidi', version: '1' });
    await client.connect(clientSide);
    this.#view.add(name, watched.session);
    return { name, client, holder, folder };
  }

  async #end(session: Session): Promise<void> {
    this.#view.remove(session.name);
    await session.client.close().catch(() => undefined);
    await session.holder.close().catch(() => undefined);
    session.folder.release();
  }
}
