import type { LineForm } from '../util/set-apart.js';
import { quote } from '../util/text.js';
import { InvalidArgumentError } from '../errors.js';
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
import type { WalkResult } from '../engine/types.js';
import {
  observe,
  viewportInfo,
  viewportNodes,
  type Area,
  type Observation,
  type ViewportInfo,
} from '../engine/snapshot/observe.js';
import { PageWalk } from '../engine/snapshot/walk.js';
import { CLIENT_WORDING, type SnapshotWording } from '../engine/snapshot/wording.js';
import type { PageUids } from './uids.js';

export { SnapshotIds } from './snapshot-ids.js';

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
/** The line that says a `since` was unknown, above the whole snapshot given instead. */
function sinceUnknown(since: number): string {
  return `since=${since} is not one of the last ${HISTORY} snapshots of this page (or the page navigated since), so here is the whole snapshot.`;
}
/** The form of that line (see util/set-apart.ts). */
export const SINCE_UNKNOWN_FORM: LineForm = {
  form: 'unknown since',
  start: String.raw`since=\d+ is not\b`,
  example: sinceUnknown(3),
};
/** The nodes under `root` (a uid), or all of them; an unknown root is an error. */
function subtree(nodes: SnapshotNode[], root: string | undefined): SnapshotNode[] {
  if (root === undefined) return nodes;
  for (const node of allNodes(nodes)) if (node.uid === root) return [node];
  throw new InvalidArgumentError(
    `root ${quote(root)} is not in this snapshot; take a snapshot without root and use one of its uids.`,
  );
}

/**
 * One page's snapshots: taking them, the last reading kept while no document changed, and the
 * last few kept for diffs. Which element each uid names is the page's uids' business (uids.ts).
 */
export class PageSnapshots {
  /** Recent snapshots, for `since` (at most HISTORY). */
  readonly #history: TakenSnapshot[] = [];
  /**
   * The last reading of the page while every document in it can tell whether it changed since (see #unchangedReading).
   */
  #reading: Reading | undefined;

  constructor(
    /** The page's uids: each snapshot's id, and which frames hold its uids. */
    private readonly uids: PageUids,
    /** The engine in each document of the page. */
    private readonly engine: EngineGateway,
    /** The page's top-level browsing context. */
    private readonly browsingContext: string,
    /** Named layers: name → CSS selectors; and the layers a snapshot takes when it names none. */
    private readonly layers: { named: Readonly<Record<string, readonly string[]>>; defaults: readonly string[] } = {
      named: {},
      defaults: [],
    },
    /** Secret values and token-shaped strings never leave in a snapshot. */
    private readonly secrets: SecretStore,
    /** How the text says the way to what it leaves out (a collapsed run, a redrawn part's new uids). */
    private readonly wording: SnapshotWording = CLIENT_WORDING,
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
    const id = this.uids.take();
    const stamp = options.stamp ?? this.uids.stamps;
    const key = JSON.stringify([selectors ?? null, stamp]);
    let walked = options.fresh ? undefined : await this.#unchangedReading(key);
    if (walked) {
      this.uids.register(id, []);
    } else {
      const walk = new PageWalk(this.engine, this.browsingContext, id, stamp, selectors, options.fresh);
      this.uids.register(id, walk.ranges);
      walked = await walk.run();
      this.uids.rememberFrames(walk.frames);
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
      [...reading.readingNumbers].map(([browsingContext, number]) =>
        this.engine.call(browsingContext, 'unchanged', [number], 'Checking the page for changes').catch(() => false),
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
        return formatDiff(snapshot.diff, {}, this.wording);
      }
      return `${sinceUnknown(options.since)}\n${formatSnapshotText(snapshot)}`;
    }
    if (options.compress) {
      const compressed = compressSnapshot(snapshot.nodes);
      snapshot.collapsed = compressed.collapsed;
      return formatCompressedText(
        formatHeader(snapshot),
        compressed.nodes,
        { zones: snapshot.viewportInfo !== undefined },
        this.wording,
      );
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
   * The page's Markdown tree (JSON); with `withUids` (the agent view) its controls and links get uids, under a new
   * snapshot id.
   */
  async readDocument(withUids: boolean): Promise<string | undefined> {
    const id = withUids ? this.uids.takeFor(this.browsingContext) : null;
    return this.engine.call(
      this.browsingContext,
      'readDocument',
      [id, this.uids.stamps],
      'Reading the page as Markdown',
    );
  }

  /**
   * The page loaded a new document (`navigated`) or closed: its uids died with the old one, and diffs against them mean
   * nothing.
   */
  drop(why: 'closed' | 'navigated'): void {
    this.uids.drop(why);
    this.#reading = undefined;
    this.#history.length = 0;
  }

  /** The last snapshots taken, oldest first (kept for diffs, and to say what a uid named). */
  get history(): readonly TakenSnapshot[] {
    return this.#history;
  }

  /** Snapshots whose uids can still be resolved, frames met in walks, and snapshots kept for diffs. */
  get sizes(): { snapshots: number; frames: number; realms: number; history: number } {
    return { ...this.uids.sizes, history: this.#history.length };
  }

  /**
   * Frames went away (an iframe removed, with those inside it): their chains and engine realms go too; their uids are
   * refused as gone.
   */
  forgetFrames(frames: readonly string[]): void {
    this.uids.forgetFrames(frames);
    for (const frame of frames) {
      // A reading that covered a gone document cannot be reused, and asking that document would only make its realm
      // again.
      if (this.#reading?.readingNumbers.has(frame)) this.#reading = undefined;
    }
  }

  /** Forgets every uid of the page (its frames included) and removes the attributes. */
  async clear(): Promise<void> {
    this.#reading = undefined;
    await this.uids.clear();
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
