import { describe, expect, it } from 'vitest';
import { parseStorageState } from '../../src/firefox/user-context/storage-state.js';

describe('parseStorageState', () => {
  const cookie = {
    name: 'session',
    value: 'abc',
    domain: '.example.com',
    path: '/',
    expires: -1,
    httpOnly: true,
    secure: true,
    sameSite: 'Lax',
  };
  const origin = { origin: 'https://example.com', localStorage: [{ name: 'user', value: 'ada' }] };

  it('takes a Playwright-style state, and one with either part left out', () => {
    expect(parseStorageState({ cookies: [cookie], origins: [origin] }, 'f')).toEqual({
      cookies: [cookie],
      origins: [origin],
    });
    expect(parseStorageState({ origins: [origin] }, 'f').cookies).toEqual([]);
  });

  it('refuses, whole, what would fail half way when restored', () => {
    const bad: [unknown, RegExp][] = [
      [[], /not a JSON object/],
      [null, /not a JSON object/],
      [{ cookies: {} }, /must be arrays/],
      [{ cookies: [{ ...cookie, value: 1 }] }, /cookie 0 lacks a string name, value or domain/],
      [{ cookies: [{ ...cookie, domain: 'https://example.com/' }] }, /which is no host name/],
      [{ cookies: [{ ...cookie, sameSite: 'sometimes' }] }, /Strict, Lax or None/],
      [{ origins: [{ ...origin, origin: 'https://example.com/path' }] }, /not an http\(s\) origin/],
      [{ origins: [{ ...origin, origin: 'file:///etc' }] }, /not an http\(s\) origin/],
      [{ origins: [{ ...origin, localStorage: [{ name: 'a' }] }] }, /needs localStorage as/],
    ];
    for (const [state, message] of bad)
      expect(() => parseStorageState(state, 'state.json'), JSON.stringify(state)).toThrow(message);
  });
});
