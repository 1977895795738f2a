// The stdio transport: newline-delimited JSON-RPC on stdin/stdout. It replaces the SDK's
// StdioServerTransport, whose read buffer throws past 10 MiB; the SDK then closes the transport
// and pauses stdin, so the request goes unanswered, later ones too, and stdin's end never comes
// (the server stays half-alive while Firefox keeps the process up). It also answered nothing to
// malformed lines and served requests sent before initialize.
import process from 'node:process';
import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  ErrorCode,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  JSONRPCMessageSchema,
  type JSONRPCMessage,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';

/**
 * The largest message read from stdin, in bytes of one line: 10 MiB. It is the SDK's own stdio
 * limit (its clients refuse larger answers too), and no tool needs more: files travel as paths.
 */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** JSON-RPC's "server error" range; the SDK's Streamable HTTP transport uses it for the same refusal. */
const NOT_INITIALIZED = -32000;

/** How many bytes of an oversize line's start and end are kept, to find its id. */
const EDGE_BYTES = 1024;

export interface StdioTransportOptions {
  stdin?: Readable;
  stdout?: Writable;
  maxMessageBytes?: number;
}

/**
 * MCP over stdio, one JSON-RPC message per line. Oversize lines, malformed JSON and requests before
 * initialize are answered with JSON-RPC errors here, and the connection carries on.
 */
export class StdioTransport implements Transport {
  onclose?: Transport['onclose'];
  onerror?: Transport['onerror'];
  onmessage?: Transport['onmessage'];

  readonly #stdin: Readable;
  readonly #stdout: Writable;
  readonly #maxBytes: number;
  /** The current line's pieces: each chunk is scanned once for newlines, never the line again. */
  #parts: Buffer[] = [];
  #size = 0;
  /** Set while the rest of an oversize line is skipped up to its newline. */
  #oversize: { head: Buffer; tail: Buffer } | undefined;
  #initialized = false;
  #initializeIds = new Set<RequestId>();

  constructor(options: StdioTransportOptions = {}) {
    this.#stdin = options.stdin ?? process.stdin;
    this.#stdout = options.stdout ?? process.stdout;
    this.#maxBytes = options.maxMessageBytes ?? MAX_MESSAGE_BYTES;
  }

  start(): Promise<void> {
    this.#stdin.on('data', this.#onData);
    this.#stdin.on('error', this.#onError);
    // A client that went away makes stdout fail with EPIPE: report it rather than crash, so the
    // shutdown on stdin's end still closes Firefox.
    this.#stdout.on('error', this.#onError);
    return Promise.resolve();
  }

  close(): Promise<void> {
    // stdin is left flowing (the SDK pauses it), so its end still arrives and the process exits.
    this.#stdin.off('data', this.#onData);
    this.#stdin.off('error', this.#onError);
    this.#stdout.off('error', this.#onError);
    this.#parts = [];
    this.#oversize = undefined;
    this.onclose?.();
    return Promise.resolve();
  }

  send(message: JSONRPCMessage): Promise<void> {
    // Until initialize has been answered with a result, only it and ping are served.
    if (!this.#initialized && isJSONRPCResultResponse(message) && this.#initializeIds.has(message.id))
      this.#initialized = true;
    return this.#write(JSON.stringify(message));
  }

  #write(json: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#stdout.write(`${json}\n`, (error) => (error ? reject(error) : resolve()));
    });
  }

  #onError = (error: Error): void => this.onerror?.(error);

  #onData = (chunk: Buffer | string): void => {
    const data = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    let start = 0;
    for (let newline = data.indexOf(0x0a); newline !== -1; newline = data.indexOf(0x0a, start)) {
      this.#take(data.subarray(start, newline));
      this.#endLine();
      start = newline + 1;
    }
    if (start < data.length) this.#take(data.subarray(start));
  };

  #take(piece: Buffer): void {
    if (!this.#oversize && this.#size + piece.length > this.#maxBytes) {
      const seen = Buffer.concat([...this.#parts, piece]);
      this.#oversize = {
        head: Buffer.from(seen.subarray(0, EDGE_BYTES)),
        tail: Buffer.from(seen.subarray(-EDGE_BYTES)),
      };
      this.#parts = [];
      this.#size = 0;
    } else if (this.#oversize) {
      // Only the last bytes are kept: memory stays bounded however long the line is.
      this.#oversize.tail = Buffer.from(
        Buffer.concat([this.#oversize.tail, piece.subarray(-EDGE_BYTES)]).subarray(-EDGE_BYTES),
      );
    } else {
      this.#parts.push(piece);
      this.#size += piece.length;
    }
  }

  #endLine(): void {
    const oversize = this.#oversize;
    const line = Buffer.concat(this.#parts, this.#size);
    this.#parts = [];
    this.#size = 0;
    this.#oversize = undefined;
    if (oversize) {
      this.#refuse(
        idOfOversize(oversize.head, oversize.tail),
        ErrorCode.InvalidRequest,
        `Message too large: over ${describeBytes(this.#maxBytes)}, the most this server reads as one JSON-RPC message on stdio; it was discarded. Send less in one request (for example a file path instead of inline contents).`,
      );
      return;
    }
    const text = line.toString('utf8').trim(); // Also drops the \r of CRLF line ends.
    if (!text) return;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      this.#refuse(
        null,
        ErrorCode.ParseError,
        `Parse error: ${error instanceof Error ? error.message : String(error)}. Send each JSON-RPC message as one line of JSON.`,
      );
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(json);
    if (parsed.success) {
      this.#deliver(parsed.data);
      return;
    }
    const object =
      typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>) : {};
    // A malformed response to one of our requests cannot be answered; just report it.
    if ('result' in object || 'error' in object) {
      this.onerror?.(new Error(`Invalid JSON-RPC response: ${text.slice(0, 200)}`));
      return;
    }
    const id =
      typeof object.id === 'string' || (typeof object.id === 'number' && Number.isInteger(object.id))
        ? object.id
        : null;
    this.#refuse(
      id,
      ErrorCode.InvalidRequest,
      'Invalid Request: not a JSON-RPC 2.0 message (an object with "jsonrpc": "2.0", a "method" and, for a request, a string or integer "id"; batches are not supported).',
    );
  }

  #deliver(message: JSONRPCMessage): void {
    if (!this.#initialized && isJSONRPCRequest(message)) {
      if (message.method === 'initialize') this.#initializeIds.add(message.id);
      else if (message.method !== 'ping') {
        this.#refuse(
          message.id,
          NOT_INITIALIZED,
          `Server not initialized: send an "initialize" request first (then the "notifications/initialized" notification); "${message.method}" was refused.`,
        );
        return;
      }
    }
    this.onmessage?.(message);
  }

  /** Answers a message the server never sees; a null id is JSON-RPC's "could not tell which". */
  #refuse(id: RequestId | null, code: number, message: string): void {
    this.#write(JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } })).catch((error: unknown) =>
      this.onerror?.(error instanceof Error ? error : new Error(String(error))),
    );
  }
}

/**
 * The id of a request too large to parse, when its edges show it at the top level: first (after
 * an optional "jsonrpc") as most clients write it, or last as the TypeScript SDK does.
 */
function idOfOversize(head: Buffer, tail: Buffer): RequestId | null {
  const id = String.raw`"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")`;
  const match =
    new RegExp(String.raw`^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?${id}`).exec(head.toString('utf8')) ??
    new RegExp(String.raw`,\s*${id}\s*\}\s*$`).exec(tail.toString('utf8'));
  const value: unknown = match?.[1] === undefined ? null : JSON.parse(match[1]);
  return typeof value === 'string' || (typeof value === 'number' && Number.isSafeInteger(value)) ? value : null;
}

function describeBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB (${bytes} bytes)` : `${bytes} bytes`;
}
