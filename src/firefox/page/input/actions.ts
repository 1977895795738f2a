import type { Input } from 'webdriver-bidi-protocol';
import {
  CancelledError,
  ElementNotInteractableError,
  InvalidArgumentError,
  StaleUidError,
  TimeoutError,
} from '../../errors.js';
import { quote } from '../../util/text.js';
import type { ActionTarget, ControlReading } from '../../engine/types.js';
import type { EngineResult } from '../../engine/realm.js';
import type { PageAccess, PageSnapshots } from '../snapshots.js';
import type { EngineGateway } from '../../engine/gateway.js';
import { comboActions, keyValue, typingActions, type KeyAction } from './keys.js';
import { dragOutcome, dragStart } from './drag.js';
import { ActionInterrupted, type ActionResult, type Settler, type SettleTimings } from './settle.js';
import { selectText, type SelectTextOptions } from './text-selection.js';
import { readBack, readBackText, type ReadBackAccess, type Stray } from './read-back.js';
import { behindModal, covered, describeTarget, existingFiles, inert, undrawn } from './refusals.js';
import { scroll, type ScrollOptions, type ScrollResult } from './scroll.js';
import {
  buttonNumber,
  keySource,
  personSources,
  pointerSource,
  withModifiers,
  type ClickOptions,
  type PersonInput,
} from './sources.js';
import { focusDrawnPart } from './drawn-parts.js';
import type { SecretStore } from '../../policy/secrets.js';
import { checkOrigin, confinementOf, pressBatches, type Confinement } from './secret-typing.js';

export type { ClickOptions, Modifier, MouseButton } from './sources.js';

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

const SEARCH_QUIET_MS = 500;

/** How long a cover that is moving gets to go out of the way, and the stillness that says it has. */
const COVER_WAIT_MS = 1000;
const COVER_QUIET_MS = 50;

/** Key presses sent per input.performActions: a typing call can stop between two batches. */
const KEYS_PER_BATCH = 100;

const TYPED_INPUTS = new Set(['date', 'datetime-local', 'month', 'time', 'week', 'color', 'range']);

function isTruthy(value: string | boolean): boolean | undefined {
  if (typeof value === 'boolean') return value;
  const lowered = value.trim().toLowerCase();
  if (['true', 'on', 'yes', 'checked', '1'].includes(lowered)) return true;
  if (['false', 'off', 'no', 'unchecked', '0', ''].includes(lowered)) return false;
  return undefined;
}

/**
 * Acts on elements by uid with real input events (BiDi input.performActions with the element as
 * origin), then waits until the page settles and reports what happened.
 */
export class InputController {
  constructor(
    private readonly page: PageAccess,
    /** The page's top-level browsing context. */
    private readonly browsingContext: string,
    private readonly snapshots: PageSnapshots,
    private readonly engine: EngineGateway,
    private readonly settler: Settler,
    /** `<secret>NAME</secret>` in typed text becomes the value; descriptions keep the reference. */
    private readonly secrets: SecretStore,
    private readonly timings: InputTimings = {},
  ) {}

  get #readBackAccess(): ReadBackAccess {
    return { snapshots: this.snapshots, secrets: this.secrets };
  }

  /** Bumped by interrupt(): input that began under an older value stops at its next batch. */
  #generation = 0;

  /** Stops the input in progress at its next batch (its caller gave up on it); later input is not affected. */
  interrupt(): void {
    this.#generation++;
  }

  async click(uid: string, options: ClickOptions = {}): Promise<ActionResult> {
    const button = options.button ?? 'left';
    const pressed = buttonNumber(button);
    const { frame, sharedId, target } = await this.#reachable(uid, 'click');
    if (target.drawnBy)
      return focusDrawnPart(
        { settler: this.settler, snapshots: this.snapshots },
        uid,
        describeTarget(uid, target),
        frame,
        target.drawnBy,
      );
    const origin: Input.ElementOrigin = { type: 'element', element: { sharedId } };
    const presses = Array.from({ length: options.dblClick ? 2 : 1 }).flatMap((): Input.PointerSourceAction[] => [
      { type: 'pointerDown', button: pressed },
      { type: 'pointerUp', button: pressed },
    ]);
    const [x, y] = target.offset ?? [0, 0];
    const pointer: Input.PointerSourceAction[] = [{ type: 'pointerMove', x, y, origin }, ...presses];
    const modifiers = (options.modifiers ?? []).map((modifier) => keyValue(modifier));
    const verb = `${options.dblClick ? 'Double-clicked' : 'Clicked'}${button === 'left' ? '' : ` (${button} button)`}`;
    const result = await this.#act(frame, `${verb} ${describeTarget(uid, target)}`, withModifiers(pointer, modifiers));
    return target.editable ? this.#withCaret(uid, result) : result;
  }

  /** A click into editable content says where the caret or selection went, so the next keys are not typed blind. */
  async #withCaret(uid: string, result: ActionResult): Promise<ActionResult> {
    if (result.dialog || result.navigated?.sameDocument === false) return result;
    const held = await this.snapshots.callOnUid(uid, 'readSelection', [], 'Reading the caret').catch(() => undefined);
    if (!held) return result;
    const where = !held.inside
      ? 'the caret is not in it (the page moved the focus)'
      : held.text
        ? `${quote(this.secrets.mask(held.text))} is selected`
        : `the caret is after ${quote(this.secrets.mask(held.before))}`;
    return { ...result, action: `${result.action}; ${where}` };
  }

  async hover(uid: string): Promise<ActionResult> {
    const { frame, sharedId, target } = await this.#reachable(uid, 'hover over');
    const origin: Input.ElementOrigin = { type: 'element', element: { sharedId } };
    return this.#act(frame, `Hovered over ${describeTarget(uid, target)}`, [
      pointerSource([{ type: 'pointerMove', x: 0, y: 0, origin }]),
    ]);
  }

  /** Fills a text field (typing for real), picks a select option, or sets a checkbox or radio. */
  async fill(uid: string, value: string | boolean): Promise<ActionResult> {
    const { frame, sharedId, target } = await this.#prepare(uid, `Filling uid=${uid}`);
    const what = describeTarget(uid, target);
    const confinement = confinementOf(this.secrets, String(value));
    if (confinement) await checkOrigin(this.page, frame, confinement, 0);
    if (target.disabled)
      throw new ElementNotInteractableError(
        `${what} is disabled, so it cannot be filled. Enable it first (or fill another field).`,
      );
    if (target.inert) throw inert(`Cannot fill ${what}`);
    if (target.blockedBy) throw behindModal(`Cannot fill ${what}`, target.blockedBy);
    if (target.tag === 'select' || (target.inputType !== undefined && TYPED_INPUTS.has(target.inputType))) {
      const problem = await this.settler.step(
        `Set ${what} to ${quote(String(value))}`,
        this.snapshots.callOnUid(uid, 'setValue', [this.secrets.reveal(String(value))], 'Setting a value'),
      );
      if (typeof problem === 'string' && problem) throw new InvalidArgumentError(`Could not set ${what}: ${problem}.`);
      const result = await this.settler.settle(`Set ${what} to ${quote(String(value))}`, this.settler.begin(), {
        frame,
      });
      // The choice read back: the option asked for (by label or value), or the value as the input keeps it.
      const asked = this.secrets.reveal(String(value));
      const label = asked.trim().replace(/\s+/g, ' ').toLowerCase();
      const chosen = (held: ControlReading): boolean =>
        (held.optionValues ?? []).includes(asked) ||
        held.value?.toLowerCase() === label ||
        !!held.value?.toLowerCase().split(', ').includes(label);
      return readBack(this.#readBackAccess, uid, what, result, (held) =>
        target.tag === 'select' ? chosen(held) : held.value === asked,
      );
    }
    if (target.inputType === 'checkbox' || target.inputType === 'radio') {
      return this.#check(uid, target, value);
    }
    if (target.inputType === 'file')
      throw new InvalidArgumentError(`${what} is a file input; use uploadFileByUid() with file paths.`);
    if (!target.editable) {
      if (target.role === 'combobox' || target.role === 'listbox') {
        throw new InvalidArgumentError(
          `${what} takes no typed text: click it to open it, take a snapshot to see its options, then click the option you want.`,
        );
      }
      throw new InvalidArgumentError(
        `${what} cannot be filled: it is not a text field, select, checkbox or radio. Click it, or fill another element.`,
      );
    }
    if (target.readonly) {
      throw new InvalidArgumentError(
        `${what} is read-only, so typing would change nothing.${target.role === 'combobox' ? ' It is a combobox that is picked, not typed: click it, take a snapshot, then click an option.' : ' Fill another field, or use the control that sets it.'}`,
      );
    }
    if (target.coveredBy) throw covered(what, target.coveredBy);
    // Click into the field as a person would (that also focuses the frame it sits in), select the
    // old content so the typed text replaces it, then type for real.
    const origin: Input.ElementOrigin = { type: 'element', element: { sharedId } };
    const clickIn = this.page.send(
      'input.performActions',
      {
        context: frame,
        actions: [
          pointerSource([
            { type: 'pointerMove', x: 0, y: 0, origin },
            { type: 'pointerDown', button: 0 },
            { type: 'pointerUp', button: 0 },
          ]),
        ],
      },
      `Clicking ${what}`,
    );
    await this.settler.step(`Clicked into ${what} to fill it`, clickIn);
    await this.settler.step(
      `Focused ${what} to fill it`,
      this.snapshots.callOnUid(uid, 'selectContent', [], 'Focusing the field'),
    );
    const text = String(value);
    const typed = this.secrets.reveal(text);
    const action = `Filled ${what} with ${quote(target.inputType === 'password' && typed === text ? '••••••••' : this.secrets.mask(text))}`;
    // A page that filters or suggests as one types waits a moment before it does: so does the answer.
    const quietMs = target.searchLike ? (this.timings.searchQuietMs ?? SEARCH_QUIET_MS) : undefined;
    const richText = target.tag !== 'input' && target.tag !== 'textarea';
    let result: ActionResult | undefined;
    if (richText) {
      // An editor rewrites typed keys (closing brackets, indenting new lines): the text goes in as
      // one insertion, the way a paste does. Keys only when the document refuses the command.
      const watch = this.settler.begin();
      const inserted = await this.settler.step(
        action,
        this.snapshots.callOnUid(uid, 'insertText', [typed], 'Inserting the text'),
        watch,
      );
      if (inserted === true) result = await this.settler.settle(action, watch, { quietMs, frame });
      else watch.stop();
    }
    let stray: Stray = null;
    if (!result) {
      const keys =
        typed === ''
          ? ([
              { type: 'keyDown', value: keyValue('Backspace') },
              { type: 'keyUp', value: keyValue('Backspace') },
            ] as KeyAction[])
          : typingActions(typed);
      // Keys go into this field or nowhere: a page that moves the focus mid-way stops the typing.
      ({ result, stray } = await this.#typeFollowed(frame, action, keys, quietMs, uid, confinement));
    }
    const secretName = this.secrets.referencedNames(text)[0];
    if (!result.dialog && result.navigated?.sameDocument !== false) {
      await this.snapshots
        .callOnUid(uid, 'markSecretField', [secretName ?? null], 'Marking the field')
        .catch(() => undefined);
    }
    if (richText) return readBackText(this.#readBackAccess, uid, what, result, typed, secretName);
    // Fields may reformat what is typed (a phone number's dashes): a field that is empty or unchanged is one where it
    // did not take.
    return readBack(
      this.#readBackAccess,
      uid,
      what,
      result,
      (held) => {
        // A field that kept only part of a secret (maxlength, trimming): what it holds is masked too.
        if (secretName !== undefined) this.secrets.rememberParts(secretName, held.value ?? '');
        // A field that rewrites what is typed keeps the focus; one that lost it mid-way holds only the first keys.
        return (
          stray === null &&
          (held.value === typed.trimEnd() ||
            held.value === typed ||
            (typed !== '' && held.value !== '' && held.value !== target.value && held.focusedElsewhere === undefined))
        );
      },
      stray,
    );
  }

  async fillForm(entries: { uid: string; value: string | boolean }[]): Promise<ActionResult[]> {
    if (entries.length === 0) throw new InvalidArgumentError('fillForm needs at least one { uid, value }.');
    const results: ActionResult[] = [];
    for (const entry of entries) {
      const result = await this.fill(entry.uid, entry.value).catch((error: unknown) => {
        if (error instanceof ActionInterrupted) return error.result;
        // The fields filled before it stay filled: the error says which, and which were not reached.
        if (error instanceof Error && results.length > 0)
          error.message =
            `${results.map((done) => done.action).join('; ')}; then stopped at uid=${entry.uid}: ${error.message} ${entries.length - results.length - 1 > 0 ? `The ${entries.length - results.length - 1} field(s) after it were not filled.` : ''}`.trimEnd();
        throw error;
      });
      results.push(result);
      // The rest of the form is gone or blocked.
      if (result.dialog || (result.navigated && !result.navigated.sameDocument)) break;
    }
    return results;
  }

  /**
   * Drags with real pointer input. A drag the page makes native (HTML5 drag and drop) is finished
   * for the page, since Firefox never drops one started from automation (w3c/webdriver-bidi#487).
   * The answer says whether the page took the drop and whether the dragged element moved.
   */
  async drag(fromUid: string, toUid: string): Promise<ActionResult> {
    const from = await this.#reachable(fromUid, 'drag');
    const to = await this.settler.step(`Dragging onto uid=${toUid}`, this.snapshots.prepareAction(toUid));
    const what = `${describeTarget(fromUid, from.target)} onto ${describeTarget(toUid, to.target)}`;
    if (from.frame !== to.frame)
      throw new InvalidArgumentError(
        `Cannot drag ${what}: they are in different frames, and a drag stays within one document.`,
      );
    const fromOrigin: Input.ElementOrigin = { type: 'element', element: { sharedId: from.sharedId } };
    const toOrigin: Input.ElementOrigin = { type: 'element', element: { sharedId: to.sharedId } };
    const [dx, dy] = dragStart(from.target, to.target);
    const send = (actions: Input.PointerSourceAction[]): Promise<unknown> =>
      this.page.send(
        'input.performActions',
        { context: from.frame, actions: [pointerSource(actions)] },
        `Dragging ${what}`,
      );
    if ((await this.snapshots.callOnUid(fromUid, 'watchDrag', [], 'Watching the drag')) !== true)
      throw new StaleUidError(`uid ${fromUid} is no longer on the page; take a new snapshot.`, 'removed');
    const end = (): Promise<EngineResult<'endDrag'> | null> =>
      this.engine.call(from.frame, 'endDrag', [], 'Reading where the dragged element is').then(
        (place) => place ?? null,
        () => null,
      );
    const watch = this.settler.begin();
    const action = `Dragged ${what}`;
    let dropped: boolean | undefined;
    let settled: ActionResult;
    try {
      // The hand presses and moves a few pixels toward the target: that is where a drag starts.
      await this.settler.step(
        action,
        send([
          { type: 'pointerMove', x: 0, y: 0, origin: fromOrigin },
          { type: 'pointerDown', button: 0 },
          { type: 'pointerMove', x: Math.round(dx / 4), y: Math.round(dy / 4), origin: fromOrigin, duration: 50 },
          { type: 'pointerMove', x: dx, y: dy, origin: fromOrigin, duration: 50 },
        ]),
        watch,
      );
      if (
        (await this.settler.step(
          action,
          this.engine.call(from.frame, 'nativeDragStarted', [], 'Reading the drag'),
          watch,
        )) === true
      ) {
        dropped =
          (
            await this.settler.step(
              action,
              this.snapshots.callOnUid(toUid, 'playDrop', [from.target.x + dx, from.target.y + dy], 'Dropping'),
              watch,
            )
          )?.dropped ?? false;
        await this.settler.step(action, send([{ type: 'pointerUp', button: 0 }]), watch);
      } else {
        await this.settler.step(
          action,
          send([
            { type: 'pointerMove', x: 0, y: 0, origin: toOrigin, duration: 200 },
            { type: 'pointerUp', button: 0 },
          ]),
          watch,
        );
      }
      settled = await this.settler.settle(action, watch, { frame: from.frame });
    } catch (error) {
      watch.stop();
      if (!(error instanceof ActionInterrupted)) {
        await end();
        throw error;
      }
      // A dialog holds the page until it is answered: the hand lets go and the drag ends then.
      void this.page
        .send('input.releaseActions', { context: from.frame }, 'Releasing the pointer')
        .catch(() => undefined);
      void end();
      throw error;
    }
    if (settled.dialog) {
      void end();
      return settled;
    }
    return { ...settled, action: `${settled.action}${dragOutcome(dropped, await end())}` };
  }

  /** Selects text inside an element, or puts the caret at its start or end, with the mouse (see text-selection.ts). */
  async selectText(uid: string, text: string, options: SelectTextOptions = {}): Promise<ActionResult> {
    const describe = async (of: string): Promise<string> =>
      describeTarget(of, (await this.#prepare(of, `Selecting text in uid=${of}`)).target);
    return selectText(
      { page: this.page, snapshots: this.snapshots, settler: this.settler, engine: this.engine, describe },
      uid,
      text,
      options,
    );
  }

  /** Presses a key or combination, such as `Enter` or `Control+Shift+R`, on whatever has focus. */
  async pressKey(combo: string): Promise<ActionResult> {
    try {
      return await this.#act(this.browsingContext, `Pressed ${combo}`, [keySource(comboActions(combo))]);
    } finally {
      // A key can scroll a container (PageDown, arrows, space), and the page may stop the scroll events before the
      // engine sees them.
      this.snapshots.forgetReading();
    }
  }

  /** A person's click or wheel turn at a point of the viewport (the live view's hand on the page), as real input. */
  async person(input: Extract<PersonInput, { type: 'click' | 'wheel' }>): Promise<ActionResult> {
    const { what, sources } = personSources(input);
    return this.#act(this.browsingContext, what, sources);
  }

  /** Types text into whatever has focus; with `submit`, presses Enter after it. */
  async typeText(text: string, options: { submit?: boolean } = {}): Promise<ActionResult> {
    if (text === '' && !options.submit)
      throw new InvalidArgumentError('typeText needs some text (or submit: true to press Enter).');
    const keys = typingActions(this.secrets.reveal(text));
    const confinement = confinementOf(this.secrets, text);
    if (options.submit)
      keys.push({ type: 'keyDown', value: keyValue('Enter') }, { type: 'keyUp', value: keyValue('Enter') });
    // Typing into a search or filter box waits for its debounce, as fill does (focus inside a frame shows as the frame:
    // not looked into).
    const searchLike = await this.engine
      .call(this.browsingContext, 'focusSearchLike', [], 'Reading the focused field')
      .catch(() => false);
    const quietMs = searchLike === true ? (this.timings.searchQuietMs ?? SEARCH_QUIET_MS) : undefined;
    // The keys are followed: a page that moves the focus while they go in (on purpose or not) is named in the answer.
    const { result, stray } = await this.#typeFollowed(
      this.browsingContext,
      `Typed ${quote(this.secrets.mask(text))}${options.submit ? ' and pressed Enter' : ''}`,
      keys,
      quietMs,
      null,
      confinement,
    );
    return stray
      ? {
          ...result,
          action: `${result.action}; the page moved the focus while the keys went in: ${stray.keys} key(s) went elsewhere, and the focus is now on ${this.secrets.mask(stray.to)}`,
        }
      : result;
  }

  async uploadFile(uid: string, paths: string[]): Promise<ActionResult> {
    const files = existingFiles(paths);
    const { frame, sharedId, target } = await this.settler.step(
      `Uploading to uid=${uid}`,
      this.snapshots.prepareAction(uid),
    );
    const what = describeTarget(uid, target);
    if (target.inputType !== 'file')
      throw new InvalidArgumentError(
        `${what} is not a file input (input type=file); take a snapshot and pick the file input's uid.`,
      );
    if (target.disabled) throw new ElementNotInteractableError(`${what} is disabled, so it cannot take files.`);
    const watch = this.settler.begin();
    await this.settler.step(
      `Chose ${files.length} file(s) for ${what}`,
      this.page.send('input.setFiles', { context: frame, element: { sharedId }, files }, 'Setting files'),
      watch,
    );
    return this.settler.settle(`Chose ${files.length} file(s) for ${what}`, watch, { frame });
  }

  async #check(uid: string, target: ActionTarget, value: string | boolean): Promise<ActionResult> {
    const what = describeTarget(uid, target);
    const wanted = isTruthy(value);
    if (wanted === undefined)
      throw new InvalidArgumentError(`${what} takes true or false, got ${quote(String(value))}.`);
    if (target.checked === wanted)
      return { action: `${what} was already ${wanted ? 'checked' : 'unchecked'}`, settled: true };
    if (target.inputType === 'radio' && !wanted) {
      throw new InvalidArgumentError(
        `${what} cannot be unchecked by itself; check another radio button of its group instead.`,
      );
    }
    return readBack(this.#readBackAccess, uid, what, await this.click(uid), (held) => held.checked === wanted);
  }

  /**
   * Scrolls with real mouse-wheel input over the page or a container, then waits until it comes to rest (see
   * scroll.ts).
   */
  async scroll(options: ScrollOptions): Promise<ScrollResult> {
    return scroll(
      { page: this.page, snapshots: this.snapshots, engine: this.engine, browsingContext: this.browsingContext },
      options,
    );
  }

  /**
   * Resolves the uid and scrolls its element into view. A cover met while something on the page
   * moves (a veil fading out, a panel sliding in) is given the moment it takes, then looked at again.
   */
  async #prepare(uid: string, action: string): Promise<{ frame: string; sharedId: string; target: ActionTarget }> {
    const prepared = await this.settler.step(action, this.snapshots.prepareAction(uid));
    if (!prepared.target.coveredBy || !prepared.target.coverMoving) return prepared;
    await this.settler.step(
      action,
      this.engine.call(
        prepared.frame,
        'waitForQuiet',
        [COVER_QUIET_MS, COVER_WAIT_MS],
        'Waiting for the page to stop moving',
      ),
    );
    return this.settler.step(action, this.snapshots.prepareAction(uid));
  }

  /** Resolves, and refuses what a person could not do either: disabled or covered elements. */
  async #reachable(uid: string, verb: string): Promise<{ frame: string; sharedId: string; target: ActionTarget }> {
    const prepared = await this.#prepare(uid, `Scrolling uid=${uid} into view`);
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
  async #act(frame: string, action: string, sources: Input.SourceActions[]): Promise<ActionResult> {
    return this.#perform(frame, action, [sources]);
  }

  /** Types `keys` in batches, so a call that runs out of time stops typing instead of going on behind its error. */
  /** Types `keys` in batches; a confined secret a press at a time, each after its frame's origin is checked. */
  async #type(
    frame: string,
    action: string,
    keys: KeyAction[],
    quietMs?: number,
    confinement?: Confinement,
  ): Promise<ActionResult> {
    if (confinement)
      return this.#perform(frame, action, pressBatches(keys), quietMs, (done) =>
        checkOrigin(this.page, frame, confinement, done),
      );
    const batches: Input.SourceActions[][] = [];
    for (let start = 0; start < keys.length; start += KEYS_PER_BATCH * 2)
      batches.push([keySource(keys.slice(start, start + KEYS_PER_BATCH * 2))]);
    return this.#perform(frame, action, batches, quietMs);
  }

  /**
   * Types `keys` while the page's key guard follows them (key-guard.ts): with `uid`, into that
   * field or nowhere; with null, into whatever has the focus, counting the keys that go elsewhere.
   * Says how many strayed and where the focus went (null: none did).
   */
  async #typeFollowed(
    frame: string,
    action: string,
    keys: KeyAction[],
    quietMs: number | undefined,
    uid: string | null,
    confinement?: Confinement,
  ): Promise<{ result: ActionResult; stray: Stray }> {
    const guard =
      uid === null
        ? this.engine.call(frame, 'guardKeys', [null, false], 'Following the keys')
        : this.snapshots.callOnUid(uid, 'guardKeys', [], 'Guarding the keys');
    const guarded = (await guard.catch(() => false)) === true;
    let stray: Stray = null;
    let result: ActionResult;
    try {
      result = await this.#type(frame, action, keys, quietMs, confinement);
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
  async #perform(
    frame: string,
    action: string,
    batches: Input.SourceActions[][],
    quietMs?: number,
    beforeBatch?: (index: number) => Promise<void>,
  ): Promise<ActionResult> {
    const watch = this.settler.begin();
    const timeout = this.timings.inputTimeoutMs ?? 30_000;
    const deadline = Date.now() + timeout;
    const generation = this.#generation;
    const stopped = (done: number): TimeoutError =>
      new TimeoutError(
        `${action} stopped after ${done} of ${batches.length} parts: it took longer than ${timeout} ms, so what it acted on holds only part of the input. Check it with a snapshot, then go on in smaller parts.`,
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
          action,
          this.page.send('input.performActions', { context: frame, actions: sources }, action),
        );
        // A dialog opened by the action blocks the page and may hold the command: report it at once.
        const dialog = await this.settler.raceDialog(performed.then(() => undefined));
        if (dialog) {
          watch.stop();
          return {
            action: index < batches.length - 1 ? `${action} (stopped part way: a dialog opened)` : action,
            dialog,
            settled: false,
          };
        }
      }
    } catch (error) {
      watch.stop();
      throw error;
    }
    return this.settler.settle(action, watch, { quietMs, frame });
  }
}
