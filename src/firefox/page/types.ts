import type { BidiConnection } from '../../bidi/index.js';
import type { SnapshotWording } from '../engine/snapshot/wording.js';
import type { Send } from '../errors.js';
import type { SecretStore } from '../policy/secrets.js';
import type { UrlPolicy } from '../policy/url-policy.js';
import type { TextPage } from '../util/text-page.js';
import type { IdCounter } from './console.js';
import type { Dialog } from './dialogs.js';
import type { NavigationEnd } from './navigation.js';
import type { SnapshotIds } from './snapshots.js';
import type { WindowFocus } from './window-focus.js';

export interface PageInfo {
  index: number;
  /**
   * The page's id in its user context: stable while it lives, for calls that name their page (indexes shift when pages
   * close).
   */
  pageId: number;
  /** The BiDi browsing context id. */
  id: string;
  url: string;
  title: string;
  selected: boolean;
  /** The page's script did not answer the last probe (a busy loop): its title is unknown. */
  unresponsive?: true;
  /** Its content process ended: it shows Firefox's crash page until it is navigated or reloaded. */
  crashed?: true;
}

export type WaitUntil = 'none' | 'interactive' | 'complete';

export interface NavigateOptions {
  /** What to wait for (default 'complete'). */
  wait?: WaitUntil;
  /** Milliseconds (default 30 s). */
  timeout?: number;
}

export interface NavigationResult {
  url: string;
  /** A dialog that opened before the navigation finished; the navigation waits until it is answered. */
  dialog?: Dialog;
  /** It loaded no new document (a download, a 204, a failure): how it ended; `url` is the page's, unchanged. */
  ended?: NavigationEnd;
}

export interface ScreenshotOptions {
  /** The whole document rather than the viewport. */
  fullPage?: boolean;
  /** Only this element (a uid from a snapshot). */
  uid?: string;
  format?: 'png' | 'jpeg';
  /** JPEG quality, 0–100. */
  quality?: number;
  /** Outline each element a new snapshot lists that takes input, with its uid drawn at its top left corner. */
  annotate?: boolean;
}

export interface EvaluateOptions {
  /** Milliseconds (default 30 s). */
  timeout?: number;
  /** Stops waiting for the script (a CancelledError) when it aborts; the script itself runs on in the page. */
  signal?: AbortSignal;
}

/** A page as Markdown, one window of it at a time (the window's place as the one text pager gives it). */
export interface PageMarkdown extends Omit<TextPage, 'text'> {
  url: string;
  view: 'document' | 'agent';
  markdown: string;
  /** uids shown (agent view). */
  refsCount: number;
}

/** What a page needs from the user context that holds it: a UserContext. */
export interface PageOwner<P> {
  /** The BiDi user context id ('default' for the browser's own). */
  readonly id: string;
  /**
   * The index of the page of browsing context `browsingContext` in this user context's list (-1 when closed, or when it
   * belongs to another user context).
   */
  indexOf(browsingContext: string): number;
  /** Opens a fresh tab in the place of `page`, whose script does not answer, and closes it. */
  replace(page: P): Promise<P>;
}

/** What a page needs from the browser around it. */
export interface PageEnvironment {
  connection: BidiConnection;
  send: Send;
  secrets: SecretStore;
  urlPolicy: UrlPolicy;
  snapshotIds: SnapshotIds;
  /** Console and network ids, unique across the client. */
  ids: IdCounter;
  consoleCapacity: number | undefined;
  networkCapacity: number | undefined;
  layers: { named: Readonly<Record<string, readonly string[]>>; defaults: readonly string[] };
  responsiveTimeout: number;
  inputTimeout: number | undefined;
  settle: { quietMs?: number; maxMs?: number } | undefined;
  /** Write uids on elements as data-mcp-uid (see BrowserOptions.stampUids). */
  stampUids: boolean;
  /** How snapshot text says the way to what it leaves out (see ClientOptions.snapshotWording). */
  snapshotWording: SnapshotWording;
  /** Whether the browser keeps request and response bodies (a BiDi data collector). */
  collectsBodies: boolean;
  /** Which page's window has the focus, across the browser. */
  focus: WindowFocus;
}
