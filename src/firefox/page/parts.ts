import { EngineGateway } from '../engine/gateway.js';
import { NoSuchPageError, type Send } from '../errors.js';
import type { SecretStore } from '../policy/secrets.js';
import { quote } from '../util/text.js';
import { ConsoleLog } from './console.js';
import { CrashWatch } from './crash.js';
import { PageDialog } from './dialogs.js';
import type { EmulationState } from './emulation.js';
import { PageFrames } from './frames.js';
import { PageGuards } from './guards.js';
import { PageInput, type InputTimings } from './input/actions.js';
import { Settler } from './input/settle.js';
import { PageNavigations } from './navigation.js';
import { PageNavigator } from './navigator.js';
import { NetworkLog } from './network.js';
import { PageScripts } from './scripts.js';
import { PageSnapshots } from './snapshots.js';
import { PageUids } from './uids.js';
import type { PageEnvironment } from './types.js';

/**
 * What one page is made of: its state, and the workers its calls go through (each call under its guard, see guards.ts).
 */
export interface PageParts {
  /** The page's top-level browsing context. */
  readonly id: string;
  /** Sends as the browser does, naming this page when its tab is gone. */
  readonly send: Send;
  /** Secret values and token-shaped strings: masked in whatever the page's calls answer. */
  readonly secrets: SecretStore;
  readonly frames: PageFrames;
  readonly console: ConsoleLog;
  readonly network: NetworkLog;
  readonly dialog: PageDialog;
  readonly navigations: PageNavigations;
  readonly crash: CrashWatch;
  readonly guards: PageGuards;
  /** The engine in each of its documents: the one way calls reach it. */
  readonly engine: EngineGateway;
  /** Which element each uid names, in which frame: how a uid reaches its element. */
  readonly uids: PageUids;
  readonly snapshots: PageSnapshots;
  readonly scripts: PageScripts;
  readonly navigator: PageNavigator;
  readonly input: PageInput;
  /** What this page's emulation left to undo (its touch script). */
  readonly emulation: EmulationState;
  /**
   * Documents (frame and URL) Firefox's accessibility engine did not answer for: it will not later (see witness.ts).
   */
  readonly silentDocuments: Set<string>;
  /** Its URL as Firefox's tab tree has it now. */
  readUrl(): Promise<string>;
  /**
   * What fields filled from a secret hold now (after keys, scripts or the page changed them) is masked as that secret
   * from now on.
   */
  learnSecretParts(): Promise<void>;
}

/**
 * The parts of page `id`, wired together. `indexOf` numbers the pages of its user context (pages
 * of other user contexts, other agents' sessions, are none of this page's business); `closed`
 * says whether its tab closed.
 */
export function pageParts(
  id: string,
  indexOf: (browsingContext: string) => number,
  env: PageEnvironment,
  closed: () => boolean,
): PageParts {
  const frames = new PageFrames(id);
  const crash = new CrashWatch(() => indexOf(id));
  const dialog = new PageDialog((text) => env.secrets.mask(text));
  const navigations = new PageNavigations();
  const network = new NetworkLog(env.ids, env.networkCapacity);
  const send = env.focus.sendFor(namingSend(env.send, id, indexOf, navigations), id, env.responsiveTimeout);
  const access = { send, pageIndexOf: indexOf };
  const engine = new EngineGateway((params, what, timeout) => send('script.callFunction', params, what, timeout));
  const uids = new PageUids(access, engine, id, env.snapshotIds, env.stampUids);
  const snapshots = new PageSnapshots(uids, engine, id, env.layers, env.secrets, env.snapshotWording);
  const scripts = new PageScripts(id, send, uids);
  const readUrl = async (): Promise<string> =>
    (await send('browsingContext.getTree', { root: id, maxDepth: 0 }, 'Reading the page')).contexts[0]?.url ??
    'about:blank';
  const learnSecretParts = async (): Promise<void> => {
    if (env.secrets.names.length === 0 || dialog.open) return;
    const held = await engine
      .call(id, 'secretFieldValues', [], 'Reading the secret fields', env.responsiveTimeout)
      .catch(() => undefined);
    for (const [name, value] of held ?? []) env.secrets.rememberParts(name, value);
  };
  const guards = new PageGuards({
    id,
    send,
    responsiveTimeout: env.responsiveTimeout,
    crash,
    dialog,
    closed,
    readUrl,
    afterInput: learnSecretParts,
  });
  const timings: InputTimings = {};
  if (env.inputTimeout !== undefined) timings.inputTimeoutMs = env.inputTimeout;
  if (env.settle?.quietMs !== undefined) timings.quietMs = env.settle.quietMs;
  if (env.settle?.maxMs !== undefined) timings.quietMaxMs = env.settle.maxMs;
  const settler = new Settler(id, engine, dialog, navigations, guards, timings, network);
  return {
    id,
    send,
    secrets: env.secrets,
    frames,
    console: new ConsoleLog(env.ids, env.consoleCapacity),
    network,
    dialog,
    navigations,
    crash,
    guards,
    engine,
    uids,
    snapshots,
    scripts,
    navigator: new PageNavigator({ id, send, connection: env.connection, guards, navigations, scripts, readUrl }),
    input: new PageInput(access, id, uids, snapshots, engine, settler, env.secrets, timings),
    emulation: {},
    silentDocuments: new Set(),
    readUrl,
    learnSecretParts,
  };
}

/**
 * Sends as the browser does, but an error saying this page's own context is gone names the page
 * and what to do: Firefox may drop a context without an event (then the next page list drops it).
 */
function namingSend(
  send: Send,
  id: string,
  indexOf: (browsingContext: string) => number,
  navigations: PageNavigations,
): Send {
  return async (method, params, what, timeout) => {
    try {
      return await send(method, params, what, timeout);
    } catch (error) {
      if (!(error instanceof NoSuchPageError) || !error.message.includes(id)) throw error;
      const index = indexOf(id);
      const which = index < 0 ? 'this page' : `page ${index}${navigations.url ? ` (${quote(navigations.url)})` : ''}`;
      throw new NoSuchPageError(
        `${what} failed: ${which} is gone; Firefox no longer knows its tab. List the pages (listPages()) and select one that is open.`,
        { cause: error },
      );
    }
  };
}

/** The tab closed: everything its parts held goes, and whatever waits on them wakes up. */
export function disposeParts(parts: PageParts): void {
  parts.dialog.dispose();
  parts.navigations.dispose();
  parts.snapshots.drop('closed');
  parts.console.clear();
  parts.network.clear();
  parts.frames.clear();
}

/** How many entries the parts hold, for checking that nothing grows without bound. */
export function countParts(parts: PageParts): Record<string, number> {
  const snapshots = parts.snapshots.sizes;
  return {
    frames: parts.frames.browsingContexts.length,
    consoleMessages: parts.console.size,
    networkRequests: parts.network.sizes.requests,
    networkPending: parts.network.sizes.pending,
    dialogListeners: parts.dialog.waiting,
    navigationWatches: parts.navigations.watching,
    snapshots: snapshots.snapshots,
    snapshotFrames: snapshots.frames,
    snapshotRealms: snapshots.realms,
    snapshotHistory: snapshots.history,
  };
}
