import { spawn } from 'node:child_process';
import type { Socket } from 'node:net';

/**
 * Runs in its own Node process, detached from ours, holding a pipe to us. If the pipe closes
 * without our "done" (we died, even by SIGKILL), it deletes the WebDriver session, so a Grid gets
 * its slot back at once instead of after its own session timeout. Sent as source text, so it may
 * use only Node built-ins and globals.
 */
function webdriverWatchdogMain(sessionUrl: string): void {
  let done = false;
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk: string) => {
    if (chunk.includes('done')) done = true;
  });
  const finish = (): void => {
    if (done) process.exit(0);
    void fetch(sessionUrl, { method: 'DELETE', signal: AbortSignal.timeout(10_000) })
      .catch(() => undefined)
      .finally(() => process.exit(0));
  };
  process.stdin.on('end', finish);
  process.stdin.on('error', finish);
  process.on('SIGINT', () => undefined);
  process.on('SIGHUP', () => undefined);
}

/**
 * Watches a WebDriver session (`<server>/session/<id>`) for as long as we live; `release()` after ending it ourselves.
 */
export function watchWebDriverSession(sessionUrl: string): { release: () => void } {
  // Transpilers that keep function names (tsx, vitest) wrap inner functions in __name(); define it.
  const source = `var __name = (fn) => fn; (${webdriverWatchdogMain.toString()})(${JSON.stringify(sessionUrl)});`;
  const child = spawn(process.execPath, ['-e', source], { detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
  child.unref();
  // The pipe must not keep our event loop alive; it exists only to close when we die.
  (child.stdin as unknown as Socket).unref();
  return { release: () => child.stdin.end('done\n') };
}
