import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { BidiConnection } from '../../bidi/index.js';
import { LaunchError } from '../errors.js';
import { findFirefox } from './find-firefox.js';
import { watchSessionAlive } from './webdriver-liveness.js';
import { watchWebDriverSession } from './webdriver-watchdog.js';
import type { PrefValue } from './launch.js';
import { sessionCapabilities, type SessionHandle, type SessionOptions } from './session.js';

export interface WebDriverOptions extends SessionOptions {
  /**
   * A WebDriver server (Selenium Grid, a cloud grid, a running geckodriver or chromedriver). Without it a local
   * geckodriver is started.
   */
  webdriverUrl?: string;
  /**
   * Which browser the server should start: Firefox (the default, the reference) or Chrome/Chromium, which speaks the
   * same BiDi with differences the README lists.
   */
  browser?: 'firefox' | 'chrome';
  headless?: boolean;
  executablePath?: string;
  args?: string[];
  prefs?: Record<string, PrefValue>;
  /**
   * How long a new session may wait in the server's queue (a full Grid) before the attempt is given up, in ms (default:
   * as long as the server keeps it queued).
   */
  sessionWait?: number;
}

/** Finds geckodriver: GECKODRIVER_PATH, then PATH; undefined when there is none. */
export function findGeckodriver(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidates = [
    env.GECKODRIVER_PATH,
    ...(env.PATH ?? '')
      .split(delimiter)
      .filter(Boolean)
      .map((dir) => join(dir, 'geckodriver')),
  ];
  return candidates.find((path): path is string => {
    if (!path) return false;
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** geckodriver from GECKODRIVER_PATH or PATH, else downloaded by the optional `geckodriver` npm package. */
async function resolveGeckodriver(): Promise<string> {
  const found = findGeckodriver();
  if (found) return found;
  const packageName = 'geckodriver'; // Optional: not a dependency, since it downloads a binary.
  try {
    const module = (await import(packageName)) as { download?: () => Promise<string> };
    if (module.download) return await module.download();
  } catch (error) {
    throw new LaunchError(
      `geckodriver is not on PATH and GECKODRIVER_PATH is unset, and fetching it failed (${String(error)}). ` +
        'Install geckodriver and put it on PATH, set GECKODRIVER_PATH, or run `npm install geckodriver` on a machine with internet. ' +
        'Without geckodriver, FirefoxClient.launch() needs none.',
      { cause: error },
    );
  }
  throw new LaunchError('geckodriver was not found; set GECKODRIVER_PATH or put it on PATH.');
}

/**
 * The BiDi WebSocket to open for a session. Selenium Grid 4 hands back its node's own address
 * (`ws://<node>:<port>/session/<id>/se/bidi`), which a client outside the Grid's network cannot
 * reach (SeleniumHQ/selenium#15375); the Grid's router serves the same path on its own host and
 * port, so the socket is opened there. A driver's own address (chromedriver, geckodriver) is kept.
 */
export function reachableBidiUrl(webSocketUrl: string, webdriverUrl: string | undefined): string {
  if (webdriverUrl === undefined) return webSocketUrl;
  const socket = new URL(webSocketUrl);
  const server = new URL(webdriverUrl);
  if (!socket.pathname.includes('/se/bidi') || socket.host === server.host) return webSocketUrl;
  socket.protocol = server.protocol === 'https:' ? 'wss:' : 'ws:';
  // Host and port apart: assigning a host without a port would keep the node's port.
  socket.hostname = server.hostname;
  socket.port = server.port;
  socket.username = server.username;
  socket.password = server.password;
  return socket.toString();
}

/**
 * Opens a classic WebDriver session with BiDi enabled (`webSocketUrl: true`) through
 * selenium-webdriver, then speaks BiDi over the WebSocket the server hands back.
 */
export async function webdriverSession(options: WebDriverOptions): Promise<SessionHandle> {
  const { Builder, Capabilities } = (await import('selenium-webdriver')).default;
  const chrome = options.browser === 'chrome';
  if (chrome && !options.webdriverUrl)
    throw new LaunchError(
      'Chrome is driven through a WebDriver server only: start chromedriver (or a Grid) and pass its webdriverUrl.',
    );
  const firefox = (await import('selenium-webdriver/firefox.js')).default;
  const firefoxOptions = new firefox.Options();
  if (options.headless !== false) firefoxOptions.addArguments('-headless');
  if (options.args?.length) firefoxOptions.addArguments(...options.args);
  for (const [name, value] of Object.entries(options.prefs ?? {})) firefoxOptions.setPreference(name, value);
  const capabilities = new Capabilities({
    browserName: chrome ? 'chrome' : 'firefox',
    webSocketUrl: true,
    ...sessionCapabilities(options),
  });

  let builder = new Builder().withCapabilities(capabilities);
  if (chrome) {
    const chromium = (await import('selenium-webdriver/chrome.js')).default;
    const chromeOptions = new chromium.Options();
    // --no-sandbox: CI and containers run as root, where Chromium's sandbox will not start.
    chromeOptions.addArguments(
      ...(options.headless !== false ? ['--headless=new'] : []),
      '--no-sandbox',
      '--disable-dev-shm-usage',
      ...(options.args ?? []),
    );
    if (options.executablePath) chromeOptions.setChromeBinaryPath(options.executablePath);
    builder = builder.setChromeOptions(chromeOptions);
  } else {
    builder = builder.setFirefoxOptions(firefoxOptions);
  }
  if (options.webdriverUrl) {
    builder = builder.usingServer(options.webdriverUrl);
  } else {
    firefoxOptions.setBinary(findFirefox(options.executablePath));
    builder = builder.forBrowser('firefox').setFirefoxService(new firefox.ServiceBuilder(await resolveGeckodriver()));
  }
  const where = options.webdriverUrl ?? 'a local geckodriver';
  /** The remote server's URL, for the requests made beside selenium-webdriver's. */
  const serverUrl = options.webdriverUrl?.replace(/\/+$/, '');
  const building = builder.build();
  let waited: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<never>((_resolve, reject) => {
    if (options.sessionWait !== undefined)
      waited = setTimeout(() => reject(new SessionWaitExceeded()), options.sessionWait);
  });
  const driver = await Promise.race([building, gaveUp])
    .catch(async (error: unknown) => {
      if (error instanceof SessionWaitExceeded) {
        // The request stays queued on the server: a session it gives later is ended at once.
        building
          .then(
            (late) => late.quit(),
            () => undefined,
          )
          .catch(() => undefined);
        throw new LaunchError(
          `${where} gave no browser session within ${Math.round((options.sessionWait ?? 0) / 1000)} s: ${await slotsNote(serverUrl)}. Close sessions you no longer need, add nodes or slots to the Grid, or allow a longer wait.`,
        );
      }
      const message =
        error instanceof Error && error.message.trim() !== '' && !/^newSession:?\s*$/.test(error.message)
          ? error.message
          : 'the server refused or dropped the request';
      throw new LaunchError(
        `Could not open a WebDriver session on ${where}: ${message}. Check that the server runs and that --webdriver-url names it.`,
        { cause: error },
      );
    })
    .finally(() => clearTimeout(waited));
  const quit = (): Promise<void> => driver.quit().catch(() => undefined);
  const webSocketUrl: unknown = (await driver.getCapabilities()).get('webSocketUrl');
  if (typeof webSocketUrl !== 'string') {
    await quit();
    throw new LaunchError(
      `${where} opened a session without a BiDi WebSocket (webSocketUrl); it needs Firefox 119+ and a server that supports WebDriver BiDi.`,
    );
  }
  const bidiUrl = reachableBidiUrl(webSocketUrl, options.webdriverUrl);
  const connection = await BidiConnection.connect(
    bidiUrl,
    options.commandTimeout === undefined ? {} : { commandTimeout: options.commandTimeout },
  ).catch(async (error: unknown) => {
    await quit();
    throw new LaunchError(
      `Could not open the BiDi WebSocket ${bidiUrl}${bidiUrl === webSocketUrl ? '' : ` (the server named ${webSocketUrl})`}: ${String(error)}`,
      { cause: error },
    );
  });
  const caps = await driver.getCapabilities();
  const sessionId = (await driver.getSession()).getId();
  const sessionUrl = serverUrl === undefined ? undefined : `${serverUrl}/session/${sessionId}`;
  // A remote server's session outlives us if we die: a watchdog deletes it then.
  const watchdog = sessionUrl === undefined ? undefined : watchWebDriverSession(sessionUrl);
  const stopWatching = sessionUrl === undefined ? undefined : watchSessionAlive(connection, sessionUrl);
  return {
    kind: 'webdriver',
    connection,
    sessionId,
    browserVersion: String(caps.get('browserVersion') ?? 'unknown'),
    end: async () => {
      stopWatching?.();
      connection.close();
      await quit();
      watchdog?.release();
    },
  };
}

class SessionWaitExceeded extends Error {}

/** What a Grid's /status says of its slots, for an error about a session that never came. */
async function slotsNote(server: string | undefined): Promise<string> {
  if (server === undefined) return 'the driver did not answer';
  try {
    const response = await fetch(`${server}/status`, { signal: AbortSignal.timeout(5000) });
    const status = (await response.json()) as { value?: { nodes?: { slots?: { session?: unknown }[] }[] } };
    const slots = (status.value?.nodes ?? []).flatMap((node) => node.slots ?? []);
    if (slots.length === 0) return 'the Grid has no node that could take it';
    const busy = slots.filter((slot) => slot.session).length;
    return busy === slots.length
      ? `the Grid is full (all ${slots.length} slots busy)`
      : `${busy} of the Grid's ${slots.length} slots were busy`;
  } catch {
    return 'it kept the request queued';
  }
}
