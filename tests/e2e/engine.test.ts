import { describe, expect, it } from 'vitest';
import { allNodes, type SnapshotNode } from '../../src/index.js';
import { useFirefox, useSite } from '../helpers/fixtures.js';
import { page } from '../helpers/server.js';

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

const MODALS = page(
  'Modals',
  `<button id="behind" onclick="this.dataset.clicked = 'yes'">Behind</button>
   <dialog id="native" aria-label="Confirm delete"><p>Delete it?</p><button id="keep" onclick="this.closest('dialog').close()">Keep it</button></dialog>
   <div id="overlay" style="display:none"><div role="dialog" aria-modal="true" aria-labelledby="t"><h2 id="t">Sign up</h2><button id="inside">Inside</button></div></div>
   <button id="open-native" onclick="document.getElementById('native').showModal()">Open native</button>`,
);

const CUSTOM_CONTROLS = page(
  'Custom controls',
  `<style>
     .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
     .switch input { opacity: 0; position: absolute; width: 0; height: 0; }
     .track { display: inline-block; width: 30px; height: 16px; background: #ccc; }
   </style>
   <label id="dark-label" class="switch"><input type="checkbox" id="dark" role="switch"><span class="track"></span> Dark mode</label>
   <label id="news-label"><input type="checkbox" id="news" class="sr-only" checked> <span>Newsletter</span></label>
   <input type="radio" name="plan" id="free" class="sr-only"><label for="free">Free plan</label>
   <label>Region <input id="region" role="combobox" readonly value="US West"></label>
   <label>Code <input id="code" value="abc"></label>
   <script>
     // A controlled field, as frameworks make them: it puts its old value back on every input.
     const code = document.getElementById('code');
     code.addEventListener('input', () => { code.value = 'abc'; });
   </script>`,
);

const INTERNALS = page(
  'Internals',
  `<x-tabs role="tablist" aria-label="Views"><x-tab id="list-tab" selected>List</x-tab><x-tab id="grid-tab">Grid</x-tab></x-tabs>
   <x-toggle id="toggle"></x-toggle>
   <script>
     customElements.define('x-tab', class extends HTMLElement {
       constructor() {
         super();
         this.internals = this.attachInternals();
         this.internals.role = 'tab';
         this.internals.ariaSelected = String(this.hasAttribute('selected'));
         this.tabIndex = 0;
         this.attachShadow({ mode: 'open' }).innerHTML = '<slot></slot>';
       }
     });
     customElements.define('x-toggle', class extends HTMLElement {
       constructor() {
         super();
         const internals = this.attachInternals();
         internals.role = 'switch';
         internals.ariaLabel = 'Airplane mode';
         internals.ariaChecked = 'true';
         this.tabIndex = 0;
         this.attachShadow({ mode: 'closed' }).innerHTML = '<span>✈</span>';
       }
     });
   </script>`,
);

const READING = page(
  'Reading',
  `<p id="sentence">The built-in <a href="/sorted">sorted()</a> function is guaranteed to be <em>stable</em>; see <a href="/howto">the sorting how-to</a>.</p>
   <pre id="code"><span>def</span> f(x):
    <span>return</span> x + 1</pre>
   <table><tr><th>Name</th><th>Type</th></tr><tr><td id="cell-code"><code>limit</code></td><td id="cell-link"><a href="#string">string</a> or null</td></tr></table>
   <fieldset id="shipping"><legend>Shipping</legend><label><input type="radio" name="s"> Fast</label></fieldset>`,
);

const HISTORY = page(
  'History',
  `<button id="same" onclick="history.replaceState(null, '', location.href)">Same URL</button>
   <button id="other" onclick="history.pushState(null, '', '#moved')">Other URL</button>`,
);

async function nodeOf(id: string): Promise<SnapshotNode | undefined> {
  const snapshot = await client.page.takeSnapshot();
  const uid = await client.page.evaluate(
    `() => document.getElementById(${JSON.stringify(id)})?.getAttribute('data-mcp-uid') ?? null`,
  );
  return Array.from(allNodes(snapshot.nodes)).find((node) => node.uid === uid);
}

const server = useSite({
  '/contents.html': CONTENTS,
  '/names.html': NAMES,
  '/roles.html': ROLES,
  '/modals.html': MODALS,
  '/custom.html': CUSTOM_CONTROLS,
  '/history.html': HISTORY,
  '/internals.html': INTERNALS,
  '/reading.html': READING,
});
const client = useFirefox();

describe('the engine on component-library patterns', () => {
  it('walks through display:contents wrappers: tabs in their tablist, a dialog with its content, a box-less list', async () => {
    await client.page.navigate(server.url('/contents.html'));
    const { text } = await client.page.takeSnapshot();
    // The dialog is aria-modal: the tabs behind it are blocked.
    expect(text).toMatch(
      /tablist "Sections"\n\s+\d+_\d+ tab "Overview" selected blocked\n\s+\d+_\d+ tab "Details" blocked/,
    );
    expect(text).toMatch(/dialog "Settings"[\s\S]*paragraph[\s\S]*button "Save settings"/);
    expect(text).toMatch(/list\n\s+\d+_\d+ - First item/);
    const found = await client.page.findInPage('Save settings');
    expect(found.matches.length).toBeGreaterThan(0);
  });

  it('names as accname says: spaces between blocks, embedded control values, generated content, hidden parts of a reference left out, no zero-width characters', async () => {
    await client.page.navigate(server.url('/names.html'));
    expect((await nodeOf('blocks'))?.name).toBe('GET /items List items');
    expect((await nodeOf('inline-blocks'))?.name).toBe('one two');
    expect((await nodeOf('embedded'))?.name).toBe('Flash the screen 3 times');
    expect((await nodeOf('embedded-select'))?.name).toBe('Repeat 2 times');
    expect((await nodeOf('generated'))?.name).toBe('Open menu');
    expect((await nodeOf('labelled'))?.name).toBe('Billing address');
    expect((await nodeOf('zero-width'))?.name).toBe('Subscribe now');
  });

  it('names a uid in an action answer as the snapshot did', async () => {
    await client.page.navigate(server.url('/names.html'));
    const node = await nodeOf('named-by-ref');
    expect(node?.name).toBe('Billing address');
    const result = await client.page.clickByUid(node?.uid ?? '');
    expect(result.done).toMatchObject({ kind: 'click', target: { uid: node?.uid, name: 'Billing address' } });
    expect(await client.page.evaluate("() => document.getElementById('named-by-ref').dataset.clicked")).toBe('yes');
  });

  it('reads roles as WAI-ARIA says: any case, first valid token, abstract roles ignored, unnamed regions fall back, none yields to focus', async () => {
    await client.page.navigate(server.url('/roles.html'));
    expect((await nodeOf('upper'))?.role).toBe('button');
    expect((await nodeOf('fallback'))?.role).toBe('switch');
    expect((await nodeOf('abstract'))?.role).toBe('navigation');
    expect((await nodeOf('unnamed-region'))?.role).toBe('group');
    expect((await nodeOf('focusable-none'))?.role).toBe('heading');
    expect((await nodeOf('rule'))?.role).toBe('separator');
    expect((await nodeOf('image'))?.role).toBe('image');
  });

  it('marks what lies behind an open modal dialog as blocked, and refuses to act on it, naming the dialog', async () => {
    await client.page.navigate(server.url('/modals.html'));
    await client.page.clickByUid((await nodeOf('open-native'))?.uid ?? '');
    const snapshot = await client.page.takeSnapshot();
    const dialog = await nodeOf('native');
    expect(snapshot.text).toContain(`modal=${dialog?.uid ?? '?'}`);
    expect(snapshot.text).toMatch(/button "Behind" blocked/);
    expect(snapshot.text).toMatch(/button "Keep it"(?! blocked)/);
    await expect(client.page.clickByUid((await nodeOf('behind'))?.uid ?? '')).rejects.toThrow(
      /behind the open modal uid=\S+ dialog "Confirm delete"/,
    );
    expect(
      await client.page.evaluate(
        "() => [document.getElementById('behind').dataset.clicked ?? 'no', document.getElementById('native').open]",
      ),
    ).toEqual(['no', true]);
    await client.page.clickByUid((await nodeOf('keep'))?.uid ?? '');
    expect(await client.page.evaluate("() => document.getElementById('native').open")).toBe(false);
    expect((await client.page.takeSnapshot()).text).not.toMatch(/blocked/);

    // A dialog marked aria-modal blocks as well, though nothing covers the page.
    await client.page.evaluate("() => { document.getElementById('overlay').style.display = 'block'; }");
    const marked = await client.page.takeSnapshot();
    expect(marked.text).toMatch(/modal=\S+/);
    await expect(client.page.clickByUid((await nodeOf('behind'))?.uid ?? '')).rejects.toThrow(
      /behind the open modal uid=\S+ dialog "Sign up"/,
    );
    await client.page.clickByUid((await nodeOf('inside'))?.uid ?? '');
  });

  it('lists a visually hidden checkbox once, where its label is, with its role and state, and clicks it there', async () => {
    await client.page.navigate(server.url('/custom.html'));
    const { text } = await client.page.takeSnapshot();
    expect(text).toMatch(/switch "Dark mode"$/m);
    expect(text).toMatch(/checkbox "Newsletter" checked/);
    expect(text).toMatch(/radio "Free plan"$/m);
    expect(text).not.toMatch(/label/);
    expect(text.match(/Dark mode/g)).toHaveLength(1);
    const dark = await nodeOf('dark');
    expect(dark?.role).toBe('switch');
    await client.page.clickByUid(dark?.uid ?? '');
    expect(await client.page.evaluate("() => document.getElementById('dark').checked")).toBe(true);
    await client.page.fillByUid((await nodeOf('news'))?.uid ?? '', false);
    expect(await client.page.evaluate("() => document.getElementById('news').checked")).toBe(false);
    await client.page.fillByUid((await nodeOf('free'))?.uid ?? '', true);
    expect(await client.page.evaluate("() => document.getElementById('free').checked")).toBe(true);
  });

  it('gives each uid one role, one name and one state in the snapshot and in the agent view of Markdown', async () => {
    await client.page.navigate(server.url('/custom.html'));
    const { markdown } = await client.page.getPageMarkdown({ view: 'agent' });
    const { text } = await client.page.takeSnapshot();
    const controls = [...markdown.matchAll(/\[(\w+) ("[^"]*")([^\]]*?) uid=(\d+_\d+)\]/g)];
    expect(controls.map((match) => match[1])).toEqual(['switch', 'checkbox', 'radio', 'combobox', 'textbox']);
    for (const [, role, name, states, uid] of controls) {
      const line = text.split('\n').find((candidate) => candidate.trimStart().startsWith(`${uid ?? ''} `)) ?? '';
      expect(line.trim().startsWith(`${uid ?? ''} ${role ?? ''} ${name ?? ''}`), `${uid ?? ''}: ${line}`).toBe(true);
      expect(/ checked\b/.test(line)).toBe(/\bchecked\b/.test(states ?? ''));
    }
  });

  it('says when a fill did not take: a read-only combobox, a field that puts its value back', async () => {
    await client.page.navigate(server.url('/custom.html'));
    await expect(client.page.fillByUid((await nodeOf('region'))?.uid ?? '', 'US East')).rejects.toThrow(
      /read-only[\s\S]*combobox that is picked, not typed/,
    );
    expect(await client.page.evaluate("() => document.getElementById('region').value")).toBe('US West');
    await expect(client.page.fillByUid((await nodeOf('code'))?.uid ?? '', 'xyz')).rejects.toThrow(
      /but it did not take: uid=\S+ textbox "Code" holds "abc"/,
    );
  });

  it('reads the roles, names and states custom elements give themselves through ElementInternals', async () => {
    await client.page.navigate(server.url('/internals.html'));
    expect(await nodeOf('list-tab')).toMatchObject({ role: 'tab', name: 'List', selected: true });
    expect(await nodeOf('grid-tab')).toMatchObject({ role: 'tab', name: 'Grid', selected: false });
    expect(await nodeOf('toggle')).toMatchObject({ role: 'switch', name: 'Airplane mode', checked: 'true' });
  });

  it('keeps reading order: links inside their sentence, preformatted lines, the text of table cells, a legend said once', async () => {
    await client.page.navigate(server.url('/reading.html'));
    const { text } = await client.page.takeSnapshot();
    const sorted = await nodeOf('sentence');
    expect(sorted?.text).toMatch(
      /^The built-in \[sorted\(\)\]\(uid=\d+_\d+\) function is guaranteed to be stable; see \[the sorting how-to\]\(uid=\d+_\d+\)\.$/,
    );
    // The links are in the sentence, and only there, in the text; the tree still has them to act on.
    expect(text.match(/sorted\(\)/g)).toHaveLength(1);
    const link = sorted?.children?.find((child) => child.name === 'sorted()');
    expect(link).toMatchObject({ role: 'link', inline: true });
    await client.page.clickByUid(link?.uid ?? '');
    expect(await client.page.evaluate('() => location.pathname')).toBe('/sorted');
    await client.page.navigate(server.url('/reading.html'));
    expect((await nodeOf('code'))?.text).toBe('def f(x):\\n    return x + 1');
    expect((await nodeOf('cell-code'))?.name).toBe('limit');
    expect((await nodeOf('cell-link'))?.name).toBe('string or null');
    const shipping = await client.page.takeSnapshot();
    expect(shipping.text.match(/Shipping/g)).toHaveLength(1);
  });

  it('reports a navigation only when the URL changed', async () => {
    await client.page.navigate(server.url('/history.html'));
    const same = await client.page.clickByUid((await nodeOf('same'))?.uid ?? '');
    expect(same.navigated).toBeUndefined();
    const other = await client.page.clickByUid((await nodeOf('other'))?.uid ?? '');
    expect(other.navigated).toMatchObject({ url: server.url('/history.html#moved'), sameDocument: true });
  });

  it("gives locator paths without the engine's own attribute, which find the element again after a reload", async () => {
    await client.page.navigate(server.url('/custom.html'));
    const paths = await Promise.all(
      ['dark', 'code'].map(async (id) => (await client.page.resolveUidToSelector((await nodeOf(id))?.uid ?? '')).full),
    );
    for (const path of paths) expect(path).not.toContain('data-mcp-uid');
    await client.page.reload();
    expect(
      await client.page.evaluate('(a, b) => [document.querySelector(a)?.id, document.querySelector(b)?.id]', [
        ...paths,
      ]),
    ).toEqual(['dark', 'code']);
  });
});

describe('the engine in the realm', () => {
  it('sends its source once per document, then calls it by name', async () => {
    const declarations: string[] = [];
    const connection = client.browser.bidi;
    const send = connection.send.bind(connection);
    // Watches what goes over the real connection; every command still reaches Firefox.
    connection.send = (method, params, options) => {
      if (method === 'script.callFunction')
        declarations.push((params as { functionDeclaration: string }).functionDeclaration);
      return send(method, params, options);
    };
    try {
      await client.page.navigate(server.url('/contents.html'));
      await client.page.takeSnapshot();
      await client.page.takeSnapshot({ fresh: true });
      const uid = (await client.page.takeSnapshot()).nodes[0]?.uid ?? '';
      await client.page.resolveUidToSelector(uid);
      await client.page.navigate(server.url('/names.html'));
      await client.page.takeSnapshot();
    } finally {
      connection.send = send;
    }
    const withSource = declarations.filter((declaration) => declaration.length > 10_000);
    // One install per document, with its first call (no round trip spent finding the engine missing); every later call
    // by name.
    expect(withSource).toHaveLength(2);
    expect(declarations[0]?.length).toBeGreaterThan(10_000);
    expect(declarations.filter((declaration) => declaration.includes('no engine here'))).toHaveLength(
      declarations.length - 2,
    );
    expect(declarations.length).toBeGreaterThan(4);
    expect(
      Math.max(
        ...declarations.filter((declaration) => declaration.length <= 10_000).map((declaration) => declaration.length),
      ),
    ).toBeLessThan(1_000);
  });
});
