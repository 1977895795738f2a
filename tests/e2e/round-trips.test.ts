import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FirefoxClient } from '../../src/index.js';
import { page, startTestServer, type TestServer } from '../helpers/server.js';
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

let server: TestServer;
let client: FirefoxClient;
let sent: string[] = [];

beforeAll(async () => {
  server = await startTestServer(PAGES);
  client = await FirefoxClient.launch();
  const bidi = client.browser.bidi;
  const send = bidi.send.bind(bidi);
  // Counted, then sent as they were: the browser answers every one of them.
  bidi.send = (method, params, options) => {
    sent.push(method);
    return send(method, params, options);
  };
});

afterAll(async () => {
  await client.close();
  await server.close();
});

/** The commands `action` sent, and its result. */
async function counted<T>(action: () => Promise<T>): Promise<{ result: T; commands: string[] }> {
  sent = [];
  const result = await action();
  return { result, commands: sent };
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
