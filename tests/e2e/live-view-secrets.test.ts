/**
 * Issue 48, around the live view and request_human, through the real HTTP server with a second
 * Firefox as the person on the view: what a person types into a secret-looking field never reaches
 * the agent even when the page keeps the keys out of the field (moves them into a paragraph, or
 * spreads a code over one-character boxes); the view's own state masks a secret a page title or URL
 * echoes; and request_human's until.url is not met by a query string that names the place.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, text, uidOf } from '../helpers/mcp.js';
import { eventually } from '../helpers/processes.js';
import { page, startTestServer, type TestServer } from '../helpers/server.js';
import { centreOf, state, stateText, ViewHarness } from '../helpers/view.js';

const TYPED = '<secret>typed-by-a-person</secret>';
const FILLED = 'Sw0rdfish-42';

let pages: TestServer;
let harness: ViewHarness;
let work: string;

beforeAll(async () => {
  pages = await startTestServer({
    // A password field that keeps every key out of itself and in a paragraph.
    '/keeper.html': page(
      'Keeper',
      `<main style="font: 18px sans-serif; margin: 40px">
         <p><label>Password <input id="pass" type="password" size="20"></label></p>
         <p id="kept">kept </p>
       </main>
       <script>
         document.getElementById('pass').addEventListener('keydown', (event) => {
           if (event.key.length !== 1) return;
           event.preventDefault();
           document.getElementById('kept').textContent += event.key;
         });
       </script>`,
    ),
    // A one-time code over six one-character boxes; the page moves the focus on and shows the joined code.
    '/split-code.html': page(
      'Verify',
      `<main style="font: 18px sans-serif; margin: 40px">
         <p>Step 3 of 8</p>
         <p>${[1, 2, 3, 4, 5, 6].map((n) => `<input class="box" id="box${n}" aria-label="Digit ${n} of the verification code" maxlength="1" size="1">`).join(' ')}</p>
         <p id="status" role="status"></p>
       </main>
       <script>
         const boxes = [...document.querySelectorAll('.box')];
         boxes.forEach((box, index) => box.addEventListener('input', () => {
           if (boxes[index + 1]) boxes[index + 1].focus();
           const code = boxes.map((item) => item.value).join('');
           if (code.length === 6) document.getElementById('status').textContent = 'Checking code ' + code;
         }));
       </script>`,
    ),
    // A page that echoes what its field holds in its title and URL.
    '/echo.html': page(
      'Echo',
      `<main style="margin: 40px"><label>Password <input id="secret" size="20"></label></main>
       <script>
         document.getElementById('secret').addEventListener('input', (event) => {
           const value = event.target.value;
           document.title = 'Signed in with ' + value;
           history.replaceState(null, '', '/echo.html?echo=' + encodeURIComponent(value) + '#' + value);
         });
       </script>`,
    ),
    '/login': page(
      'Sign in',
      '<main style="font: 18px sans-serif; margin: 40px"><a id="go" href="/dashboard" style="display: inline-block; width: 240px; height: 60px">Go to the dashboard</a></main>',
    ),
    '/dashboard': page('Dashboard', '<h1>Dashboard</h1>'),
  });
  work = mkdtempSync(join(tmpdir(), 'live-view-secrets-'));
  writeFileSync(join(work, 'secrets.env'), `PASSWORD=${FILLED}\n`);
  harness = await ViewHarness.start(['--output-dir', join(work, 'out'), '--secrets', join(work, 'secrets.env')]);
});

afterAll(async () => {
  await harness.close();
  await pages.close();
  rmSync(work, { recursive: true, force: true });
});

/**
 * What the agent reads of its page after the person's hand: a snapshot, and the page's text and URL through its own
 * script.
 */
async function agentReadings(client: Parameters<typeof call>[0]): Promise<string[]> {
  return [
    text(await call(client, 'take_snapshot')),
    text(
      await call(client, 'evaluate_script', {
        function: '() => location.href + " " + document.title + " " + document.body.innerText',
      }),
    ),
  ];
}

describe('what a person types in the live view', () => {
  it('is masked as typed when the page keeps the keys out of the password field and shows them in a paragraph', async () => {
    const PASSWORD = 'Tr0ub4dor&3x';
    const { client, view } = await harness.connect();
    await call(client, 'navigate_page', { url: pages.url('/keeper.html') });
    const field = await centreOf(client, 'pass');
    const asked = call(client, 'request_human', { reason: 'Sign in, please.' });
    await harness.openRequest(view);
    await harness.clickOnPicture(field);
    await harness.watcher.page.typeText(PASSWORD);
    await harness.pressDone();
    const said = text(await asked);
    // The page did take every key, and kept none in the field.
    expect(
      text(
        await call(client, 'evaluate_script', {
          function:
            "() => [document.getElementById('kept').textContent.length, document.getElementById('pass').value.length]",
        }),
      ),
    ).toMatch(/\[\s*17,\s*0\s*\]/);
    const readings = [said, ...(await agentReadings(client)), await stateText(view)];
    for (const seen of readings) expect(seen).not.toContain(PASSWORD.slice(0, 6));
    expect(said).toContain(`kept ${TYPED}`);
    expect(readings[1]).toContain(`kept ${TYPED}`);
    expect(readings[2]).toContain(`kept ${TYPED}`);
  }, 120_000);

  it('is masked as one typed secret when the page spreads a one-time code over six boxes and shows it joined', async () => {
    const CODE = '493817';
    const { client, view } = await harness.connect();
    await call(client, 'navigate_page', { url: pages.url('/split-code.html') });
    const first = await centreOf(client, 'box1');
    const asked = call(client, 'request_human', {
      reason: 'Type the code from your phone.',
      until: { text: 'Checking code' },
    });
    await harness.openRequest(view);
    await harness.clickOnPicture(first);
    await harness.watcher.page.typeText(CODE);
    const said = text(await asked);
    // Each box took its digit (read by the agent's own script: a list of six one-character values).
    expect(
      text(
        await call(client, 'evaluate_script', {
          function: "() => [...document.querySelectorAll('.box')].map((box) => box.value.length).join('')",
        }),
      ),
    ).toContain('111111');
    const readings = [
      said,
      ...(await agentReadings(client)),
      text(await call(client, 'list_network_requests')),
      await stateText(view),
    ];
    for (const seen of readings) expect(seen).not.toContain(CODE);
    for (const seen of readings.slice(0, 3)) expect(seen).toContain(`Checking code ${TYPED}`);
    // Single digits are not masked everywhere: the page's other text still reads.
    expect(readings[1]).toContain('Step 3 of 8');
  }, 120_000);
});

describe("the live view's state", () => {
  it('masks a filled secret that the page echoes in its title and URL, as every answer does', async () => {
    const { client, view } = await harness.connect();
    await call(client, 'navigate_page', { url: pages.url('/echo.html') });
    const uid = uidOf(text(await call(client, 'take_snapshot')), 'textbox', 'Password');
    expect((await call(client, 'fill', { uid, value: '<secret>PASSWORD</secret>' })).isError).not.toBe(true);
    // The page does echo it: the agent's own answers show its name.
    expect(text(await call(client, 'list_pages'))).toContain('Signed in with <secret>PASSWORD</secret>');
    const served = await stateText(view);
    expect(served).not.toContain(FILLED);
    const [session] = (await state(view)).sessions;
    expect(session?.pages[0]?.title).toBe('Signed in with <secret>PASSWORD</secret>');
    expect(session?.pages[0]?.url).toMatch(/echo=<secret>PASSWORD<\/secret>#<secret>PASSWORD<\/secret>$/);
    // What the view page shows of it, as the person sees it.
    await harness.openView(view);
    await expect
      .poll(() => harness.watcher.page.evaluate<string>('() => document.getElementById("pages").innerText'), {
        timeout: 10_000,
      })
      .toContain('Signed in with <secret>PASSWORD</secret>');
    const shown = await harness.watcher.page.evaluate<string>('() => document.body.innerText');
    expect(shown).not.toContain(FILLED);
  }, 120_000);
});

describe("request_human's until.url", () => {
  it('is not met by a query string naming the place: the wait ends on Done, or when the page really gets there', async () => {
    const { client, view } = await harness.connect();
    await call(client, 'navigate_page', { url: pages.url('/login?next=/dashboard') });
    const link = await centreOf(client, 'go');
    for (const [until, how] of [
      ['/dashboard', 'done'],
      ['*/dashboard*', 'navigation'],
    ] as const) {
      let ended = false;
      let told = 0;
      const asked = (
        client.callTool(
          { name: 'request_human', arguments: { reason: 'Sign in, please.', until: { url: until } } },
          undefined,
          { onprogress: () => (told += 1) },
        ) as Promise<CallToolResult>
      ).finally(() => (ended = true));
      await harness.openRequest(view);
      // Several looks at the page (twice a second) pass without a person: the call still waits (its second "still
      // waiting" comes after 3 s of them), the view still asks.
      expect(await eventually(() => told >= 2 || ended, 15_000)).toBe(true);
      expect(ended).toBe(false);
      expect((await state(view)).sessions[0]?.request?.reason).toBe('Sign in, please.');
      if (how === 'done') await harness.pressDone();
      else await harness.clickOnPicture(link);
      const answer: CallToolResult = await asked;
      expect(answer.isError).not.toBe(true);
      const url = text(
        await call(client, 'evaluate_script', { function: '() => location.pathname + location.search' }),
      );
      expect(url).toContain(how === 'done' ? '/login?next=/dashboard' : '"/dashboard"');
    }
  }, 120_000);
});
