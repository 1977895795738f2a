import { InvalidArgumentError } from '../../errors.js';
import { quote } from '../../util/text.js';

/** WebDriver's code points for keys that are not characters (W3C WebDriver, "keyboard actions"). */
const NAMED_KEYS: Record<string, string> = {
  Cancel: '\uE001',
  Help: '\uE002',
  Backspace: '\uE003',
  Tab: '\uE004',
  Clear: '\uE005',
  Return: '\uE006',
  Enter: '\uE007',
  Shift: '\uE008',
  Control: '\uE009',
  Alt: '\uE00A',
  Pause: '\uE00B',
  Escape: '\uE00C',
  Space: ' ',
  PageUp: '\uE00E',
  PageDown: '\uE00F',
  End: '\uE010',
  Home: '\uE011',
  ArrowLeft: '\uE012',
  ArrowUp: '\uE013',
  ArrowRight: '\uE014',
  ArrowDown: '\uE015',
  Insert: '\uE016',
  Delete: '\uE017',
  F1: '\uE031',
  F2: '\uE032',
  F3: '\uE033',
  F4: '\uE034',
  F5: '\uE035',
  F6: '\uE036',
  F7: '\uE037',
  F8: '\uE038',
  F9: '\uE039',
  F10: '\uE03A',
  F11: '\uE03B',
  F12: '\uE03C',
  Meta: '\uE03D',
  ContextMenu: '\uE03E',
};

const ALIASES: Record<string, string> = {
  ctrl: 'Control',
  control: 'Control',
  cmd: 'Meta',
  command: 'Meta',
  meta: 'Meta',
  super: 'Meta',
  win: 'Meta',
  option: 'Alt',
  alt: 'Alt',
  shift: 'Shift',
  esc: 'Escape',
  escape: 'Escape',
  del: 'Delete',
  delete: 'Delete',
  ins: 'Insert',
  return: 'Enter',
  enter: 'Enter',
  up: 'ArrowUp',
  down: 'ArrowDown',
  left: 'ArrowLeft',
  right: 'ArrowRight',
  pgup: 'PageUp',
  pgdn: 'PageDown',
  space: 'Space',
  spacebar: 'Space',
  tab: 'Tab',
  backspace: 'Backspace',
  home: 'Home',
  end: 'End',
};

export const MODIFIERS = new Set(['Control', 'Shift', 'Alt', 'Meta']);

/** The WebDriver value of one key: a named key (any case, common aliases), or a single character. */
export function keyValue(name: string): string {
  if (name.length > 32)
    throw new InvalidArgumentError(
      `${quote(name, 32)} is not a key name; use a single character or a named key such as Enter, Tab or ArrowDown.`,
    );
  const canonical =
    NAMED_KEYS[name] !== undefined
      ? name
      : (ALIASES[name.toLowerCase()] ??
        Object.keys(NAMED_KEYS).find((key) => key.toLowerCase() === name.toLowerCase()));
  if (canonical !== undefined) return NAMED_KEYS[canonical] ?? name;
  if (graphemes(name).length === 1) return name;
  throw new InvalidArgumentError(
    `Unknown key ${quote(name)}. Use a single character or one of: ${Object.keys(NAMED_KEYS).join(', ')} (combine with +, as in Control+Shift+R).`,
  );
}

/**
 * The most characters one call types: each is a real key press (about 3 ms each in Firefox), so this fits the 30 s a
 * call may type.
 */
export const MAX_TYPED_CHARS = 5_000;

/** Splits `Control+Shift+R` into modifiers and the key (a trailing `+` is the plus key itself). */
export function parseKeyCombo(combo: string): { modifiers: string[]; key: string } {
  if (combo === '') throw new InvalidArgumentError('pressKey() needs a key, such as Enter or Control+A.');
  if (combo.length > 200)
    throw new InvalidArgumentError(
      `${quote(combo, 40)} is too long for a key combination; write it like Control+Shift+R, or type text with typeText().`,
    );
  const parts =
    combo === '+' ? ['+'] : combo.endsWith('++') ? [...combo.slice(0, -2).split('+'), '+'] : combo.split('+');
  if (parts.some((part) => part === ''))
    throw new InvalidArgumentError(`${quote(combo)} is not a key combination; write it like Control+Shift+R.`);
  const key = parts.pop() ?? '';
  const modifiers = parts.map((part) => {
    const value = keyValue(part);
    const name = Object.keys(NAMED_KEYS).find((candidate) => NAMED_KEYS[candidate] === value);
    if (!name || !MODIFIERS.has(name))
      throw new InvalidArgumentError(
        `${quote(part)} in ${quote(combo)} is not a modifier; modifiers are Control, Shift, Alt and Meta.`,
      );
    return value;
  });
  return { modifiers, key: keyValue(key) };
}

export type KeyAction = { type: 'keyDown' | 'keyUp'; value: string };

/** Key actions that press every modifier, then the key, then release them in reverse. */
export function comboActions(combo: string): KeyAction[] {
  const { modifiers, key } = parseKeyCombo(combo);
  return [
    ...modifiers.map((value): KeyAction => ({ type: 'keyDown', value })),
    { type: 'keyDown', value: key },
    { type: 'keyUp', value: key },
    ...modifiers.reverse().map((value): KeyAction => ({ type: 'keyUp', value })),
  ];
}

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
/**
 * Segmenting one long string costs quadratic time in V8 (80k characters: 2.5 s), so text goes in slices of this many
 * code units.
 */
const SEGMENT_SLICE = 512;

/**
 * What a person would call the characters of `text` (an emoji with modifiers is one), in linear
 * time: each slice's last grapheme may continue in the next slice, so it is segmented again there.
 */
export function graphemes(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  while (start < text.length) {
    const end = start + SEGMENT_SLICE;
    const pieces = Array.from(segmenter.segment(text.slice(start, end)), ({ segment }) => segment);
    if (end < text.length && pieces.length > 1) pieces.pop();
    for (const piece of pieces) out.push(piece);
    start += pieces.reduce((length, piece) => length + piece.length, 0);
  }
  return out;
}

/** Key actions that type `text`, one grapheme at a time. */
export function typingActions(text: string): KeyAction[] {
  if (text.length > MAX_TYPED_CHARS) {
    throw new InvalidArgumentError(
      `The text has ${text.length} characters, over the ${MAX_TYPED_CHARS} one call types (each is a real key press). Type it in parts: fill or typeText() the first part, then typeText() the rest (it goes on at the cursor).`,
    );
  }
  const actions: KeyAction[] = [];
  for (const segment of graphemes(text)) {
    const value = segment === '\n' ? (NAMED_KEYS.Enter ?? '\n') : segment === '\t' ? (NAMED_KEYS.Tab ?? '\t') : segment;
    actions.push({ type: 'keyDown', value }, { type: 'keyUp', value });
  }
  return actions;
}
