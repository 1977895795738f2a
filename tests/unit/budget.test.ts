import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../src/firefox/errors.js';
import { findInSnapshot, formatCount, formatFindResult, pageOfText, type TextPage } from '../../src/firefox/snapshot/budget.js';
import type { SnapshotNode } from '../../src/firefox/snapshot/format.js';

const box: [number, number, number, number] = [0, 0, 10, 10];

/** The page's own text, without the trailing note. */
function body(page: TextPage): string {
  return page.hasMore ? page.text.slice(0, page.text.lastIndexOf('\n')) : page.text;
}

describe('formatCount', () => {
  it('groups thousands with commas', () => {
    expect([0, 12, 999, 1000, 12345, 1234567].map(formatCount)).toEqual(['0', '12', '999', '1,000', '12,345', '1,234,567']);
  });
});

describe('pageOfText', () => {
  it('returns a text that fits whole, with nothing more to get', () => {
    expect(pageOfText('a\nb', { maxChars: 10 })).toEqual({ text: 'a\nb', totalChars: 3, offset: 0, hasMore: false, nextOffset: null, truncated: false });
    expect(pageOfText('abc', { maxChars: 3 })).toMatchObject({ text: 'abc', hasMore: false });
    expect(pageOfText('', { maxChars: 5 })).toEqual({ text: '', totalChars: 0, offset: 0, hasMore: false, nextOffset: null, truncated: false });
  });

  it('cuts at the last line boundary in the window and says how to get the rest', () => {
    const text = `${'a'.repeat(19_999)}\n${'b'.repeat(12_345)}`;
    const page = pageOfText(text, { maxChars: 20_000 });
    expect(page).toMatchObject({ totalChars: 32_345, offset: 0, hasMore: true, nextOffset: 20_000, truncated: false });
    expect(page.text).toBe(`${'a'.repeat(19_999)}\n… 12,345 more characters; call again with offset=20000`);
    const rest = pageOfText(text, { offset: 20_000, maxChars: 20_000 });
    expect(rest).toEqual({ text: 'b'.repeat(12_345), totalChars: 32_345, offset: 20_000, hasMore: false, nextOffset: null, truncated: false });
  });

  it('never cuts mid-line when a line boundary is in the window', () => {
    const text = ['1_1 main', '  1_2 heading "Title"', '  1_3 paragraph: Some words here', '  1_4 button "OK"'].join('\n');
    const page = pageOfText(text, { maxChars: 50 });
    expect(body(page)).toBe('1_1 main\n  1_2 heading "Title"');
    expect(page.nextOffset).toBe(body(page).length + 1);
    expect(page.text.split('\n').at(-1)).toBe(`… ${text.length - body(page).length - 1} more characters; call again with offset=${body(page).length + 1}`);
  });

  it('pages through a whole text and puts it back together', () => {
    const lines = Array.from({ length: 500 }, (_, i) => `${'  '.repeat(i % 4)}uid=1_${i} listitem: ${'x'.repeat(i % 37)}`);
    const text = lines.join('\n');
    const pages: TextPage[] = [];
    let offset: number | null = 0;
    while (offset !== null) {
      const page = pageOfText(text, { offset, maxChars: 700 });
      expect(body(page).length).toBeLessThanOrEqual(700);
      expect(page.truncated).toBe(false);
      pages.push(page);
      offset = page.nextOffset;
    }
    expect(pages.length).toBeGreaterThan(10);
    expect(pages.map(body).join('\n')).toBe(text);
  });

  it('cuts mid-line only when a single line is longer than maxChars, and says so', () => {
    const text = `${'x'.repeat(250)}\nshort`;
    const first = pageOfText(text, { maxChars: 100 });
    expect(first).toMatchObject({ hasMore: true, nextOffset: 100, truncated: true });
    expect(first.text).toBe(`${'x'.repeat(100)}\n… 156 more characters (this page ends mid-line); call again with offset=100`);
    const second = pageOfText(text, { offset: 100, maxChars: 100 });
    expect(body(second)).toBe('x'.repeat(100));
    const third = pageOfText(text, { offset: 200, maxChars: 100 });
    expect(third).toMatchObject({ text: `${'x'.repeat(50)}\nshort`, hasMore: false, truncated: false });
  });

  it('does not split a surrogate pair', () => {
    const text = `${'a'.repeat(9)}😀${'b'.repeat(20)}`;
    const page = pageOfText(text, { maxChars: 10 });
    expect(body(page)).toBe('a'.repeat(9));
    expect(page.nextOffset).toBe(9);
    expect(body(pageOfText(text, { offset: 9, maxChars: 10 }))).toBe(`😀${'b'.repeat(8)}`);
  });

  it('makes progress past a newline at the start of the window', () => {
    const page = pageOfText(`\n${'x'.repeat(30)}`, { maxChars: 10 });
    expect(page.nextOffset).toBe(10);
    expect(body(page)).toBe(`\n${'x'.repeat(9)}`);
  });

  it('rejects an offset beyond the end, and bad numbers, with a clear message', () => {
    expect(() => pageOfText('hello', { offset: 6, maxChars: 10 })).toThrow(InvalidArgumentError);
    expect(() => pageOfText('x'.repeat(12_345), { offset: 20_000, maxChars: 10 })).toThrow(
      'offset=20000 is beyond the end of the text, which has 12,345 characters; use an offset from 0 to 12345 (or omit it to start at the beginning).',
    );
    expect(pageOfText('hello', { offset: 5, maxChars: 10 })).toMatchObject({ text: '', hasMore: false, nextOffset: null });
    expect(() => pageOfText('hello', { offset: -1, maxChars: 10 })).toThrow(/offset must be an integer of at least 0/);
    expect(() => pageOfText('hello', { maxChars: 0 })).toThrow(/maxChars must be an integer of at least 1/);
    expect(() => pageOfText('hello', { maxChars: Number.NaN })).toThrow(InvalidArgumentError);
  });
});

const tree: SnapshotNode[] = [
  {
    uid: '3_1',
    tag: 'div',
    role: 'generic',
    box,
    children: [
      {
        uid: '3_2',
        tag: 'table',
        role: 'table',
        name: 'Issues',
        box,
        children: [
          {
            uid: '3_3',
            tag: 'tr',
            role: 'row',
            box,
            children: [
              { uid: '3_4', tag: 'a', role: 'link', name: 'Crash on login', href: '/issues/17', box },
              { uid: '3_5', tag: 'td', role: 'cell', text: 'Opened by Alice', box },
            ],
          },
          {
            uid: '3_6',
            tag: 'tr',
            role: 'row',
            box,
            children: [
              { uid: '3_7', tag: 'a', role: 'link', name: 'Slow search', href: '/issues/18', box },
              { uid: '3_8', tag: 'td', role: 'cell', text: 'Opened by Bob', box },
            ],
          },
        ],
      },
      { uid: '3_9', tag: 'input', role: 'textbox', type: 'text', name: 'Filter', value: 'login', box },
    ],
  },
];

describe('findInSnapshot', () => {
  it('finds names, texts, values and hrefs, case-insensitively, with the ancestors that matter', () => {
    expect(findInSnapshot(tree, 'LOGIN')).toEqual({
      matches: [
        { uid: '3_4', line: '3_4 link "Crash on login" href="/issues/17"', path: ['table "Issues"', 'row'] },
        { uid: '3_9', line: '3_9 textbox "Filter" value="login"', path: [] },
      ],
      total: 2,
    });
    expect(findInSnapshot(tree, 'bob').matches.map((match) => match.uid)).toEqual(['3_8']);
    expect(findInSnapshot(tree, '/issues/18').matches.map((match) => match.uid)).toEqual(['3_7']);
    expect(findInSnapshot(tree, 'nothing like this')).toEqual({ matches: [], total: 0 });
  });

  it('takes a regular expression when asked', () => {
    expect(findInSnapshot(tree, String.raw`^/issues/\d+$`, { regex: true }).matches.map((match) => match.uid)).toEqual(['3_4', '3_7']);
    expect(findInSnapshot(tree, 'opened by (alice|carol)', { regex: true }).matches.map((match) => match.uid)).toEqual(['3_5']);
    // without regex, the same text is a plain substring
    expect(findInSnapshot(tree, String.raw`^/issues/\d+$`).total).toBe(0);
  });

  it('says what is wrong with an invalid regular expression', () => {
    expect(() => findInSnapshot(tree, '(unclosed', { regex: true })).toThrow(InvalidArgumentError);
    expect(() => findInSnapshot(tree, '(unclosed', { regex: true })).toThrow(/not a valid regular expression: .*Unterminated group/);
    expect(() => findInSnapshot(tree, '')).toThrow(/query must not be empty/);
  });

  it('stops at the limit but counts every match', () => {
    const result = findInSnapshot(tree, 'o', { limit: 2 });
    expect(result.matches.map((match) => match.uid)).toEqual(['3_4', '3_5']);
    expect(result.total).toBe(5);
    expect(() => findInSnapshot(tree, 'o', { limit: 0 })).toThrow(InvalidArgumentError);
  });

  it('formats results as text', () => {
    expect(formatFindResult(findInSnapshot(tree, 'login'), 'login')).toBe(
      ['2 elements match "login"', '3_4 link "Crash on login" href="/issues/17"  (in table "Issues" > row)', '3_9 textbox "Filter" value="login"'].join('\n'),
    );
    expect(formatFindResult(findInSnapshot(tree, 'o', { limit: 1 }), 'o').split('\n')[0]).toBe('5 elements match "o" (showing the first 1)');
    expect(formatFindResult(findInSnapshot(tree, 'bob'), 'bob').split('\n')[0]).toBe('1 element matches "bob"');
    expect(formatFindResult({ matches: [], total: 0 }, 'zzz')).toBe('no element matches "zzz"');
  });
});
