import type { Input } from 'webdriver-bidi-protocol';
import { CancelledError, ElementNotInteractableError, TimeoutError } from '../../errors.js';
import type { ActionTarget } from '../../engine/types.js';
import type { PageSnapshots } from '../snapshots.js';
import type { PageAccess, PageUids } from '../uids.js';
import type { EngineGateway } from '../../engine/gateway.js';
import type { SecretStore } from '../../policy/secrets.js';
import type { KeyAction } from './keys.js';
import { keySource } from './sources.js';
import type { ActedOn, ActionResult, Settler, SettleOptions, SettleTimings } from './settle.js';
import type { ReadBackAccess, Stray } from './read-back.js';
import { behindModal, covered, describeTarget, inert, undrawn } from './refusals.js';
import type { ActionDone } from './done.js';
import { doing } from './doing.js';
import { checkOrigin, pressBatches, type Confinement } from './secret-typing.js';

/** How input waits: the settle's bounds, and the longer waits some input needs. */
export interface InputTimings extends SettleTimings {
  /**
   * The quiet period after typing into a search, filter or autocomplete field, whose page debounces its work (default
   * 500 ms).
   */
  searchQuietMs?: number;
  /** The longest one input call (typing, above all) may take before it stops where it is (default 30 s). */
  inputTimeoutMs?: number;
}

/** How long a cover that is moving gets to go out of the way, and the stillness that says it has. */
const COVER_WAIT_MS = 1000;
const COVER_QUIET_MS = 50;

/** Key presses sent per input.performActions: a typing call can stop between two batches. */
const KEYS_PER_BATCH = 100;

/** An element an action is about to act on: its frame, its BiDi reference, and what a click there would hit. */
export interface Prepared {
  frame: string;
  sharedId: string;
  target: ActionTarget;
}

/**
 * What every kind of input shares (pointer.ts, keyboard.ts, fields.ts): the uid resolved once into what it is and
 * whether a person could act on it, real input sent in batches that stop at a dialog, a deadline or an interrupt, and
 * the settle after it.
 */
export class InputCore {
  constructor(
    readonly page: PageAccess,
    /** The page's top-level browsing context. */
    readonly browsingContext: string,
    readonly uids: PageUids,
    /** Its readings, forgotten after what the page may not see as a change of its own. */
    readonly snapshots: PageSnapshots,
    readonly engine: EngineGateway,
    readonly settler: Settler,
    /** `<secret>NAME</secret>` in typed text becomes the value; descriptions keep the reference. */
    readonly secrets: SecretStore,
    readonly timings: InputTimings = {},
  ) {}

  get readBackAccess(): ReadBackAccess {
    return { uids: this.uids, secrets: this.secrets };
  }

  /** Bumped by interrupt(): input that began under an older value stops at its next batch. */
  #generation = 0;

  /** Stops the input in progress at its next batch (its caller gave up on it); later input is not affected. */
  interrupt(): void {
    this.#generation++;
  }

  /**
   * `result` with what it acted on: the uid, and where its element is for a script to find it again (the element's
   * selector came with its preparation; only the iframes around it, if any, are asked for).
   */
  async withTargets(result: ActionResult, ...acted: [uid: string, prepared: Prepared][]): Promise<ActionResult> {
    const targets: ActedOn[] = [];
    for (const [uid, { frame, target }] of acted) {
      if (result.targets?.some((known) => known.uid === uid)) continue; // A checkbox filled by a click says it once.
      const css = await this.uids.inFrames(frame, target.css, uid).catch(() => undefined);
      if (css) targets.push({ uid, css });
    }
    return targets.length ? { ...result, targets: [...(result.targets ?? []), ...targets] } : result;
  }

  /**
   * Resolves the uid and scrolls its element into view. A cover met while something on the page
   * moves (a veil fading out, a panel sliding in) is given the moment it takes, then looked at again.
   */
  async prepare(uid: string, step: ActionDone): Promise<Prepared> {
    const prepared = await this.resolve(uid, step);
    if (!prepared.target.coveredBy || !prepared.target.coverMoving) return prepared;
    await this.settler.step(
      step,
      this.engine.call(
        prepared.frame,
        'waitForQuiet',
        [COVER_QUIET_MS, COVER_WAIT_MS],
        'Waiting for the page to stop moving',
      ),
    );
    return this.resolve(uid, step);
  }

  /** Resolves the uid and scrolls its element into view: the action's first call, which is its probe too. */
  resolve(uid: string, step: ActionDone): Promise<Prepared> {
    return this.settler.resolving(step, (timeoutMs) => this.uids.prepareAction(uid, timeoutMs));
  }

  /** Resolves, and refuses what a person could not do either: disabled or covered elements. */
  async reachable(uid: string, verb: string): Promise<Prepared> {
    const prepared = await this.prepare(uid, { kind: 'preparing', uid, for: 'view' });
    const what = describeTarget(uid, prepared.target);
    if (prepared.target.disabled && verb === 'click')
      throw new ElementNotInteractableError(
        `Cannot click ${what}: it is disabled. Wait until it is enabled, or act on another element.`,
      );
    if (prepared.target.inert) throw inert(`Cannot ${verb} ${what}`);
    if (prepared.target.blockedBy) throw behindModal(`Cannot ${verb} ${what}`, prepared.target.blockedBy);
    if (prepared.target.coveredBy) throw covered(`Cannot ${verb} ${what}`, prepared.target.coveredBy);
    if (prepared.target.drawnBy && verb !== 'click') throw undrawn(`Cannot ${verb} ${what}`, prepared.target.drawnBy);
    if (!prepared.target.inViewport)
      throw new ElementNotInteractableError(
        `Cannot ${verb} ${what}: it stays outside the viewport even after scrolling.`,
      );
    return prepared;
  }

  /** Performs input in `frame` (the page itself, or the frame holding the element), then waits for `page` to settle. */
  async act(frame: string, done: ActionDone, sources: Input.SourceActions[]): Promise<ActionResult> {
    return this.perform(frame, done, [sources]);
  }

  /**
   * Types `keys` in batches, so a call that runs out of time stops typing instead of going on behind its error; a
   * confined secret a press at a time, each after its frame's origin is checked.
   */
  async type(
    frame: string,
    done: ActionDone,
    keys: KeyAction[],
    confinement?: Confinement,
    settle: SettleOptions = {},
  ): Promise<ActionResult> {
    if (confinement)
      return this.perform(frame, done, pressBatches(keys), settle, (pressed) =>
        checkOrigin(this.page, frame, confinement, pressed),
      );
    const batches: Input.SourceActions[][] = [];
    for (let start = 0; start < keys.length; start += KEYS_PER_BATCH * 2)
      batches.push([keySource(keys.slice(start, start + KEYS_PER_BATCH * 2))]);
    return this.perform(frame, done, batches, settle);
  }

  /**
   * Types `keys` while the page's key guard follows them (key-guard.ts): with `uid`, into that
   * field or nowhere; with null, into whatever has the focus, counting the keys that go elsewhere.
   * Says how many strayed and where the focus went (null: none did).
   */
  async typeFollowed(
    frame: string,
    done: ActionDone,
    keys: KeyAction[],
    quietMs: number | undefined,
    uid: string | null,
    confinement?: Confinement,
  ): Promise<{ result: ActionResult; stray: Stray }> {
    const guard =
      uid === null
        ? this.engine.call(frame, 'guardKeys', [null, false], 'Following the keys')
        : this.uids.callOnUid(uid, 'guardKeys', [], 'Guarding the keys');
    const guarded = (await guard.catch(() => false)) === true;
    let stray: Stray = null;
    let result: ActionResult;
    try {
      result = await this.type(frame, done, keys, confinement, { quietMs });
    } finally {
      if (guarded)
        stray = await this.engine.call(frame, 'releaseKeys', [], 'Reading where the keys went').then(
          (found) => found ?? null,
          () => null,
        );
    }
    return { result, stray };
  }

  /**
   * Performs the batches of input in turn, stopping at a dialog or at the deadline, then waits for the page to settle.
   */
  async perform(
    frame: string,
    done: ActionDone,
    batches: Input.SourceActions[][],
    settle: Omit<SettleOptions, 'frame'> = {},
    beforeBatch?: (index: number) => Promise<void>,
  ): Promise<ActionResult> {
    const action = doing(done);
    const watch = this.settler.begin();
    const timeout = this.timings.inputTimeoutMs ?? 30_000;
    const deadline = Date.now() + timeout;
    const generation = this.#generation;
    const stopped = (sent: number): TimeoutError =>
      new TimeoutError(
        `${action} stopped after ${sent} of ${batches.length} parts: it took longer than ${timeout} ms, so what it acted on holds only part of the input. Check it with a snapshot, then go on in smaller parts.`,
      );
    try {
      for (const [index, sources] of batches.entries()) {
        // Checked between batches, never mid-batch: when the error says typing stopped, it has.
        if (Date.now() >= deadline) throw stopped(index);
        if (this.#generation !== generation)
          throw new CancelledError(
            `${action} was cancelled after ${index} of ${batches.length} parts, so what it acted on holds only part of the input.`,
          );
        await beforeBatch?.(index);
        const performed = this.settler.unlessStopped(
          done,
          this.page.send('input.performActions', { context: frame, actions: sources }, action),
        );
        // A dialog opened by the action blocks the page and may hold the command: report it at once.
        const dialog = await this.settler.raceDialog(performed.then(() => undefined));
        if (dialog) {
          watch.stop();
          return {
            done,
            ...(index < batches.length - 1 ? { stopped: 'partWay' as const } : {}),
            dialog,
            settled: false,
          };
        }
      }
    } catch (error) {
      watch.stop();
      throw error;
    }
    return this.settler.settle(done, watch, { ...settle, frame });
  }
}
