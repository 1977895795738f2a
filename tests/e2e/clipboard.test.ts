import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  evaluateInPage,
  startHttpServer,
  stopHttpServer,
  text,
  uidOf,
  type RunningHttpServer,
} from '../helpers/mcp.js';
import { page, startTestServer, type TestServer } from '../helpers/server.js';

/**
 * One clipboard per session: two HTTP sessions share one Firefox (a user context each). What one
 * copies or cuts, by keys, by the page's document.execCommand or navigator.clipboard, the other
 * never pastes, whatever order they act in; inside one session a copy in one page pastes in another.
 */

const SECRET = 'Vault-7431-Kappa-Secret';
const FORM = page(
  'Clip',
  `<label>Mine <input id="mine"></label>
   <label>Paste here <textarea id="target"></textarea></label>
   <button id="copy-button" onclick="document.execCommand('copy')">Copy by command</button>
   <button id="write-button" onclick="navigator.clipboard.writeText(document.getElementById('mine').value)">Copy by API</button>
   <button id="read-button" onclick="navigator.clipboard && navigator.clipboard.readText ? navigator.clipboard.readText().then((t) => { document.body.dataset.read = t; }, (e) => { document.body.dataset.read = 'refused: ' + e.name; }) : (document.body.dataset.read = 'no readText')">Read by API</button>
   <button id="paste-button" onclick="document.getElementById('target').focus(); document.body.dataset.commandPaste = document.execCommand('paste') + ':' + document.getElementById('target').value">Paste by command</button>
   <p id="quote" oncopy="event.clipboardData.setData('text/plain', 'custom: ' + getSelection()); event.preventDefault()">Quoted words</p>
   <script>
     document.addEventListener('paste', (event) => { document.body.dataset.pasteEvent = event.clipboardData.getData('text/plain'); });
   </script>`,
);

let server: TestServer;
let mcp: RunningHttpServer;
let work: string;
const clients: Client[] = [];

async function session(): Promise<Client> {
  const client = new Client({ name: 'clipboard-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(mcp.url)));
  clients.push(client);
  expect((await call(client, 'navigate_page', { url: server.url('/clip.html') })).isError).toBeFalsy();
  return client;
}

async function uid(client: Client, role: string, name: string): Promise<string> {
  return uidOf(text(await call(client, 'take_snapshot')), role, name);
}

async function ok(client: Client, tool: string, args: Record<string, unknown>): Promise<void> {
  const result = await call(client, tool, args);
  expect(result.isError, `${tool}: ${text(result)}`).toBeFalsy();
}

/** Fills `Mine` with `value` and selects it all, ready for a copy. */
async function fillAndSelect(client: Client, value: string): Promise<void> {
  await ok(client, 'fill', { uid: await uid(client, 'textbox', 'Mine'), value });
  await ok(client, 'press_key', { key: 'Control+a' });
}

/** What the session's `Paste here` holds after it pastes with Control+v. */
async function pasteByKeys(client: Client): Promise<string> {
  await ok(client, 'fill', { uid: await uid(client, 'textbox', 'Paste here'), value: '' });
  await ok(client, 'press_key', { key: 'Control+v' });
  return (await evaluateInPage(client, '() => document.getElementById("target").value')) as string;
}

beforeAll(async () => {
  server = await startTestServer({ '/clip.html': FORM });
  work = mkdtempSync(join(tmpdir(), 'ffmcp-clip-'));
  writeFileSync(join(work, 'secrets.env'), `VAULT=${SECRET}\n`, { mode: 0o600 });
  mcp = await startHttpServer(['--output-dir', join(work, 'out'), '--secrets', join(work, 'secrets.env')]);
});

afterAll(async () => {
  for (const client of clients) await client.close().catch(() => undefined);
  await stopHttpServer(mcp);
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

describe('a clipboard per session', () => {
  it('a copy by keys in one session never pastes in another; each session pastes its own', async () => {
    const a = await session();
    const b = await session();
    await fillAndSelect(a, 'text of session A');
    await ok(a, 'press_key', { key: 'Control+c' });
    expect(await pasteByKeys(b)).not.toContain('session A');
    await fillAndSelect(b, 'text of session B');
    await ok(b, 'press_key', { key: 'Control+c' });
    expect(await pasteByKeys(a)).toBe('text of session A');
    expect(await pasteByKeys(b)).toBe('text of session B');
    // The page's own paste handler saw the session's text, not the other's.
    expect(await evaluateInPage(b, '() => document.body.dataset.pasteEvent')).toBe('text of session B');
  });

  it('a field filled from a secret, copied and cut, never reaches another session', async () => {
    const a = await session();
    const b = await session();
    await fillAndSelect(a, '<secret>VAULT</secret>');
    await ok(a, 'press_key', { key: 'Control+x' });
    expect(await evaluateInPage(a, '() => document.getElementById("mine").value')).toBe('');
    // Asked in the page: an answer would show the secret masked whoever pasted it.
    await pasteByKeys(b);
    expect(await evaluateInPage(b, '() => document.getElementById("target").value.includes("Vault-7431")')).toBe(false);
    // Within A the cut text pastes back.
    await ok(a, 'fill', { uid: await uid(a, 'textbox', 'Paste here'), value: '' });
    await ok(a, 'press_key', { key: 'Control+v' });
    expect(await evaluateInPage(a, `() => document.getElementById("target").value === ${JSON.stringify(SECRET)}`)).toBe(
      true,
    );
  });

  it('the page\'s execCommand("copy") and navigator.clipboard stay in their session', async () => {
    const a = await session();
    const b = await session();
    await fillAndSelect(a, 'copied by command in A');
    await ok(a, 'click', { uid: await uid(a, 'button', 'Copy by command') });
    expect(await pasteByKeys(b)).not.toContain('in A');
    expect(await pasteByKeys(a)).toBe('copied by command in A');
    await ok(a, 'fill', { uid: await uid(a, 'textbox', 'Mine'), value: 'written by API in A' });
    await ok(a, 'click', { uid: await uid(a, 'button', 'Copy by API') });
    expect(await pasteByKeys(b)).not.toContain('in A');
    expect(await pasteByKeys(a)).toBe('written by API in A');
    // No page reads a clipboard by script: refused as when a person declines Firefox's paste prompt.
    await ok(b, 'click', { uid: await uid(b, 'button', 'Read by API') });
    await expect.poll(() => evaluateInPage(b, '() => document.body.dataset.read ?? null')).not.toBeNull();
    expect(await evaluateInPage(b, '() => document.body.dataset.read')).toBe('refused: NotAllowedError');
  });

  it("what the page's own copy handler puts on the clipboard is what its session pastes", async () => {
    const a = await session();
    const quote = /(\d+_\d+) paragraph: Quoted words/.exec(text(await call(a, 'take_snapshot')))?.[1] ?? 'no paragraph';
    await ok(a, 'select_text', { uid: quote, text: 'Quoted words' });
    await ok(a, 'press_key', { key: 'Control+c' });
    expect(await pasteByKeys(a)).toBe('custom: Quoted words');
  });

  it("the page's execCommand('paste') gets nothing, at once, never holding the session's input", async () => {
    const a = await session();
    await fillAndSelect(a, 'copied before the paste');
    await ok(a, 'click', { uid: await uid(a, 'button', 'Copy by command') });
    await ok(a, 'click', { uid: await uid(a, 'button', 'Copy by API') });
    // Firefox would ask a person to confirm the paste (a prompt nobody answers headless), and the click would hang for
    // the input timeout.
    await ok(a, 'click', { uid: await uid(a, 'button', 'Paste by command') });
    expect(await evaluateInPage(a, '() => document.body.dataset.commandPaste')).toBe('false:');
    // The session's input goes on at once.
    await ok(a, 'click', { uid: await uid(a, 'button', 'Copy by command') });
  });

  it('inside one session a copy in one page pastes in another', async () => {
    const a = await session();
    await fillAndSelect(a, 'across my pages');
    await ok(a, 'press_key', { key: 'Control+c' });
    await ok(a, 'new_page', { url: server.url('/clip.html') });
    expect(await pasteByKeys(a)).toBe('across my pages');
  });
});
