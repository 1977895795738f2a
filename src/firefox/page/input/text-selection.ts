import type { Input } from 'webdriver-bidi-protocol';
import { ActionNotTakenError, InvalidArgumentError, StaleUidError } from '../../errors.js';
import { quote } from '../../util/text.js';
import type { PageAccess, PageUids } from '../uids.js';
import type { ActionResult, Settler } from './settle.js';
import { pointerSource } from './sources.js';
import type { EngineGateway } from '../../engine/gateway.js';
import type { DoneOf, NamedElement } from './done.js';
import { doing } from './doing.js';
import { describeElement } from './refusals.js';

/** How long an editor clicked into must hold still before the drag, and the longest wait for that. */
const FOCUS_QUIET_MS = 50;
const FOCUS_WAIT_MS = 1000;

export interface SelectTextOptions {
  /** Which match, counting from 1 (default 1). */
  occurrence?: number;
  /** Put the caret at the start or end of the text instead of selecting it. */
  caret?: 'start' | 'end';
}

/** What selecting text needs of the input controller around it. */
export interface TextSelectionAccess {
  page: PageAccess;
  uids: PageUids;
  settler: Settler;
  engine: EngineGateway;
  /** The uid's element as answers name it, such as `uid=1_4 paragraph "…"`. */
  describe(uid: string): Promise<NamedElement>;
}

/**
 * Selects `text` inside the element (or puts the caret at its start or end) the way a person
 * does: a drag across it with the mouse, or a click at its edge, so that the page's own editor
 * takes the selection as its own; in a text field, through the field's own selection. Then the
 * selection is read back: the answer says what it holds, and an action that did not take is no
 * success.
 */
export async function selectText(
  access: TextSelectionAccess,
  uid: string,
  text: string,
  options: SelectTextOptions = {},
): Promise<ActionResult> {
  const occurrence = options.occurrence ?? 1;
  if (text.trim() === '')
    throw new InvalidArgumentError(
      'selectTextByUid() needs the text to select (some words of what the element shows).',
    );
  if (!Number.isInteger(occurrence) || occurrence < 1)
    throw new InvalidArgumentError(`occurrence counts from 1; got ${occurrence}.`);
  const { page, uids, settler } = access;
  const target = await access.describe(uid);
  const what = describeElement(target);
  const { frame } = await uids.elementRef(uid);
  const action: DoneOf<'selectText'> = {
    kind: 'selectText',
    target,
    text,
    ...(options.caret ? { caret: options.caret } : {}),
  };
  const spot = await settler.step(action, uids.callOnUid(uid, 'locateText', [text, occurrence], 'Finding the text'));
  if (spot === null || spot === undefined)
    throw new StaleUidError(`uid ${uid} is no longer on the page; take a new snapshot.`, 'removed');
  if (spot === 'missing')
    throw new InvalidArgumentError(
      `${what} shows no ${occurrence > 1 ? `${ordinal(occurrence)} ` : ''}${quote(text)}. Take a snapshot to read what it shows, and give words it holds.`,
    );
  const watch = settler.begin();
  if (spot !== 'field') {
    const [x, y] = spot.start;
    const [endX, endY] = spot.end;
    const point = (px: number, py: number): Input.PointerMoveAction => ({
      type: 'pointerMove',
      x: Math.round(px),
      y: Math.round(py),
      origin: 'viewport',
    });
    const press: Input.PointerSourceAction[] =
      options.caret === undefined
        ? [
            point(x + 1, y),
            { type: 'pointerDown', button: 0 },
            { ...point(endX - 1, endY), duration: 50 },
            { type: 'pointerUp', button: 0 },
          ]
        : [
            options.caret === 'start' ? point(x + 1, y) : point(endX - 1, endY),
            { type: 'pointerDown', button: 0 },
            { type: 'pointerUp', button: 0 },
          ];
    if (spot.unfocused && options.caret === undefined) {
      // An editor without the focus takes a first click as a focus (and may put back a selection of its own then):
      // a person clicks in first, where the words end, and drags once it has settled.
      const click: Input.PointerSourceAction[] = [
        point(endX - 1, endY),
        { type: 'pointerDown', button: 0 },
        { type: 'pointerUp', button: 0 },
      ];
      await settler.step(
        action,
        settler.unlessStopped(
          action,
          page.send('input.performActions', { context: frame, actions: [pointerSource(click)] }, doing(action)),
        ),
        watch,
      );
      await settler.step(
        action,
        access.engine.call(
          frame,
          'waitForQuiet',
          [FOCUS_QUIET_MS, FOCUS_WAIT_MS],
          'Waiting for the editor to take the focus',
        ),
        watch,
      );
    }
    await settler.step(
      action,
      settler.unlessStopped(
        action,
        page.send('input.performActions', { context: frame, actions: [pointerSource(press)] }, doing(action)),
      ),
      watch,
    );
  }
  const result = await settler.settle(action, watch, { frame });
  if (result.dialog || result.navigated?.sameDocument === false) return result;
  const held = await uids.callOnUid(uid, 'readSelection', [], 'Reading the selection');
  if (!held) return result;
  const wanted = options.caret ? '' : text.replace(/\s+/g, ' ').trim().toLowerCase();
  if (held.inside && held.text.toLowerCase() === wanted)
    return options.caret ? { ...result, done: { ...action, before: held.before } } : result;
  const holds = held.text
    ? `the selection holds ${quote(held.text)}`
    : held.inside
      ? `the caret is after ${quote(held.before)}`
      : 'the selection is elsewhere on the page (or the editor keeps its own, which the page does not show)';
  throw new ActionNotTakenError(
    `${doing(action)} did not take: ${holds}. Take a snapshot to see the element, then try again (a click into it first, or pressKey() with Shift and the arrow keys).`,
  );
}

function ordinal(n: number): string {
  return `${n}${n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'}`;
}
