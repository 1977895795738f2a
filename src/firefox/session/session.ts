import { BidiConnection } from '../../bidi/index.js';
import { LaunchError, InvalidArgumentError, translateBidiError } from '../errors.js';
import { findFirefox } from './find-firefox.js';
import { DEFAULT_PREFS, launchFirefox, writeUserPrefs, type LaunchOptions, type FirefoxProcess } from './launch.js';
import { startUpFiles } from './start-up-files.js';

export interface SessionOptions {
  /** Accept self-signed and otherwise invalid TLS certificates. */
  acceptInsecureCerts?: boolean;
  /** Default milliseconds to wait for each BiDi command (default 30 s). */
  commandTimeout?: number;
}

/** A live BiDi session, however it was obtained, and how to end it. */
export interface SessionHandle {
  readonly kind: 'launched' | 'connected' | 'webdriver';
  readonly connection: BidiConnection;
  readonly sessionId: string;
  readonly browserVersion: string;
  /** The Firefox process, when we started it. */
  readonly process?: FirefoxProcess;
  /**
   * Ends the session as its kind requires: a launched browser is closed, a connected one left
   * running. `stopped`: the browser stopped answering, so nothing is asked of it (a launched one
   * is killed at once).
   */
  end(options?: { stopped?: boolean }): Promise<void>;
}

/** Capabilities every session asks for: dialogs reported, not dismissed behind the caller's back. */
export function sessionCapabilities(options: SessionOptions): Record<string, unknown> {
  return {
    acceptInsecureCerts: options.acceptInsecureCerts ?? false,
    // Must sit inside alwaysMatch: at the top level Firefox silently ignores it.
    unhandledPromptBehavior: { default: 'ignore' },
  };
}

async function newSession(
  connection: BidiConnection,
  options: SessionOptions,
): Promise<{ sessionId: string; browserVersion: string }> {
  try {
    // The first session.new waits for Firefox's start-up to finish.
    const result = await connection.send(
      'session.new',
      { capabilities: { alwaysMatch: sessionCapabilities(options) } },
      { timeout: 60_000 },
    );
    return { sessionId: result.sessionId, browserVersion: result.capabilities.browserVersion };
  } catch (error) {
    connection.close('session.new failed');
    throw translateBidiError(error, 'Creating a BiDi session');
  }
}

/**
 * The start-up files a new temporary profile gets (start-up-files.ts), made when missing by a first start that only
 * opens a session and closes.
 */
async function startUpFor(executablePath: string, options: LaunchOptions): Promise<string | undefined> {
  if (options.profileDir !== undefined || options.reuseStartUpFiles === false) return undefined;
  return startUpFiles(executablePath, async (profileDir) => {
    writeUserPrefs(profileDir, DEFAULT_PREFS);
    const first = await launchSession({ executablePath, profileDir, ...(options.env ? { env: options.env } : {}) });
    await first.end();
  });
}

/** Launches a local Firefox and opens a session on it. */
export async function launchSession(options: LaunchOptions & SessionOptions): Promise<SessionHandle> {
  const executablePath = findFirefox(options.executablePath);
  const firefox = await launchFirefox({ ...options, executablePath }, await startUpFor(executablePath, options));
  let connection: BidiConnection;
  let session: { sessionId: string; browserVersion: string };
  try {
    connection = await BidiConnection.connect(`${firefox.wsEndpoint}/session`, withTimeout(options));
    session = await newSession(connection, options);
  } catch (error) {
    await firefox.shutdown();
    throw error instanceof LaunchError
      ? error
      : new LaunchError(
          `Firefox started but no BiDi session could be opened: ${String(error)}\n${firefox.recentOutput()}`,
          { cause: error },
        );
  }
  // If Firefox dies, the socket closes and every pending command fails at once.
  void firefox.exited.then(() => connection.close('Firefox exited'));
  return {
    kind: 'launched',
    connection,
    ...session,
    process: firefox,
    end: async ({ stopped = false } = {}) => {
      if (!connection.closed && !stopped) {
        await connection.send('browser.close', {}, { timeout: 5000 }).catch(() => undefined);
      }
      connection.close(stopped ? 'Firefox stopped answering' : undefined);
      await firefox.shutdown(stopped ? 0 : 5000);
    },
  };
}

/**
 * Accepts an endpoint as Firefox prints it (`ws://127.0.0.1:9222`), with or without `/session`,
 * or a bare `host:port`, and returns the URL of the session endpoint.
 */
export function sessionEndpoint(wsEndpoint: string): string {
  const withScheme = /^[a-z]+:\/\//i.test(wsEndpoint) ? wsEndpoint : `ws://${wsEndpoint}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new InvalidArgumentError(
      `wsEndpoint "${wsEndpoint}" is not a URL; pass what Firefox printed, such as ws://127.0.0.1:9222.`,
    );
  }
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:') {
    throw new InvalidArgumentError(
      `wsEndpoint "${wsEndpoint}" must use ws:// or wss://, as Firefox prints it ("WebDriver BiDi listening on ws://…").`,
    );
  }
  url.pathname = url.pathname.replace(/\/+$/, '').replace(/\/session$/, '') + '/session';
  return url.toString();
}

/** Connects to a Firefox that is already running with --remote-debugging-port. */
export async function connectSession(wsEndpoint: string, options: SessionOptions): Promise<SessionHandle> {
  const url = sessionEndpoint(wsEndpoint);
  const connection = await BidiConnection.connect(url, withTimeout(options)).catch((error: unknown) => {
    throw new LaunchError(
      `Could not connect to ${url}: ${error instanceof Error ? error.message : String(error)}. Is Firefox running with --remote-debugging-port, and is no other client holding its session?`,
      { cause: error },
    );
  });
  const session = await newSession(connection, options);
  return {
    kind: 'connected',
    connection,
    ...session,
    end: async ({ stopped = false } = {}) => {
      if (!connection.closed && !stopped)
        await connection.send('session.end', {}, { timeout: 5000 }).catch(() => undefined);
      connection.close(stopped ? 'Firefox stopped answering' : undefined);
    },
  };
}

function withTimeout(options: SessionOptions): { commandTimeout?: number } {
  return options.commandTimeout === undefined ? {} : { commandTimeout: options.commandTimeout };
}
