/**
 * How a picture's secret search reads text as it is drawn: invisible characters left out, case
 * folded, forms found backwards too, shapes without regard to case, and each drawn character
 * traced back to the piece and offset it came from.
 */
import { describe, expect, it } from 'vitest';
import { drawn, DrawnText, mayHoldForm, runs, shows, wantedOf } from '../../src/firefox/engine/in-page/drawn-text.js';
import { CREDENTIAL_SHAPES } from '../../src/firefox/policy/secrets.js';

const KEY = 'k-live-98765-zebra';
const wanted = wantedOf([KEY, 'QX-FJORD-4471', ''], CREDENTIAL_SHAPES);

describe('drawn text', () => {
  it('leaves out what draws nothing and folds case', () => {
    expect(drawn('k-live-98\u00ad765-\u200bzebra')).toBe(KEY);
    expect(drawn('Stra\u00dfe')).toBe('strasse');
    expect(shows('k-live-\u206098765-zebra', wanted)).toBe(true);
    expect(shows('qx-fjord-4471', wanted)).toBe(true);
    expect(shows('k-live-98765-zebr', wanted)).toBe(false);
  });

  it('finds a form written backwards, and a credential shape in any case', () => {
    expect(shows('arbez-56789-evil-k', wanted)).toBe(true);
    expect(shows('token AKIAABCDEFGHIJKLMNOP here', wanted)).toBe(true);
    expect(shows('token akiaabcdefghijklmnop here', wanted)).toBe(true);
    expect(shows('nothing secret here', wanted)).toBe(false);
    // A shape drawn backwards is looked for only where text may be drawn so.
    const reversed = drawn('PONMLKJIHGFEDCBAAIKA');
    expect(runs(reversed, wanted)).toEqual([]);
    expect(runs(reversed, wanted, true)).toEqual([[0, 20]]);
  });

  it('tells whether text holds every character of some form', () => {
    expect(mayHoldForm(drawn('-zebrak-live-98765'), wanted)).toBe(true);
    expect(mayHoldForm(drawn('zebra live'), wanted)).toBe(false);
  });

  it('traces a run back to the pieces and offsets it was drawn from', () => {
    const text = new DrawnText();
    text.add('Your key: k-live-', 0);
    text.add('98\u00ad765', 1);
    text.add('-ZEBRA!', 2);
    const [[start, end]] = runs(text.text, wanted) as [[number, number]];
    expect(text.sources(start, end)).toEqual([
      [0, 10, 17],
      [1, 0, 6],
      [2, 0, 6],
    ]);
  });

  it('traces a piece drawn backwards', () => {
    const text = new DrawnText();
    text.add('k-live-', 0);
    text.add('arbez-56789', 1, true);
    const [[start, end]] = runs(text.text, wanted) as [[number, number]];
    expect(text.text).toBe(KEY);
    expect(text.sources(start, end)).toEqual([
      [0, 0, 7],
      [1, 0, 11],
    ]);
  });
});
