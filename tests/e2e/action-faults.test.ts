import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ElementNotInteractableError,
  FirefoxClient,
  PageCrashedError,
  PageUnresponsiveError,
  type ActionResult,
} from '../../src/index.js';
import { contentProcesses } from '../helpers/processes.js';
import { page, startTestServer, type TestServer } from '../helpers/server.js';
import { uidIn } from '../helpers/snapshot-text.js';

/**
 * What happens after an action is part of its answer: a page that stops answering after a click,
 * a tab that crashes while the click settles, and overlays that close or open with an animation a
 * moment after the click. No answer says "Clicked" over a page that shows otherwise.
 */
const PAGES = {
  // The page blocks its main thread 30 ms after the click, as a heavy handler scheduled by it would.
  '/busy.html': page(
    'Busy',
    `<button id="go">Recalculate</button><p id="state">idle</p>
    <script>document.getElementById('go').addEventListener('click', () => {
      document.getElementById('state').textContent = 'working';
      setTimeout(() => { const end = Date.now() + 8000; while (Date.now() < end); document.getElementById('state').textContent = 'done'; }, 30);
    });</script>`,
  ),
  // The click keeps the page changing for seconds: the crash comes while the click settles.
  '/ticking.html': page(
    'Ticking',
    `<button id="go">Start</button><p id="n">0</p>
    <script>document.getElementById('go').addEventListener('click', () => {
      setInterval(() => { const n = document.getElementById('n'); n.textContent = String(Number(n.textContent) + 1); }, 20);
    });</script>`,
  ),
  // A modal in a shadow root that closes with an animation starting 60 ms after the click, and a
  // dialog that opens once its backdrop has faded in.
  '/animated.html': page(
    'Animated',
    `<div id="host"></div><button id="open">Open settings</button>
    <script>
      const root = document.getElementById('host').attachShadow({ mode: 'open' });
      root.innerHTML = '<div role="dialog" aria-label="Profile" id="modal"><button id="done">Done</button></div>';
      root.getElementById('done').addEventListener('click', () => setTimeout(() => {
        const modal = root.getElementById('modal');
        modal.animate([{ opacity: 1 }, { opacity: 0 }], { duration: 400 }).finished.then(() => modal.remove());
      }, 60));
      // Bootstrap's way: the backdrop fades in first, and the dialog shows (fading in) a moment after that ends.
      document.getElementById('open').addEventListener('click', () => {
        const backdrop = document.createElement('div');
        backdrop.style.cssText = 'position: fixed; inset: 0; background: #0008; opacity: 0; transition: opacity 150ms';
        document.body.append(backdrop);
        backdrop.getBoundingClientRect();
        backdrop.style.opacity = '1';
        backdrop.addEventListener('transitionend', () => setTimeout(() => {
          const dialog = document.createElement('div');
          dialog.setAttribute('role', 'dialog');
          dialog.setAttribute('aria-label', 'Settings');
          dialog.innerHTML = '<button>Save</button>';
          dialog.style.cssText = 'position: fixed; top: 20px; opacity: 0; transition: opacity 300ms';
          document.body.append(dialog);
          dialog.getBoundingClientRect();
          dialog.style.opacity = '1';
        }, 60), { once: true });
      });
    </script>`,
  ),
  // A custom select: its value display (the hand over it) lies over its input, and the wrapper opens the list.
  '/picker.html': page(
    'Picker',
    `<div id="picker" style="position: relative; width: 220px; height: 34px; border: 1px solid #888; cursor: pointer">
      <input id="country" role="combobox" aria-label="Country" aria-expanded="false" readonly style="position: absolute; inset: 0; width: 100%; box-sizing: border-box">
      <div style="position: absolute; inset: 0; background: white; padding: 8px">Select a country…</div>
    </div>
    <ul id="list" role="listbox" aria-label="Countries" hidden><li role="option">France</li></ul>
    <script>document.getElementById('picker').addEventListener('click', () => {
      document.getElementById('list').hidden = false;
      document.getElementById('country').setAttribute('aria-expanded', 'true');
    });</script>`,
  ),
  // A veil over the page that fades out, and a cookie banner over the Save button.
  '/veiled.html': page(
    'Veiled',
    `<button id="save" style="position: fixed; top: 10px; left: 10px">Save</button><p style="margin-top: 60px">Saved <output id="saved">0</output> times</p>
    <div id="veil" style="position: fixed; inset: 0; background: #fffc; transition: opacity 500ms"></div>
    <script>document.getElementById('save').addEventListener('click', () => { const saved = document.getElementById('saved'); saved.textContent = String(Number(saved.textContent) + 1); });</script>`,
  ),
  '/banner.html': page(
    'Banner',
    `<button id="save" style="position: fixed; bottom: 20px; left: 20px">Save</button>
    <div role="dialog" aria-label="Cookies" style="position: fixed; left: 0; right: 0; bottom: 0; height: 120px; background: #eee">
      <div style="height: 100%"><p>We use cookies.</p><button>Accept</button></div>
    </div>`,
  ),
};

let server: TestServer;
let client: FirefoxClient;

beforeAll(async () => {
  server = await startTestServer(PAGES);
  client = await FirefoxClient.launch({ viewport: { width: 1280, height: 720 } });
});

afterAll(async () => {
  await client.close();
  await server.close();
});

/** The uid of the button named `name` in a fresh snapshot. */
async function button(name: string): Promise<string> {
  return uidIn((await client.page.takeSnapshot()).text, new RegExp(`button "${name}"`));
}

describe('a page that stops answering after a click', () => {
  it('answers within 3 s that the click was sent and the page stopped answering', async () => {
    await client.page.navigate(server.url('/busy.html'));
    const uid = await button('Recalculate');
    const started = performance.now();
    const outcome = await client.page.clickByUid(uid).catch((error: unknown) => error);
    const took = performance.now() - started;
    console.log(`A click on a page that blocked 30 ms later answered in ${took.toFixed(0)} ms.`);
    expect(outcome).toBeInstanceOf(PageUnresponsiveError);
    expect((outcome as Error).message).toMatch(
      /Clicking uid=\S+ button "Recalculate" was sent, then the page stopped answering/,
    );
    expect(took).toBeLessThan(3000);
    expect((await client.userContext.listPages())[0]?.unresponsive).toBe(true);
    // The page comes back when its loop ends; the next calls work.
    await expect
      .poll(
        async () => client.page.evaluate(`() => document.getElementById('state').textContent`).catch(() => 'busy'),
        { timeout: 15_000, interval: 500 },
      )
      .toBe('done');
    expect((await client.page.takeSnapshot()).text).toContain('done');
  });
});

describe('a tab that crashes while a click settles', () => {
  it('fails the click at once with the crash', async () => {
    const url = server.url('/ticking.html');
    await client.page.navigate(url);
    const clicking = client.page.clickByUid(await button('Start')).then(
      () => 'answered',
      (error: unknown) => error,
    );
    await expect
      .poll(async () => Number(await client.page.evaluate(`() => document.getElementById('n').textContent`)), {
        interval: 20,
      })
      .toBeGreaterThan(2);
    for (const pid of contentProcesses(client.browser.pid ?? -1)) process.kill(pid, 'SIGKILL');
    const killedAt = performance.now();
    const outcome = await clicking;
    console.log(`The click failed ${(performance.now() - killedAt).toFixed(0)} ms after its tab was killed.`);
    expect(outcome).toBeInstanceOf(PageCrashedError);
    expect((outcome as Error).message).toContain(
      `page 0 crashed (its content process ended) during the call while it showed "${url}"`,
    );
    await client.page.navigate(url);
  });
});

describe('overlays that animate a moment after the click', () => {
  /**
   * An answer that says the page settled must find it as it ends: on a busy machine the fades may outlast the settle's
   * bound, and then the answer says the page was still changing (and it ends so a moment later).
   */
  async function answersWhen(result: ActionResult, ended: () => Promise<boolean>): Promise<void> {
    if (result.settled) expect(await ended()).toBe(true);
    else await expect.poll(ended, { timeout: 10_000 }).toBe(true);
  }

  it('answers when a modal in a shadow root has closed, not while it fades', async () => {
    await client.page.navigate(server.url('/animated.html'));
    await answersWhen(await client.page.clickByUid(await button('Done')), () =>
      client.page.evaluate(`() => document.getElementById('host').shadowRoot.getElementById('modal') === null`),
    );
    expect((await client.page.takeSnapshot()).text).not.toContain('dialog "Profile"');
  });

  it('answers when a dialog shown after its backdrop faded in is there and shown', async () => {
    await client.page.navigate(server.url('/animated.html'));
    await answersWhen(await client.page.clickByUid(await button('Open settings')), () =>
      client.page.evaluate(
        `() => { const d = document.querySelector('[aria-label=Settings]'); return d !== null && getComputedStyle(d).opacity === '1'; }`,
      ),
    );
  });
});

describe('refusals that are true', () => {
  it('clicks a control whose own value display lies over it (the widget takes the click)', async () => {
    await client.page.navigate(server.url('/picker.html'));
    const text = (await client.page.takeSnapshot()).text;
    await client.page.clickByUid(uidIn(text, /combobox "Country"/));
    expect(
      await client.page.evaluate(
        `() => [document.getElementById('list').hidden, document.getElementById('country').getAttribute('aria-expanded')]`,
      ),
    ).toEqual([false, 'true']);
  });

  it('waits for a veil that is fading out instead of refusing the click it covers', async () => {
    await client.page.navigate(server.url('/veiled.html'));
    const uid = await button('Save');
    await client.page.evaluate(
      `() => { const veil = document.getElementById('veil'); veil.addEventListener('transitionend', () => veil.remove()); veil.style.opacity = '0'; }`,
    );
    await client.page.clickByUid(uid);
    expect(await client.page.evaluate(`() => document.getElementById('saved').textContent`)).toBe('1');
  });

  it('names the real cover with the uid the snapshot lists it by', async () => {
    await client.page.navigate(server.url('/banner.html'));
    const text = (await client.page.takeSnapshot()).text;
    const refusal = await client.page.clickByUid(uidIn(text, /button "Save"/)).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ElementNotInteractableError);
    expect((refusal as Error).message).toContain(`inside uid=${uidIn(text, /dialog "Cookies"/)} dialog "Cookies"`);
  });
});
