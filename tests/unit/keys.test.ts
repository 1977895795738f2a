import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../src/index.js';
import {
  comboActions,
  graphemes,
  keyValue,
  MAX_TYPED_CHARS,
  parseKeyCombo,
  typingActions,
} from '../../src/firefox/page/input/keys.js';

describe('keys', () => {
  it('maps named keys and aliases to WebDriver code points, any case', () => {
    expect(keyValue('Enter')).toBe('\uE007');
    expect(keyValue('enter')).toBe('\uE007');
    expect(keyValue('Ctrl')).toBe('\uE009');
    expect(keyValue('ArrowDown')).toBe('\uE015');
    expect(keyValue('F5')).toBe('\uE035');
    expect(keyValue('Space')).toBe(' ');
    expect(keyValue('a')).toBe('a');
    expect(keyValue('👍🏽')).toBe('👍🏽');
  });

  it('refuses unknown key names and says what is accepted', () => {
    expect(() => keyValue('Hyper')).toThrow(InvalidArgumentError);
    expect(() => keyValue('Hyper')).toThrow(/Unknown key "Hyper".*Enter.*Control\+Shift\+R/);
  });

  it('parses combinations, including the plus key itself', () => {
    expect(parseKeyCombo('Control+Shift+R')).toEqual({ modifiers: ['\uE009', '\uE008'], key: 'R' });
    expect(parseKeyCombo('Control++')).toEqual({ modifiers: ['\uE009'], key: '+' });
    expect(parseKeyCombo('+')).toEqual({ modifiers: [], key: '+' });
    expect(() => parseKeyCombo('A+B')).toThrow('"A" in "A+B" is not a modifier');
    expect(() => parseKeyCombo('Control+')).toThrow('is not a key combination');
    expect(() => parseKeyCombo('')).toThrow('needs a key');
  });

  it('presses modifiers, then the key, and releases in reverse order', () => {
    expect(comboActions('Control+Shift+K')).toEqual([
      { type: 'keyDown', value: '\uE009' },
      { type: 'keyDown', value: '\uE008' },
      { type: 'keyDown', value: 'K' },
      { type: 'keyUp', value: 'K' },
      { type: 'keyUp', value: '\uE008' },
      { type: 'keyUp', value: '\uE009' },
    ]);
  });

  it('types one grapheme at a time, newlines as Enter', () => {
    expect(typingActions('a👍🏽\n').map((action) => action.value)).toEqual(['a', 'a', '👍🏽', '👍🏽', '\uE007', '\uE007']);
  });

  it('splits text into graphemes slice by slice, keeping clusters whole across slice edges', () => {
    const family = '👨‍👩‍👧‍👦';
    const flag = '🇫🇷';
    for (const pad of [509, 510, 511, 512, 513]) {
      const text = `${'a'.repeat(pad)}${family}${flag}e\u0301${'b'.repeat(600)}`;
      const expected = Array.from(
        new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text),
        ({ segment }) => segment,
      );
      expect(graphemes(text)).toEqual(expected);
    }
    // Linear: a million characters in one go (the old whole-string split took minutes).
    expect(graphemes('ab'.repeat(500_000))).toHaveLength(1_000_000);
  });

  it('refuses text over the typing limit and key names too long to be keys, quoting only a prefix', () => {
    expect(() => typingActions('x'.repeat(MAX_TYPED_CHARS + 1))).toThrow(/over the 5000 one call types/);
    expect(typingActions('x'.repeat(MAX_TYPED_CHARS))).toHaveLength(MAX_TYPED_CHARS * 2);
    const long = 'A'.repeat(150_000);
    expect(() => keyValue(long)).toThrow(/not a key name/);
    expect(() => comboActions(long)).toThrow(/too long for a key combination/);
    try {
      comboActions(long);
    } catch (error) {
      expect((error as Error).message.length).toBeLessThan(300);
    }
  });
});
