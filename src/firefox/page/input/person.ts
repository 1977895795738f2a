/**
 * A person's hand on the page, from the live view: a click or a wheel turn at a point of the
 * viewport (CSS pixels, from its top left), turned into the input sources BiDi performs there.
 * Keys go through pressKey and typeText, as the agent's do.
 */
import type { Input } from 'webdriver-bidi-protocol';
import { InvalidArgumentError } from '../../errors.js';
import { buttonNumber, pointerSource, type MouseButton } from './sources.js';

export type PersonInput = { type: 'click'; x: number; y: number; button?: MouseButton } | { type: 'wheel'; x: number; y: number; deltaX: number; deltaY: number };

/** Longest wheel turn one event may carry, in CSS pixels: a view cannot scroll a page by miles at once. */
const MAX_WHEEL = 5000;

const whole = (value: number, what: string, min: number, max: number): number => {
  if (!Number.isFinite(value) || value < min || value > max) throw new InvalidArgumentError(`${what} must be a number from ${min} to ${max}, got ${String(value)}.`);
  return Math.round(value);
};

/** What the input does, said as an answer line, and its input sources. */
export function personSources(input: PersonInput): { what: string; sources: Input.SourceActions[] } {
  const [x, y] = [whole(input.x, 'x', 0, 100_000), whole(input.y, 'y', 0, 100_000)];
  if (input.type === 'wheel') {
    const [deltaX, deltaY] = [whole(input.deltaX, 'deltaX', -MAX_WHEEL, MAX_WHEEL), whole(input.deltaY, 'deltaY', -MAX_WHEEL, MAX_WHEEL)];
    return { what: `A person turned the wheel by ${deltaX}, ${deltaY} at ${x}, ${y}`, sources: [{ type: 'wheel', id: 'firefox-bidi-mcp-wheel', actions: [{ type: 'scroll', x, y, deltaX, deltaY, origin: 'viewport' }] }] };
  }
  const pressed = buttonNumber(input.button ?? 'left');
  return {
    what: `A person clicked at ${x}, ${y}`,
    sources: [pointerSource([{ type: 'pointerMove', x, y, origin: 'viewport' }, { type: 'pointerDown', button: pressed }, { type: 'pointerUp', button: pressed }])],
  };
}
