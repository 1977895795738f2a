import { InvalidArgumentError } from '../../errors.js';
import { quote } from '../../util/text.js';
import type { EngineResult } from '../../engine/realm.js';
import type { PageAccess, PageSnapshots } from '../snapshots.js';
import type { EngineGateway } from '../../engine/gateway.js';

export interface ScrollOptions {
  direction: 'up' | 'down' | 'left' | 'right';
  /** How far, in screens (viewport or container heights/widths); default 0.75. */
  screens?: number;
  /** Scroll this container instead of the page. */
  uid?: string;
  /** The longest wait for the scrolling to come to rest (default 1500 ms). */
  budgetMs?: number;
}

export interface ScrollResult {
  action: string;
  /** Pixels moved, and whether an end was reached. */
  moved: { x: number; y: number };
  atEnd: boolean;
  /** The scrolling was still going when the budget ran out. */
  incomplete: boolean;
}

type ScrollState = NonNullable<EngineResult<'scrollBefore'>>;

/** What scrolling needs of the input controller around it. */
export interface ScrollAccess {
  page: PageAccess;
  snapshots: PageSnapshots;
  engine: EngineGateway;
  /** The page's top-level browsing context. */
  browsingContext: string;
}

/** Scrolls with real mouse-wheel input over the page or a container, then waits in the page until it comes to rest. */
export async function wheelScroll(access: ScrollAccess, options: ScrollOptions): Promise<ScrollResult> {
  const screens = options.screens ?? 0.75;
  if (!(screens > 0 && screens <= 20)) throw new InvalidArgumentError(`screens must be more than 0 and at most 20, got ${screens}.`);
  if (!['up', 'down', 'left', 'right'].includes(options.direction)) throw new InvalidArgumentError(`direction must be up, down, left or right, got ${quote(options.direction)}.`);
  const uid = options.uid ?? null;
  const frame = uid === null ? access.browsingContext : (await access.snapshots.elementRef(uid)).frame;
  const read = async (): Promise<ScrollState> => {
    const state = await (uid === null ? access.engine.call(frame, 'scrollBefore', [null], 'Reading the scroll position') : access.snapshots.callOnUid(uid, 'scrollBefore', [], 'Reading the scroll position'));
    if (!state) throw new InvalidArgumentError(`uid ${uid ?? ''} is no longer on the page; take a new snapshot.`);
    return state;
  };
  const before = await read();
  const vertical = options.direction === 'up' || options.direction === 'down';
  const sign = options.direction === 'up' || options.direction === 'left' ? -1 : 1;
  const delta = Math.round(sign * screens * (vertical ? before.height : before.width));
  const what = uid === null ? 'the page' : `uid=${uid}`;
  await access.page.send(
    'input.performActions',
    { context: frame, actions: [{ type: 'wheel', id: 'firefox-bidi-mcp-wheel', actions: [{ type: 'scroll', x: before.centerX, y: before.centerY, deltaX: vertical ? 0 : delta, deltaY: vertical ? delta : 0, origin: 'viewport' }] }] },
    `Scrolling ${what}`,
  );
  // Smooth scrolling takes a while: wait in the page until the position holds still, within the budget.
  const budget = options.budgetMs ?? 1500;
  const args = [{ x: before.x, y: before.y, since: before.since }, { x: vertical ? 0 : sign, y: vertical ? sign : 0 }, budget] as const;
  const rest = await (uid === null ? access.engine.call(frame, 'scrollRest', [null, ...args], 'Waiting for the scroll to end') : access.snapshots.callOnUid(uid, 'scrollRest', [...args], 'Waiting for the scroll to end'));
  if (!rest) throw new InvalidArgumentError(`uid ${uid ?? ''} is no longer on the page; take a new snapshot.`);
  const last = rest.state;
  const moved = { x: last.x - before.x, y: last.y - before.y };
  const atEnd = vertical ? (sign < 0 ? last.y <= 0 : last.y >= last.maxY - 1) : sign < 0 ? last.x <= 0 : last.x >= last.maxX - 1;
  return { action: `Scrolled ${what} ${options.direction} by ${Math.abs(vertical ? moved.y : moved.x)} px (asked ${Math.abs(delta)} px)`, moved, atEnd, incomplete: !rest.rested };
}
