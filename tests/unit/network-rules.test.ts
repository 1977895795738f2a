import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../src/firefox/errors.js';
import { NetworkRules, urlMatcher } from '../../src/firefox/user-context/routes.js';

describe('urlMatcher', () => {
  it('matches the whole URL, * standing for any run of characters', () => {
    const api = urlMatcher('*/api/*');
    expect(api.test('http://127.0.0.1:8080/api/users?x=1')).toBe(true);
    expect(api.test('http://127.0.0.1:8080/apix/users')).toBe(false);
    expect(urlMatcher('https://cdn.example.com/*.png').test('https://cdn.example.com/a/b.png')).toBe(true);
    expect(urlMatcher('https://cdn.example.com/*.png').test('https://cdn.example.com.evil.net/b.png')).toBe(false);
    expect(urlMatcher('http://h/a.b').test('http://h/aXb')).toBe(false);
    expect(urlMatcher('http://h/(x)+?').test('http://h/(x)+?')).toBe(true);
  });

  it('refuses a pattern that could never match, with one that would', () => {
    expect(() => urlMatcher('/api/users')).toThrow(/start it with a scheme.*"\*\/api\/users\*"/);
    expect(() => urlMatcher('')).toThrow(InvalidArgumentError);
  });
});

describe('NetworkRules', () => {
  it('decides by the first matching rule, by method, and ends a rule after its times', async () => {
    let changes = 0;
    const rules = new NetworkRules(() => {
      changes++;
      return Promise.resolve();
    });
    await rules.add({ urlPattern: '*/api/*', method: 'post', action: 'block', times: 1 });
    await rules.add({ urlPattern: '*/api/*', action: 'mock', body: '{"ok":true}' });
    expect(rules.take('http://h/api/x', 'GET')?.action).toBe('mock');
    expect(rules.peek('http://h/api/x', 'POST')?.action).toBe('block');
    expect(rules.take('http://h/api/x', 'POST')?.action).toBe('block');
    expect(rules.take('http://h/api/x', 'POST')?.action).toBe('mock');
    expect(rules.list().map((rule) => [rule.id, rule.hits, rule.headers?.['content-type'], rule.bodyBytes])).toEqual([
      [2, 2, 'application/json', 11],
    ]);
    expect(changes).toBe(3);
    expect(rules.take('http://h/other', 'GET')).toBeUndefined();
  });

  it('refuses bad rules whole, adding nothing', async () => {
    const rules = new NetworkRules(() => Promise.resolve());
    await expect(rules.add({ urlPattern: '*', action: 'block', status: 404 })).rejects.toThrow(
      /status only go with action "mock"/,
    );
    await expect(rules.add({ urlPattern: '*', action: 'modify' })).rejects.toThrow(/needs requestHeaders/);
    await expect(rules.add({ urlPattern: '*', action: 'mock', status: 99 })).rejects.toThrow(/100 to 599/);
    await expect(rules.add({ urlPattern: '*', action: 'mock', headers: { 'x-a': 'a\r\nb' } })).rejects.toThrow(
      /line break/,
    );
    await expect(rules.add({ urlPattern: '*', action: 'modify', requestHeaders: { 'bad name': 'x' } })).rejects.toThrow(
      /not a header name/,
    );
    await expect(rules.add({ urlPattern: '*', action: 'block', times: 0 })).rejects.toThrow(/times/);
    await expect(
      rules.add({ urlPattern: '*', action: 'mock', body: new Uint8Array(11 * 1024 * 1024) }),
    ).rejects.toThrow(/at most/);
    expect(rules.size).toBe(0);
    await expect(rules.remove(7)).rejects.toThrow(/No rule has id 7; there are no rules/);
  });

  it('keeps no rule whose interception could not be set up', async () => {
    const rules = new NetworkRules(() => Promise.reject(new Error('The browser closed')));
    await expect(rules.add({ urlPattern: '*', action: 'block' })).rejects.toThrow('The browser closed');
    expect(rules.size).toBe(0);
  });
});
