import { join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { Browser, throwIfAborted, unlessAborted, type UserContext } from '../firefox/index.js';
import type { ServerOptions } from './options.js';
import { TOOL_WORDING } from './snapshot-wording.js';

/** The longest a closing session waits for its last work (a snapshot, on a slow page). */
const LAST_WORK_MS = 2000;

/** What one session acts through: its user context, in a browser of its own (`owned`) or in one it shares. */
export interface SessionBrowser {
  browser: Browser;
  userContext: UserContext;
  /**
   * Whether the browser is the session's own: it then closes with the session, and browser-wide calls (extensions) are
   * the session's to make.
   */
  owned: boolean;
}

/** Starts what a session acts through; `firstSnapshotId` carries on the ids of a browser that died. */
export type ClientStarter = (firstSnapshotId?: number) => Promise<SessionBrowser>;

/** Whether a session's browser or user context is gone. */
function isClosed(session: SessionBrowser): boolean {
  return session.userContext.closed;
}

/** What the next answer says when a session's browser had gone and another took its place. */
function replacedNote(dead: Browser): string {
  if (dead.sessionKind === 'webdriver') {
    return "The browser's WebDriver session had ended (its Grid node or the hub may have gone, or the session timed out); a new session was opened, so earlier pages and uids are gone.";
  }
  return 'Firefox had closed, crashed or stopped answering; a new Firefox was started, so earlier pages and uids are gone.';
}

/**
 * Ends a session's part: its user context of a shared browser; or its own browser, after the user context it made in
 * it (a Firefox it connected to goes on without it).
 */
async function closeSession(session: SessionBrowser): Promise<void> {
  if (!session.owned) return session.userContext.dispose();
  if (session.userContext.id !== 'default') await session.userContext.dispose().catch(() => undefined);
  await session.browser.close();
}

/**
 * One MCP session's browser: started on the first tool call that needs it, started again (with a
 * note) when it died, closed when the session ends. Tool calls run one at a time, in order.
 */
export class BrowserHolder {
  #client: SessionBrowser | undefined;
  #starting: Promise<SessionBrowser> | undefined;
  #queue: Promise<unknown> = Promise.resolve();
  #closed = false;
  #closing: Promise<void> | undefined;
  #beforeClose: (() => Promise<void>) | undefined;

  /** `start` gives the client: a Firefox of its own (ownBrowser), or a user context of a shared one (SharedBrowser). */
  constructor(private readonly start: ClientStarter) {}

  /**
   * A holder whose client is a Firefox of its own, launched or connected as `options` say, saving downloads in
   * `downloadDir` (default: the output directory's downloads/).
   */
  static ownBrowser(options: ServerOptions, downloadDir?: string): BrowserHolder {
    return new BrowserHolder(async (firstSnapshotId) => {
      const session = await startClient(options, firstSnapshotId, options.isolated ? false : downloadDir);
      return options.isolated ? isolate(session, downloadDir ?? defaultDownloadDir(options)) : session;
    });
  }

  /**
   * Runs `work` after every earlier call has finished. When `signal` aborts, the call leaves the
   * queue at once (before it started, it never starts): the next call need not wait for work
   * nobody waits for. What the work passed `signal` to stops too.
   */
  exclusive<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const start = async (): Promise<T> => {
      throwIfAborted(signal, 'The call');
      return unlessAborted(work(), signal, 'The call');
    };
    const run = this.#queue.then(start, start);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  /** The live client, and a note when it had to be started again. */
  async client(): Promise<{ client: SessionBrowser; note?: string }> {
    if (this.#closed) throw new Error('The server is shutting down; no browser is available.');
    if (this.#client && !isClosed(this.#client)) return { client: this.#client };
    const dead = this.#client;
    // Callers that meet the dead client together wait for one new client.
    const starting = (this.#starting ??= this.#replace(dead));
    try {
      this.#client = await starting;
    } finally {
      if (this.#starting === starting) this.#starting = undefined;
    }
    return dead ? { client: this.#client, note: replacedNote(dead.browser) } : { client: this.#client };
  }

  /**
   * Closes what is left of a dead client, then starts one whose snapshot ids go on from its, so an old uid never names
   * a new element.
   */
  async #replace(dead: SessionBrowser | undefined): Promise<SessionBrowser> {
    if (dead) await closeSession(dead).catch(() => undefined);
    return this.start(dead?.browser.nextSnapshotId);
  }

  /** The client if one is running, without starting one. */
  get current(): SessionBrowser | undefined {
    return this.#client && !isClosed(this.#client) ? this.#client : undefined;
  }

  /** Work to finish before the client closes (the recording's last look), given at most LAST_WORK_MS. */
  beforeClose(work: () => Promise<void>): void {
    this.#beforeClose = work;
  }

  /** Closes the client; every caller waits for the same closing, so none returns while it is under way. */
  close(): Promise<void> {
    return (this.#closing ??= (async () => {
      const last = this.#beforeClose;
      if (last && this.current) {
        const timer = new AbortController();
        await Promise.race([
          last().catch(() => undefined),
          delay(LAST_WORK_MS, undefined, { signal: timer.signal }).catch(() => undefined),
        ]);
        timer.abort();
      }
      this.#closed = true;
      const client = this.#client ?? (await this.#starting?.catch(() => undefined));
      this.#client = undefined;
      if (client) await closeSession(client);
    })());
  }
}

/**
 * Launches or connects a Firefox as the server's options say; `downloadDir` false refuses downloads but in user
 * contexts given a folder.
 */
export async function startClient(
  options: ServerOptions,
  firstSnapshotId?: number,
  downloadDir: string | false = defaultDownloadDir(options),
): Promise<SessionBrowser> {
  const browser = await startBrowser(options, firstSnapshotId, downloadDir);
  return { browser, userContext: browser.defaultUserContext, owned: true };
}

function defaultDownloadDir(options: ServerOptions): string {
  return join(resolve(options.outputDir), 'downloads');
}

/** Moves a session into a new user context of its own browser (--isolated), saving its downloads in `downloadDir`. */
async function isolate(session: SessionBrowser, downloadDir: string): Promise<SessionBrowser> {
  let isolated = session;
  try {
    isolated = { ...session, userContext: await session.browser.newUserContext() };
    await isolated.userContext.saveDownloadsIn(downloadDir);
    return isolated;
  } catch (error) {
    await closeSession(isolated).catch(() => undefined);
    throw error;
  }
}

async function startBrowser(
  options: ServerOptions,
  firstSnapshotId: number | undefined,
  downloadDir: string | false,
): Promise<Browser> {
  const common = {
    ...(firstSnapshotId === undefined ? {} : { firstSnapshotId }),
    acceptInsecureCerts: options.acceptInsecureCerts,
    layers: options.layers,
    defaultLayers: options.defaultLayers,
    secrets: options.secrets,
    urlPolicy: options.urlPolicy,
    downloadDir,
    stampUids: options.stampUids,
    snapshotWording: TOOL_WORDING,
    ...(options.viewport ? { viewport: options.viewport } : {}),
  };
  if (options.wsEndpoint) return Browser.connect({ wsEndpoint: options.wsEndpoint, ...common });
  if (options.webdriverUrl) {
    return Browser.connect({
      webdriverUrl: options.webdriverUrl,
      browser: options.browser,
      headless: options.headless,
      prefs: options.prefs,
      sessionWait: options.webdriverWait,
      ...common,
    });
  }
  return Browser.launch({
    headless: options.headless,
    prefs: options.prefs,
    ...common,
    ...(options.firefoxPath ? { executablePath: options.firefoxPath } : {}),
    ...(options.profile ? { profileDir: options.profile } : {}),
  });
}

/**
 * One Firefox shared by every session of an HTTP server, each session in a user context of its
 * own. Started on the first session's first call; started again, with its snapshot ids carried
 * on, when it died.
 */
export class SharedBrowser {
  /** The shared Firefox's own client, started again like a session's when it died. */
  readonly #root: BrowserHolder;
  /** A user context made ahead, so a new session's first answer need not wait for a tab to open (about 100 ms). */
  #spare: Promise<UserContext> | undefined;
  #closed = false;

  constructor(options: ServerOptions) {
    // Downloads are refused but in sessions' user contexts, each saving in its own folder.
    this.#root = new BrowserHolder((firstSnapshotId) => startClient(options, firstSnapshotId, false));
  }

  /**
   * A holder for one session: a user context of its own, saving downloads in `downloadDir`, closed with the session.
   */
  holder(downloadDir: string): BrowserHolder {
    return new BrowserHolder(async () => {
      const userContext = await this.#take();
      try {
        await userContext.saveDownloadsIn(downloadDir);
      } catch (error) {
        await userContext.dispose().catch(() => undefined);
        throw error;
      }
      return { browser: (await this.#root.client()).client.browser, userContext, owned: false };
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    const spare = this.#spare;
    this.#spare = undefined;
    await (await spare?.catch(() => undefined))?.dispose().catch(() => undefined);
    await this.#root.close();
  }

  /**
   * The spare user context when it is alive (taken at once, so no two sessions get it), else a new one; then a new
   * spare.
   */
  async #take(): Promise<UserContext> {
    const spare = this.#spare;
    this.#spare = undefined;
    const ready = await spare?.catch(() => undefined);
    const userContext = ready && !ready.closed ? ready : await this.#newUserContext();
    this.#refill();
    return userContext;
  }

  /** Starts the next spare, unless the server is closing or another session already started one. */
  #refill(): void {
    if (this.#closed || this.#spare) return;
    this.#spare = this.#newUserContext();
    this.#spare.catch(() => undefined);
  }

  async #newUserContext(): Promise<UserContext> {
    return (await this.#root.client()).client.browser.newUserContext();
  }
}
