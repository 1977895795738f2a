import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allNodes, FirefoxClient, type SnapshotNode } from '../../src/index.js';
import { page, startTestServer, type TestServer } from '../helpers/server.js';

/**
 * Defect classes of issue 9 met on real component libraries, each on a hand-written page that
 * uses the same pattern: box-less wrappers, names the specs settle, roles as authors write them.
 */

const CONTENTS = page(
  'Contents',
  `<div role="tablist" aria-label="Sections">
     <tab-slot style="display:contents"><button role="tab" aria-selected="true">Overview</button></tab-slot>
     <tab-slot style="display:contents"><button role="tab" aria-selected="false">Details</button></tab-slot>
   </div>
   <dialog-host style="display:contents">
     <div role="dialog" aria-modal="true" aria-label="Settings"><p>Change what you like.</p><button>Save settings</button></div>
   </dialog-host>
   <div role="list" style="display:contents"><div role="listitem">First item</div><div role="listitem">Second item</div></div>`,
);

const NAMES = page(
  'Names',
  `<button id="blocks"><div>GET</div><div>/items</div> List items</button>
   <button id="inline-blocks"><span style="display:inline-block">one</span><span style="display:inline-block">two</span></button>
   <label><input type="checkbox" id="embedded"> Flash the screen <input value="3" aria-label="count"> times</label>
   <label><input type="checkbox" id="embedded-select"> Repeat <select aria-label="n"><option>1</option><option selected>2</option></select> times</label>
   <style>#generated::before { content: "Open "; } #generated::after { content: " now" / ""; }</style>
   <button id="generated">menu</button>
   <button id="zero-width">Sub&shy;scribe&#8203; now</button>
   <button id="named-by-ref" aria-labelledby="ref" onclick="this.dataset.clicked = 'yes'">Go</button>
   <span id="ref">Billing <span style="display:none">secret</span> address</span><input id="labelled" aria-labelledby="ref">`,
);

const ROLES = page(
  'Roles',
  `<div id="upper" role="BUTTON" tabindex="0">Upper</div>
   <div id="fallback" role="foo switch" aria-checked="true" tabindex="0">Fallback</div>
   <nav id="abstract" role="widget">Abstract</nav>
   <div id="unnamed-region" role="region group">Unnamed region</div>
   <h2 id="focusable-none" role="none" tabindex="0">Focusable heading</h2>
   <hr id="rule">
   <img id="image" alt="Chart" src="data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==" width="10" height="10">`,
);

let server: TestServer;
let client: FirefoxClient;

async function nodeOf(id: string): Promise<SnapshotNode | undefined> {
  const snapshot = await client.takeSnapshot();
  const uid = await client.evaluate(`() => document.getElementById(${JSON.stringify(id)})?.getAttribute('data-mcp-uid') ?? null`);
  return Array.from(allNodes(snapshot.nodes)).find((node) => node.uid === uid);
}

beforeAll(async () => {
  server = await startTestServer({ '/contents.html': CONTENTS, '/names.html': NAMES, '/roles.html': ROLES });
  client = await FirefoxClient.launch();
});

afterAll(async () => {
  await client.close();
  await server.close();
});

describe('the engine on component-library patterns', () => {
  it('walks through display:contents wrappers: tabs in their tablist, a dialog with its content, a box-less list', async () => {
    await client.navigate(server.url('/contents.html'));
    const { text } = await client.takeSnapshot();
    expect(text).toMatch(/tablist "Sections"\n\s+uid=\S+ tab "Overview" selected\n\s+uid=\S+ tab "Details"/);
    expect(text).toMatch(/dialog "Settings"[\s\S]*paragraph[\s\S]*button "Save settings"/);
    expect(text).toMatch(/list\n\s+uid=\S+ listitem: First item/);
    const found = await client.findInPage('Save settings');
    expect(found.matches.length).toBeGreaterThan(0);
  });

  it('names as accname says: spaces between blocks, embedded control values, generated content, hidden parts of a reference left out, no zero-width characters', async () => {
    await client.navigate(server.url('/names.html'));
    expect((await nodeOf('blocks'))?.name).toBe('GET /items List items');
    expect((await nodeOf('inline-blocks'))?.name).toBe('one two');
    expect((await nodeOf('embedded'))?.name).toBe('Flash the screen 3 times');
    expect((await nodeOf('embedded-select'))?.name).toBe('Repeat 2 times');
    expect((await nodeOf('generated'))?.name).toBe('Open menu');
    expect((await nodeOf('labelled'))?.name).toBe('Billing address');
    expect((await nodeOf('zero-width'))?.name).toBe('Subscribe now');
  });

  it('names a uid in an action answer as the snapshot did', async () => {
    await client.navigate(server.url('/names.html'));
    const node = await nodeOf('named-by-ref');
    expect(node?.name).toBe('Billing address');
    const result = await client.clickByUid(node?.uid ?? '');
    expect(result.action).toContain('"Billing address"');
    expect(await client.evaluate("() => document.getElementById('named-by-ref').dataset.clicked")).toBe('yes');
  });

  it('reads roles as WAI-ARIA says: any case, first valid token, abstract roles ignored, unnamed regions fall back, none yields to focus', async () => {
    await client.navigate(server.url('/roles.html'));
    expect((await nodeOf('upper'))?.role).toBe('button');
    expect((await nodeOf('fallback'))?.role).toBe('switch');
    expect((await nodeOf('abstract'))?.role).toBe('navigation');
    expect((await nodeOf('unnamed-region'))?.role).toBe('group');
    expect((await nodeOf('focusable-none'))?.role).toBe('heading');
    expect((await nodeOf('rule'))?.role).toBe('separator');
    expect((await nodeOf('image'))?.role).toBe('image');
  });
});
