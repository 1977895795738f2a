import { spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';

/**
 * Runs in its own Node process, detached from ours, holding a pipe to us. When the pipe closes —
 * we closed it after a clean shutdown, or we died, even by SIGKILL — it kills the Firefox process
 * group and deletes the temporary profile. Sent as source text, so it may use only Node built-ins.
 */
function watchdogMain(pgid: number, profileDir: string | null): void {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { rmSync } = require('node:fs') as typeof import('node:fs');
  const groupAlive = (): boolean => {
    try {
      process.kill(-pgid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const cleanUp = (): void => {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      // Already gone.
    }
    const deadline = Date.now() + 5000;
    const finish = (): void => {
      if (groupAlive() && Date.now() < deadline) {
        setTimeout(finish, 50);
        return;
      }
      if (profileDir) rmSync(profileDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
      process.exit(0);
    };
    finish();
  };
  process.stdin.on('end', cleanUp);
  process.stdin.on('error', cleanUp);
  process.stdin.resume();
  // Our own group gets no terminal signals (we are detached), but be explicit about it.
  process.on('SIGINT', () => undefined);
  process.on('SIGHUP', () => undefined);
}

/** Starts the watchdog for a Firefox process group; `release()` lets it clean up and exit. */
export function startWatchdog(pgid: number, profileDir: string | null): { child: ChildProcess; release: () => void } {
  // Transpilers that keep function names (tsx, vitest) wrap inner functions in __name(); define it.
  const source = `var __name = (fn) => fn; (${watchdogMain.toString()})(${JSON.stringify(pgid)}, ${JSON.stringify(profileDir)});`;
  const child = spawn(process.execPath, ['-e', source], { detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
  child.unref();
  // The pipe must not keep our event loop alive; it exists only to close when we die.
  (child.stdin as unknown as Socket).unref();
  return {
    child,
    release: () => child.stdin.end(),
  };
}
