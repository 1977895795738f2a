/**
 * A session's recording, through the real MCP server over stdio and the SDK's client, on a page
 * served on 127.0.0.1: each step with what it acted on said by role and name, secrets by name,
 * looking left out; and page.locate finds each recorded target again on a fresh load.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Recording } from '../../src/index.js';
import { sharedFirefox } from '../helpers/firefox.js';
import { call, startStdioServer, text, uidOf } from '../helpers/mcp.js';
import { page, startTestServer, type TestServer } from '../helpers/server.js';

const PASSWORD = 'hunter2-Recorded-9';

const LOGIN = page(
  'Sign in',
  `<main><h1>Sign in</h1>
   <form aria-label="Sign in" onsubmit="event.preventDefault(); document.getElementById('out').textContent = 'signed in as ' + this.user.value + ' (' + this.pass.value.length + ' characters)';">
     <label>User <input name="user"></label>
     <label>Password <input name="pass" type="password"></label>
     <button>Sign in</button>
   </form>
   <section aria-label="Newsletter"><button onclick="document.getElementById('out').textContent = 'subscribed'">Sign in</button></section>
   <p id="out"></p></main>`,
);

let server: TestServer;
let work: string;
let client: Client;

beforeAll(async () => {
  server = await startTestServer({ '/login.html': LOGIN });
  work = mkdtempSync(join(tmpdir(), 'ffmcp-recording-'));
  writeFileSync(join(work, 'secrets.env'), `PASS=${PASSWORD}\n`);
  ({ client } = await startStdioServer(['--output-dir', 'out', '--secrets', 'secrets.env'], {}, work));
});

afterAll(async () => {
  await client.close();
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

function recordingText(): string {
  const files = readdirSync(join(work, 'out')).filter((name) => name.startsWith('recording-'));
  expect(files).toHaveLength(1);
  return readFileSync(join(work, 'out', files[0] ?? ''), 'utf8');
}

function recording(): Recording {
  return JSON.parse(recordingText()) as Recording;
}

describe("a session's recording", () => {
  it('keeps each step, what it acted on by role, name and container, secrets by name, and leaves looking out', async () => {
    expect((await call(client, 'navigate_page', { url: server.url('/login.html') })).isError).toBeFalsy();
    const snapshot = text(await call(client, 'take_snapshot'));
    await call(client, 'find_in_page', { query: 'Password' });
    expect((await call(client, 'fill', { uid: uidOf(snapshot, 'textbox', 'User'), value: 'ana' })).isError).toBeFalsy();
    expect(
      (await call(client, 'fill', { uid: uidOf(snapshot, 'textbox', 'Password'), value: '<secret>PASS</secret>' }))
        .isError,
    ).toBeFalsy();
    const submit = /(\d+_\d+) button "Sign in"/.exec(snapshot)?.[1] ?? '';
    const clicked = text(await call(client, 'click', { uid: submit }));
    expect(clicked).toContain('Clicked');
    expect(text(await call(client, 'take_snapshot'))).toContain(`signed in as ana (${PASSWORD.length} characters)`);

    const { format, version, steps } = recording();
    expect({ format, version }).toEqual({ format: 'firefox-bidi-mcp recording', version: 1 });
    expect(steps.map((step) => step.tool)).toEqual(['navigate_page', 'fill', 'fill', 'click']);
    expect(steps[0]?.effect.url).toBe(server.url('/login.html'));
    expect(steps[1]?.targets?.uid).toEqual({
      role: 'textbox',
      name: 'User',
      within: { role: 'form', name: 'Sign in' },
      frames: [],
      css: { selector: 'input[name="user"]', shadowHosts: [], frames: [] },
    });
    expect(steps[2]?.args.value).toBe('<secret>PASS</secret>');
    // Two buttons are named "Sign in"; the one clicked is told apart by its form.
    expect(steps[3]?.targets?.uid).toMatchObject({
      role: 'button',
      name: 'Sign in',
      within: { role: 'form', name: 'Sign in' },
      frames: [],
    });
    // What the click did, as the page showed it after: the line it wrote.
    expect(steps[3]?.effect.appeared?.map((element) => element.line)).toContain(
      `paragraph: signed in as ana (${PASSWORD.length} characters)`,
    );
    expect(steps[3]?.effect.answer.join('\n')).toContain('Clicked');
    expect(steps.every((step) => step.ms >= 0)).toBe(true);
    expect(JSON.stringify(recording())).not.toContain(PASSWORD);
  });

  it('names each target so that page.locate finds it again on a fresh page, without uids', async () => {
    const { steps } = recording();
    const browser = await sharedFirefox();
    try {
      await browser.page.navigate(server.url('/login.html'));
      for (const step of steps.slice(1)) {
        const target = step.targets?.uid;
        if (!target) throw new Error(`step ${step.tool} has no target`);
        const locator = browser.page.locate({
          ...target,
          exact: true,
          ...(target.within ? { within: target.within } : {}),
        });
        if (step.tool === 'fill')
          await locator.fill(step.args.value === '<secret>PASS</secret>' ? 'replayed' : String(step.args.value));
        else await locator.click();
      }
      expect(await browser.page.evaluate(() => document.getElementById('out')?.textContent)).toBe(
        'signed in as ana (8 characters)',
      );
    } finally {
      await browser.close();
    }
  });

  it("keeps what a step did, not all it returned: a script's long result stays in its answer, cut short in the recording", async () => {
    const answer = text(
      await call(client, 'evaluate_script', {
        function: "() => Array.from({ length: 2000 }, (_, i) => 'line ' + i + ' ' + 'x'.repeat(95)).join('\\n')",
      }),
    );
    expect(answer.length).toBeGreaterThan(40_000);
    const kept = recording().steps.at(-1);
    expect(kept?.tool).toBe('evaluate_script');
    expect(kept?.effect.answer.length).toBeLessThanOrEqual(41);
    expect(Math.max(...(kept?.effect.answer ?? []).map((line) => line.length))).toBeLessThan(600);
    expect(kept?.effect.answer.join('\n')).toContain('Script ran on the page and returned');
    // Written step by step, the file reads as the recording written whole would.
    expect(recordingText()).toBe(`${JSON.stringify(recording(), null, 2)}\n`);
  });
});
