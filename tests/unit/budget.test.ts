import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../src/firefox/errors.js';
import { findInSnapshot, formatFindResult } from '../../src/firefox/engine/snapshot/budget.js';
import type { SnapshotNode } from '../../src/firefox/engine/snapshot/format.js';

const box: [number, number, number, number] = [0, 0, 10, 10];

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
    expect(findInSnapshot(tree, String.raw`^/issues/\d+$`, { regex: true }).matches.map((match) => match.uid)).toEqual([
      '3_4',
      '3_7',
    ]);
    expect(findInSnapshot(tree, 'opened by (alice|carol)', { regex: true }).matches.map((match) => match.uid)).toEqual([
      '3_5',
    ]);
    // without regex, the same text is a plain substring
    expect(findInSnapshot(tree, String.raw`^/issues/\d+$`).total).toBe(0);
  });

  it('says what is wrong with an invalid regular expression', () => {
    expect(() => findInSnapshot(tree, '(unclosed', { regex: true })).toThrow(InvalidArgumentError);
    expect(() => findInSnapshot(tree, '(unclosed', { regex: true })).toThrow(
      /not a valid regular expression: .*Unterminated group/,
    );
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
      [
        '2 elements match "login"',
        '3_4 link "Crash on login" href="/issues/17"  (in table "Issues" > row)',
        '3_9 textbox "Filter" value="login"',
      ].join('\n'),
    );
    expect(formatFindResult(findInSnapshot(tree, 'o', { limit: 1 }), 'o').split('\n')[0]).toBe(
      '5 elements match "o" (showing the first 1)',
    );
    expect(formatFindResult(findInSnapshot(tree, 'bob'), 'bob').split('\n')[0]).toBe('1 element matches "bob"');
    expect(formatFindResult({ matches: [], total: 0 }, 'zzz')).toBe('no element matches "zzz"');
  });
});
