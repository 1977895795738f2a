import { lstatSync, mkdirSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

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
  if (!stat.isDirectory() || stat.uid !== userInfo().uid) throw new Error(`${dir} is not a folder of yours; remove it or set FIREFOX_BIDI_HOME to a folder only you can open.`);
  // One that others may open is refused, never re-moded: it may be theirs to use too (/tmp).
  if ((stat.mode & 0o077) !== 0) {
    throw new Error(`${dir} is open to other users (mode ${(stat.mode & 0o7777).toString(8)}), so the daemon's socket there would be theirs too; it is left as it is. Set FIREFOX_BIDI_HOME to a folder only you can open (chmod 700), or unset it.`);
  }
  return dir;
}

export const socketPath = (home: string): string => join(home, 'daemon.sock');
export const logPath = (home: string): string => join(home, 'daemon.log');
