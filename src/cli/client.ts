import { connect } from 'node:net';
import type { DaemonRequest, DaemonResponse } from './protocol.js';

/** How often a waiting command checks that its daemon is still there, and how long the daemon has to say so. */
const PING_MS = 5000;

/** The daemon went away, or stopped answering, before it answered a command. */
export class DaemonLostError extends Error {}

/**
 * Sends one request to the daemon; undefined when no daemon listens. Rejects when the daemon goes
 * away, or says nothing within `timeoutMs`; `signal` drops the connection (a command that gave up).
 */
export function ask(
  socket: string,
  request: DaemonRequest,
  timeoutMs = 0,
  signal?: AbortSignal,
): Promise<DaemonResponse | undefined> {
  return new Promise((done, fail) => {
    const connection = connect(socket);
    signal?.addEventListener('abort', () => connection.destroy(), { once: true });
    let buffered = '';
    const timer =
      timeoutMs > 0
        ? setTimeout(() => connection.destroy(new DaemonLostError(`no answer within ${timeoutMs} ms`)), timeoutMs)
        : undefined;
    connection.setEncoding('utf8');
    connection.on('connect', () => connection.write(`${JSON.stringify(request)}\n`));
    connection.on('data', (chunk: string) => {
      buffered += chunk;
      const end = buffered.indexOf('\n');
      if (end < 0) return;
      clearTimeout(timer);
      connection.end();
      done(JSON.parse(buffered.slice(0, end)) as DaemonResponse);
    });
    connection.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') done(undefined);
      else fail(error);
    });
    // Closed with no answer: the daemon died mid-call (a promise that settled before ignores this).
    connection.on('close', () => {
      clearTimeout(timer);
      fail(new DaemonLostError('the daemon closed the connection without an answer'));
    });
  });
}

/** Whether a daemon listens on `socket` and answers a question (the session list) within `timeoutMs` (0: no limit). */
export async function daemonAnswers(socket: string, timeoutMs = 0): Promise<boolean> {
  return (await ask(socket, { op: 'sessions' }, timeoutMs).catch(() => undefined)) !== undefined;
}

/**
 * Sends a command and waits for its answer while checking, every PING_MS on a second connection,
 * that the daemon still answers; gives up after `timeoutMs` (0: never). Either way the error says
 * what happened: the command may or may not have run, and the next command starts a new daemon.
 */
export async function askWatched(
  socket: string,
  request: DaemonRequest,
  timeoutMs: number,
  log: string,
): Promise<DaemonResponse | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const giveUp = new AbortController();
  const watch = async (): Promise<never> => {
    const started = Date.now();
    for (;;) {
      await new Promise((resolve) => (timer = setTimeout(resolve, PING_MS)));
      if (stopped) return new Promise<never>(() => undefined);
      if (timeoutMs > 0 && Date.now() - started >= timeoutMs)
        throw lost(`did not answer within ${timeoutMs / 1000} s (--timeout)`, log);
      if (!(await daemonAnswers(socket, PING_MS)))
        throw lost(`stopped answering (no answer to a check within ${PING_MS / 1000} s)`, log);
    }
  };
  try {
    return await Promise.race([
      ask(socket, request, 0, giveUp.signal).catch((error: unknown) => {
        throw error instanceof DaemonLostError
          ? lost('went away before it answered (it stopped, or was killed)', log)
          : error;
      }),
      watch(),
    ]);
  } finally {
    stopped = true;
    clearTimeout(timer);
    // A connection left open to a frozen daemon would keep this process alive.
    giveUp.abort();
  }
}

function lost(what: string, log: string): DaemonLostError {
  return new DaemonLostError(
    `The daemon ${what}: the command may or may not have run. The next command starts a new daemon if this one is gone (firefox-bidi stop ends a stuck one); its log is ${log}.`,
  );
}
