import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** One request to the daemon, a JSON line on its socket. */
export type DaemonRequest =
  /** A command line after the global options, parsed by the daemon (which has the tool definitions loaded, so a warm command starts light). */
  | { op: 'run'; session: string; command: string; rest: string[] }
  | { op: 'sessions' }
  | { op: 'close'; session: string }
  | { op: 'stop' };

/** Its answer, one JSON line. */
export type DaemonResponse = { ok: true; result?: CallToolResult; sessions?: string[]; text?: string } | { ok: false; error: string; usage?: true };
