import type { CommandName, CommandParams, CommandResult } from '../../bidi/index.js';
import { quote } from '../util/text.js';
import { StaleUidError } from '../errors.js';
import type { EngineGateway } from '../engine/gateway.js';
import type { ArgsAfterUid, EngineArgs, EngineResult, UidOperation } from '../engine/realm.js';
import type { ActionTarget, ElementSelector } from '../engine/types.js';
import type { FrameInfo, UidRange } from '../engine/snapshot/walk.js';
import type { SnapshotIds } from './snapshot-ids.js';

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

/**
 * One page's uids: which snapshot and frame each uid came from, and what the in-page registry
 * says of it now. The registry lives in a sandbox of each document, out of the page's reach, and
 * dies with the document, which is how navigation clears uids.
 */
export class PageUids {
  /** Per snapshot id of this page: which frame holds which uid counters. */
  readonly #snapshots = new Map<number, UidRange[]>();
  /** Frames met in walks: their parent frame and iframe uid (for selector chains). */
  readonly #frames = new Map<string, FrameInfo>();
  readonly #cleared = new Set<number>();

  constructor(
    private readonly page: PageAccess,
    /** The engine in each document of the page. */
    private readonly engine: EngineGateway,
    /** The page's top-level browsing context. */
    private readonly browsingContext: string,
    private readonly ids: SnapshotIds,
    /**
     * Write uids on elements as data-mcp-uid (never inside editable content); false keeps every DOM untouched and uids
     * live in the engine's registry alone.
     */
    readonly stamps = true,
  ) {}

  /** A new snapshot id of this page; its uids resolve once `register` says which frames hold them. */
  take(): number {
    return this.ids.take(this.browsingContext);
  }

  /** Which frame holds which uid counters of snapshot `id` (a walk fills `ranges` as it goes). */
  register(id: number, ranges: UidRange[]): void {
    this.#snapshots.set(id, ranges);
  }

  /** A new snapshot id whose uids, given one by one (adopted elements, the Markdown agent view), are all in `frame`. */
  takeFor(frame: string): number {
    const id = this.take();
    this.register(id, [{ frame, from: 1, to: Number.MAX_SAFE_INTEGER }]);
    return id;
  }

  /** Frames met in a walk: their parent frame and iframe uid, for selector chains. */
  rememberFrames(frames: Iterable<[string, FrameInfo]>): void {
    for (const [frame, info] of frames) this.#frames.set(frame, info);
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
    const id = this.takeFor(frame);
    return (
      (await this.engine.call(
        frame,
        'adopt',
        [id, stamp, ...sharedIds.map((sharedId) => ({ sharedId }))],
        'Giving elements uids',
      )) ?? []
    );
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
   * The page loaded a new document (`navigated`) or closed: its uids died with the old one, and the engine's realms
   * with them.
   */
  drop(why: 'closed' | 'navigated'): void {
    this.ids.release(this.#snapshots.keys(), why);
    this.#snapshots.clear();
    this.#cleared.clear();
    this.#frames.clear();
    this.engine.reset();
  }

  /** Snapshots whose uids can still be resolved, frames met in walks, and the engine's realms. */
  get sizes(): { snapshots: number; frames: number; realms: number } {
    return { snapshots: this.#snapshots.size, frames: this.#frames.size, realms: this.engine.size };
  }

  /**
   * Frames went away (an iframe removed, with those inside it): their chains and engine realms go too; their uids are
   * refused as gone.
   */
  forgetFrames(frames: readonly string[]): void {
    for (const frame of frames) {
      this.#frames.delete(frame);
      this.engine.forget([frame]);
    }
  }

  /** Forgets every uid of the page (its frames included) and removes the attributes. */
  async clear(): Promise<void> {
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
