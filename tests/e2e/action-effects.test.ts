import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActionNotTakenError, FirefoxClient } from '../../src/index.js';
import { page, startTestServer, type TestServer } from '../helpers/server.js';
import { uidIn } from '../helpers/snapshot-text.js';

/**
 * Every action reads its effect back, and says plainly when the page shows another one. A find box
 * that hands the focus to its document after the first key (as a code editor's find widget may):
 * the rest of the keys land in the document, and "Filled" would be a lie.
 */
const FIND = page(
  'Find',
  `<label for="find">Find</label> <input id="find">
   <label for="doc">Document</label> <textarea id="doc" rows="4">pool_size: 20</textarea>
   <script>
     const doc = document.getElementById('doc');
     document.getElementById('find').addEventListener('input', () => { doc.focus(); doc.setSelectionRange(0, 0); }, { once: true });
   </script>`,
);

let server: TestServer;
let client: FirefoxClient;

beforeAll(async () => {
  server = await startTestServer({ '/find.html': FIND });
  client = await FirefoxClient.launch({ viewport: { width: 1280, height: 720 } });
});

afterAll(async () => {
  await client.close();
  await server.close();
});

describe('fill reads the field back', () => {
  it('stops typing when the focus leaves the field mid-way, refuses "Filled", and says where the focus went', async () => {
    await client.page.navigate(server.url('/find.html'));
    const text = (await client.page.takeSnapshot()).text;
    const failure = await client.page.fillByUid(uidIn(text, /textbox "Find"/), 'port: 8080').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ActionNotTakenError);
    expect((failure as Error).message).toMatch(/holds "p"\. The focus left it for .*textarea#doc.* while the keys went in, so the typing stopped there: the other 9 key\(s\) were typed nowhere/);
    // What the page holds, which the answer described: the user's document untouched.
    expect(await client.page.evaluate(`() => [document.getElementById('find').value, document.getElementById('doc').value]`)).toEqual(['p', 'pool_size: 20']);
  });
});
