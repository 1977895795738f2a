import { describe, expect, it } from 'vitest';
import { UrlPolicy } from '../../src/index.js';

describe('UrlPolicy', () => {
  it('opens every scheme by default (FirefoxClient), but never javascript: or a malformed URL', () => {
    const open = new UrlPolicy();
    expect(open.refusal('file:///etc/passwd')).toBeUndefined();
    expect(open.refusal('data:text/html,x')).toBeUndefined();
    expect(open.refusal('javascript:alert(1)')).toMatch(/not navigations/);
    expect(open.refusal('not a url')).toMatch(/not a valid URL/);
  });

  it('loads only http(s) and about:blank when no scheme is opened (the MCP server), naming the flag that opens one', () => {
    const strict = new UrlPolicy({ allowedSchemes: [] });
    expect(strict.refusal('https://example.com/')).toBeUndefined();
    expect(strict.refusal('about:blank')).toBeUndefined();
    expect(strict.refusal('file:///etc/passwd')).toMatch(/file: URLs are blocked.*--allow-file-urls/);
    expect(strict.refusal('FILE:///etc/passwd')).toMatch(/--allow-file-urls/);
    expect(strict.refusal('data:text/html,x')).toMatch(/--allow-data-urls/);
    for (const url of [
      'about:config',
      'view-source:https://example.com/',
      'chrome://browser/content/browser.xhtml',
      'resource:///modules/x.sys.mjs',
      'moz-extension://x/y',
      'blob:https://a.test/1',
    ]) {
      expect(strict.refusal(url), url).toMatch(/blocked/);
    }
    expect(new UrlPolicy({ allowedSchemes: ['file'] }).refusal('file:///tmp/x.html')).toBeUndefined();
  });

  it('holds origins to the allow list and out of the block list, with ports and subdomain wildcards', () => {
    const policy = new UrlPolicy({
      allowedSchemes: [],
      allowedOrigins: ['https://example.com', '*.test.org', 'http://localhost:*'],
      blockedOrigins: ['https://bad.test.org'],
    });
    expect(policy.filtersOrigins).toBe(true);
    expect(policy.refusal('https://example.com/path')).toBeUndefined();
    expect(policy.refusal('http://example.com/')).toMatch(/not in --allowed-origins/);
    expect(policy.refusal('https://example.com:8443/')).toMatch(/not in --allowed-origins/);
    expect(policy.refusal('https://a.test.org/')).toBeUndefined();
    expect(policy.refusal('https://test.org/')).toBeUndefined();
    expect(policy.refusal('https://eviltest.org/')).toMatch(/not in --allowed-origins/);
    expect(policy.refusal('http://localhost:3000/')).toBeUndefined();
    expect(policy.refusal('https://bad.test.org/')).toMatch(/blocked by --blocked-origins/);
    // The pages' own requests: web origins are checked; data: images and blobs are the page's own.
    expect(policy.requestRefusal('https://other.test/x.js')).toMatch(/not in --allowed-origins/);
    expect(policy.requestRefusal('data:image/png;base64,AAAA')).toBeUndefined();
    expect(new UrlPolicy({ allowedSchemes: [] }).requestRefusal('https://anything.test/')).toBeUndefined();
  });

  it('quotes only a short prefix of a huge URL', () => {
    expect(new UrlPolicy().refusal(`x${'y'.repeat(1_000_000)}`)?.length).toBeLessThan(300);
  });
});
