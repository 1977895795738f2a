/** The input sources every action sends through input.performActions: one mouse and one keyboard, with the same ids each time. */
import type { Input } from 'webdriver-bidi-protocol';
import { InvalidArgumentError } from '../../errors.js';
import { quote } from '../../util/text.js';

export type MouseButton = 'left' | 'middle' | 'right';
export type Modifier = 'Control' | 'Shift' | 'Alt' | 'Meta';

export interface ClickOptions {
  dblClick?: boolean;
  button?: MouseButton;
  modifiers?: Modifier[];
}

const BUTTONS: Record<MouseButton, number> = { left: 0, middle: 1, right: 2 };

/** WebDriver's number for a mouse button; an InvalidArgumentError for any other name. */
export function buttonNumber(button: MouseButton): number {
  if (!Object.hasOwn(BUTTONS, button)) throw new InvalidArgumentError(`button must be left, middle or right, got ${quote(button)}.`);
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
  const framed: Input.PointerSourceAction[] = [...modifiers.map(() => pause), ...pointer, ...modifiers.map(() => pause)];
  return [keySource(keys), pointerSource(framed)];
}
