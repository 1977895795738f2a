import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../src/firefox/errors.js';
import { DEFAULT_MAX_CHARS, formatCount, pageOfText, type TextPage } from '../../src/firefox/util/text-page.js';
import { continuationNote } from '../../src/mcp/answer-frame.js';

/** Every page of `text`, following nextOffset from the start. */
function allPages(text: string, maxChars: number): TextPage[] {
  const pages: TextPage[] = [];
  let offset: number | null = 0;
  while (offset !== null) {
    const page = pageOfText(text, { offset, maxChars });
    pages.push(page);
    offset = page.nextOffset;
  }
  return pages;
}

describe('formatCount', () => {
  it('groups thousands with commas', () => {
    expect([0, 12, 999, 1000, 12345, 1234567].map(formatCount)).toEqual([
      '0',
      '12',
      '999',
      '1,000',
      '12,345',
      '1,234,567',
    ]);
  });
});

describe('pageOfText', () => {
  it('returns a text that fits whole, with nothing more to get', () => {
    expect(pageOfText('a\nb', { maxChars: 10 })).toEqual({
      text: 'a\nb',
      totalChars: 3,
      offset: 0,
      hasMore: false,
      nextOffset: null,
      truncated: false,
      midLine: false,
    });
    expect(pageOfText('abc', { maxChars: 3 })).toMatchObject({ text: 'abc', hasMore: false, truncated: false });
    expect(pageOfText('', {})).toEqual({
      text: '',
      totalChars: 0,
      offset: 0,
      hasMore: false,
      nextOffset: null,
      truncated: false,
      midLine: false,
    });
  });

  it('holds DEFAULT_MAX_CHARS characters unless told otherwise', () => {
    expect(DEFAULT_MAX_CHARS).toBe(40_000);
    const text = 'x'.repeat(DEFAULT_MAX_CHARS + 5);
    expect(pageOfText(text, {})).toMatchObject({ hasMore: true, nextOffset: DEFAULT_MAX_CHARS });
    expect(pageOfText(text.slice(0, DEFAULT_MAX_CHARS), {}).hasMore).toBe(false);
  });

  it('ends a page just after the last line break in the window, keeping the break', () => {
    const text = `${'a'.repeat(19_999)}\n${'b'.repeat(12_345)}`;
    expect(pageOfText(text, { maxChars: 20_000 })).toEqual({
      text: `${'a'.repeat(19_999)}\n`,
      totalChars: 32_345,
      offset: 0,
      hasMore: true,
      nextOffset: 20_000,
      truncated: true,
      midLine: false,
    });
    expect(pageOfText(text, { offset: 20_000, maxChars: 20_000 })).toEqual({
      text: 'b'.repeat(12_345),
      totalChars: 32_345,
      offset: 20_000,
      hasMore: false,
      nextOffset: null,
      truncated: true,
      midLine: false,
    });
    // The last break wins however early it is in the window.
    expect(pageOfText(`ab\n${'c'.repeat(50)}`, { maxChars: 10 })).toMatchObject({
      text: 'ab\n',
      nextOffset: 3,
      midLine: false,
    });
  });

  it('cuts mid-line at maxChars only when no line break is in the window, and says so', () => {
    const text = `${'x'.repeat(250)}\nshort`;
    expect(pageOfText(text, { maxChars: 100 })).toMatchObject({
      text: 'x'.repeat(100),
      hasMore: true,
      nextOffset: 100,
      truncated: true,
      midLine: true,
    });
    expect(pageOfText(text, { offset: 100, maxChars: 100 })).toMatchObject({
      text: 'x'.repeat(100),
      nextOffset: 200,
      midLine: true,
    });
    expect(pageOfText(text, { offset: 200, maxChars: 100 })).toMatchObject({
      text: `${'x'.repeat(50)}\nshort`,
      hasMore: false,
      midLine: false,
    });
    // A cut right before a line break ends a whole line: not mid-line.
    expect(pageOfText('abc\ndef', { maxChars: 3 })).toMatchObject({ text: 'abc', nextOffset: 3, midLine: false });
  });

  it('never splits a surrogate pair: the cut moves back one', () => {
    const text = `${'a'.repeat(9)}😀${'b'.repeat(20)}`;
    expect(pageOfText(text, { maxChars: 10 })).toMatchObject({ text: 'a'.repeat(9), nextOffset: 9, midLine: true });
    expect(pageOfText(text, { offset: 9, maxChars: 10 }).text).toBe(`😀${'b'.repeat(8)}`);
    // With room for one code unit only, splitting is the only way forward.
    expect(pageOfText('😀😀', { maxChars: 1 })).toMatchObject({ text: '\ud83d', nextOffset: 1 });
  });

  it('gives the whole text back, byte for byte, when its pages are joined', () => {
    const text = Array.from(
      { length: 400 },
      (_, i) => `${'  '.repeat(i % 4)}uid=1_${i} listitem: ${'x'.repeat(i % 37)}`,
    ).join('\n');
    const pages = allPages(text, 500);
    expect(pages.length).toBeGreaterThan(text.length / 500);
    for (const page of pages) {
      expect(page.text.length).toBeLessThanOrEqual(500);
      expect(page.totalChars).toBe(text.length);
      if (page.hasMore) expect(page.text.endsWith('\n')).toBe(true);
    }
    expect(pages.map((page) => page.text).join('')).toBe(text);
  });

  it('pages any text, of any width, back together exactly', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', '\n', '😀', '\ud83d', 'é'), maxLength: 200 }),
        fc.integer({ min: 1, max: 40 }),
        (text, maxChars) => {
          const pages = allPages(text, maxChars);
          expect(pages.map((page) => page.text).join('')).toBe(text);
          for (const page of pages) expect(page.text.length).toBeLessThanOrEqual(maxChars);
        },
      ),
    );
  });

  it('accepts an offset at the end, giving an empty last page', () => {
    expect(pageOfText('hello', { offset: 5, maxChars: 10 })).toEqual({
      text: '',
      totalChars: 5,
      offset: 5,
      hasMore: false,
      nextOffset: null,
      truncated: true,
      midLine: false,
    });
    expect(pageOfText('', { offset: 0 })).toMatchObject({ text: '', hasMore: false, truncated: false });
  });

  it('rejects an offset past the end, saying how long the text is and what to use', () => {
    expect(() => pageOfText('hello', { offset: 6, maxChars: 10 })).toThrow(InvalidArgumentError);
    expect(() => pageOfText('x'.repeat(12_345), { offset: 20_000, maxChars: 10 })).toThrow(
      'offset=20000 is beyond the end of the text, which has 12,345 characters; use an offset from 0 to 12345 (or omit it to start at the beginning).',
    );
  });

  it('rejects an offset or maxChars that is not a whole number in range', () => {
    expect(() => pageOfText('hello', { offset: -1 })).toThrow('offset must be an integer of at least 0; got -1.');
    expect(() => pageOfText('hello', { offset: 1.5 })).toThrow(InvalidArgumentError);
    expect(() => pageOfText('hello', { maxChars: 0 })).toThrow('maxChars must be an integer of at least 1; got 0.');
    expect(() => pageOfText('hello', { maxChars: Number.NaN })).toThrow(InvalidArgumentError);
    expect(() => pageOfText('hello', { maxChars: Number.POSITIVE_INFINITY })).toThrow(/maxChars must be an integer/);
  });
});

describe('continuationNote', () => {
  it('says how much follows, whether the page ends mid-line, and which offset to ask for', () => {
    expect(continuationNote(pageOfText(`${'a'.repeat(9)}\n${'b'.repeat(1234)}`, { maxChars: 10 }))).toBe(
      '… 1,234 more characters; call again with offset=10',
    );
    expect(continuationNote(pageOfText('x'.repeat(11), { maxChars: 10 }))).toBe(
      '… 1 more character (this page ends mid-line); call again with offset=10',
    );
  });

  it('is undefined for a last page', () => {
    expect(continuationNote(pageOfText('short', {}))).toBeUndefined();
    expect(continuationNote(pageOfText('abc', { offset: 3 }))).toBeUndefined();
  });
});
