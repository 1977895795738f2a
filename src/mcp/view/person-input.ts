/**
 * What a person does on the live view's picture, to be sent to the page as real input: a click or a
 * wheel turn at the same place (picture pixels mapped to the page's CSS pixels), a key, or text
 * typed into whatever has the focus. Bodies are small JSON objects, checked field by field.
 */
import type { PersonInput } from '../../firefox/index.js';
import { InvalidArgumentError } from '../../firefox/index.js';

/** What the view sends. */
export type ViewInput =
  | { type: 'click'; x: number; y: number }
  | { type: 'wheel'; x: number; y: number; deltaX: number; deltaY: number }
  | { type: 'key'; key: string }
  | { type: 'text'; text: string }
  | { type: 'release' }
  /** The person finished what the agent asked for (request_human). */
  | { type: 'done' }
  /** The person's answer to an action that waits for approval (--require-approval). */
  | { type: 'approve' }
  | { type: 'refuse' };

/** Longest text one event may carry: a person types, a view does not paste books. */
const MAX_TEXT = 1000;
/** A key name or combination, as pressKey takes it (Enter, Control+a, Shift+Tab). */
const KEY = /^(?:(?:Control|Shift|Alt|Meta)\+)*[\w!-~]{1,20}$/;

const number = (body: Record<string, unknown>, name: string): number => {
  const value = body[name];
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new InvalidArgumentError(`${name} must be a number.`);
  return value;
};

/** The view's JSON body as input, or an InvalidArgumentError saying what is wrong. */
export function parseViewInput(json: string): ViewInput {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(json) as Record<string, unknown>;
  } catch {
    throw new InvalidArgumentError('The body is not JSON.');
  }
  switch (body.type) {
    case 'click':
      return { type: 'click', x: number(body, 'x'), y: number(body, 'y') };
    case 'wheel':
      return {
        type: 'wheel',
        x: number(body, 'x'),
        y: number(body, 'y'),
        deltaX: number(body, 'deltaX'),
        deltaY: number(body, 'deltaY'),
      };
    case 'key':
      if (typeof body.key !== 'string' || !KEY.test(body.key))
        throw new InvalidArgumentError('key must be a key name or combination, such as Enter or Control+a.');
      return { type: 'key', key: body.key };
    case 'text':
      if (typeof body.text !== 'string' || body.text === '' || body.text.length > MAX_TEXT)
        throw new InvalidArgumentError(`text must be 1 to ${MAX_TEXT} characters.`);
      return { type: 'text', text: body.text };
    case 'release':
    case 'done':
    case 'approve':
    case 'refuse':
      return { type: body.type };
    default:
      throw new InvalidArgumentError('type must be click, wheel, key, text, release, done, approve or refuse.');
  }
}

/** A person's input as the page takes it: the picture's pixels (`scale` to a CSS pixel) made CSS pixels. */
export function toPage(
  input: Exclude<ViewInput, { type: 'release' | 'done' | 'approve' | 'refuse' }>,
  scale: number,
): PersonInput {
  switch (input.type) {
    case 'click':
      return { type: 'click', x: input.x / scale, y: input.y / scale };
    case 'wheel':
      return { ...input, x: input.x / scale, y: input.y / scale };
    default:
      // As the agent's text: a <secret>NAME</secret> in it types the secret, which the person's link may do as its
      // agent may.
      return input;
  }
}
