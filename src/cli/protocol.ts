import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** One request to the daemon, a JSON line on its socket. */
export type DaemonRequest =
  /**
   * A command line after the global options, parsed by the daemon (which has the tool definitions loaded, so a warm
   * command starts light).
   */
  | { op: 'run'; session: string; command: string; rest: string[] }
  | { op: 'sessions' }
  | { op: 'close'; session: string }
  /** The link of the daemon's live view, with session `session` open to be seen. */
  | { op: 'show'; session: string }
  | { op: 'stop' };

/** Its answer, one JSON line. */
export type DaemonResponse =
  | { ok: true; result?: CallToolResult; sessions?: string[]; text?: string }
  | { ok: false; error: string; usage?: true };

const SESSION_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Why a session name is refused, or undefined for a good one. A name becomes a folder under the
 * output directory: the bin checks it, and the daemon checks it again on its socket.
 */
export function sessionNameProblem(name: unknown): string | undefined {
  return typeof name === 'string' && SESSION_NAME.test(name)
    ? undefined
    : `A session name is 1 to 64 letters, digits, - or _; got ${JSON.stringify(name)}.`;
}
