import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isJSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';

/** The HTTP response a request's messages arrived with, for the transport's onmessage to see. */
const responses = new AsyncLocalStorage<ServerResponse>();

/** Hands one HTTP request to `transport`; see cancelOnDisconnect. */
export async function handleRequest(
  transport: StreamableHTTPServerTransport,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  await responses.run(res, () => transport.handleRequest(req, res));
}

/**
 * Makes a call whose HTTP connection closes before its answer was sent a cancelled one, as if
 * the client had sent notifications/cancelled: the SDK then aborts its handler's signal, which
 * frees the session's queue and stops the work. Call after the server connected the transport,
 * and hand it requests through handleRequest.
 */
export function cancelOnDisconnect(transport: StreamableHTTPServerTransport): void {
  const deliver = transport.onmessage;
  if (!deliver) return;
  transport.onmessage = (message, extra) => {
    const res = responses.getStore();
    if (res && isJSONRPCRequest(message)) {
      res.once('close', () => {
        // A finished response carried the answer; a cancel for an answered call would be ignored anyway.
        if (res.writableFinished) return;
        deliver(
          {
            jsonrpc: '2.0',
            method: 'notifications/cancelled',
            params: { requestId: message.id, reason: 'the client closed its connection' },
          },
          extra,
        );
      });
    }
    deliver(message, extra);
  };
}
