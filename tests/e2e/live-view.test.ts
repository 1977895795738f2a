/**
 * The live view (issue 38) of the real HTTP server: a second Firefox opens a session's view link
 * (given to that session's client alone, in the server's instructions) and sees the session's page
 * and its last calls; the picture changes when the agent navigates, and it is a picture of the
 * page (its colour read from the decoded PNG). Another session's link shows only that session, a
 * made-up link shows nothing, and the operator's link (printed at start) shows both.
 */
import { request } from 'node:http';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_TEXT } from '../../src/mcp/answer-forms.js';
import { call, text } from '../helpers/mcp.js';
import { page, startTestServer, type TestServer } from '../helpers/server.js';
import { centreOf, get, state, ViewHarness } from '../helpers/view.js';

let pages: TestServer;
let harness: ViewHarness;

beforeAll(async () => {
  pages = await startTestServer({
    '/red.html': page(
      'Red page',
      '<style>html, body { background: rgb(220, 0, 0); margin: 0; height: 100%; }</style><h1>Red</h1>',
    ),
    '/form.html': page(
      'Form',
      `<main style="font: 18px sans-serif; margin: 40px">
         <p><label>Name <input id="name" size="20"></label></p>
         <p><button id="record" type="button" style="width: 200px; height: 60px">Record</button></p>
         <p id="count" role="status">Clicked 0 times</p>
       </main>
       <script>
         let clicks = 0;
         document.getElementById('record').addEventListener('click', (event) => {
           document.getElementById('count').textContent = 'Clicked ' + (++clicks) + ' times' + (event.isTrusted ? '' : ' (untrusted)');
         });
       </script>`,
    ),
    '/login.html': page(
      'Sign in',
      `<main style="font: 18px sans-serif; margin: 40px">
         <form id="login">
           <p><label>User <input id="user" size="20"></label></p>
           <p><label>Password <input id="pass" type="password" size="20"></label></p>
           <p><button id="signin" style="width: 160px; height: 50px">Sign in</button></p>
         </form>
       </main>
       <script>
         document.getElementById('login').addEventListener('submit', (event) => {
           event.preventDefault();
           const user = document.getElementById('user').value;
           document.querySelector('main').innerHTML = '<h1></h1>';
           document.querySelector('h1').textContent = 'Welcome, ' + user;
         });
       </script>`,
    ),
    // A one-time code field that sends itself on its sixth digit, and a page that shows the code it was sent.
    '/code.html': page(
      'Verify',
      `<main style="font: 18px sans-serif; margin: 40px">
         <form id="verify" action="/verified.html" method="get">
           <p><label>One-time code <input id="code" name="code" autocomplete="one-time-code" inputmode="numeric" maxlength="6" size="8"></label></p>
         </form>
       </main>
       <script>
         document.getElementById('code').addEventListener('input', (event) => { if (event.target.value.length === 6) document.getElementById('verify').submit(); });
       </script>`,
    ),
    '/verified.html': page(
      'Verified',
      `<h1>Verified</h1><p id="echo"></p><script>document.getElementById('echo').textContent = 'Code ' + new URLSearchParams(location.search).get('code') + ' accepted';</script>`,
    ),
    // A card number typed into a payment frame, which its page echoes as it is typed.
    '/pay.html': page(
      'Pay',
      '<main style="margin: 40px"><iframe id="payment" src="/card.html" style="width: 480px; height: 140px; border: 1px solid #999"></iframe></main>',
    ),
    '/card.html': page(
      'Card',
      `<p style="font: 18px sans-serif"><label>Card number <input id="card" autocomplete="cc-number" size="22"></label></p><p id="echo"></p>
       <script>document.getElementById('card').addEventListener('input', (event) => { document.getElementById('echo').textContent = 'Card ' + event.target.value; });</script>`,
    ),
    '/green.html': page(
      'Green page',
      '<style>html, body { background: rgb(0, 200, 0); margin: 0; height: 100%; }</style><h1>Green</h1>',
    ),
  });
  harness = await ViewHarness.start();
});

afterAll(async () => {
  await harness.close();
  await pages.close();
});

/** The colour at the middle of the picture the view serves of the session's selected page. */
async function pictureColour(view: string): Promise<[number, number, number]> {
  const [session] = (await state(view)).sessions;
  const selected = session?.pages.find((item) => item.selected);
  const answer = await get(`${view}/picture?session=${session?.id ?? ''}&page=${selected?.pageId ?? -1}`);
  expect(answer.status).toBe(200);
  const png = PNG.sync.read(answer.body);
  const at = (Math.floor(png.height / 2) * png.width + Math.floor(png.width / 2)) * 4;
  return [png.data[at] ?? 0, png.data[at + 1] ?? 0, png.data[at + 2] ?? 0];
}

describe('the live view', () => {
  it("shows a session's page and calls in another browser, a new picture after the agent navigates, and nothing of other sessions", async () => {
    const alice = await harness.connect();
    const bob = await harness.connect();
    await call(alice.client, 'navigate_page', { url: pages.url('/red.html') });
    await call(bob.client, 'navigate_page', { url: pages.url('/green.html') });

    await harness.watcher.page.navigate(alice.view);
    const shown = (): Promise<string | null> =>
      harness.watcher.page.evaluate<string | null>(
        '() => { const img = document.getElementById("picture"); return img.complete && img.naturalWidth > 0 ? img.dataset.version ?? null : null; }',
      );
    await expect.poll(shown, { timeout: 15_000 }).toBeTruthy();
    const first = await shown();
    expect(await harness.watcher.page.evaluate<string>('() => document.getElementById("calls").innerText')).toContain(
      'navigate_page',
    );
    expect(await harness.watcher.page.evaluate<string>('() => document.getElementById("pages").innerText')).toContain(
      'Red page',
    );
    expect(await pictureColour(alice.view)).toEqual([220, 0, 0]);

    await call(alice.client, 'navigate_page', { url: pages.url('/green.html') });
    // A new picture, loaded (while one loads, none is shown: null is no answer yet).
    await expect
      .poll(
        async () => {
          const now = await shown();
          return now !== null && now !== first;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    expect(await pictureColour(alice.view)).toEqual([0, 200, 0]);

    // Each link shows its own session only; the operator's shows both; a made-up one nothing.
    const [aliceSession] = (await state(alice.view)).sessions;
    const bobState = await state(bob.view);
    expect(bobState.sessions.map((session) => session.id)).not.toContain(aliceSession?.id);
    expect(bobState.sessions).toHaveLength(1);
    expect(
      (await get(`${bob.view}/picture?session=${aliceSession?.id ?? ''}&page=${aliceSession?.pages[0]?.pageId ?? 0}`))
        .status,
    ).toBe(404);
    const madeUp = alice.view.replace(/\/view\/[\w-]+$/, '/view/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect((await get(madeUp)).status).toBe(404);
    expect((await get(`${madeUp}/state`)).status).toBe(404);
    const operator = /Live view of every session[^:]*: (\S+)/.exec(harness.server.output.join('\n'))?.[1] ?? '';
    expect((await state(operator)).sessions.map((session) => session.id).sort()).toEqual(
      [aliceSession?.id, bobState.sessions[0]?.id].sort(),
    );
    // A page elsewhere that resolves its name to this machine (DNS rebinding) is refused.
    expect((await get(`${alice.view}/state`, 'attacker.example')).status).toBe(403);
  });

  it("answers an unchanged picture with 304, and ends a session's link when the session ends", async () => {
    const carol = await harness.connect();
    await call(carol.client, 'navigate_page', { url: pages.url('/red.html') });
    const [session] = (await state(carol.view)).sessions;
    const picture = `${carol.view}/picture?session=${session?.id ?? ''}&page=${session?.pages[0]?.pageId ?? 0}`;
    const first = await get(picture);
    expect(first.status).toBe(200);
    const again = await new Promise<number>((resolve, reject) => {
      const target = new URL(picture);
      request(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname + target.search,
          headers: { 'if-none-match': first.etag ?? '' },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      )
        .on('error', reject)
        .end();
    });
    expect(again).toBe(304);
    await carol.transport.terminateSession();
    await expect.poll(async () => (await get(`${carol.view}/state`)).status, { timeout: 10_000 }).toBe(404);
  });
});

describe('a person taking over', () => {
  it("clicks and types into the agent's page through the picture, holds it from the agent meanwhile, and gives it back", async () => {
    const dave = await harness.connect();
    await call(dave.client, 'navigate_page', { url: pages.url('/form.html') });
    await harness.openView(dave.view);
    const snapshot = text(await call(dave.client, 'take_snapshot'));
    const uidOf = (line: RegExp): string => line.exec(snapshot)?.[1] ?? 'none';
    const [button, field] = [await centreOf(dave.client, 'record'), await centreOf(dave.client, 'name')];

    await harness.clickOnPicture(button);
    await expect
      .poll(async () => text(await call(dave.client, 'take_snapshot')), { timeout: 10_000 })
      .toContain('Clicked 1 times');
    // The person holds the page: the agent's action is refused, saying why, and the page keeps its count.
    const refused = await call(dave.client, 'click', { uid: uidOf(/(\d+_\d+) button "Record"/) });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toMatch(/A person is using this page in the live view/);
    const held = text(await call(dave.client, 'take_snapshot'));
    expect(held).toContain('Clicked 1 times');
    // Real input, as a person's hand: the page saw a trusted click.
    expect(held).not.toContain('(untrusted)');

    await harness.clickOnPicture(field);
    await harness.watcher.page.typeText('Ada');
    await expect
      .poll(async () => text(await call(dave.client, 'take_snapshot')), { timeout: 10_000 })
      .toMatch(/textbox "Name" value="Ada"/);

    const watcherSnapshot = (await harness.watcher.page.takeSnapshot()).text;
    await harness.watcher.page.clickByUid(/(\d+_\d+) button "Give back"/.exec(watcherSnapshot)?.[1] ?? 'none');
    await expect
      .poll(
        async () => (await call(dave.client, 'click', { uid: uidOf(/(\d+_\d+) button "Record"/) })).isError === true,
        { timeout: 10_000 },
      )
      .toBe(false);
    expect(text(await call(dave.client, 'take_snapshot'))).toContain('Clicked 2 times');
  }, 120_000);
});

describe('request_human', () => {
  const PASSWORD = 'hunter2-Pass';

  it('waits for the person, with progress notifications, and answers what changed without what they typed into a password field', async () => {
    const frank = await harness.connect();
    await call(frank.client, 'navigate_page', { url: pages.url('/login.html') });
    const [user, pass, signIn] = [
      await centreOf(frank.client, 'user'),
      await centreOf(frank.client, 'pass'),
      await centreOf(frank.client, 'signin'),
    ];
    const progress: string[] = [];
    const asked = frank.client.callTool(
      { name: 'request_human', arguments: { reason: 'Please sign in as ada.', until: { text: 'Welcome' } } },
      undefined,
      {
        onprogress: (note) => progress.push(note.message ?? ''),
        resetTimeoutOnProgress: true,
      },
    );
    await harness.openView(frank.view);
    await expect
      .poll(
        () =>
          harness.watcher.page.evaluate<string>(
            '() => document.getElementById("request").hidden ? "" : document.getElementById("reason").textContent',
          ),
        { timeout: 10_000 },
      )
      .toBe('Please sign in as ada.');
    await harness.clickOnPicture(user);
    await harness.watcher.page.typeText('ada');
    await harness.clickOnPicture(pass);
    await harness.watcher.page.typeText(PASSWORD);
    await harness.clickOnPicture(signIn);
    const answer = (await asked) as CallToolResult;
    expect(answer.isError).not.toBe(true);
    const said = text(answer);
    expect(said).toContain('The page shows "Welcome"');
    expect(said).toMatch(/heading "Welcome, ada"/);
    expect(said).not.toContain(PASSWORD);
    // Each line of the answer is one the rule that keeps page text from posing as ours knows (answer-lines.test.ts
    // walks the rest).
    expect(said.split('\n').filter((line) => line.trim() && !ANSWER_TEXT.posesAsAnswer(line))).toEqual([]);
    expect(progress.length).toBeGreaterThanOrEqual(1);
    expect(progress[0]).toMatch(/Waiting for a person/);
    // The hand was given back with the answer: the agent acts again.
    expect((await call(frank.client, 'take_snapshot')).isError).not.toBe(true);
  }, 120_000);

  it('never tells the agent a code the person typed into a secret-looking field: not in the answer, the URL it was sent in, the page that shows it, nor a picture', async () => {
    const CODE = '482913';
    const henry = await harness.connect();
    await call(henry.client, 'navigate_page', { url: pages.url('/code.html') });
    const field = await centreOf(henry.client, 'code');
    const asked = call(henry.client, 'request_human', {
      reason: 'Type the code from your phone.',
      until: { text: 'accepted' },
    });
    await harness.openRequest(henry.view);
    await harness.clickOnPicture(field);
    await harness.watcher.page.typeText(CODE);
    const said = text(await asked);
    // The page did take the code: it shows it, and sent it in its URL.
    expect(said).toContain('The page shows "accepted"');
    expect(said).toContain('Code <secret>typed-by-a-person</secret> accepted');
    expect(said).toMatch(/verified\.html\?code=<secret>typed-by-a-person<\/secret>/);
    const later = [
      text(await call(henry.client, 'take_snapshot')),
      text(
        await call(henry.client, 'evaluate_script', {
          function: '() => location.href + " " + document.body.innerText',
        }),
      ),
      text(await call(henry.client, 'list_pages')),
      text(await call(henry.client, 'list_network_requests')),
      text(await call(henry.client, 'take_screenshot')),
    ];
    for (const answer of [said, ...later]) expect(answer).not.toContain(CODE);
    expect(later[1]).toContain('Code <secret>typed-by-a-person</secret> accepted');
    // The picture paints the shown code over.
    expect(later[4]).toMatch(/1 place showing a password or a secret painted over/);
  }, 120_000);

  it('masks a card number the person typed into a field of a frame, which the frame echoes as it is typed', async () => {
    const CARD = '4242424242424242';
    const ivy = await harness.connect();
    await call(ivy.client, 'navigate_page', { url: pages.url('/pay.html') });
    await expect
      .poll(async () => text(await call(ivy.client, 'take_snapshot')), { timeout: 10_000 })
      .toContain('Card number');
    const answer = text(
      await call(ivy.client, 'evaluate_script', {
        function:
          "() => { const frame = document.getElementById('payment').getBoundingClientRect(); const field = document.getElementById('payment').contentDocument.getElementById('card').getBoundingClientRect(); return { x: frame.x + 1 + field.x + field.width / 2, y: frame.y + 1 + field.y + field.height / 2 }; }",
      }),
    );
    const field = JSON.parse(/```json\n([\s\S]*?)\n```/.exec(answer)?.[1] ?? '{}') as { x: number; y: number };
    const asked = call(ivy.client, 'request_human', { reason: 'Enter your card.' });
    await harness.openRequest(ivy.view);
    await harness.clickOnPicture(field);
    await harness.watcher.page.typeText(CARD);
    // Done goes after the keys: the view sends the person's input in the order it came.
    await harness.pressDone();
    const said = text(await asked);
    expect(said).toContain('The person pressed Done.');
    // The frame took every digit (read by the agent's own script, whose answer is masked too).
    expect(
      text(
        await call(ivy.client, 'evaluate_script', {
          function: "() => document.getElementById('payment').contentDocument.getElementById('card').value.length",
        }),
      ),
    ).toContain('16');
    const snapshot = text(await call(ivy.client, 'take_snapshot'));
    expect(snapshot).toContain('Card <secret>typed-by-a-person</secret>');
    for (const seen of [said, snapshot]) expect(seen).not.toContain(CARD.slice(0, 8));
  }, 120_000);

  it('ends when the person presses Done, and stops waiting when the agent cancels', async () => {
    const grace = await harness.connect();
    await call(grace.client, 'navigate_page', { url: pages.url('/login.html') });
    const user = await centreOf(grace.client, 'user');
    // The session's calls run one at a time: its next call waits for this one.
    const asked = call(grace.client, 'request_human', { reason: 'Type the code from your phone.' });
    await harness.openRequest(grace.view);
    await harness.clickOnPicture(user);
    await harness.watcher.page.typeText('123456');
    await harness.pressDone();
    const answer = await asked;
    expect(text(answer)).toContain('The person pressed Done.');
    expect(text(answer)).toMatch(/textbox "User": value none → "123456"/);

    const cancel = new AbortController();
    const progress: string[] = [];
    const waiting = grace.client.callTool(
      { name: 'request_human', arguments: { reason: 'Solve the puzzle.' } },
      undefined,
      { signal: cancel.signal, onprogress: (note) => progress.push(note.message ?? '') },
    );
    await expect.poll(() => progress.length, { timeout: 10_000 }).toBeGreaterThan(0);
    cancel.abort();
    await expect(waiting).rejects.toThrow();
    // The request leaves the view once the server stops waiting.
    await expect.poll(async () => (await state(grace.view)).sessions[0]?.request, { timeout: 10_000 }).toBeUndefined();
  }, 120_000);
});
