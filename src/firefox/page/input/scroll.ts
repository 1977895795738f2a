import { InvalidArgumentError } from '../../errors.js';
import { quote } from '../../util/text.js';
import type { EngineResult } from '../../engine/realm.js';
import type { PageAccess, PageUids } from '../uids.js';
import type { EngineGateway } from '../../engine/gateway.js';
import { placeInfo, type Area, type ViewportInfo } from '../../engine/snapshot/observe.js';
import type { DoneOf } from './done.js';

export interface ScrollOptions {
  /** Which way the wheel turns; or `to` instead. */
  direction?: 'up' | 'down' | 'left' | 'right';
  /**
   * Where to go in one move instead: the start, the end, or item N (from 1) of a list or grid whose items say their
   * place (aria-rowindex, aria-posinset), as a scroll bar is dragged.
   */
  to?: 'start' | 'end' | number;
  /** How far, in screens (viewport or container heights/widths); default 0.75. */
  screens?: number;
  /** Scroll this container instead of the page. */
  uid?: string;
  /** The longest wait for the scrolling to come to rest (default 1500 ms). */
  budgetMs?: number;
}

export interface ScrollResult {
  /** Where it scrolled and how far, as data the caller words. */
  done: DoneOf<'scrollTo' | 'scroll'>;
  /** Pixels moved. */
  moved: { x: number; y: number };
  /**
   * It did not move: it stands at its end that way (one that was reached by moving may still grow, as an infinite list
   * does).
   */
  atEnd: boolean;
  /** A container that scrolled (not the page): what it shows, in the viewport, and where it stands. */
  container?: { area: Area; place: ViewportInfo };
  /** The scrolling was still going when the budget ran out. */
  incomplete: boolean;
}

type ScrollState = NonNullable<EngineResult<'scrollBefore'>>;
/** Where a scroller stands (as a rest reads it). */
type Place = Omit<ScrollState, 'since'>;

/** What scrolling needs of the input controller around it. */
export interface ScrollAccess {
  page: PageAccess;
  uids: PageUids;
  engine: EngineGateway;
  /** The page's top-level browsing context. */
  browsingContext: string;
}

/**
 * Scrolls the page or a container: with real mouse-wheel input that way until it comes to rest, or in one move to a
 * place (`to`).
 */
export async function scroll(access: ScrollAccess, options: ScrollOptions): Promise<ScrollResult> {
  const { to, direction } = options;
  if ((to === undefined) === (direction === undefined))
    throw new InvalidArgumentError(
      'Give a direction to scroll with the wheel, or where to go (to: "start", "end" or an item number), not both.',
    );
  if (to !== undefined && to !== 'start' && to !== 'end' && !(Number.isSafeInteger(to) && to > 0))
    throw new InvalidArgumentError(`to must be "start", "end" or an item number from 1, got ${quote(String(to))}.`);
  if (direction !== undefined && !['up', 'down', 'left', 'right'].includes(direction))
    throw new InvalidArgumentError(`direction must be up, down, left or right, got ${quote(direction)}.`);
  const uid = options.uid ?? null;
  const frame = uid === null ? access.browsingContext : (await access.uids.elementRef(uid)).frame;
  const gone = (): InvalidArgumentError =>
    new InvalidArgumentError(`uid ${uid ?? ''} is no longer on the page; take a new snapshot.`);
  const read = async (): Promise<ScrollState> => {
    const state = await (uid === null
      ? access.engine.call(frame, 'scrollBefore', [null], 'Reading the scroll position')
      : access.uids.callOnUid(uid, 'scrollBefore', [], 'Reading the scroll position'));
    if (!state) throw gone();
    return state;
  };
  const before = await read();
  const what = uid === null ? 'the page' : `uid=${uid}`;
  const placed = (last: Place, vertical: boolean): Pick<ScrollResult, 'container'> =>
    uid === null || frame !== access.browsingContext
      ? {}
      : {
          container: {
            area: last.box,
            place: vertical
              ? placeInfo(last.y, last.maxY, last.height, uid)
              : placeInfo(last.x, last.maxX, last.width, uid),
          },
        };
  if (to !== undefined) {
    const went = await (uid === null
      ? access.engine.call(frame, 'scrollTo', [null, to], 'Scrolling')
      : access.uids.callOnUid(uid, 'scrollTo', [to], 'Scrolling'));
    if (!went) throw gone();
    if (!went.found)
      throw new InvalidArgumentError(
        went.indexed
          ? `Item ${to} is not in ${what}: it has fewer items, or draws none past where it stands now. Scroll with a direction instead.`
          : `${what} does not say its items' places (aria-rowindex, aria-posinset), so item ${to} cannot be found; scroll to its start or end, or with a direction.`,
      );
    const last = await read();
    const moved = { x: last.x - before.x, y: last.y - before.y };
    return {
      done: { kind: 'scrollTo', ...(uid === null ? {} : { container: uid }), to, moved: Math.abs(moved.y) },
      moved,
      atEnd: false,
      ...placed(last, true),
      incomplete: false,
    };
  }
  const screens = options.screens ?? 0.75;
  if (!(screens > 0 && screens <= 20))
    throw new InvalidArgumentError(`screens must be more than 0 and at most 20, got ${screens}.`);
  return wheelScroll(
    access,
    { frame, uid, what, before, direction: direction ?? 'down', screens, budgetMs: options.budgetMs },
    placed,
  );
}

/** A wheel's turn: over what, from where it stood before, which way and how far. */
interface Turn {
  frame: string;
  uid: string | null;
  what: string;
  before: ScrollState;
  direction: NonNullable<ScrollOptions['direction']>;
  screens: number;
  budgetMs: number | undefined;
}

/** Turns the wheel over what `before` was read of, then waits in the page until it comes to rest. */
async function wheelScroll(
  access: ScrollAccess,
  { frame, uid, what, before, direction, screens, budgetMs }: Turn,
  placed: (last: Place, vertical: boolean) => Pick<ScrollResult, 'container'>,
): Promise<ScrollResult> {
  const vertical = direction === 'up' || direction === 'down';
  const sign = direction === 'up' || direction === 'left' ? -1 : 1;
  const delta = Math.round(sign * screens * (vertical ? before.height : before.width));
  await access.page.send(
    'input.performActions',
    {
      context: frame,
      actions: [
        {
          type: 'wheel',
          id: 'firefox-bidi-mcp-wheel',
          actions: [
            {
              type: 'scroll',
              x: before.centerX,
              y: before.centerY,
              deltaX: vertical ? 0 : delta,
              deltaY: vertical ? delta : 0,
              origin: 'viewport',
            },
          ],
        },
      ],
    },
    `Scrolling ${what}`,
  );
  // Smooth scrolling takes a while: wait in the page until the position holds still, within the budget.
  const args = [
    { x: before.x, y: before.y, since: before.since },
    { x: vertical ? 0 : sign, y: vertical ? sign : 0 },
    budgetMs ?? 1500,
  ] as const;
  const rest = await (uid === null
    ? access.engine.call(frame, 'scrollRest', [null, ...args], 'Waiting for the scroll to end')
    : access.uids.callOnUid(uid, 'scrollRest', [...args], 'Waiting for the scroll to end'));
  if (!rest) throw new InvalidArgumentError(`uid ${uid ?? ''} is no longer on the page; take a new snapshot.`);
  const last = rest;
  const moved = { x: last.x - before.x, y: last.y - before.y };
  // Only a scroll that did not move stands at an end: one reached by moving may still grow (an infinite list).
  const atEnd =
    (vertical ? moved.y === 0 : moved.x === 0) &&
    (vertical ? (sign < 0 ? last.y <= 0 : last.y >= last.maxY - 1) : sign < 0 ? last.x <= 0 : last.x >= last.maxX - 1);
  return {
    done: {
      kind: 'scroll',
      ...(uid === null ? {} : { container: uid }),
      direction,
      moved: Math.abs(vertical ? moved.y : moved.x),
      asked: Math.abs(delta),
    },
    moved,
    atEnd,
    ...placed(last, vertical),
    incomplete: !rest.rested,
  };
}
