import {
  closeSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeSync,
  type Stats,
} from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

/**
 * The folder that holds the daemon's socket, log and lock: one per user, mode 0700, so no other
 * user on the machine can reach the socket (FIREFOX_BIDI_HOME moves it, for tests and for users
 * who want several daemons).
 */
export function cliHome(env: NodeJS.ProcessEnv = process.env): string {
  const dir = env.FIREFOX_BIDI_HOME ?? join(tmpdir(), `firefox-bidi-${userInfo().uid}`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = lstatSync(dir);
  // A folder another user made (or a link) could hand our socket to them: refuse it.
  if (!stat.isDirectory() || stat.uid !== userInfo().uid)
    throw new Error(
      `${dir} is not a folder of yours; remove it or set FIREFOX_BIDI_HOME to a folder only you can open.`,
    );
  // One that others may open is refused, never re-moded: it may be theirs to use too (/tmp).
  if ((stat.mode & 0o077) !== 0) {
    throw new Error(
      `${dir} is open to other users (mode ${(stat.mode & 0o7777).toString(8)}), so the daemon's socket there would be theirs too; it is left as it is. Set FIREFOX_BIDI_HOME to a folder only you can open (chmod 700), or unset it.`,
    );
  }
  return dir;
}

export const socketPath = (home: string): string => join(home, 'daemon.sock');
export const logPath = (home: string): string => join(home, 'daemon.log');
export const lockPath = (home: string): string => join(home, 'daemon.lock');
/** The running daemon's pid, written once it listens: a stuck daemon (that answers nothing) is ended by it. */
export const pidPath = (home: string): string => join(home, 'daemon.pid');

/** A start lock older than this is a leftover (its holder waits at most 60 s for its daemon: bin.ts, START_MS). */
const STALE_LOCK_MS = 90_000;

/**
 * Runs `start` (which starts the daemon and waits until it answers) holding the home's start lock,
 * so that commands finding no daemon at the same moment start one between them. One that finds the
 * lock held waits until it is released and starts nothing: the holder's daemon is there then. A
 * lock whose holder died, or that is stale, is taken over. `running` says whether a daemon answers
 * now (one may have started between the caller's look and the lock).
 */
export async function startOnce(
  home: string,
  running: () => Promise<boolean>,
  start: () => Promise<void>,
): Promise<void> {
  const lock = lockPath(home);
  for (;;) {
    let fd: number;
    try {
      fd = openSync(lock, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (lockLeftOver(lock)) rmSync(lock, { force: true });
      else await delay(50);
      if (statOrNull(lock) === null && (await running())) return;
      continue;
    }
    try {
      writeSync(fd, String(process.pid));
      closeSync(fd);
      if (!(await running())) await start();
      return;
    } finally {
      rmSync(lock, { force: true });
    }
  }
}

function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

/**
 * The pid a file of the home holds (the start lock's holder, the running daemon), or undefined when it holds none yet
 * or is not there.
 */
function pidIn(path: string): number | undefined {
  try {
    const pid = Number(readFileSync(path, 'utf8'));
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the lock's holder is gone (its pid runs no more) or the lock is too old to be a start under way. */
function lockLeftOver(lock: string): boolean {
  const stat = statOrNull(lock);
  if (!stat) return false;
  if (Date.now() - stat.mtimeMs > STALE_LOCK_MS) return true;
  const pid = pidIn(lock);
  if (pid === undefined) return Date.now() - stat.mtimeMs > 1000; // Being written: give it a moment.
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
}

/** Whether `pid` runs the daemon of `socket`: its command line names both (Linux /proc; elsewhere unknown, so no). */
function runsDaemon(pid: number, socket: string): boolean {
  try {
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return command.includes('daemon-main.js') && command.includes(JSON.stringify(socket).slice(1, -1));
  } catch {
    return false;
  }
}

/**
 * Ends the daemon named in the home's pid file when it still runs but answers nothing (stopped,
 * frozen): SIGKILL, and its Firefox goes with it (the launch watchdog). Returns its pid, or
 * undefined when no such daemon runs.
 */
export async function endStuckDaemon(home: string, socket: string): Promise<number | undefined> {
  const pid = pidIn(pidPath(home));
  if (pid === undefined || pid === process.pid || !runsDaemon(pid, socket)) return undefined;
  process.kill(pid, 'SIGKILL');
  for (let waited = 0; waited < 5000 && runsDaemon(pid, socket); waited += 50) await delay(50);
  rmSync(pidPath(home), { force: true });
  return pid;
}

/** Removes the home's pid file when it names this process (a daemon that took over since keeps its own). */
export function releasePid(home: string): void {
  if (pidIn(pidPath(home)) === process.pid) rmSync(pidPath(home), { force: true });
}
