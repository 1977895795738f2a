import { inject } from 'vitest';
import { Browser, type ClientOptions, type Page, type UserContext } from '../../src/index.js';
import { eventually } from './processes.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where a worker asks for the Firefox of its slot (firefox-pool.ts). */
    firefoxPool: string;
  }
}

/** A test file's own user context in its worker's shared Firefox, with the calls FirefoxClient gives. */
export interface TestFirefox {
  readonly browser: Browser;
  readonly userContext: UserContext;
  /** The user context's selected page. */
  readonly page: Page;
  /** Closes the user context with all in it and ends the session; the Firefox goes on for the next file. */
  close(): Promise<void>;
}

/** How a file uses its shared Firefox. */
export interface SharedUse {
  /**
   * The file asks Firefox's accessibility engine (the witness). Once asked, the engine stays on for the life of the
   * Firefox, and every later reading and change of a page costs its processes more (half as much CPU time again on a
   * 1,500-row table): its Firefox is ended after the file, so that the files after it on the slot do not pay for it.
   */
  accessibility?: boolean;
}

/**
 * Connects to the Firefox this worker's slot shares with the files before and after it (a file that needs its own
 * Firefox, one it may stop or start with options of its own, launches it) and opens a user context of its own: pages,
 * cookies, storage, emulation, none of which the next file sees. `options` are the client's, as FirefoxClient.launch
 * takes them.
 */
export async function sharedFirefox(options: ClientOptions = {}, use: SharedUse = {}): Promise<TestFirefox> {
  const browser = await connect(await sharedEndpoint(), options);
  // A session left open would keep the next file of this slot out of its Firefox.
  const userContext = await browser.newUserContext().catch(async (error: unknown) => {
    await browser.close();
    throw error;
  });
  return {
    browser,
    userContext,
    get page() {
      return userContext.page;
    },
    close: async () => {
      await userContext.dispose().catch(() => undefined);
      await browser.close();
      await afterSharedUse(use);
    },
  };
}

/**
 * The WebSocket address of this worker's shared Firefox once it takes a session: for a process of the file's own that
 * connects to it (an MCP server with --ws-endpoint), which would not wait for the file before to end its session.
 */
export async function freeSharedFirefox(): Promise<string> {
  const wsEndpoint = await sharedEndpoint();
  await (await connect(wsEndpoint, {})).close();
  return wsEndpoint;
}

/** Ends the slot's Firefox after a file whose `use` of it would cost the files after it (SharedUse). */
export async function afterSharedUse(use: SharedUse): Promise<void> {
  if (use.accessibility) await fetch(slotUrl(), { method: 'DELETE' });
}

/** Where this worker's slot's Firefox listens, started by the pool on the first ask (firefox-pool.ts). */
async function sharedEndpoint(): Promise<string> {
  const response = await fetch(slotUrl());
  const wsEndpoint = await response.text();
  if (!response.ok) throw new Error(`The shared Firefox did not start: ${wsEndpoint}`);
  return wsEndpoint;
}

function slotUrl(): string {
  return `${inject('firefoxPool')}/${process.env.VITEST_POOL_ID ?? '1'}`;
}

/**
 * A session on the shared Firefox: the file before on this slot may still be ending its own (Firefox holds one at a
 * time, and a worker that exited has its connection closed a moment later).
 */
async function connect(wsEndpoint: string, options: ClientOptions): Promise<Browser> {
  let browser: Browser | undefined;
  let refusal: unknown;
  await eventually(async () => {
    browser = await Browser.connect({ wsEndpoint, ...options }).catch((error: unknown) => {
      refusal = error;
      return undefined;
    });
    return browser !== undefined;
  }, 15_000);
  if (!browser) throw refusal instanceof Error ? refusal : new Error(String(refusal));
  return browser;
}
