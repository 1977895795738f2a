import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../src/firefox/errors.js';
import { parseSecretsFile, redactTokens, SecretStore } from '../../src/firefox/redact.js';

describe('redactTokens', () => {
  it('hides tokens of known shapes, auth values and credential parameters', () => {
    expect(redactTokens('jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U end')).toBe('jwt <redacted> end');
    expect(redactTokens('key sk-proj-abcdefghijklmnopqrstuvwx and ghp_abcdefghijklmnopqrstuvwxyz0123456789')).toBe('key <redacted> and <redacted>');
    expect(redactTokens('Authorization: Bearer abc.def-ghi_jkl~mno')).toBe('Authorization: Bearer <redacted>');
    expect(redactTokens('https://x.test/cb?code=1&access_token=abc123&state=ok')).toBe('https://x.test/cb?code=1&access_token=<redacted>&state=ok');
    expect(redactTokens('AKIAABCDEFGHIJKLMNOP')).toBe('<redacted>');
  });

  it('hides long random-looking runs only when asked (values, logs), not document ids in links', () => {
    const random = 'aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5';
    expect(redactTokens(`value ${random}`, { entropy: true })).toBe('value <redacted>');
    expect(redactTokens(`https://docs.test/d/${random}/edit`)).toBe(`https://docs.test/d/${random}/edit`);
    expect(redactTokens('The quick brown fox jumps over the lazy dog 1234567890', { entropy: true })).toBe('The quick brown fox jumps over the lazy dog 1234567890');
  });
});

describe('secrets', () => {
  it('parses .env files', () => {
    expect(parseSecretsFile('# comment\nexport API_KEY="k-123"\nPASSWORD=hunter2\n\nEMPTY=\n')).toEqual({ API_KEY: 'k-123', PASSWORD: 'hunter2' });
    expect(() => parseSecretsFile('not a pair')).toThrow('Line 1 of the secrets file is not NAME=value');
  });

  it('reveals references for typing and masks values in every output', () => {
    const store = new SecretStore({ PASSWORD: 'hunter2', PIN: '1234' });
    expect(store.reveal('pw=<secret>PASSWORD</secret>')).toBe('pw=hunter2');
    expect(() => store.reveal('<secret>TOKEN</secret>')).toThrow(InvalidArgumentError);
    expect(() => store.reveal('<secret>TOKEN</secret>')).toThrow('the secrets are PASSWORD, PIN');
    expect(store.mask('login with hunter2 and 1234')).toBe('login with <secret>PASSWORD</secret> and <secret>PIN</secret>');
    expect(store.maskDeep({ a: ['hunter2'], b: 3 })).toEqual({ a: ['<secret>PASSWORD</secret>'], b: 3 });
  });
});

describe('SecretStore.maskRequest', () => {
  const store = new SecretStore({ API_KEY: 'k-live-123456' });
  const request = {
    id: 7,
    method: 'GET',
    url: 'https://api.test/data?api_key=k-live-123456&q=cats',
    frame: 'https://widget.test/embed?access_token=abc123',
    requestHeaders: { accept: 'application/json', authorization: 'Basic dXNlcjpwYXNzd29yZA==', 'x-key': 'k-live-123456', 'x-trace': 'Bearer abcdefghijklmnop' },
    responseHeaders: { 'content-type': 'text/plain', 'set-cookie': 'session=s3cr3t; Path=/', 'X-CSRF-Token': 'plain-looking' },
  };

  it('masks the URLs and every header value, and replaces credential headers whole', () => {
    expect(store.maskRequest(request)).toEqual({
      id: 7,
      method: 'GET',
      url: 'https://api.test/data?api_key=<redacted>&q=cats',
      frame: 'https://widget.test/embed?access_token=<redacted>',
      requestHeaders: { accept: 'application/json', authorization: '<redacted>', 'x-key': '<secret>API_KEY</secret>', 'x-trace': 'Bearer <redacted>' },
      responseHeaders: { 'content-type': 'text/plain', 'set-cookie': '<redacted>', 'X-CSRF-Token': '<redacted>' },
    });
  });

  it('leaves the request it was given as it was, and keeps header records free of a prototype', () => {
    const before = structuredClone(request);
    const headers = Object.create(null) as Record<string, string>;
    headers['__proto__'] = 'x';
    headers.cookie = 'a=b';
    const masked = store.maskRequest({ ...request, requestHeaders: headers });
    expect(request).toEqual(before);
    expect(Object.getPrototypeOf(masked.requestHeaders)).toBeNull();
    expect(Object.entries(masked.requestHeaders)).toEqual([['__proto__', 'x'], ['cookie', '<redacted>']]);
  });

  it('adds no frame to a request that has none', () => {
    const { frame: _frame, ...topLevel } = request;
    expect('frame' in store.maskRequest(topLevel)).toBe(false);
  });
});

describe('SecretStore.maskMessage', () => {
  const store = new SecretStore({ PASSWORD: 'hunter2' });

  it('masks the text, random-looking runs included, and the URLs it names', () => {
    const message = { id: 1, text: 'login hunter2 with aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5', source: { url: 'https://x.test/app.js?token=abc', line: 3, column: 1 }, frame: 'https://x.test/f?sig=zzz' };
    expect(store.maskMessage(message)).toEqual({
      id: 1,
      text: 'login <secret>PASSWORD</secret> with <redacted>',
      source: { url: 'https://x.test/app.js?token=<redacted>', line: 3, column: 1 },
      frame: 'https://x.test/f?sig=<redacted>',
    });
    expect(store.maskMessage({ text: 'plain' })).toEqual({ text: 'plain' });
  });
});
