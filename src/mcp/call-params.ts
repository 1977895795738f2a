// tools/call params the SDK cannot parse (arguments that are null, an array or a string; no tool
// name) fail its request schema before any handler runs, and it answers -32603 (internal error)
// with the raw validation dump. They are the client's mistake: this answers them -32602 (invalid
// params) with what to send, before the SDK sees them. Arguments that are an object with wrong
// values still reach the SDK, which answers them as a tool error naming each bad parameter, so
// the model can correct itself.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, isJSONRPCRequest, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

const EXAMPLE = '{"name": "navigate_page", "arguments": {"url": "https://example.com"}}';

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Why a tools/call request's params cannot be served, or undefined when they can (or it is no tools/call). */
export function callParamsProblem(message: JSONRPCMessage): string | undefined {
  if (!isJSONRPCRequest(message) || message.method !== 'tools/call') return undefined;
  const params: unknown = message.params;
  if (!isObject(params))
    return `Invalid params: tools/call needs params that are an object such as ${EXAMPLE}, not ${describe(params)}.`;
  if (typeof params.name !== 'string') {
    return `Invalid params: tools/call needs "name", the tool's name as a string (from tools/list); it was ${params.name === undefined ? 'missing' : describe(params.name)}. For example ${EXAMPLE}.`;
  }
  const args = params.arguments;
  if (args !== undefined && !isObject(args)) {
    return `Invalid params: "arguments" of tools/call ${JSON.stringify(params.name).slice(0, 100)} must be an object of the tool's parameters by name, such as {"url": "https://example.com"} ({} or none for a tool without required ones), not ${describe(args)}. Each tool's parameters are its inputSchema in tools/list.`;
  }
  return undefined;
}

/**
 * Answers tools/call requests with unusable params on `transport` itself, with -32602; passes
 * every other message on. Call it after the server connected, which set transport.onmessage.
 */
export function refuseBadCallParams(transport: Transport): void {
  const deliver = transport.onmessage;
  if (!deliver) return;
  transport.onmessage = (message, extra) => {
    const problem = callParamsProblem(message);
    if (problem === undefined || !isJSONRPCRequest(message)) {
      deliver(message, extra);
      return;
    }
    // Answered a moment later, as the SDK answers: the HTTP transport is still setting up the reply stream.
    void Promise.resolve()
      .then(() =>
        transport.send({ jsonrpc: '2.0', id: message.id, error: { code: ErrorCode.InvalidParams, message: problem } }),
      )
      .catch((error: unknown) => transport.onerror?.(error instanceof Error ? error : new Error(String(error))));
  };
}
