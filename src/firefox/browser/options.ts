import type { SnapshotWording } from '../engine/snapshot/wording.js';
import type { UrlPolicyOptions } from '../policy/url-policy.js';
import type { SessionOptions } from '../session/session.js';

/** How a browser is set up, whether launched or connected: what its pages keep, how they read and act. */
export interface ClientOptions extends SessionOptions {
  /** Console messages kept per page (default 1000; the oldest are dropped). */
  consoleCapacity?: number;
  /** Network requests kept per page (default 1000; the oldest are dropped). */
  networkCapacity?: number;
  /** Viewport given to every page the client sees open. */
  viewport?: { width: number; height: number };
  /** Named layers for snapshots: name → CSS selectors, such as { content: ['#main', 'article'] }. */
  layers?: Record<string, string[]>;
  /** The layers a snapshot is limited to when it names none (default: the whole page). */
  defaultLayers?: string[];
  /** Named secrets: fill fields with `<secret>NAME</secret>`; outputs show that instead of the value. */
  secrets?: Record<string, string>;
  /** Which URLs navigate() and newPage() load (default: any). */
  urlPolicy?: UrlPolicyOptions;
  /**
   * Save downloads in this folder (absolute); `false` refuses them, except in user contexts given a
   * folder of their own (FirefoxClient.saveDownloadsIn); by default Firefox's own choice. Every
   * download is reported in takeNotes().
   */
  downloadDir?: string | false;
  /**
   * Snapshot ids start here (default 1). A client that replaces one that died passes the old one's `nextSnapshotId`, so
   * an old uid is never taken for a new one.
   */
  firstSnapshotId?: number;
  /** Milliseconds a page's script may take to answer a probe before it is called not responding (default 3000). */
  responsiveTimeout?: number;
  /** Milliseconds one input call (typing, above all) may take before it stops where it is (default 30 s). */
  inputTimeout?: number;
  /**
   * How an action waits for the page to settle before it answers: a DOM quiet window (default 100 ms) and the longest
   * wait (default 1500 ms).
   */
  settle?: { quietMs?: number; maxMs?: number };
  /**
   * Write each uid on its element as data-mcp-uid (default true; never inside editable content).
   * false leaves every page's DOM untouched, for apps that save or send their own DOM (copy as
   * HTML, form builders): uids then resolve from the engine's registry alone.
   */
  stampUids?: boolean;
  /**
   * How snapshot text says the way to what it leaves out: a collapsed run of alike siblings, a part drawn anew whose
   * new uids a diff does not list. Default: this client's methods, such as
   * `page.takeSnapshot({ compress: false, root: "3_2" })`. A program that hands the text to readers who call something
   * else (a server's tools) gives their words.
   */
  snapshotWording?: SnapshotWording;
  /**
   * Keep request and response bodies for getNetworkBody (default true; Firefox then holds up to
   * remote.network.maxTotalDataSize of them).
   */
  collectBodies?: boolean;
}
