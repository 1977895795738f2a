import WebSocket from 'ws';
import { acknowledgePromptly } from './prompt-ack.js';
import { BidiConnectionClosedError, BidiProtocolError, BidiTimeoutError } from './errors.js';
import type { CommandName, CommandParams, CommandResult, EventName, EventParams } from './types.js';

export interface SendOptions {
  /** Milliseconds to wait for the answer; defaults to the connection's commandTimeout. */
  timeout?: number;
}

export interface ConnectOptions {
  /** Milliseconds to wait for the WebSocket handshake (default 10 s). */
  connectTimeout?: number;
  /** Default milliseconds to wait for each command's answer (default 30 s). */
  commandTimeout?: number;
}

interface Pending {
  method: string;
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

type Listener = (params: never) => void;

/**
 * One WebSocket to a WebDriver BiDi endpoint: typed commands matched to answers by id,
 * a timeout per command, typed events. Knows nothing about Firefox.
 */
export class BidiConnection {
  readonly #ws: WebSocket;
  readonly #pending = new Map<number, Pending>();
  readonly #listeners = new Map<string, Set<Listener>>();
  readonly #closeListeners = new Set<(reason: string) => void>();
  readonly #commandTimeout: number;
  #nextId = 1;
  #received = 0;
  #closedReason: string | undefined;

  private constructor(ws: WebSocket, commandTimeout: number) {
    this.#ws = ws;
    this.#commandTimeout = commandTimeout;
    ws.on('message', (data: WebSocket.RawData) => this.#onMessage(rawDataToString(data)));
    ws.on('close', (code: number, reason: Buffer) =>
      this.#markClosed(`WebSocket closed with code ${code}${reason.length ? `: ${reason.toString()}` : ''}`),
    );
    ws.on('error', (error: Error) => this.#markClosed(`WebSocket error: ${error.message}`));
  }

  /** Opens the WebSocket; rejects with a clear message when nothing listens at `url`. */
  static async connect(url: string, options: ConnectOptions = {}): Promise<BidiConnection> {
    const connectTimeout = options.connectTimeout ?? 10_000;
    const ws = new WebSocket(url, {
      handshakeTimeout: connectTimeout,
      perMessageDeflate: false,
      maxPayload: 512 * 1024 * 1024,
    });
    acknowledgePromptly(ws);
    await new Promise<void>((resolve, reject) => {
      const fail = (error: Error): void => {
        ws.removeAllListeners();
        ws.on('error', () => undefined);
        ws.terminate();
        reject(new BidiConnectionClosedError(undefined, `could not open ${url}: ${error.message}`));
      };
      ws.once('open', () => {
        ws.removeListener('error', fail);
        resolve();
      });
      ws.once('error', fail);
      ws.once('unexpected-response', (_request, response) =>
        fail(new Error(`HTTP ${response.statusCode} instead of a WebSocket upgrade`)),
      );
    });
    return new BidiConnection(ws, options.commandTimeout ?? 30_000);
  }

  get closed(): boolean {
    return this.#closedReason !== undefined;
  }

  /** How many commands wait for their answer. */
  get pendingCount(): number {
    return this.#pending.size;
  }

  /** How many messages came in: a count that grows while the other end works. */
  get messagesReceived(): number {
    return this.#received;
  }

  /** Sends one command and resolves with its typed result. */
  send<M extends CommandName>(
    method: M,
    params: CommandParams<M>,
    options: SendOptions = {},
  ): Promise<CommandResult<M>> {
    if (this.#closedReason !== undefined) {
      return Promise.reject(new BidiConnectionClosedError(method, this.#closedReason));
    }
    const id = this.#nextId++;
    const timeout = options.timeout ?? this.#commandTimeout;
    return new Promise<CommandResult<M>>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        reject(new BidiTimeoutError(method, timeout));
      }, timeout);
      this.#pending.set(id, { method, resolve: resolve as (result: unknown) => void, reject, timer });
      this.#ws.send(JSON.stringify({ id, method, params }), (error) => {
        if (error) this.#settle(id, new BidiConnectionClosedError(method, `send failed: ${error.message}`));
      });
    });
  }

  /** Calls `handler` for every `event`; returns a function that stops it. */
  on<E extends EventName>(event: E, handler: (params: EventParams<E>) => void): () => void {
    let set = this.#listeners.get(event);
    if (!set) this.#listeners.set(event, (set = new Set()));
    const listener = handler as Listener;
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Calls `handler` once when the connection closes, with the reason. */
  onClose(handler: (reason: string) => void): () => void {
    if (this.#closedReason !== undefined) {
      handler(this.#closedReason);
      return () => undefined;
    }
    this.#closeListeners.add(handler);
    return () => this.#closeListeners.delete(handler);
  }

  /** Closes the socket and rejects every pending command at once. */
  close(reason = 'closed by the client'): void {
    if (this.#closedReason !== undefined) return;
    this.#markClosed(reason);
    this.#ws.terminate();
  }

  #onMessage(text: string): void {
    this.#received++;
    let message: {
      id?: number | null;
      type?: string;
      method?: string;
      params?: unknown;
      result?: unknown;
      error?: string;
      message?: string;
      stacktrace?: string;
    };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return; // Not JSON: nothing in the protocol can be matched to it.
    }
    if (message.type === 'event' && typeof message.method === 'string') {
      for (const listener of this.#listeners.get(message.method) ?? []) {
        try {
          (listener as (params: unknown) => void)(message.params);
        } catch (error) {
          // A faulty listener must not break the connection or the other listeners.
          process.emitWarning(`BiDi listener for ${message.method} threw: ${String(error)}`);
        }
      }
      return;
    }
    if (typeof message.id !== 'number') return;
    const pending = this.#pending.get(message.id);
    if (!pending) return; // Answer to a command that already timed out.
    if (message.type === 'error') {
      this.#settle(
        message.id,
        new BidiProtocolError(
          pending.method,
          message.error ?? 'unknown error',
          message.message ?? '',
          message.stacktrace,
        ),
      );
    } else {
      this.#settle(message.id, undefined, message.result);
    }
  }

  #settle(id: number, error: Error | undefined, result?: unknown): void {
    const pending = this.#pending.get(id);
    if (!pending) return;
    this.#pending.delete(id);
    clearTimeout(pending.timer);
    if (error) pending.reject(error);
    else pending.resolve(result);
  }

  #markClosed(reason: string): void {
    if (this.#closedReason !== undefined) return;
    this.#closedReason = reason;
    for (const [id, pending] of this.#pending) this.#settle(id, new BidiConnectionClosedError(pending.method, reason));
    for (const handler of this.#closeListeners) handler(reason);
    this.#closeListeners.clear();
  }
}

function rawDataToString(data: WebSocket.RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  return Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data).toString('utf8');
}
