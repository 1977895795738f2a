import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** One request to the daemon, a JSON line on its socket. */
export type DaemonRequest =
  | { op: 'call'; session: string; tool: string; args: Record<string, unknown> }
  | { op: 'sessions' }
  | { op: 'close'; session: string }
  | { op: 'stop' };

/** Its answer, one JSON line. */
export type DaemonResponse = { ok: true; result?: CallToolResult; sessions?: string[]; text?: string } | { ok: false; error: string };
