import type { CommandName, CommandParams, CommandResult } from '../../bidi/index.js';
import { quote } from '../util/text.js';
import { InvalidArgumentError, StaleUidError } from '../errors.js';
import { maskNodes, SecretStore } from '../policy/secrets.js';
import { compressSnapshot, formatCompressedText, type CollapsedRun } from '../engine/snapshot/compress.js';
import { diffSnapshots, formatDiff, type SnapshotDiff } from '../engine/snapshot/diff.js';
import {
  allNodes,
  formatHeader,
  formatSnapshotBody,
  formatSnapshotText,
  type Snapshot,
  type SnapshotNode,
} from '../engine/snapshot/format.js';
import type { EngineGateway } from '../engine/gateway.js';
import type { ArgsAfterUid, EngineArgs, EngineResult, UidOperation } from '../engine/realm.js';
import type { ActionTarget, ElementSelector, WalkResult } from '../engine/types.js';
import {
  observe,
  viewportInfo,
  viewportNodes,
  type Area,
  type Observation,
  type ViewportInfo,
} from '../engine/snapshot/observe.js';
import { PageWalk, type FrameInfo, type UidRange } from '../engine/snapshot/walk.js';
import type { SnapshotIds } from './snapshot-ids.js';

export { SnapshotIds } from './snapshot-ids.js';

/** What the snapshot layer needs from the client: a way to send commands, and page numbers for messages. */
export interface PageAccess {
  send<M extends CommandName>(
    method: M,
    params: CommandParams<M>,
    what: string,
    timeout?: number,
  ): Promise<CommandResult<M>>;
  pageIndexOf(browsingContext: string): number;
}

export interface SnapshotOptions {
  /**
   * Write `data-mcp-uid` on kept elements (default true; never inside editable content); off for pages that react badly
   * to DOM changes or save their DOM.
   */
  stamp?: boolean;
  /**
   * Keep only what intersects the viewport, and say how much lies above and below; or only what a container shows
   * (`area`), and where it stands (`place`).
   */
  viewport?: boolean | { area: Area; place: ViewportInfo };
  /**
   * Limit the walk to these named layers (configured with the client's `layers`); `[]` means the whole page even when
   * default layers are set.
   */
  layers?: string[];
  /** Collapse long runs of structurally identical siblings in the text (the tree stays whole). */
  compress?: boolean;
  /** Only the subtree under this uid. */
  root?: string;
  /** Only what changed since this snapshot id (of the same page), as a diff. */
  since?: number;
  /**
   * Read every document whole, even when none changed since the last snapshot (whose reading is otherwise reused, whole
   * or in the parts that did not change).
   */
  fresh?: boolean;
}

export interface TakenSnapshot extends Snapshot {
  /** The text export, for a model: the snapshot, compressed with `compress`, or the diff with `since`. */
  text: string;
  /** With `compress`: the runs that the text collapses. */
  collapsed?: CollapsedRun[];
  /** With `since`: what changed (absent when `since` was unknown; the text then says so). */
  diff?: SnapshotDiff;
  /** With `root`: the uid of the subtree it holds. */
  root?: string;
}

/**
 * A uid's locator path: a CSS selector inside its own root, the shadow hosts and the frames around it (outermost
 * first).
 */
export interface UidSelector {
  selector: string;
  shadowHosts: string[];
  /** Selectors of the iframes that hold it, outermost first (`iframe#auth`, `iframe#form`). */
  frames: string[];
  /** One string for Playwright: frames, hosts and the selector joined by ` >> `. */
  full: string;
}

const UID_PATTERN = /^(\d+)_(\d+)$/;

/** A page's last reading, and what says whether it still holds. */
interface Reading {
  /** The layers and stamping it was taken with. */
  key: string;
  /** The secrets' version it was masked with. */
  secrets: number;
  /** Each document's reading number (see the engine's changes.ts), by browsing context. */
  readingNumbers: Map<string, number>;
  walked: WalkResult;
  /** Its text under the header, and what its names are worth, once worked out. */
  body?: string;
  observation?: Observation;
}
/** Snapshots kept per page for diffs. */
const HISTORY = 10;
/** The nodes under `root` (a uid), or all of them; an unknown root is an error. */
function subtree(nodes: SnapshotNode[], root: string | undefined): SnapshotNode[] {
  if (root === undefined) return nodes;
  for (const node of allNodes(nodes)) if (node.uid === root) return [node];
  throw new InvalidArgumentError(
    `root ${quote(root)} is not in this snapshot; take a snapshot without root and use one of its uids.`,
  );
}

/**
 * One page's snapshots and uids: which snapshot and frame each uid came from, and what the
 * in-page registry says of it now. The registry lives in a sandbox of each document, out of the
 * page's reach, and dies with the document, which is how navigation clears uids.
 */
export class PageSnapshots {
  /** Per snapshot id of this page: which frame holds which uid counters. */
  readonly #snapshots = new Map<number, UidRange[]>();
  /** Frames met in walks: their parent frame and iframe uid (for selector chains). */
  readonly #frames = new Map<string, FrameInfo>();
  readonly #cleared = new Set<number>();
  /** Recent snapshots, for `since` (at most HISTORY). */
  readonly #history: TakenSnapshot[] = [];
  /**
   * The last reading of the page while every document in it can tell whether it changed since (see #unchangedReading).
   */
  #reading: Reading | undefined;

  constructor(
    private readonly page: PageAccess,
    /** The engine in each document of the page. */
    private readonly engine: EngineGateway,
    /** The page's top-level browsing context. */
    private readonly browsingContext: string,
    private readonly ids: SnapshotIds,
    /** Named layers: name → CSS selectors; and the layers a snapshot takes when it names none. */
    private readonly layers: { named: Readonly<Record<string, readonly string[]>>; defaults: readonly string[] } = {
      named: {},
      defaults: [],
    },
    /** Secret values and token-shaped strings never leave in a snapshot. */
    private readonly secrets: SecretStore,
    /**
     * Write uids on elements as data-mcp-uid (never inside editable content); false keeps every DOM untouched and uids
     * live in the engine's registry alone.
     */
    private readonly stamps = true,
  ) {}

  async take(options: SnapshotOptions = {}): Promise<TakenSnapshot> {
    // No layers named: the default layers; an empty list: the whole page.
    const chosen = options.layers ?? this.layers.defaults;
    const layers = chosen.length ? [...chosen] : undefined;
    const selectors = layers?.flatMap((name) => {
      const found = this.layers.named[name];
      if (!found) {
        const known = Object.keys(this.layers.named);
        throw new InvalidArgumentError(
          `Unknown layer ${quote(name)}; ${known.length ? `the layers are ${known.map((layer) => `"${layer}"`).join(', ')}` : 'no layers are configured (start with --layer name=selector)'}.`,
        );
      }
      return [...found];
    });
    const id = this.ids.take(this.browsingContext);
    const stamp = options.stamp ?? this.stamps;
    const key = JSON.stringify([selectors ?? null, stamp]);
    let walked = options.fresh ? undefined : await this.#unchangedReading(key);
    if (walked) {
      this.#snapshots.set(id, []);
    } else {
      const walk = new PageWalk(this.engine, this.browsingContext, id, stamp, selectors, options.fresh);
      this.#snapshots.set(id, walk.ranges);
      walked = await walk.run();
      for (const [frame, info] of walk.frames) this.#frames.set(frame, info);
      maskNodes(walked.nodes, this.secrets);
      walked.title = this.secrets.mask(walked.title);
      walked.url = this.secrets.mask(walked.url);
      this.#reading = walk.readingNumbers
        ? { key, secrets: this.secrets.version, readingNumbers: walk.readingNumbers, walked }
        : undefined;
    }
    const area: Area | undefined =
      typeof options.viewport === 'object'
        ? options.viewport.area
        : options.viewport
          ? [0, 0, walked.viewport.width, walked.viewport.height]
          : undefined;
    const nodes = subtree(area ? viewportNodes(walked.nodes, area) : walked.nodes, options.root);
    const snapshot: TakenSnapshot = {
      id,
      pageId: this.browsingContext,
      url: walked.url,
      title: walked.title,
      viewport: walked.viewport,
      ...(walked.modal ? { modal: walked.modal } : {}),
      stats: walked.stats,
      nodes,
      observation: this.#observe(nodes, walked.viewport),
      ...(options.viewport
        ? {
            viewportInfo: typeof options.viewport === 'object' ? options.viewport.place : viewportInfo(walked.viewport),
          }
        : {}),
      ...(layers ? { layers } : {}),
      ...(options.root !== undefined ? { root: options.root } : {}),
      text: '',
    };
    snapshot.text = this.#text(snapshot, options);
    this.#history.push(snapshot);
    if (this.#history.length > HISTORY) this.#history.shift();
    return snapshot;
  }

  /**
   * The last reading, when no document of the page changed since it was taken (each one's engine
   * says so, in parallel); its nodes are shared, never changed after they are made.
   */
  async #unchangedReading(key: string): Promise<WalkResult | undefined> {
    const reading = this.#reading;
    if (!reading || reading.key !== key || reading.secrets !== this.secrets.version) return undefined;
    const started = performance.now();
    const answers = await Promise.all(
      [...reading.readingNumbers].map(([context, number]) =>
        this.engine.call(context, 'unchanged', [number], 'Checking the page for changes').catch(() => false),
      ),
    );
    if (!answers.every((answer) => answer === true)) {
      this.#reading = undefined;
      return undefined;
    }
    const ms = Math.round((performance.now() - started) * 10) / 10;
    return { ...reading.walked, stats: { ...reading.walked.stats, ms, reused: true } };
  }

  /**
   * Forgets the last reading: the next snapshot walks (after what no document sees as a change of its own: an emulation
   * change, a scroll or key press whose events the page may stop).
   */
  forgetReading(): void {
    this.#reading = undefined;
  }

  #text(snapshot: TakenSnapshot, options: SnapshotOptions): string {
    if (options.since !== undefined) {
      const before = this.#history.find((old) => old.id === options.since);
      if (before) {
        snapshot.diff = diffSnapshots(...sameScope(before, snapshot));
        return formatDiff(snapshot.diff);
      }
      const note = `since=${options.since} is not one of the last ${HISTORY} snapshots of this page (or the page navigated since), so here is the whole snapshot.`;
      return `${note}\n${formatSnapshotText(snapshot)}`;
    }
    if (options.compress) {
      const compressed = compressSnapshot(snapshot.nodes);
      snapshot.collapsed = compressed.collapsed;
      return formatCompressedText(formatHeader(snapshot), compressed.nodes, {
        zones: snapshot.viewportInfo !== undefined,
      });
    }
    return `${formatHeader(snapshot)}${this.#body(snapshot)}`;
  }

  /**
   * The last reading, when `nodes` are all of it (not a part: a root, the viewport): what is worked out from them may
   * be kept with it.
   */
  #wholeReading(nodes: readonly SnapshotNode[]): Reading | undefined {
    const reading = this.#reading;
    return reading && nodes === reading.walked.nodes ? reading : undefined;
  }

  /** What the snapshot's names are worth (see observe); the last reading's is kept with it. */
  #observe(nodes: SnapshotNode[], viewport: WalkResult['viewport']): Observation {
    const reading = this.#wholeReading(nodes);
    if (reading) return (reading.observation ??= observe({ nodes, viewport }));
    return observe({ nodes, viewport });
  }

  /** The text under the header; the last reading's is kept, since a reused snapshot says the same. */
  #body(snapshot: TakenSnapshot): string {
    const reading = this.#wholeReading(snapshot.nodes);
    if (reading?.body !== undefined) return reading.body;
    const lines = formatSnapshotBody(snapshot);
    const body = lines ? `\n${lines}` : '';
    if (reading) reading.body = body;
    return body;
  }

  /**
   * The frame (browsing context) that holds `uid`, checked against the page's registry; throws a StaleUidError that
   * says what happened.
   */
  async locate(uid: string): Promise<string> {
    const { snapshotId, frame } = this.#frameOf(uid);
    const lookup = await this.engine.call(frame, 'lookup', [uid], 'Resolving a uid');
    switch (lookup?.status) {
      case 'ok':
        return frame;
      case 'unknown-snapshot':
        throw new StaleUidError(
          `uid ${uid} is from snapshot ${snapshotId}, taken before the ${frame === this.browsingContext ? 'page' : 'frame'} navigated or reloaded; take a new snapshot and use its uids.`,
          'navigated',
        );
      case 'removed':
        throw new StaleUidError(
          `The element with uid ${uid} was removed from the page; take a new snapshot to see what is there now.`,
          'removed',
        );
      default:
        throw new StaleUidError(
          `No element has uid ${uid} in snapshot ${snapshotId}; take a new snapshot and use a uid from it.`,
          'unknown',
        );
    }
  }

  /** Scrolls the element into view and returns its frame, its BiDi reference and what a click there would hit. */
  async prepareAction(
    uid: string,
    timeout?: number,
  ): Promise<{ frame: string; sharedId: string; target: ActionTarget }> {
    const { frame } = this.#frameOf(uid);
    const result = await this.engine.raw(frame, 'prepareAction', [uid], 'Finding the element', timeout);
    if (result.type === 'array') {
      const [element, json] = result.value ?? [];
      if (element?.type === 'node' && element.sharedId && json?.type === 'string') {
        // The engine names the element as the last snapshot did (names.ts roleAndName), so one uid has one name.
        return { frame, sharedId: element.sharedId, target: JSON.parse(json.value) as ActionTarget };
      }
    }
    await this.locate(uid);
    throw new StaleUidError(`The element with uid ${uid} could not be found; take a new snapshot.`, 'removed');
  }

  /** The frame and BiDi reference (sharedId) of the element behind `uid`, without touching the page. */
  async elementRef(uid: string): Promise<{ frame: string; sharedId: string }> {
    const { frame } = this.#frameOf(uid);
    const result = await this.engine.raw(frame, 'element', [uid], 'Finding the element');
    if (result.type === 'node' && result.sharedId) return { frame, sharedId: result.sharedId };
    await this.locate(uid);
    throw new StaleUidError(`The element with uid ${uid} could not be found; take a new snapshot.`, 'removed');
  }

  /** Gives the elements behind these BiDi references (all in `frame`) uids, keeping the ones they have. */
  async adopt(frame: string, sharedIds: string[], stamp = this.stamps): Promise<string[]> {
    if (sharedIds.length === 0) return [];
    const id = this.ids.take(this.browsingContext);
    this.#snapshots.set(id, [{ frame, from: 1, to: Number.MAX_SAFE_INTEGER }]);
    return (
      (await this.engine.call(
        frame,
        'adopt',
        [id, stamp, ...sharedIds.map((sharedId) => ({ sharedId }))],
        'Giving elements uids',
      )) ?? []
    );
  }

  /**
   * The page's Markdown tree (JSON); with `withUids` (the agent view) its controls and links get uids, under a new
   * snapshot id.
   */
  async readDocument(withUids: boolean): Promise<string | undefined> {
    let id: number | null = null;
    if (withUids) {
      id = this.ids.take(this.browsingContext);
      this.#snapshots.set(id, [{ frame: this.browsingContext, from: 1, to: Number.MAX_SAFE_INTEGER }]);
    }
    return this.engine.call(this.browsingContext, 'readDocument', [id, this.stamps], 'Reading the page as Markdown');
  }

  /** A selector for `uid` inside its root, with the shadow hosts and the frames around it. */
  async selector(uid: string): Promise<UidSelector> {
    const frame = await this.locate(uid);
    const found = await this.engine.call(frame, 'selector', [uid], 'Building a selector');
    if (!found)
      throw new StaleUidError(`The element with uid ${uid} was removed from the page; take a new snapshot.`, 'removed');
    return this.inFrames(frame, found, uid);
  }

  /**
   * An element's selector within its document (`css`, as an action's target has it) with the iframes around that
   * document, each asked of its parent: no call for an element of the page itself.
   */
  async inFrames(frame: string, css: ElementSelector, uid: string): Promise<UidSelector> {
    const frames: string[] = [];
    for (let info = this.#frames.get(frame); info; info = this.#frames.get(info.parent)) {
      const iframe = await this.engine.call(info.parent, 'selector', [info.iframeUid], 'Building a frame selector');
      if (!iframe) throw new StaleUidError(`The frame holding uid ${uid} is gone; take a new snapshot.`, 'removed');
      frames.unshift([...iframe.shadowHosts, iframe.selector].join(' >> '));
    }
    return { ...css, frames, full: [...frames, ...css.shadowHosts, css.selector].join(' >> ') };
  }

  /** Runs an operation of the in-page library in the frame of `uid` (its first argument). */
  async callOnUid<Op extends UidOperation>(
    uid: string,
    operation: Op,
    args: ArgsAfterUid<Op>,
    what: string,
    timeout?: number,
  ): Promise<EngineResult<Op> | undefined> {
    const { frame } = this.#frameOf(uid);
    return this.engine.call(frame, operation, [uid, ...args] as EngineArgs<Op>, what, timeout);
  }

  /**
   * The page loaded a new document (`navigated`) or closed: its uids died with the old one, and diffs against them mean
   * nothing.
   */
  drop(why: 'closed' | 'navigated'): void {
    this.ids.release(this.#snapshots.keys(), why);
    this.#snapshots.clear();
    this.#cleared.clear();
    this.#frames.clear();
    this.engine.reset();
    this.#reading = undefined;
    this.#history.length = 0;
  }

  /** The last snapshots taken, oldest first (kept for diffs, and to say what a uid named). */
  get history(): readonly TakenSnapshot[] {
    return this.#history;
  }

  /** Snapshots whose uids can still be resolved, frames met in walks, and snapshots kept for diffs. */
  get sizes(): { snapshots: number; frames: number; realms: number; history: number } {
    return {
      snapshots: this.#snapshots.size,
      frames: this.#frames.size,
      realms: this.engine.size,
      history: this.#history.length,
    };
  }

  /**
   * Frames went away (an iframe removed, with those inside it): their chains and engine realms go too; their uids are
   * refused as gone.
   */
  forgetFrames(contexts: readonly string[]): void {
    for (const context of contexts) {
      this.#frames.delete(context);
      this.engine.forget([context]);
      // A reading that covered a gone document cannot be reused, and asking that document would only make its realm
      // again.
      if (this.#reading?.readingNumbers.has(context)) this.#reading = undefined;
    }
  }

  /** Forgets every uid of the page (its frames included) and removes the attributes. */
  async clear(): Promise<void> {
    this.#reading = undefined;
    const frames = new Set([this.browsingContext]);
    for (const [id, ranges] of this.#snapshots) {
      this.#cleared.add(id);
      for (const range of ranges) frames.add(range.frame);
    }
    await Promise.all(
      [...frames].map((frame) => this.engine.call(frame, 'clear', [], 'Clearing uids').catch(() => undefined)),
    );
  }

  /** The snapshot id and frame of a well-formed uid taken on this page, or a StaleUidError that says why not. */
  #frameOf(uid: string): { snapshotId: number; frame: string } {
    const match = UID_PATTERN.exec(uid);
    if (!match)
      throw new StaleUidError(
        `${quote(uid)} is not a uid; uids look like 3_14. Take a snapshot and use a uid from it.`,
        'malformed',
      );
    const snapshotId = Number(match[1]);
    const counter = Number(match[2]);
    const ranges = this.#snapshots.get(snapshotId);
    if (ranges === undefined) throw this.#notHere(uid, snapshotId);
    if (this.#cleared.has(snapshotId))
      throw new StaleUidError(`uid ${uid} was cleared with the snapshot; take a new snapshot.`, 'cleared');
    const range = ranges.find((candidate) => counter >= candidate.from && counter <= candidate.to);
    if (!range)
      throw new StaleUidError(
        `No element has uid ${uid} in snapshot ${snapshotId}; take a new snapshot and use a uid from it.`,
        'unknown',
      );
    return { snapshotId, frame: range.frame };
  }

  /** Why a uid of a snapshot this page does not hold cannot be used here. */
  #notHere(uid: string, snapshotId: number): StaleUidError {
    const where = this.ids.whereIs(snapshotId);
    // A live snapshot of a page this user context does not list is another agent's: as good as never taken here.
    const index = where && 'page' in where ? this.page.pageIndexOf(where.page) : -1;
    if (where === undefined || ('page' in where && index < 0))
      return new StaleUidError(
        `uid ${uid} names snapshot ${snapshotId}, which was never taken; take a snapshot and use a uid from it.`,
        'unknown',
      );
    if ('page' in where)
      return new StaleUidError(
        `uid ${uid} belongs to page ${index}, not the selected page; select page ${index} first, or take a snapshot of this one.`,
        'other-page',
      );
    if (where.gone === 'replaced')
      return new StaleUidError(
        `uid ${uid} is from snapshot ${snapshotId}, taken in a Firefox that has since closed or crashed and been replaced; its pages are gone. Take a new snapshot and use its uids.`,
        'other-page',
      );
    return where.gone === 'closed'
      ? new StaleUidError(
          `uid ${uid} belongs to a page that has been closed; take a snapshot of this page.`,
          'other-page',
        )
      : new StaleUidError(
          `uid ${uid} is from snapshot ${snapshotId}, taken before the page navigated or reloaded; take a new snapshot and use its uids.`,
          'navigated',
        );
  }
}

/**
 * The two snapshots cut to the same subtree: a `since` from a snapshot of one subtree compares
 * that subtree only (the rest of the page was never in it, so it is not new).
 */
function sameScope(before: TakenSnapshot, after: TakenSnapshot): [Snapshot, Snapshot] {
  const root = after.root ?? before.root;
  if (root === undefined) return [before, after];
  const cut = (snapshot: TakenSnapshot): Snapshot => {
    for (const node of allNodes(snapshot.nodes)) if (node.uid === root) return { ...snapshot, nodes: [node] };
    return { ...snapshot, nodes: [] };
  };
  return [cut(before), cut(after)];
}
