import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type bidi, type Recording } from '../../src/index.js';
import { useFirefox, useSite } from '../helpers/fixtures.js';
import { call, startInProcessServer, text, uidOf } from '../helpers/mcp.js';
import { page } from '../helpers/server.js';
import { uidIn } from '../helpers/snapshot-text.js';

/**
 * What an action costs on the wire: the BiDi commands a click and a fill send, counted on the client's own connection
 * to a real Firefox (each waits for its answer before the next goes, so each is a round trip). Issue 50's bounds: a
 * click at most 3 (4 before), a fill at most 5 (10 before).
 */
const PAGES = {
  '/form.html': page(
    'Form',
    `<button onclick="this.textContent = 'Sent'">Send</button>
    <label>Name <input id="name"></label>`,
  ),
};

let sent: string[] = [];

/** Counts the commands sent on `bidi`, then sends them as they were: the browser answers every one of them. */
function countCommands(connection: bidi.BidiConnection): void {
  const send = connection.send.bind(connection);
  connection.send = (method, params, options) => {
    sent.push(method);
    return send(method, params, options);
  };
}

const server = useSite(PAGES);
const client = useFirefox();

beforeAll(() => {
  countCommands(client.browser.bidi);
});

/**
 * The commands `action` sent, and its result. A command that is late on a busy machine has the browser asked whether it
 * still answers (session.status): that question is the machine's, not the action's, and is left out.
 */
async function counted<T>(action: () => Promise<T>): Promise<{ result: T; commands: string[] }> {
  sent = [];
  const result = await action();
  return { result, commands: sent.filter((method) => method !== 'session.status') };
}

describe('round trips per action', () => {
  it('clicks a plain button in 3 commands: resolve, input, settle; and says where the button is', async () => {
    await client.page.navigate(server.url('/form.html'));
    const snapshot = (await client.page.takeSnapshot()).text;
    const send = uidIn(snapshot, /button "Send"/);
    const { result, commands } = await counted(() => client.page.clickByUid(send));
    expect(commands).toEqual(['script.callFunction', 'input.performActions', 'script.callFunction']);
    expect(await client.page.evaluate('() => document.querySelector("button").textContent')).toBe('Sent');
    // What it acted on comes with the result, so nobody has to look the button up again to record it.
    expect(result.targets?.map((target) => [target.uid, target.css.frames])).toEqual([[send, []]]);
    const css = result.targets?.[0]?.css.full ?? '';
    expect(await client.page.evaluate(`() => document.querySelector(${JSON.stringify(css)})?.textContent`)).toBe(
      'Sent',
    );
  });

  it('fills a text field in 5 commands: resolve, click in, select and guard, keys, settle and read back', async () => {
    await client.page.navigate(server.url('/form.html'));
    const name = uidIn((await client.page.takeSnapshot()).text, /textbox "Name"/);
    const { commands } = await counted(() => client.page.fillByUid(name, 'Ada'));
    expect(commands).toEqual([
      'script.callFunction',
      'input.performActions',
      'script.callFunction',
      'input.performActions',
      'script.callFunction',
    ]);
    expect(await client.page.evaluate('() => document.getElementById("name").value')).toBe('Ada');
  });
});

describe('round trips per MCP call', () => {
  it('answers a click in 3 commands too, and the recording of that click still holds where the button is', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'ffmcp-round-trips-'));
    const mcp = await startInProcessServer(['--output-dir', folder]);
    try {
      await call(mcp.client, 'navigate_page', { url: server.url('/form.html') });
      const send = uidOf(text(await call(mcp.client, 'take_snapshot')), 'button', 'Send');
      countCommands((await mcp.holder.client()).client.browser.bidi);
      const { result, commands } = await counted(() => call(mcp.client, 'click', { uid: send }));
      expect(text(result)).toContain(`Clicked uid=${send} button "Send"`);
      expect(commands).toEqual(['script.callFunction', 'input.performActions', 'script.callFunction']);
      const [file] = readdirSync(folder).filter((name) => name.startsWith('recording-'));
      const recording = JSON.parse(readFileSync(join(folder, file ?? ''), 'utf8')) as Recording;
      const target = recording.steps.find((step) => step.tool === 'click')?.targets?.uid;
      expect(target).toMatchObject({ role: 'button', name: 'Send', css: { frames: [] } });
      const selector = JSON.stringify(target?.css?.selector);
      const found = `() => document.querySelector(${selector})?.textContent`;
      expect(text(await call(mcp.client, 'evaluate_script', { function: found }))).toContain('Sent');
    } finally {
      await mcp.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
