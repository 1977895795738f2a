import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../src/firefox/errors.js';
import { parseSecretsFile, redactTokens, SecretStore, TYPED_SECRET } from '../../src/firefox/policy/secrets.js';

describe('redactTokens', () => {
  it('hides tokens of known shapes, auth values and credential parameters', () => {
    expect(
      redactTokens(
        'jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U end',
      ),
    ).toBe('jwt <redacted> end');
    expect(redactTokens('key sk-proj-abcdefghijklmnopqrstuvwx and ghp_abcdefghijklmnopqrstuvwxyz0123456789')).toBe(
      'key <redacted> and <redacted>',
    );
    expect(redactTokens('Authorization: Bearer abc.def-ghi_jkl~mno')).toBe('Authorization: Bearer <redacted>');
    expect(redactTokens('https://x.test/cb?code=1&access_token=abc123&state=ok')).toBe(
      'https://x.test/cb?code=1&access_token=<redacted>&state=ok',
    );
    expect(redactTokens('AKIAABCDEFGHIJKLMNOP')).toBe('<redacted>');
  });

  it('hides every shape, in any case it takes, wherever it stands in a text (the quick test before the shapes passes each)', () => {
    const shapes = [
      '-----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----',
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.c2lnbmF0dXJl',
      'sk_live_abcdefghijklmnop1234',
      'rk_test_abcdefghijklmnop1234',
      'sk-abcdefghijklmnopqrstuvwx',
      'gho_abcdefghijklmnopqrstuvwxyz0123456789',
      'github_pat_abcdefghijklmnopqrstuvwxyz0123456789',
      'xoxb-1234567890-abcdef',
      'AKIAABCDEFGHIJKLMNOP',
      'AIzaabcdefghijklmnopqrstuvwxyz012345678',
    ];
    for (const shape of shapes)
      expect(redactTokens(`a long line of words, then ${shape} and more`)).not.toContain(shape);
    expect(redactTokens('authorization: BEARER abcdefghijklmnop')).toBe('authorization: BEARER <redacted>');
    expect(redactTokens('/login?PASSWORD=hunter2&next=/')).toBe('/login?PASSWORD=<redacted>&next=/');
    expect(redactTokens('Orders of the quarter: 2,000 rows, 1,234.56 in all')).toBe(
      'Orders of the quarter: 2,000 rows, 1,234.56 in all',
    );
  });

  it('hides long random-looking runs only when asked (values, logs), not document ids in links', () => {
    const random = 'aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5';
    expect(redactTokens(`value ${random}`, { entropy: true })).toBe('value <redacted>');
    expect(redactTokens(`https://docs.test/d/${random}/edit`)).toBe(`https://docs.test/d/${random}/edit`);
    expect(redactTokens('The quick brown fox jumps over the lazy dog 1234567890', { entropy: true })).toBe(
      'The quick brown fox jumps over the lazy dog 1234567890',
    );
  });
});

describe('secrets', () => {
  it('parses .env files', () => {
    expect(parseSecretsFile('# comment\nexport API_KEY="k-123"\nPASSWORD=hunter2\n\nEMPTY=\n')).toEqual({
      API_KEY: 'k-123',
      PASSWORD: 'hunter2',
    });
    expect(() => parseSecretsFile('not a pair')).toThrow('Line 1 of the secrets file is not NAME=value');
  });

  it('reveals references for typing and masks values in every output', () => {
    const store = new SecretStore({ PASSWORD: 'hunter2', PIN: '1234' });
    expect(store.reveal('pw=<secret>PASSWORD</secret>')).toBe('pw=hunter2');
    expect(() => store.reveal('<secret>TOKEN</secret>')).toThrow(InvalidArgumentError);
    expect(() => store.reveal('<secret>TOKEN</secret>')).toThrow('the secrets are PASSWORD, PIN');
    expect(store.mask('login with hunter2 and 1234')).toBe(
      'login with <secret>PASSWORD</secret> and <secret>PIN</secret>',
    );
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
    requestHeaders: {
      accept: 'application/json',
      authorization: 'Basic dXNlcjpwYXNzd29yZA==',
      'x-key': 'k-live-123456',
      'x-trace': 'Bearer abcdefghijklmnop',
    },
    responseHeaders: {
      'content-type': 'text/plain',
      'set-cookie': 'session=s3cr3t; Path=/',
      'X-CSRF-Token': 'plain-looking',
    },
  };

  it('masks the URLs and every header value, and replaces credential headers whole', () => {
    expect(store.maskRequest(request)).toEqual({
      id: 7,
      method: 'GET',
      url: 'https://api.test/data?api_key=<redacted>&q=cats',
      frame: 'https://widget.test/embed?access_token=<redacted>',
      requestHeaders: {
        accept: 'application/json',
        authorization: '<redacted>',
        'x-key': '<secret>API_KEY</secret>',
        'x-trace': 'Bearer <redacted>',
      },
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
    expect(Object.entries(masked.requestHeaders)).toEqual([
      ['__proto__', 'x'],
      ['cookie', '<redacted>'],
    ]);
  });

  it('adds no frame to a request that has none', () => {
    const { frame: _frame, ...topLevel } = request;
    expect('frame' in store.maskRequest(topLevel)).toBe(false);
  });
});

describe('SecretStore.maskMessage', () => {
  const store = new SecretStore({ PASSWORD: 'hunter2' });

  it('masks the text, random-looking runs included, and the URLs it names', () => {
    const message = {
      id: 1,
      text: 'login hunter2 with aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5',
      source: { url: 'https://x.test/app.js?token=abc', line: 3, column: 1 },
      frame: 'https://x.test/f?sig=zzz',
    };
    expect(store.maskMessage(message)).toEqual({
      id: 1,
      text: 'login <secret>PASSWORD</secret> with <redacted>',
      source: { url: 'https://x.test/app.js?token=<redacted>', line: 3, column: 1 },
      frame: 'https://x.test/f?sig=<redacted>',
    });
    expect(store.maskMessage({ text: 'plain' })).toEqual({ text: 'plain' });
  });
});

describe('SecretStore: every form a secret takes', () => {
  const secret = 'p@ss word!"\\x9';
  const store = new SecretStore({ PASSWORD: secret });
  const masked = '<secret>PASSWORD</secret>';

  it('masks it URL-encoded, form-encoded, JSON-, JS- and HTML-escaped', () => {
    for (const form of [
      encodeURIComponent(secret),
      encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()),
      new URLSearchParams([['', secret]]).toString().slice(1),
      encodeURI(secret),
      JSON.stringify(secret).slice(1, -1),
      JSON.stringify(JSON.stringify(secret).slice(1, -1)).slice(1, -1),
      secret.replace(/[\\']/g, (char) => `\\${char}`),
      secret.replace(/"/g, '&quot;'),
    ]) {
      expect(store.mask(`before ${form} after`), form).toBe(`before ${masked} after`);
    }
  });

  it('masks it in base64 at any alignment, as in a Basic credential', () => {
    for (const prefix of ['', 'u:', 'us:', 'use:']) {
      const encoded = Buffer.from(`${prefix}${secret}`).toString('base64');
      expect(store.mask(encoded)).toContain(masked);
      expect(store.mask(encoded)).not.toContain(Buffer.from(secret).toString('base64').slice(2, 12));
    }
  });

  it('masks the first characters of a secret that a list or a message cut short', () => {
    expect(store.mask(`title p@ss wo… (40 characters)`)).toBe(`title ${masked}… (40 characters)`);
    expect(store.mask(`"p@ss w"… (14 characters)`)).toBe(`"${masked}"… (14 characters)`);
    expect(store.mask('an ellipsis… alone')).toBe('an ellipsis… alone');
  });

  it('remembers what a field kept of a secret, and masks it from then on', () => {
    const own = new SecretStore({ CODE: 'Zq9@keep out' });
    expect(own.mask('code=Zq9@keep')).toBe('code=Zq9@keep');
    own.remember('CODE', 'Zq9@keep');
    own.remember('CODE', 'Zq9');
    expect(own.mask('code=Zq9@keep and Zq9%40keep')).toBe('code=<secret>CODE</secret> and <secret>CODE</secret>');
    expect(own.mask('Zq9 alone is too short to mask everywhere')).toBe('Zq9 alone is too short to mask everywhere');
  });

  it('masks it as answers show page text: hidden characters escaped, on one line', () => {
    const hidden = new SecretStore({ CODE: 'pass\u200bword\nline2' });
    expect(hidden.mask('value "pass\\u200bword\\nline2"')).toBe('value "<secret>CODE</secret>"');
    expect(hidden.mask('pass\\u200bword\nline2')).toBe('<secret>CODE</secret>');
  });

  it('masks keys as well as values in maskDeep', () => {
    expect(store.maskDeep({ [secret]: secret })).toEqual({ [masked]: masked });
  });
});

describe('SecretStore.rememberTyped: what a person typed into a secret-looking field', () => {
  const shown = `<secret>${TYPED_SECRET}</secret>`;

  it('masks the value as typed and in its other forms, with no named secret at all', () => {
    const store = new SecretStore();
    expect(store.mask('code 48 2913')).toBe('code 48 2913');
    store.rememberTyped('page/a:1', '48 2913');
    expect(store.mask('code 48 2913, sent as ?code=48+2913 and 48%202913')).toBe(
      `code ${shown}, sent as ?code=${shown} and ${shown}`,
    );
    expect(store.names).toEqual([]);
    expect(() => store.reveal(shown)).toThrow(InvalidArgumentError);
  });

  it('lets a value still being typed give way to its longer self, and a foreseen one to what the field then held', () => {
    const store = new SecretStore();
    for (const value of ['4829', '48291', '482913']) store.rememberTyped('page/a:1', value);
    expect(store.mask('4829 and 482913')).toBe(`4829 and ${shown}`);
    // Foreseen as typed, the field then held it as the page rewrote it: what the field held is masked, the foreseen no
    // longer.
    store.rememberTyped('page/a:2', 'wxyz');
    store.rememberTyped('page/a:2', 'wxyzq', true);
    store.rememberTyped('page/a:2', 'WXYZQ');
    expect(store.mask('wxyzq WXYZQ')).toBe(`wxyzq ${shown}`);
  });

  it("keeps masking a value the field no longer grows from (it may have been sent), and other fields' values", () => {
    const store = new SecretStore();
    store.rememberTyped('page/a:1', '123456');
    store.rememberTyped('page/a:1', '12345'); // Backspace after a send
    store.rememberTyped('page/b:1', 'tiger-otp');
    expect(store.mask('123456 / 12345 / tiger-otp')).toBe(`${shown} / ${shown} / ${shown}`);
  });

  it('does not mask values of fewer than four characters everywhere (they would hide ordinary words)', () => {
    const store = new SecretStore();
    store.rememberTyped('page/a:1', '123');
    expect(store.mask('room 123')).toBe('room 123');
  });
});
