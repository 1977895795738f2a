import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { LaunchError } from '../errors.js';
import { findFirefox } from './find-firefox.js';
import { seedProfile } from './start-up-files.js';
import { startWatchdog } from './watchdog.js';

export type PrefValue = string | number | boolean;

export interface LaunchOptions {
  /** Firefox binary; default: FIREFOX_BIN, then firefox / firefox-esr on PATH, then usual paths. */
  executablePath?: string;
  /** Default true. */
  headless?: boolean;
  /** Use this profile directory (kept on close) instead of a fresh temporary one (deleted on close). */
  profileDir?: string;
  /** Extra prefs, written to the temporary profile's user.js. */
  prefs?: Record<string, PrefValue>;
  /** What prefers-color-scheme tells every page (a pref: Firefox has no BiDi command for it). Default: the system's. */
  colorScheme?: 'light' | 'dark';
  /** Extra command-line arguments. */
  args?: string[];
  /** Milliseconds to wait for the Remote Agent to listen (default 30 s). */
  startupTimeout?: number;
  /** Extra environment for the Firefox process. */
  env?: NodeJS.ProcessEnv;
  /**
   * Default true: a temporary profile starts with the start-up files kept from a first start of the same Firefox
   * (start-up-files.ts); false: from nothing, as Firefox starts (a second or so slower).
   */
  reuseStartUpFiles?: boolean;
}

/** The pref that makes every page's prefers-color-scheme `scheme`. */
export function colorSchemePrefs(scheme: 'light' | 'dark'): Record<string, PrefValue> {
  return { 'layout.css.prefers-color-scheme.content-override': scheme === 'dark' ? 0 : 1 };
}

/** Prefs that silence first-run, update and telemetry noise, isolate sites, and block popups. */
export const DEFAULT_PREFS: Readonly<Record<string, PrefValue>> = {
  'remote.active-protocols': 1,
  'browser.startup.page': 0,
  'browser.startup.homepage': 'about:blank',
  'browser.newtabpage.enabled': false,
  'browser.shell.checkDefaultBrowser': false,
  'browser.aboutwelcome.enabled': false,
  'browser.startup.homepage_override.mstone': 'ignore',
  'browser.tabs.warnOnClose': false,
  'browser.sessionstore.resume_from_crash': false,
  'app.update.disabledForTesting': true,
  'app.update.auto': false,
  'datareporting.policy.dataSubmissionEnabled': false,
  'datareporting.healthreport.uploadEnabled': false,
  'toolkit.telemetry.reportingpolicy.firstRun': false,
  'toolkit.telemetry.enabled': false,
  'browser.safebrowsing.malware.enabled': false,
  'browser.safebrowsing.phishing.enabled': false,
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
  'extensions.update.enabled': false,
  // Request and response bodies are kept to be read later: the newest 50 MB, not Firefox's 200 MB.
  'remote.network.maxTotalDataSize': 50_000_000,
  // Sites in their own content processes: a page stuck in a loop stalls only its own process,
  // so the other pages keep answering (one shared process stalled them all).
  'fission.autostart': true,
  'dom.ipc.processPrelaunch.enabled': false,
  // Agents work in background tabs (one tab per agent, one in front): Firefox would hold their
  // timers to one a second, and every action's wait for the page to settle with them.
  'dom.min_background_timeout_value': 4,
  'dom.min_background_timeout_value_without_budget_throttling': 4,
  'dom.timeout.enable_budget_timer_throttling': false,
  // The Remote Agent turns the popup blocker off; a page must not open tabs without a user gesture.
  'dom.disable_open_during_load': true,
  // A page's execCommand('paste') would ask a person to confirm (a prompt no one answers headless),
  // holding the session's input for its timeout; the session's clipboard is pasted by keys instead.
  'dom.execCommand.paste.enabled': false,
};

const ENDPOINT_LINE = /WebDriver BiDi listening on (ws:\/\/\S+)/;

/** A running Firefox we started: its endpoint, and the means to stop it and clean up. */
export interface FirefoxProcess {
  readonly wsEndpoint: string;
  readonly pid: number;
  readonly profileDir: string;
  readonly ownsProfile: boolean;
  /** Resolves when the main process has exited. */
  readonly exited: Promise<void>;
  /** Last lines Firefox wrote to stderr, for error messages. */
  recentOutput(): string;
  /** Waits up to `graceMs` for the main process to exit, then kills the group and deletes a temporary profile. */
  shutdown(graceMs?: number): Promise<void>;
}

/** Writes `prefs` to the user.js of `profileDir`, which Firefox reads at every start. */
export function writeUserPrefs(profileDir: string, prefs: Readonly<Record<string, PrefValue>>): void {
  writeFileSync(
    join(profileDir, 'user.js'),
    Object.entries(prefs)
      .map(([name, value]) => `user_pref(${JSON.stringify(name)}, ${JSON.stringify(value)});\n`)
      .join(''),
  );
}

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group is already gone.
  }
}

/**
 * Spawns Firefox with the Remote Agent on a free port and resolves once it listens; a temporary profile gets the
 * start-up files of `startUp` (start-up-files.ts) when given.
 */
export async function launchFirefox(options: LaunchOptions = {}, startUp?: string): Promise<FirefoxProcess> {
  const executable = findFirefox(options.executablePath);
  const ownsProfile = options.profileDir === undefined;
  const profileDir = options.profileDir ?? mkdtempSync(join(tmpdir(), 'firefox-bidi-mcp-profile-'));
  if (ownsProfile) {
    writeUserPrefs(profileDir, {
      ...DEFAULT_PREFS,
      ...(options.colorScheme ? colorSchemePrefs(options.colorScheme) : {}),
      ...options.prefs,
    });
    try {
      if (startUp) seedProfile(startUp, profileDir);
    } catch {
      // Only slower: Firefox makes what is missing.
    }
  }
  const args = [
    ...(options.headless === false ? [] : ['--headless']),
    '--remote-debugging-port=0',
    '--profile',
    profileDir,
    '--no-remote',
    '--new-instance',
    ...(options.args ?? []),
    'about:blank',
  ];
  let child: ChildProcess;
  try {
    // Detached: Firefox leads its own process group, so the whole group can be killed at once.
    child = spawn(executable, args, {
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, MOZ_CRASHREPORTER_DISABLE: '1', ...options.env },
    });
  } catch (error) {
    if (ownsProfile) rmSync(profileDir, { recursive: true, force: true });
    throw new LaunchError(`Could not start ${executable}: ${String(error)}`, { cause: error });
  }
  const pid = child.pid;
  if (pid === undefined) {
    if (ownsProfile) rmSync(profileDir, { recursive: true, force: true });
    const reason = await new Promise<string>((resolve) => child.once('error', (error) => resolve(error.message)));
    throw new LaunchError(`Could not start ${executable}: ${reason}. Check the path, or set FIREFOX_BIN.`);
  }
  const watchdog = startWatchdog(pid, ownsProfile ? profileDir : null);
  const onParentExit = (): void => killGroup(pid);
  process.on('exit', onParentExit);

  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const recent: string[] = [];
  // stdio[2] is 'pipe', so stderr exists; it must be read to the end or Firefox blocks on a full pipe.
  const stderr = createInterface({ input: child.stderr as NodeJS.ReadableStream });
  let shutdownPromise: Promise<void> | undefined;
  const shutdown = (graceMs = 0): Promise<void> =>
    (shutdownPromise ??= (async () => {
      if (graceMs > 0) await Promise.race([exited, delay(graceMs)]);
      killGroup(pid);
      await Promise.race([exited, delay(2000)]);
      process.removeListener('exit', onParentExit);
      if (ownsProfile) rmSync(profileDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
      watchdog.release();
    })());
  // A Firefox that dies on its own still gets its group and temporary profile cleaned up.
  void exited.then(() => shutdown());

  const wsEndpoint = await new Promise<string>((resolve, reject) => {
    const timeoutMs = options.startupTimeout ?? 30_000;
    const timer = setTimeout(() => fail(`did not report a WebDriver BiDi endpoint within ${timeoutMs} ms`), timeoutMs);
    function fail(reason: string): void {
      clearTimeout(timer);
      void shutdown().then(() =>
        reject(
          new LaunchError(`Firefox (${executable}) ${reason}. Its last output:\n${recent.join('\n') || '(none)'}`),
        ),
      );
    }
    stderr.on('line', (line) => {
      recent.push(line);
      if (recent.length > 30) recent.shift();
      const match = ENDPOINT_LINE.exec(line);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    void exited.then(() =>
      fail(`exited during start-up (code ${child.exitCode ?? 'none'}, signal ${child.signalCode ?? 'none'})`),
    );
  });

  return {
    wsEndpoint,
    pid,
    profileDir,
    ownsProfile,
    exited,
    recentOutput: () => recent.join('\n'),
    shutdown,
  };
}
