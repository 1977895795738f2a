import { InvalidArgumentError } from '../errors.js';

/** WebDriver's code points for keys that are not characters (W3C WebDriver, "keyboard actions"). */
const NAMED_KEYS: Record<string, string> = {
  Cancel: '\uE001', Help: '\uE002', Backspace: '\uE003', Tab: '\uE004', Clear: '\uE005', Return: '\uE006', Enter: '\uE007',
  Shift: '\uE008', Control: '\uE009', Alt: '\uE00A', Pause: '\uE00B', Escape: '\uE00C', Space: ' ', PageUp: '\uE00E',
  PageDown: '\uE00F', End: '\uE010', Home: '\uE011', ArrowLeft: '\uE012', ArrowUp: '\uE013', ArrowRight: '\uE014',
  ArrowDown: '\uE015', Insert: '\uE016', Delete: '\uE017', F1: '\uE031', F2: '\uE032', F3: '\uE033', F4: '\uE034',
  F5: '\uE035', F6: '\uE036', F7: '\uE037', F8: '\uE038', F9: '\uE039', F10: '\uE03A', F11: '\uE03B', F12: '\uE03C',
  Meta: '\uE03D', ContextMenu: '\uE03E',
};

const ALIASES: Record<string, string> = {
  ctrl: 'Control', control: 'Control', cmd: 'Meta', command: 'Meta', meta: 'Meta', super: 'Meta', win: 'Meta', option: 'Alt',
  alt: 'Alt', shift: 'Shift', esc: 'Escape', escape: 'Escape', del: 'Delete', delete: 'Delete', ins: 'Insert', return: 'Enter',
  enter: 'Enter', up: 'ArrowUp', down: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight', pgup: 'PageUp', pgdn: 'PageDown',
  space: 'Space', spacebar: 'Space', tab: 'Tab', backspace: 'Backspace', home: 'Home', end: 'End',
};

export const MODIFIERS = new Set(['Control', 'Shift', 'Alt', 'Meta']);

/** The WebDriver value of one key: a named key (any case, common aliases), or a single character. */
export function keyValue(name: string): string {
  const canonical = NAMED_KEYS[name] !== undefined ? name : ALIASES[name.toLowerCase()] ?? Object.keys(NAMED_KEYS).find((key) => key.toLowerCase() === name.toLowerCase());
  if (canonical !== undefined) return NAMED_KEYS[canonical] ?? name;
  if (graphemes(name).length === 1) return name;
  throw new InvalidArgumentError(
    `Unknown key "${name}". Use a single character or one of: ${Object.keys(NAMED_KEYS).join(', ')} (combine with +, as in Control+Shift+R).`,
  );
}

/** Splits `Control+Shift+R` into modifiers and the key (a trailing `+` is the plus key itself). */
export function parseKeyCombo(combo: string): { modifiers: string[]; key: string } {
  if (combo === '') throw new InvalidArgumentError('press_key needs a key, such as Enter or Control+A.');
  const parts = combo === '+' ? ['+'] : combo.endsWith('++') ? [...combo.slice(0, -2).split('+'), '+'] : combo.split('+');
  if (parts.some((part) => part === '')) throw new InvalidArgumentError(`"${combo}" is not a key combination; write it like Control+Shift+R.`);
  const key = parts.pop() ?? '';
  const modifiers = parts.map((part) => {
    const value = keyValue(part);
    const name = Object.keys(NAMED_KEYS).find((candidate) => NAMED_KEYS[candidate] === value);
    if (!name || !MODIFIERS.has(name)) throw new InvalidArgumentError(`"${part}" in "${combo}" is not a modifier; modifiers are Control, Shift, Alt and Meta.`);
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

/** What a person would call the characters of `text` (an emoji with modifiers is one). */
function graphemes(text: string): string[] {
  return Array.from(segmenter.segment(text), ({ segment }) => segment);
}

/** Key actions that type `text`, one grapheme at a time. */
export function typingActions(text: string): KeyAction[] {
  const actions: KeyAction[] = [];
  for (const segment of graphemes(text)) {
    const value = segment === '\n' ? NAMED_KEYS.Enter ?? '\n' : segment === '\t' ? NAMED_KEYS.Tab ?? '\t' : segment;
    actions.push({ type: 'keyDown', value }, { type: 'keyUp', value });
  }
  return actions;
}
