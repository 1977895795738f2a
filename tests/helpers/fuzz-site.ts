import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Hints } from './fuzz.js';
import { call, text } from './mcp.js';
import { page } from './server.js';

/** The page the fuzzer acts on: one of each common control, a console line and a request. */
export const FUZZ_FORM = page(
  'Form',
  `<h1>Form</h1><label>Name <input id="name"></label><label>Bio <textarea></textarea></label>
   <label>Plan <select><option>Free</option><option>Pro</option></select></label>
   <label><input type="checkbox"> Terms</label><label>File <input type="file"></label>
   <button onclick="document.title = 'clicked'">Go</button><a href="/a.html">to A</a>
   <script>console.log('form ready'); fetch('/api/data');</script>`,
);

/** Plausible and hostile values by parameter name; `base` is the test server's root URL. */
export function fuzzHints(base: string): Hints {
  return {
    url: [
      `${base}form.html`,
      `${base}a.html`,
      `${base}missing`,
      'file:///etc/passwd',
      'data:text/html,x',
      'javascript:alert(1)',
      'http://example.com/',
      'about:blank',
      'not a url',
    ],
    uid: ['1_1', '1_2', '1_3', '1_4', '1_5', '1_6', '1_7', '99_1', '1_999'],
    from_uid: ['1_1', '1_6'],
    to_uid: ['1_2', '1_7'],
    root: ['1_1', '1_3'],
    key: ['Enter', 'Tab', 'Control+A', 'a', 'Shift+Tab', 'Control+', '+', 'Hyper+X'],
    submitKey: ['Enter', 'Tab'],
    function: [
      '() => 1',
      '() => document.title',
      '(el) => el.tagName',
      '() => { throw new Error("boom") }',
      '() => window',
      '() => "x".repeat(200000)',
    ],
    text: [['Form'], ['nowhere to be seen']],
    timeout: [1, 50, 200],
    filePath: ['shot.png', 'deep/dir/snap.txt', '../escape.png', '/etc/cron.d/x'],
    filePaths: [['package.json'], ['/etc/passwd'], ['missing.txt']],
    view: ['document', 'agent'],
    pageIdx: [0, 1, 2, 3],
    since: [1, 2, 1000],
    layers: [[], ['nope']],
    query: ['Name', 'Go', '(a+)+$', '['],
    urlPattern: ['*', '*/api/*', '/api/data', `${base}*`, '*.png', ''],
    requestHeaders: [{ 'x-a': '1' }, { 'bad name': 'x' }, { cookie: null }],
    headers: [{ 'x-b': '2' }, { 'x-c': 'a\r\nb' }],
    bodyFile: ['package.json', '/etc/passwd', 'missing.bin'],
    path: ['.', 'package.json', 'missing-ext', '/etc'],
    domain: ['127.0.0.1', 'example.com', 'http://127.0.0.1/', ''],
  };
}

/**
 * Back to one page on the form, whatever the last case did (opened pages, navigated, left a dialog, added rules,
 * emulation or init scripts).
 */
export async function resetToForm(client: Client, formUrl: string): Promise<void> {
  await call(client, 'unroute');
  await call(client, 'emulate', { reset: true });
  await call(client, 'emulate', { reset: true, scope: 'session' });
  const scripts = (await call(client, 'remove_init_script')).structuredContent as
    { initScripts?: Record<string, string> } | undefined;
  for (const id of Object.keys(scripts?.initScripts ?? {})) await call(client, 'remove_init_script', { id });
  for (let i = 0; i < 5; i++) {
    const listed = await call(client, 'list_pages');
    if (text(listed).includes('dialog is open')) await call(client, 'handle_dialog', { action: 'dismiss' });
    const pages = (listed.structuredContent as { pages?: unknown[] } | undefined)?.pages ?? [];
    if (pages.length <= 1) break;
    await call(client, 'close_page', { pageIdx: pages.length - 1 });
  }
  await call(client, 'navigate_page', { url: formUrl });
  await call(client, 'take_snapshot');
}
