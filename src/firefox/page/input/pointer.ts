import type { Input } from 'webdriver-bidi-protocol';
import { InvalidArgumentError, StaleUidError } from '../../errors.js';
import type { EngineResult } from '../../engine/realm.js';
import { keyValue } from './keys.js';
import { dragOutcome, dragStart } from './drag.js';
import { ActionInterrupted, type ActionResult } from './settle.js';
import { selectText, type SelectTextOptions } from './text-selection.js';
import { describeTarget } from './refusals.js';
import { namedElement, type ActionDone, type CaretAfterClick, type DoneOf, type NamedElement } from './done.js';
import { scroll, type ScrollOptions, type ScrollResult } from './scroll.js';
import {
  buttonNumber,
  personSources,
  pointerSource,
  withModifiers,
  type ClickOptions,
  type PersonInput,
} from './sources.js';
import { focusDrawnPart } from './drawn-parts.js';
import type { InputCore, Prepared } from './core.js';

/** The mouse: clicks, hovers, drags, text selections and wheel turns, by uid or (a person's) at a point. */
export class PointerInput {
  constructor(private readonly core: InputCore) {}

  async click(uid: string, options: ClickOptions = {}): Promise<ActionResult> {
    const button = options.button ?? 'left';
    const pressed = buttonNumber(button);
    const prepared = await this.core.reachable(uid, 'click');
    const { frame, sharedId, target } = prepared;
    // A box in a frame is the frame's: only the page's own document says where it shows on the page.
    await options.approve?.({
      kind: 'click',
      target: target.now,
      ...(frame === this.core.browsingContext ? { box: target.box } : {}),
    });
    if (target.drawnBy)
      return focusDrawnPart(
        { settler: this.core.settler, uids: this.core.uids },
        namedElement(uid, target),
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
    const done: ActionDone = {
      kind: 'click',
      target: namedElement(uid, target),
      count: options.dblClick ? 2 : 1,
      button,
    };
    const result = await this.core.act(frame, done, withModifiers(pointer, modifiers));
    return this.core.withTargets(target.editable ? await this.#withCaret(uid, result) : result, [uid, prepared]);
  }

  /** A click into editable content says where the caret or selection went, so the next keys are not typed blind. */
  async #withCaret(uid: string, result: ActionResult): Promise<ActionResult> {
    if (result.dialog || result.navigated?.sameDocument === false) return result;
    const held = await this.core.uids.callOnUid(uid, 'readSelection', [], 'Reading the caret').catch(() => undefined);
    if (!held || result.done.kind !== 'click') return result;
    const caret: CaretAfterClick = !held.inside
      ? { elsewhere: true }
      : held.text
        ? { selected: this.core.secrets.mask(held.text) }
        : { after: this.core.secrets.mask(held.before) };
    return { ...result, done: { ...result.done, caret } };
  }

  async hover(uid: string): Promise<ActionResult> {
    const prepared = await this.core.reachable(uid, 'hover over');
    const { frame, sharedId, target } = prepared;
    const origin: Input.ElementOrigin = { type: 'element', element: { sharedId } };
    const result = await this.core.act(frame, { kind: 'hover', target: namedElement(uid, target) }, [
      pointerSource([{ type: 'pointerMove', x: 0, y: 0, origin }]),
    ]);
    return this.core.withTargets(result, [uid, prepared]);
  }

  /**
   * Drags with real pointer input. A drag the page makes native (HTML5 drag and drop) is finished
   * for the page, since Firefox never drops one started from automation (w3c/webdriver-bidi#487).
   * The answer says whether the page took the drop and whether the dragged element moved.
   */
  async drag(fromUid: string, toUid: string): Promise<ActionResult> {
    const from = await this.core.reachable(fromUid, 'drag');
    const to = await this.core.resolve(toUid, { kind: 'preparing', uid: toUid, for: 'drop' });
    const what = `${describeTarget(fromUid, from.target)} onto ${describeTarget(toUid, to.target)}`;
    if (from.frame !== to.frame)
      throw new InvalidArgumentError(
        `Cannot drag ${what}: they are in different frames, and a drag stays within one document.`,
      );
    const fromOrigin: Input.ElementOrigin = { type: 'element', element: { sharedId: from.sharedId } };
    const toOrigin: Input.ElementOrigin = { type: 'element', element: { sharedId: to.sharedId } };
    const [dx, dy] = dragStart(from.target, to.target);
    const send = (actions: Input.PointerSourceAction[]): Promise<unknown> =>
      this.core.page.send(
        'input.performActions',
        { context: from.frame, actions: [pointerSource(actions)] },
        `Dragging ${what}`,
      );
    if ((await this.core.uids.callOnUid(fromUid, 'watchDrag', [], 'Watching the drag')) !== true)
      throw new StaleUidError(`uid ${fromUid} is no longer on the page; take a new snapshot.`, 'removed');
    const end = (): Promise<EngineResult<'endDrag'> | null> =>
      this.core.engine.call(from.frame, 'endDrag', [], 'Reading where the dragged element is').then(
        (place) => place ?? null,
        () => null,
      );
    const watch = this.core.settler.begin();
    const dragging: DoneOf<'drag'> = {
      kind: 'drag',
      from: namedElement(fromUid, from.target),
      to: namedElement(toUid, to.target),
    };
    let dropped: boolean | undefined;
    let settled: ActionResult;
    try {
      // The hand presses and moves a few pixels toward the target: that is where a drag starts.
      await this.core.settler.step(
        dragging,
        send([
          { type: 'pointerMove', x: 0, y: 0, origin: fromOrigin },
          { type: 'pointerDown', button: 0 },
          { type: 'pointerMove', x: Math.round(dx / 4), y: Math.round(dy / 4), origin: fromOrigin, duration: 50 },
          { type: 'pointerMove', x: dx, y: dy, origin: fromOrigin, duration: 50 },
        ]),
        watch,
      );
      if (
        (await this.core.settler.step(
          dragging,
          this.core.engine.call(from.frame, 'nativeDragStarted', [], 'Reading the drag'),
          watch,
        )) === true
      ) {
        dropped =
          (
            await this.core.settler.step(
              dragging,
              this.core.uids.callOnUid(toUid, 'playDrop', [from.target.x + dx, from.target.y + dy], 'Dropping'),
              watch,
            )
          )?.dropped ?? false;
        await this.core.settler.step(dragging, send([{ type: 'pointerUp', button: 0 }]), watch);
      } else {
        await this.core.settler.step(
          dragging,
          send([
            { type: 'pointerMove', x: 0, y: 0, origin: toOrigin, duration: 200 },
            { type: 'pointerUp', button: 0 },
          ]),
          watch,
        );
      }
      settled = await this.core.settler.settle(dragging, watch, { frame: from.frame });
    } catch (error) {
      watch.stop();
      if (!(error instanceof ActionInterrupted)) {
        await end();
        throw error;
      }
      // A dialog holds the page until it is answered: the hand lets go and the drag ends then.
      void this.core.page
        .send('input.releaseActions', { context: from.frame }, 'Releasing the pointer')
        .catch(() => undefined);
      void end();
      throw error;
    }
    if (settled.dialog) {
      void end();
      return this.core.withTargets(settled, [fromUid, from], [toUid, to]);
    }
    const ended = { ...settled, done: { ...dragging, outcome: dragOutcome(dropped, await end()) } };
    return this.core.withTargets(ended, [fromUid, from], [toUid, to]);
  }

  /** Selects text inside an element, or puts the caret at its start or end, with the mouse (see text-selection.ts). */
  async selectText(uid: string, text: string, options: SelectTextOptions = {}): Promise<ActionResult> {
    const prepared: [string, Prepared][] = [];
    const describe = async (of: string): Promise<NamedElement> => {
      const found = await this.core.prepare(of, { kind: 'preparing', uid: of, for: 'selectText' });
      prepared.push([of, found]);
      return namedElement(of, found.target);
    };
    const result = await selectText(
      {
        page: this.core.page,
        uids: this.core.uids,
        settler: this.core.settler,
        engine: this.core.engine,
        describe,
      },
      uid,
      text,
      options,
    );
    return this.core.withTargets(result, ...prepared);
  }

  /** A person's click or wheel turn at a point of the viewport (the live view's hand on the page), as real input. */
  async person(input: Extract<PersonInput, { type: 'click' | 'wheel' }>): Promise<ActionResult> {
    const { done, sources } = personSources(input);
    return this.core.act(this.core.browsingContext, done, sources);
  }

  /**
   * Scrolls with real mouse-wheel input over the page or a container, then waits until it comes to rest (see
   * scroll.ts).
   */
  async scroll(options: ScrollOptions): Promise<ScrollResult> {
    return scroll(
      {
        page: this.core.page,
        uids: this.core.uids,
        engine: this.core.engine,
        browsingContext: this.core.browsingContext,
      },
      options,
    );
  }
}
