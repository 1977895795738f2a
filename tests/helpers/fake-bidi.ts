import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { BidiConnection, type ConnectOptions } from '../../src/bidi/index.js';
import type { CommandName, CommandParams, CommandResult, EventName, EventParams } from '../../src/bidi/index.js';

/** A command as the fake received it. */
export interface BidiCommand {
  id: number;
  method: string;
  params: Record<string, unknown>;
}

/**
 * Answers one command: its result, or a promise of it (answered when it settles; one that never
 * settles leaves the command unanswered). Throw a RemoteError to answer with a protocol error.
 */
export type CommandHandler<M extends CommandName> = (
  params: CommandParams<M>,
  command: BidiCommand,
) => CommandResult<M> | Promise<CommandResult<M>>;

/** Thrown by a handler: the fake answers the command with this protocol error. */
export class RemoteError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly stacktrace?: string,
  ) {
    super(message);
  }
}

/** A handler that never answers, for commands that should hang. */
export function neverAnswer(): Promise<never> {
  return new Promise<never>(() => undefined);
}

/**
 * A scripted WebDriver BiDi remote end on 127.0.0.1, standing in for Firefox in unit tests of
 * anything built on BidiConnection. It logs every command, answers each with what `onCommand`
 * scripted for its method (a command nobody scripted gets an `unknown command` error, so a test
 * fails at once instead of timing out), and pushes events with `emit`:
 *
 *   const fake = await FakeBidi.start();
 *   fake.onCommand('browsingContext.getTree', { contexts: [] });
 * fake.onCommand('script.evaluate', (params) => ({ type: 'success', realm: 'r', result: { type: 'string', value:
 * params.expression } }));
 *   const connection = await fake.connect();
 *   fake.emit('log.entryAdded', entry);
 *   expect(fake.commands.map((command) => command.method)).toEqual([...]);
 *   await fake.stop(); // also closes the connections it made
 */
export class FakeBidi {
  /** Every command received, in order. */
  readonly commands: BidiCommand[] = [];
  readonly #handlers = new Map<string, (params: never, command: BidiCommand) => unknown>();
  readonly #sockets = new Set<WebSocket>();
  readonly #connections: BidiConnection[] = [];

  private constructor(
    readonly server: WebSocketServer,
    /** The ws:// URL to connect to. */
    readonly url: string,
  ) {
    server.on('connection', (socket) => {
      this.#sockets.add(socket);
      socket.on('close', () => this.#sockets.delete(socket));
      socket.on('message', (data: Buffer) => this.#receive(socket, JSON.parse(data.toString()) as BidiCommand));
    });
  }

  static async start(): Promise<FakeBidi> {
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
    const { port } = server.address() as AddressInfo;
    return new FakeBidi(server, `ws://127.0.0.1:${port}/session`);
  }

  /** How many clients are connected (a socket a client closed leaves once every message it sent before has come). */
  get clients(): number {
    return this.#sockets.size;
  }

  /** Scripts the answer to every `method` command from now on: a fixed result, or a handler. */
  onCommand<M extends CommandName>(method: M, answer: CommandResult<M> | CommandHandler<M>): this {
    // No result of the protocol is a function, so a function is the handler.
    this.#handlers.set(method, typeof answer === 'function' ? (answer as CommandHandler<M>) : () => answer);
    return this;
  }

  /** Pushes an event to every connected client. */
  emit<E extends EventName>(event: E, params: EventParams<E>): void {
    this.send({ type: 'event', method: event, params });
  }

  /** Sends a raw message to every connected client: an object goes as JSON, a string as it is. */
  send(message: string | object): void {
    const text = typeof message === 'string' ? message : JSON.stringify(message);
    for (const socket of this.#sockets) if (socket.readyState === socket.OPEN) socket.send(text);
  }

  /** Closes every client's socket from the remote side, as Firefox going away would. */
  disconnect(code = 1001, reason = 'going away'): void {
    for (const socket of this.#sockets) socket.close(code, reason);
  }

  /** A BidiConnection to this fake, closed by stop(). */
  async connect(options: ConnectOptions = {}): Promise<BidiConnection> {
    const connection = await BidiConnection.connect(this.url, options);
    this.#connections.push(connection);
    return connection;
  }

  async stop(): Promise<void> {
    for (const connection of this.#connections) connection.close();
    for (const socket of this.#sockets) socket.terminate();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  #receive(socket: WebSocket, command: BidiCommand): void {
    this.commands.push(command);
    const handler = this.#handlers.get(command.method);
    const reply = (message: object): void => {
      // The client may be gone by the time a slow answer is ready.
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ id: command.id, ...message }));
    };
    if (!handler) {
      reply({
        type: 'error',
        error: 'unknown command',
        message: `FakeBidi has no answer for ${command.method}; script one with onCommand('${command.method}', …).`,
      });
      return;
    }
    const fail = (error: unknown): void => {
      if (error instanceof RemoteError) {
        reply({
          type: 'error',
          error: error.code,
          message: error.message,
          ...(error.stacktrace === undefined ? {} : { stacktrace: error.stacktrace }),
        });
      } else {
        reply({ type: 'error', error: 'unknown error', message: String(error) });
      }
    };
    let result: unknown;
    try {
      result = handler(command.params as never, command);
    } catch (error) {
      fail(error);
      return;
    }
    // A plain result goes out at once, after whatever events the handler emitted.
    if (result instanceof Promise) result.then((value: unknown) => reply({ type: 'success', result: value }), fail);
    else reply({ type: 'success', result });
  }
}
