import { EvaluationError } from '../../errors.js';
import { MAX_FRAME_DEPTH, windowBrowsingContext, type EngineGateway } from '../gateway.js';
import type { RawNode, WalkResult } from '../types.js';

/** Where the uids `<snapshotId>_<from..to>` live: the browsing context (frame) of their document. */
export interface UidRange {
  frame: string;
  from: number;
  to: number;
}

/** A frame met during a walk: its page, its parent frame, and the iframe element (uid) holding it. */
export interface FrameInfo {
  page: string;
  parent: string;
  iframeUid: string;
}

/** Closed shadow roots nested deeper than this are left out. */
const MAX_CLOSED_ROOT_ROUNDS = 32;

function findNode(nodes: RawNode[], uid: string): RawNode | undefined {
  for (const node of nodes) {
    if (node.uid === uid) return node;
    const found = node.children ? findNode(node.children, uid) : undefined;
    if (found) return found;
  }
  return undefined;
}

function shiftBoxes(nodes: RawNode[], dx: number, dy: number): void {
  for (const node of nodes) {
    node.box = [node.box[0] + dx, node.box[1] + dy, node.box[2], node.box[3]];
    if (node.children) shiftBoxes(node.children, dx, dy);
  }
}

function clearFocus(nodes: RawNode[]): void {
  for (const node of nodes) {
    delete node.focused;
    if (node.children) clearFocus(node.children);
  }
}

/**
 * Every document reports its own active element; a person sees one focus, which follows the
 * chain from the top document into the focused iframe. Marks elsewhere are dropped.
 */
function resolveFocus(nodes: RawNode[]): void {
  const own: RawNode[] = [];
  const frames: RawNode[] = [];
  const visit = (list: RawNode[]): void => {
    for (const node of list) {
      if (node.focused) own.push(node);
      if (node.frame) frames.push(node);
      else if (node.children) visit(node.children);
    }
  };
  visit(nodes);
  const focusedFrame = own.find((node) => node.frame);
  for (const frame of frames) {
    if (frame === focusedFrame) resolveFocus(frame.children ?? []);
    else clearFocus(frame.children ?? []);
  }
  if (focusedFrame) delete focusedFrame.focused;
}

/** Removes custom-element placeholders that turned out to hold nothing. */
function pruneEmptyHosts(nodes: RawNode[], empty: Set<string>): RawNode[] {
  return nodes.filter((node) => {
    if (node.children) node.children = pruneEmptyHosts(node.children, empty);
    return !(empty.has(node.uid) && !node.children?.length && !node.text && !node.name);
  });
}

/**
 * Walks one page as a person sees it: its document with its shadow roots (closed ones reached through BiDi's
 * serialization of the host, see the engine's closed-roots.ts), and each frame (through its own browsing context,
 * cross-origin too), nested to any depth, all under one snapshot id with uids unique across the page.
 */
export class PageWalk {
  readonly ranges: UidRange[] = [];
  readonly frames = new Map<string, FrameInfo>();
  /**
   * The number each document walked gave its reading (see the engine's changes.ts), by browsing
   * context; null once one of them gave none, so the snapshot cannot be reused.
   */
  readingNumbers: Map<string, number> | null = new Map();
  #counter = 0;
  /** Elements visited and kept, and in-page walk time, over every document and shadow root walked. */
  readonly #stats = { visited: 0, kept: 0, ms: 0, read: 0 };
  /** Custom elements that turned out to host no closed shadow root. */
  readonly #emptyHosts = new Set<string>();

  constructor(
    /** The engine in the sandbox of a browsing context's document. */
    private readonly engine: EngineGateway,
    private readonly pageBrowsingContext: string,
    private readonly snapshotId: number,
    private readonly stamp: boolean,
    /** Walk only these parts of the top document (named layers). */
    private readonly rootSelectors?: string[],
    /** Read every document whole, reusing nothing of the last walk. */
    private readonly fresh = false,
  ) {}

  async run(): Promise<WalkResult> {
    const walked = await this.#document(this.pageBrowsingContext, 0);
    walked.nodes = pruneEmptyHosts(walked.nodes, this.#emptyHosts);
    resolveFocus(walked.nodes);
    walked.stats = { ...this.#stats, ms: Math.round(this.#stats.ms * 10) / 10 };
    return walked;
  }

  async #walk(browsingContext: string, fresh = this.fresh): Promise<WalkResult> {
    const start = this.#counter;
    const layered =
      browsingContext === this.pageBrowsingContext && this.rootSelectors ? { rootSelectors: this.rootSelectors } : {};
    const options = {
      snapshotId: this.snapshotId,
      stamp: this.stamp,
      counterStart: start,
      ...layered,
      ...(fresh ? { reuse: false } : {}),
    };
    const value = await this.engine.raw(browsingContext, 'walk', [options], 'Taking a snapshot');
    if (value.type !== 'string')
      throw new EvaluationError(
        'The snapshot walker returned nothing; the page may have navigated during the walk. Try again.',
      );
    const walked = JSON.parse(value.value) as WalkResult;
    if (walked.readingNumber) this.readingNumbers?.set(browsingContext, walked.readingNumber);
    else this.readingNumbers = null;
    this.#counter = Math.max(start, walked.lastCounter);
    this.#stats.visited += walked.stats.visited;
    this.#stats.kept += walked.stats.kept;
    this.#stats.ms += walked.stats.ms;
    this.#stats.read += walked.stats.read ?? walked.stats.visited;
    this.ranges.push({ frame: browsingContext, from: start + 1, to: this.#counter });
    return walked;
  }

  /**
   * Walks a document; when it holds closed shadow roots the walk could not see, hands them to its engine and walks
   * again, into them.
   */
  async #document(browsingContext: string, depth: number): Promise<WalkResult> {
    let walked = await this.#walk(browsingContext);
    for (
      let round = 0;
      round < MAX_CLOSED_ROOT_ROUNDS && (await this.#closedRoots(browsingContext, walked.closedHostCandidates));
      round++
    )
      walked = await this.#walk(browsingContext, true);
    await this.#frames(browsingContext, walked, depth);
    return walked;
  }

  /**
   * Asks BiDi for the shadow roots of the walk's candidates (BiDi serializes a host's root, closed
   * too) and gives the closed ones to the engine; true when it learnt any. Listed custom elements
   * with no closed root are remembered, to be pruned when empty.
   */
  async #closedRoots(browsingContext: string, candidates: string[]): Promise<boolean> {
    if (candidates.length === 0) return false;
    const hosts = await this.engine.raw(browsingContext, 'hostCandidates', [], 'Finding shadow roots');
    const items = hosts.type === 'array' ? (hosts.value ?? []) : [];
    const roots: { sharedId: string }[] = [];
    for (const [index, uid] of candidates.entries()) {
      const host = items[index];
      const root = host?.type === 'node' ? host.value?.shadowRoot : undefined;
      if (root?.sharedId && root.value?.mode === 'closed') roots.push({ sharedId: root.sharedId });
      else if (uid) this.#emptyHosts.add(uid);
    }
    if (roots.length === 0) return false;
    return (
      ((await this.engine.call(browsingContext, 'learnClosedRoots', roots, 'Entering closed shadow roots')) ?? 0) > 0
    );
  }

  /** Walks each iframe's document through its own browsing context and hangs it under the iframe. */
  async #frames(browsingContext: string, walked: WalkResult, depth: number): Promise<void> {
    if (walked.iframes.length === 0) return;
    const windows = await this.engine.raw(browsingContext, 'frameWindows', walked.iframes, 'Finding frames');
    const items = windows.type === 'array' ? (windows.value ?? []) : [];
    for (const [index, uid] of walked.iframes.entries()) {
      const node = findNode(walked.nodes, uid);
      if (!node) continue;
      const child = windowBrowsingContext(items[index]);
      if (!child) {
        node.frame = { url: node.src ?? '', error: 'the frame has no document to read (not loaded yet, or blocked)' };
        continue;
      }
      if (depth >= MAX_FRAME_DEPTH) {
        node.frame = {
          url: node.src ?? '',
          context: child,
          error: `frames nested deeper than ${MAX_FRAME_DEPTH} are not read`,
        };
        continue;
      }
      this.frames.set(child, { page: this.pageBrowsingContext, parent: browsingContext, iframeUid: uid });
      try {
        const inner = await this.#document(child, depth + 1);
        shiftBoxes(inner.nodes, node.box[0], node.box[1]);
        node.frame = { url: inner.url, context: child };
        if (inner.nodes.length) node.children = inner.nodes;
      } catch (error) {
        node.frame = {
          url: node.src ?? '',
          context: child,
          error: `the frame could not be read: ${error instanceof Error ? error.message : String(error)}`,
        };
      }
    }
  }
}
