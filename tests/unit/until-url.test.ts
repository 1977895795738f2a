import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../src/firefox/index.js';
import { urlFits } from '../../src/mcp/tools/human.js';

describe("request_human's until.url", () => {
  it('matches origin and path: a query or hash that names the place is not the place', () => {
    for (const pattern of ['/dashboard', '*/dashboard*']) {
      const fits = urlFits(pattern);
      expect(fits('http://h/login?next=/dashboard')).toBe(false);
      expect(fits('http://h/login#/dashboard')).toBe(false);
      expect(fits('http://dashboard@h/login')).toBe(false);
      expect(fits('http://h/dashboard?tab=1#top')).toBe(true);
    }
  });

  it('looks at the query or hash when the pattern names one', () => {
    expect(urlFits('?step=done')('http://h/flow?step=done')).toBe(true);
    expect(urlFits('?step=done')('http://h/flow#?step=done')).toBe(false);
    expect(urlFits('#/home')('http://h/app#/home')).toBe(true);
    expect(urlFits('https://h/app?*')('https://h/app?x=1')).toBe(true);
    expect(urlFits('about:blank')('about:blank')).toBe(true);
  });

  it('refuses a glob that could never match, before anyone is asked', () => {
    expect(() => urlFits('dashboard*')).toThrow(InvalidArgumentError);
    expect(() => urlFits('dashboard*')).toThrow(/until\.url "dashboard\*"/);
  });
});
