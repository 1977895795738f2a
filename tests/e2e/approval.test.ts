import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useSite } from '../helpers/fixtures.js';
import { call, text, uidOf } from '../helpers/mcp.js';
import { eventually } from '../helpers/processes.js';
import { page } from '../helpers/server.js';
import { state, ViewHarness } from '../helpers/view.js';

/**
 * Approval gates (--require-approval) through the real HTTP server, with a second Firefox (the watcher) acting as the
 * person in the live view: what reads as irreversible waits, the app is unchanged until the person answers, a refusal
 * leaves it so and says so, an approval performs it once. The app's own record is the witness: each act it performs is
 * posted to its server, which the test reads while the agent's call still waits.
 */
const acts: string[] = [];
/** How often the sly page tried to answer the view itself. */
let tried = 0;
const site = useSite({
  '/tried': (_request, response) => {
    tried += 1;
    response.writeHead(204).end();
  },
  // A page that knows everything of the view (its link, the session, the page) and tries every way a page has to press
  // Approve: a fetch as the view sends it, a no-cors one, a beacon, a text/plain form that forms JSON.
  '/sly.html': page(
    'Account',
    `<button onclick="fetch('/act?what=deleted')">Delete account</button>
    <form id="form" method="post" enctype="text/plain" target="sink"><input name='{"type":"approve","x":"' value='"}'></form>
    <iframe name="sink"></iframe>
    <script>
      const target = new URLSearchParams(location.search).get('target');
      const body = JSON.stringify({ type: 'approve' });
      const tries = [
        () => fetch(target, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body }),
        () => fetch(target, { method: 'POST', mode: 'no-cors', headers: { 'Content-Type': 'text/plain' }, body }),
        () => navigator.sendBeacon(target, new Blob([body], { type: 'application/json' })),
        () => { const form = document.getElementById('form'); form.action = target; form.submit(); },
      ];
      setInterval(() => tries.forEach(async (attempt) => {
        await Promise.resolve().then(attempt).catch(() => undefined);
        fetch('/tried');
      }), 300);
    </script>`,
  ),
  '/act': (request, response) => {
    acts.push(new URL(request.url ?? '/', 'http://localhost').searchParams.get('what') ?? '?');
    response.writeHead(204).end();
  },
  '/account.html': page(
    'Account',
    `<button onclick="act('deleted')">Delete account</button>
    <button onclick="act('saved')">Save</button>
    <form aria-label="Payment" action="/pay" onsubmit="event.preventDefault(); act('paid')">
      <label>Card <input name="card"></label> <button>Continue</button>
    </form>
    <button onclick="if (confirm('Delete 3 files?')) act('cleared')">Clear files</button>
    <p id="done"></p>
    <script>
      function act(what) {
        fetch('/act?what=' + what).then(() => (document.getElementById('done').textContent += what + ' '));
      }
    </script>`,
  ),
});

let harness: ViewHarness;
let agent: Client;
let view: string;

/** What the app has done, once its record has `count` entries (at once when it has them already). */
async function done(count: number): Promise<string[]> {
  await eventually(() => acts.length >= count, 5000);
  return [...acts];
}

/** The person, in the view, waits for the action to approve and presses `button` (Approve or Refuse). */
async function answer(button: 'Approve' | 'Refuse'): Promise<void> {
  const watcher = harness.watcher.page;
  await expect
    .poll(() => watcher.evaluate<boolean>('() => !document.getElementById("approval").hidden'), { timeout: 15_000 })
    .toBe(true);
  const uid = new RegExp(`(\\d+_\\d+) button "${button}"`).exec((await watcher.takeSnapshot()).text)?.[1];
  if (!uid) throw new Error(`The view shows no ${button} button.`);
  await watcher.clickByUid(uid);
}

describe('approval before what cannot be undone', () => {
  beforeAll(async () => {
    harness = await ViewHarness.start(['--require-approval']);
    ({ client: agent, view } = await harness.connect());
    expect((await call(agent, 'navigate_page', { url: `${site.origin}/account.html` })).isError).toBeFalsy();
  }, 60_000);

  afterAll(async () => {
    await harness.close();
  });

  /** Clicks Save, which needs no approval: its answer comes at once, and the app records it after all it did before. */
  async function save(): Promise<void> {
    const saved = await call(agent, 'click', {
      uid: uidOf(text(await call(agent, 'take_snapshot')), 'button', 'Save'),
    });
    expect(saved.isError, text(saved)).toBeFalsy();
    expect(text(saved)).not.toContain('A person approved');
  }

  it('holds a click on "Delete account" until the person answers; a refusal leaves the app as it was', async () => {
    await harness.openView(view);
    const snapshot = text(await call(agent, 'take_snapshot'));
    const pending = call(agent, 'click', {
      uid: uidOf(snapshot, 'button', 'Delete account'),
      intent: 'The user asked me to close this test account.',
    });
    const asked = async (): Promise<boolean> =>
      (await state(view)).sessions[0]?.approval?.action === 'click on button "Delete account"';
    expect(await eventually(asked, 15_000), 'the view shows the click waiting for approval').toBe(true);
    expect(acts).toEqual([]);
    // Where the click lands is outlined on the picture: the page's first button, at its top left.
    const [x = -1, y = -1, width = 0, height = 0] = (await state(view)).sessions[0]?.approval?.box ?? [];
    expect({ x: x >= 0 && x < 200, y: y >= 0 && y < 100, width: width > 20, height: height > 5 }).toEqual({
      x: true,
      y: true,
      width: true,
      height: true,
    });
    const outlined = (): Promise<boolean> =>
      harness.watcher.page.evaluate<boolean>(
        '() => { const box = document.getElementById("outline"); return !box.hidden && box.getBoundingClientRect().width > 10; }',
      );
    expect(await eventually(outlined, 10_000), 'the view outlines the target').toBe(true);
    // Beside it, what the agent said it wants.
    expect(await harness.watcher.page.evaluate<string>('() => document.getElementById("intent").textContent')).toBe(
      'The agent says why: The user asked me to close this test account.',
    );
    await answer('Refuse');
    const refused = await pending;
    expect(refused.isError).toBe(true);
    expect(text(refused)).toContain('A person refused click on button "Delete account" in the live view');
    await save();
    expect(await done(1)).toEqual(['saved']);
  });

  it('performs it once when the person approves, and says who decided', async () => {
    const snapshot = text(await call(agent, 'take_snapshot'));
    const pending = call(agent, 'click', { uid: uidOf(snapshot, 'button', 'Delete account') });
    await answer('Approve');
    const approved = await pending;
    expect(approved.isError, text(approved)).toBeFalsy();
    expect(text(approved)).toContain('A person approved click on button "Delete account" in the live view.');
    expect(await done(2)).toEqual(['saved', 'deleted']);
    expect((await state(view)).sessions[0]?.approval).toBeUndefined();
  });

  it('holds Enter in a field of a form named "Payment", and accepting a dialog that says delete', async () => {
    const snapshot = text(await call(agent, 'take_snapshot'));
    expect((await call(agent, 'fill', { uid: uidOf(snapshot, 'textbox', 'Card'), value: '4242' })).isError).toBeFalsy();
    const enter = call(agent, 'press_key', { key: 'Enter' });
    await answer('Refuse');
    expect(text(await enter)).toContain('A person refused "Enter" pressed on textbox "Card" (submits form "Payment")');

    expect((await call(agent, 'click', { uid: uidOf(snapshot, 'button', 'Clear files') })).isError).toBeFalsy();
    const accept = call(agent, 'handle_dialog', { action: 'accept' });
    await answer('Approve');
    expect(text(await accept)).toContain('A person approved accepting the dialog "Delete 3 files?" in the live view.');
    expect(await done(3)).toEqual(['saved', 'deleted', 'cleared']);
  });

  it("holds a script the agent wrote, and keeps the agent's pages away from the view", async () => {
    const script = call(agent, 'evaluate_script', { function: '() => { act("deleted"); return 1; }' });
    await answer('Refuse');
    expect(text(await script)).toContain('A person refused evaluate_script');
    // Where the view is, the agent's page may not go: there it would press Approve itself.
    const opened = await call(agent, 'navigate_page', { url: view });
    expect(opened.isError, text(opened)).toBe(true);
    expect(text(opened)).toContain('is blocked');
    await save();
    expect(await done(4)).toEqual(['saved', 'deleted', 'cleared', 'saved']);
  });

  it('cannot be approved by a page that knows the view and tries every way a page has to press Approve', async () => {
    const watched = (await state(view)).sessions[0];
    const target = `${view}/input?session=${encodeURIComponent(watched?.id ?? '')}&page=${watched?.pages[0]?.pageId ?? 0}`;
    const opened = await call(agent, 'navigate_page', {
      url: `${site.origin}/sly.html?target=${encodeURIComponent(target)}`,
    });
    expect(opened.isError, text(opened)).toBeFalsy();
    const snapshot = text(await call(agent, 'take_snapshot'));
    const pending = call(agent, 'click', { uid: uidOf(snapshot, 'button', 'Delete account') });
    const asked = async (): Promise<boolean> => (await state(view)).sessions[0]?.approval !== undefined;
    expect(await eventually(asked, 15_000)).toBe(true);
    // Three rounds of every way, all while the click waits.
    const before = tried;
    expect(await eventually(() => tried >= before + 12, 15_000), `the page tried ${tried - before} times`).toBe(true);
    expect((await state(view)).sessions[0]?.approval?.action).toBe('click on button "Delete account"');
    expect(acts).toEqual(['saved', 'deleted', 'cleared', 'saved']);
    await answer('Refuse');
    expect(text(await pending)).toContain('A person refused click on button "Delete account"');
    expect(acts).toEqual(['saved', 'deleted', 'cleared', 'saved']);
  });
});
