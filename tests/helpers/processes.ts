import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename } from 'node:path';

/**
 * The time limit of a test that starts Firefox twice (a crash or a lost daemon, and the next one): each start takes up
 * to half a minute on a busy 2-core machine, past vitest's 30 s for a test.
 */
export const RELAUNCHING_TEST_MS = 90_000;

/** Is any process of group `pgid` alive? */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Polls `condition` every 50 ms until it holds or `timeoutMs` passes; returns whether it held. */
export async function eventually(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return condition();
}

/**
 * Reads `read` until its value has stayed the same for `quietMs` (what it watches stopped changing) and returns that
 * value; throws when it is still changing after `timeoutMs`.
 */
export async function steady<T>(read: () => T | Promise<T>, quietMs: number, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  let since = Date.now();
  while (Date.now() - since < quietMs) {
    if (Date.now() > deadline) throw new Error(`Still changing after ${timeoutMs} ms (now ${JSON.stringify(value)}).`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = await read();
    if (JSON.stringify(now) !== JSON.stringify(value)) {
      value = now;
      since = Date.now();
    }
  }
  return value;
}

/** Temporary profiles made by our launcher that exist now. */
export function ourProfiles(): string[] {
  return readdirSync(tmpdir()).filter((name) => name.startsWith('firefox-bidi-mcp-profile-'));
}

/**
 * Running Firefox processes (main and content processes) with their command lines; with `marker`,
 * only those whose environment holds it (so other test runs on the machine are not counted).
 * `chromeToo` counts Chromium and chromedriver as well (the WebDriver test starts them).
 */
export function firefoxProcesses(marker?: string, chromeToo = false): Map<number, string> {
  const found = new Map<number, string>();
  for (const [pid, cmdline] of commandLines()) {
    const argv0 = basename(cmdline.split('\0')[0] ?? '');
    if (!argv0.startsWith('firefox') && !(chromeToo && /^(chromium|chrome|chromedriver)/.test(argv0))) continue;
    if (marker !== undefined && !environOf(pid).includes(marker)) continue;
    found.set(pid, cmdline.replaceAll('\0', ' ').trim());
  }
  return found;
}

/** Every process's command line (its arguments apart by NULs), by pid; one that ends while read is left out. */
export function commandLines(): Map<number, string> {
  const found = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      found.set(Number(entry), readFileSync(`/proc/${entry}/cmdline`, 'latin1'));
    } catch {
      // It ended while we looked.
    }
  }
  return found;
}

function environOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'latin1');
  } catch {
    return '';
  }
}

/** The web content processes (tabs) of the Firefox with this pid: killing them crashes its pages. */
export function contentProcesses(firefoxPid: number): number[] {
  const found: number[] = [];
  for (const [pid, raw] of commandLines()) {
    // Processes from Firefox's fork server carry their arguments as one space-separated string.
    const cmdline = raw.replaceAll('\0', ' ');
    if (cmdline.includes(' -isForBrowser ') && new RegExp(` -parentPid ${firefoxPid} `).test(cmdline)) found.push(pid);
  }
  return found;
}

export interface BinRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** The built `firefox-bidi` bin, as a shell runs it. */
export const CLI_BIN = new URL('../../dist/src/cli/bin.js', import.meta.url).pathname;

/** Runs a bin with node in `cwd`, as a shell would: its exit code and what it printed. */
export function runBin(
  bin: string,
  argv: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<BinRun> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [bin, ...argv],
      { cwd, env, timeout: 90_000, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        done({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

/** The pids of the `firefox-bidi` daemons whose settings name `home` (their socket is there), from the process list. */
export function daemonPids(home: string): number[] {
  return [...commandLines()]
    .filter(([, cmdline]) => cmdline.includes('daemon-main.js') && cmdline.includes(home))
    .map(([pid]) => pid);
}

/** The pid of the daemon of `home`, if one runs. */
export function daemonPid(home: string): number | undefined {
  return daemonPids(home)[0];
}
