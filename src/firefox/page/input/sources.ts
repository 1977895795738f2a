/**
 * The input sources every action sends through input.performActions: one mouse and one keyboard, with the same ids each
 * time.
 */
import type { Input } from 'webdriver-bidi-protocol';
import { InvalidArgumentError } from '../../errors.js';
import { quote } from '../../util/text.js';
import type { DoneOf, MouseButton } from './done.js';
import type { Approver } from '../approval.js';

export type Modifier = 'Control' | 'Shift' | 'Alt' | 'Meta';

export interface ClickOptions {
  dblClick?: boolean;
  button?: MouseButton;
  modifiers?: Modifier[];
  /** Asked once the target is found and before the click: it throws to refuse, and nothing is clicked. */
  approve?: Approver;
}

/** Options of a key press: the approver asked before a key that may activate or submit what has focus. */
export interface KeyOptions {
  approve?: Approver;
}

const BUTTONS: Record<MouseButton, number> = { left: 0, middle: 1, right: 2 };

/** WebDriver's number for a mouse button; an InvalidArgumentError for any other name. */
export function buttonNumber(button: MouseButton): number {
  if (!Object.hasOwn(BUTTONS, button))
    throw new InvalidArgumentError(`button must be left, middle or right, got ${quote(button)}.`);
  return BUTTONS[button];
}

/** Pointer actions as the one mouse input source. */
export function pointerSource(actions: Input.PointerSourceAction[]): Input.PointerSourceActions {
  return { type: 'pointer', id: 'firefox-bidi-mcp-mouse', parameters: { pointerType: 'mouse' }, actions };
}

/** Key presses (and pauses) as the one keyboard input source. */
export function keySource(actions: Input.KeySourceAction[]): Input.KeySourceActions {
  return { type: 'key', id: 'firefox-bidi-mcp-keyboard', actions };
}

/** Pointer actions framed by modifier key presses, tick for tick. */
export function withModifiers(pointer: Input.PointerSourceAction[], modifiers: string[]): Input.SourceActions[] {
  if (modifiers.length === 0) return [pointerSource(pointer)];
  const pause = { type: 'pause' } as const;
  const keys: Input.KeySourceAction[] = [
    ...modifiers.map((value) => ({ type: 'keyDown', value }) as const),
    ...pointer.map(() => pause),
    ...modifiers.map((value) => ({ type: 'keyUp', value }) as const),
  ];
  const framed: Input.PointerSourceAction[] = [
    ...modifiers.map(() => pause),
    ...pointer,
    ...modifiers.map(() => pause),
  ];
  return [keySource(keys), pointerSource(framed)];
}

export type PersonInput =
  | { type: 'click'; x: number; y: number; button?: MouseButton }
  | { type: 'wheel'; x: number; y: number; deltaX: number; deltaY: number }
  /** A key or a combination, as pressKey takes it. */
  | { type: 'key'; key: string }
  /** Text typed into whatever has the focus. */
  | { type: 'text'; text: string };

/** Longest wheel turn one event may carry, in CSS pixels: a view cannot scroll a page by miles at once. */
const MAX_WHEEL = 5000;

const whole = (value: number, what: string, min: number, max: number): number => {
  if (!Number.isFinite(value) || value < min || value > max)
    throw new InvalidArgumentError(`${what} must be a number from ${min} to ${max}, got ${String(value)}.`);
  return Math.round(value);
};

/** What a click or wheel turn does, as data for its answer, and its input sources. */
export function personSources(input: Extract<PersonInput, { type: 'click' | 'wheel' }>): {
  done: DoneOf<'personClick' | 'personWheel'>;
  sources: Input.SourceActions[];
} {
  const [x, y] = [whole(input.x, 'x', 0, 100_000), whole(input.y, 'y', 0, 100_000)];
  if (input.type === 'wheel') {
    const [deltaX, deltaY] = [
      whole(input.deltaX, 'deltaX', -MAX_WHEEL, MAX_WHEEL),
      whole(input.deltaY, 'deltaY', -MAX_WHEEL, MAX_WHEEL),
    ];
    return {
      done: { kind: 'personWheel', x, y, deltaX, deltaY },
      sources: [
        {
          type: 'wheel',
          id: 'firefox-bidi-mcp-wheel',
          actions: [{ type: 'scroll', x, y, deltaX, deltaY, origin: 'viewport' }],
        },
      ],
    };
  }
  const pressed = buttonNumber(input.button ?? 'left');
  return {
    done: { kind: 'personClick', x, y },
    sources: [
      pointerSource([
        { type: 'pointerMove', x, y, origin: 'viewport' },
        { type: 'pointerDown', button: pressed },
        { type: 'pointerUp', button: pressed },
      ]),
    ],
  };
}
