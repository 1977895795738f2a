/**
 * A person's demonstration, through the real HTTP server with a second Firefox as the person on the live view: the
 * agent asks for a hand to sign in (request_human), the person signs in on the view's picture, and what they did is in
 * the session's recording as steps by role and name, marked as theirs, the password by its secret's name; the
 * real bin's replay signs in again in a Firefox of its own. The app's server is the witness: it counts the sign-ins.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRecording, type RecordedStep } from '../../src/index.js';
import { useSite } from '../helpers/fixtures.js';
import { call, text } from '../helpers/mcp.js';
import { CLI_BIN, eventually, runBin } from '../helpers/processes.js';
import { page } from '../helpers/server.js';
import { centreOf, ViewHarness } from '../helpers/view.js';

const PASSWORD = 'Sw0rdfish-42';
/** Who signed in, as the app's server saw it. */
const signedIn: string[] = [];
const site = useSite({
  '/signin': (request, response) => {
    const query = new URL(request.url ?? '/', 'http://localhost').searchParams;
    const ok = query.get('user') === 'ada' && query.get('password') === PASSWORD;
    if (ok) signedIn.push('ada');
    response.writeHead(ok ? 204 : 403).end();
  },
  '/signin.html': page(
    'Sign in',
    `<main style="font: 18px sans-serif; margin: 40px">
       <form id="form">
         <p><label>Username <input id="user" size="20"></label></p>
         <p><label>Password <input id="password" type="password" size="20"></label></p>
         <p><button id="go">Sign in</button></p>
       </form>
       <p id="status" role="status"></p>
     </main>
     <script>
       document.getElementById('form').addEventListener('submit', async (event) => {
         event.preventDefault();
         const query = new URLSearchParams({ user: user.value, password: password.value });
         const answer = await fetch('/signin?' + query);
         document.getElementById('status').textContent = answer.ok ? 'Welcome, ' + user.value : 'Wrong password';
       });
     </script>`,
  ),
});

let harness: ViewHarness;
let work: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'demonstration-'));
  writeFileSync(join(work, 'secrets.env'), `PASSWORD=${PASSWORD}\n`);
  harness = await ViewHarness.start([
    '--output-dir',
    join(work, 'out'),
    '--secrets',
    join(work, 'secrets.env'),
    '--tools',
    'all',
  ]);
}, 60_000);

afterAll(async () => {
  await harness.close();
  rmSync(work, { recursive: true, force: true });
});

/** The session's recording file, as written now ('' before it is). */
function recordingText(): string {
  const file = readdirSync(join(work, 'out'), { recursive: true, encoding: 'utf8' }).find((name) =>
    /recording-[^/]*\.json$/.test(name),
  );
  return file ? readFileSync(join(work, 'out', file), 'utf8') : '';
}

describe("a person's demonstration", () => {
  it('is recorded by role and name, the password by its name, and replays in a fresh Firefox', async () => {
    const { client: agent, view } = await harness.connect();
    expect((await call(agent, 'navigate_page', { url: `${site.origin}/signin.html` })).isError).toBeFalsy();
    const [user, password, go] = [
      await centreOf(agent, 'user'),
      await centreOf(agent, 'password'),
      await centreOf(agent, 'go'),
    ];
    const hand = call(agent, 'request_human', { reason: 'Sign in, please', until: { text: 'Welcome' } });
    await harness.openRequest(view);
    await harness.clickOnPicture(user);
    await harness.watcher.page.typeText('adx');
    await harness.watcher.page.pressKey('Backspace');
    await harness.watcher.page.typeText('a');
    await harness.clickOnPicture(password);
    await harness.watcher.page.typeText(PASSWORD);
    await harness.clickOnPicture(go);
    const answered = await hand;
    expect(answered.isError, text(answered)).toBeFalsy();
    expect(signedIn).toEqual(['ada']);

    // The steps are there once the view has answered the last click.
    await eventually(() => (recordingText().match(/"by": "person"/g) ?? []).length >= 5, 10_000);
    const saved = recordingText();
    expect(saved).not.toContain(PASSWORD);
    const steps = parseRecording(saved).steps;
    const said = (step: RecordedStep): unknown => ({
      by: step.by,
      tool: step.tool,
      ...(step.targets?.uid ? { on: `${step.targets.uid.role} ${step.targets.uid.name ?? ''}` } : {}),
      ...(step.args.text === undefined ? {} : { text: step.args.text }),
    });
    // The agent's own steps (its page, the scripts that found where the fields are) come first.
    expect(steps.filter((step) => step.tool !== 'evaluate_script').map(said)).toEqual([
      { by: undefined, tool: 'navigate_page' },
      { by: 'person', tool: 'click', on: 'textbox Username' },
      { by: 'person', tool: 'type_text', text: 'ada' },
      { by: 'person', tool: 'click', on: 'textbox Password' },
      { by: 'person', tool: 'type_text', text: '<secret>PASSWORD</secret>' },
      { by: 'person', tool: 'click', on: 'button Sign in' },
    ]);
    expect(steps.find((step) => step.args.text === '<secret>PASSWORD</secret>')?.secretOrigin).toBe(site.origin);

    // The timeline has the agent's calls and the person's acts, with pictures inside the file, and no secret.
    let html = '';
    const timelineShows = async (): Promise<boolean> => {
      const saved = await call(agent, 'save_timeline', { filePath: 'timeline.html' });
      const path = /to (\S+\.html)\./.exec(text(saved))?.[1];
      html = path ? readFileSync(path, 'utf8') : '';
      // Three clicks and a Backspace; the keys typed are the recording's, not the timeline's.
      return (html.match(/class="person"/g) ?? []).length >= 4;
    };
    expect(await eventually(timelineShows, 15_000), html.slice(0, 2000)).toBe(true);
    expect(html).toContain('navigate_page');
    expect(html).toContain('request_human');
    expect(html).toMatch(/A person clicked at [^<]*on textbox &quot;Password&quot;/);
    expect(html).toMatch(/<img alt="The page after this step" src="data:image\/jpeg;base64,/);
    expect(html).not.toMatch(/src="https?:/);
    for (const form of [PASSWORD, Buffer.from(PASSWORD).toString('base64'), encodeURIComponent(PASSWORD)])
      expect(html).not.toContain(form);
    // Not even a key at a time.
    expect(html).not.toMatch(/Typed &quot;/);

    // The real bin replays it in a Firefox of its own, the password given by name as the session had it.
    const file = join(work, 'signed-in.json');
    writeFileSync(file, saved);
    const replayed = await runBin(CLI_BIN, ['replay', file, '--secrets', join(work, 'secrets.env')], work);
    expect(replayed.code, replayed.stderr).toBe(0);
    expect(`${replayed.stdout}${replayed.stderr}`).not.toContain(PASSWORD);
    expect(signedIn).toEqual(['ada', 'ada']);
  }, 120_000);
});
