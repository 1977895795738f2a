import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allNodes, StaleUidError, type SnapshotNode, type TakenSnapshot } from '../../src/index.js';
import { useFirefox, useSite } from '../helpers/fixtures.js';
import { page } from '../helpers/server.js';

const LABELS = page(
  'Labels',
  `<h1>Every kind of label</h1>
   <span id="lbl-a">Labelled by span</span><input id="by-labelledby" aria-labelledby="lbl-a">
   <input id="by-aria-label" aria-label="Search the site">
   <label for="by-for">Label with for</label><input id="by-for">
   <label>Wrapping label <input id="by-wrap"></label>
   <img id="by-alt" src="data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==" alt="Company logo" width="20" height="20">
   <button id="by-title" title="Close panel" style="width:20px;height:20px"></button>
   <input id="by-placeholder" placeholder="Your city">
   <button id="by-text">Save <b>draft</b></button>
   <input id="by-value" type="submit" value="Send now">
   <input id="by-default" type="reset">
   <button id="unnamed" style="width:20px;height:20px"></button>
   <button id="icon-only"><svg width="16" height="16"><circle cx="8" cy="8" r="6"/></svg></button>`,
);

const HIDDEN = page(
  'Hidden',
  `<button id="shown">Shown</button>
   <button id="display-none" style="display:none">Display none</button>
   <div style="display:none"><button id="in-display-none">Inside display none</button></div>
   <button id="visibility-hidden" style="visibility:hidden">Visibility hidden</button>
   <div style="visibility:hidden"><button id="visible-again" style="visibility:visible">Visible again</button></div>
   <button id="opacity-zero" style="opacity:0">Opacity zero</button>
   <div style="opacity:0"><button id="in-opacity-zero">Inside opacity zero</button></div>
   <button id="zero-size" style="width:0;height:0;padding:0;border:0;overflow:hidden">Zero size</button>
   <button id="hidden-attr" hidden>Hidden attribute</button>
   <div aria-hidden="true"><button id="aria-hidden">Aria hidden</button></div>
   <div><div><div><a id="deep-link" href="/b.html">Deep link</a></div></div></div>
   <p>Plain <b>bold</b> paragraph text</p>`,
);

const STATES = page(
  'States',
  `<h2>Level two</h2><div role="heading" aria-level="4">Level four</div>
   <input id="filled" value="a@b.c" required>
   <input id="pw" type="password" value="hunter2">
   <input id="cb" type="checkbox" checked aria-label="Agree">
   <input id="mixed" type="checkbox" aria-label="Some">
   <select id="sel" aria-label="Size"><option>S</option><option selected>M</option></select>
   <button id="exp" aria-expanded="false">Menu</button>
   <button id="press" aria-pressed="true">Bold</button>
   <button id="dis" disabled>Off</button>
   <input id="inv" aria-invalid="true" aria-label="Bad field">
   <a id="docs" href="/docs">Docs</a>
   <details><summary id="sum">More</summary>Hidden details</details>
   <div id="editable" contenteditable="true" aria-label="Notes">Some notes</div>
   <div id="tab" tabindex="0">Focusable div</div>
   <script>document.getElementById('mixed').indeterminate = true; document.getElementById('filled').focus();</script>`,
);

const FORM = page(
  'Form',
  `<form id="f" onsubmit="event.preventDefault(); document.getElementById('out').textContent = JSON.stringify(Object.fromEntries(new FormData(this)));">
     <label>Name <input name="name"></label>
     <label>Bio <textarea name="bio">old text</textarea></label>
     <label>Colour <select name="colour"><option value="r">Red</option><option value="g">Green</option></select></label>
     <label><input type="checkbox" name="news" value="yes"> Newsletter</label>
     <label><input type="radio" name="plan" value="free" checked> Free</label>
     <label><input type="radio" name="plan" value="pro"> Pro</label>
     <div id="ce" contenteditable="true" aria-label="Comment">old</div>
     <button type="submit">Submit</button>
   </form>
   <pre id="out"></pre>
   <p id="ce-out"></p>
   <script>document.getElementById('ce').addEventListener('input', (e) => { document.getElementById('ce-out').textContent = 'ce:' + e.target.textContent; });</script>`,
);

const EVENTS = page(
  'Events',
  `<button id="target" style="margin:20px;padding:10px">Target</button>
   <div id="cover-host" style="position:relative;width:200px;height:40px">
     <button id="covered" style="position:absolute;inset:0">Covered</button>
     <div id="overlay" style="position:absolute;inset:0;background:rgba(0,0,0,.3)">Cookie banner</div>
   </div>
   <button id="alerter" onclick="alert('Clicked!')">Alert me</button>
   <a id="nav" href="/b.html">Go to B</a>
   <div style="height:2000px"></div>
   <button id="far" onclick="this.textContent = 'Far clicked'">Far below</button>
   <div id="log"></div>
   <script>
     const log = (text) => { document.getElementById('log').textContent += text + ';'; };
     const target = document.getElementById('target');
     target.addEventListener('click', (e) => log('click' + (e.ctrlKey ? '+ctrl' : '') + (e.shiftKey ? '+shift' : '') + ':' + e.isTrusted));
     target.addEventListener('dblclick', () => log('dblclick'));
     target.addEventListener('contextmenu', (e) => { e.preventDefault(); log('contextmenu'); });
     target.addEventListener('mouseover', () => log('mouseover'));
     document.addEventListener('keydown', (e) => { if (e.key !== 'Control' && e.key !== 'Shift') log('key:' + (e.ctrlKey ? 'ctrl+' : '') + (e.shiftKey ? 'shift+' : '') + e.key); });
   </script>`,
);

const DRAG_UPLOAD = page(
  'Drag and upload',
  `<div id="source" draggable="true" style="width:80px;height:40px;background:#8cf">Drag me</div>
   <div id="zone" style="width:200px;height:80px;margin-top:40px;background:#fc8">Drop here</div>
   <div id="handle" style="width:60px;height:30px;background:#8f8;position:relative">Handle</div>
   <input id="file" type="file" multiple aria-label="Attachment">
   <p id="status">idle</p>
   <script>
     const status = (text) => { document.getElementById('status').textContent = text; };
     const zone = document.getElementById('zone');
     document.getElementById('source').addEventListener('dragstart', (e) => e.dataTransfer.setData('text/plain', 'payload'));
     zone.addEventListener('dragover', (e) => e.preventDefault());
     zone.addEventListener('drop', (e) => { e.preventDefault(); status('dropped:' + e.dataTransfer.getData('text/plain')); });
     let dragging = false;
     document.getElementById('handle').addEventListener('mousedown', () => { dragging = true; });
     document.addEventListener('mouseup', (e) => { if (dragging) { dragging = false; document.title = 'released at zone:' + zone.contains(document.elementFromPoint(e.clientX, e.clientY)); } });
     document.getElementById('file').addEventListener('change', (e) => status('files:' + [...e.target.files].map((f) => f.name + '/' + f.size).join(',')));
   </script>`,
);

const HOSTILE = page(
  'Hostile',
  `<button id="real">Real button</button>
   <button id="decoy">Decoy button</button>
   <p id="clicked">none</p>
   <script>
     for (const id of ['real', 'decoy']) document.getElementById(id).addEventListener('click', () => { document.getElementById('clicked').textContent = id; });
     Array.prototype.map = function () { return ['hijacked']; };
     Array.prototype.push = function () { return 0; };
     Array.from = () => [];
     JSON.stringify = () => '"hijacked"';
     JSON.parse = () => ({});
     Map.prototype.get = () => undefined;
     Element.prototype.getAttribute = () => 'hijacked';
     Element.prototype.getBoundingClientRect = () => ({ x: 0, y: 0, width: 0, height: 0 });
     Object.defineProperty(Node.prototype, 'firstChild', { get() { return null; } });
   </script>`,
);

const server = useSite({
  '/labels.html': LABELS,
  '/hidden.html': HIDDEN,
  '/states.html': STATES,
  '/form.html': FORM,
  '/events.html': EVENTS,
  '/drag.html': DRAG_UPLOAD,
  '/hostile.html': HOSTILE,
});
const client = useFirefox();

async function open(path: string): Promise<TakenSnapshot> {
  await client.page.navigate(server.url(path));
  return client.page.takeSnapshot();
}

/** The node of the element with this id, found through the data-mcp-uid the walker stamped on it. */
async function byId(snapshot: TakenSnapshot, id: string): Promise<SnapshotNode> {
  const uid = await client.page.evaluate<string | null>(
    '(id) => document.getElementById(id).getAttribute("data-mcp-uid")',
    [id],
  );
  const node = [...allNodes(snapshot.nodes)].find((candidate) => candidate.uid === uid);
  if (!node) throw new Error(`#${id} (uid ${uid ?? 'none'}) is not in the snapshot:\n${snapshot.text}`);
  return node;
}

async function pageText(selector: string): Promise<string> {
  return client.page.evaluate<string>('(s) => document.querySelector(s).textContent', [selector]);
}

describe('takeSnapshot', () => {
  it('names every control from the right source', async () => {
    const snapshot = await open('/labels.html');
    const expectations: [string, string, string, string][] = [
      ['by-labelledby', 'textbox', 'Labelled by span', 'aria-labelledby'],
      ['by-aria-label', 'textbox', 'Search the site', 'aria-label'],
      ['by-for', 'textbox', 'Label with for', 'label'],
      ['by-wrap', 'textbox', 'Wrapping label', 'label'],
      ['by-alt', 'image', 'Company logo', 'alt'],
      ['by-title', 'button', 'Close panel', 'title'],
      ['by-placeholder', 'textbox', 'Your city', 'placeholder'],
      ['by-text', 'button', 'Save draft', 'text'],
      ['by-value', 'button', 'Send now', 'value'],
      ['by-default', 'button', 'Reset', 'value'],
    ];
    for (const [id, role, name, source] of expectations) {
      expect(await byId(snapshot, id), id).toMatchObject({ role, name, nameSource: source });
    }
    expect(await byId(snapshot, 'icon-only')).toMatchObject({ role: 'button', icon: true, nameStatus: 'unknown' });
    expect(snapshot.text).toMatch(/button no-name icon/);
    const unnamed = await byId(snapshot, 'unnamed');
    expect(unnamed).toMatchObject({ role: 'button', nameSource: 'unknown', interactive: true });
    expect(unnamed.name).toBeUndefined();
    expect(snapshot.text).toContain(`${(await byId(snapshot, 'by-text')).uid} button "Save draft"`);
    expect(snapshot.text.split('\n')[0]).toBe(
      `snapshot=${snapshot.id} url="${server.url('/labels.html')}" title="Labels" exact-ui-claims=partial`,
    );
    expect(snapshot.observation).toEqual({
      totalInteractive: 11,
      weakInteractive: 2,
      unknownInteractive: 2,
      exactUiClaims: 'partial',
    });
    expect(unnamed.nameStatus).toBe('unknown');
    expect((await byId(snapshot, 'by-title')).nameStatus).toBe('weak');
    expect((await byId(snapshot, 'by-text')).nameStatus).toBe('strong');
  });

  it('keeps what a person can see and drops the rest', async () => {
    const snapshot = await open('/hidden.html');
    const names = [...allNodes(snapshot.nodes)].map((node) => node.name ?? node.text);
    expect(names).toEqual(expect.arrayContaining(['Shown', 'Visible again', 'Deep link', 'Plain bold paragraph text']));
    for (const hidden of [
      'Display none',
      'Inside display none',
      'Visibility hidden',
      'Opacity zero',
      'Inside opacity zero',
      'Zero size',
      'Hidden attribute',
      'Aria hidden',
    ]) {
      expect(names, hidden).not.toContain(hidden);
    }
    // Wrappers without anything to say are dropped and the link is lifted to the top level.
    expect(snapshot.nodes.map((node) => node.name)).toContain('Deep link');
    expect(snapshot.text).toMatch(/^\d+_\d+ link "Deep link" href="\/b\.html"$/m);
  });

  it('reports states: value, checked, selected, expanded, pressed, disabled, required, invalid, focused, level, href', async () => {
    const snapshot = await open('/states.html');
    expect(snapshot.nodes.find((node) => node.name === 'Level two')).toMatchObject({ role: 'heading', level: 2 });
    expect(snapshot.nodes.find((node) => node.name === 'Level four')).toMatchObject({ role: 'heading', level: 4 });
    expect(await byId(snapshot, 'filled')).toMatchObject({ value: 'a@b.c', required: true, focused: true });
    expect(await byId(snapshot, 'pw')).toMatchObject({ value: '••••••••' });
    expect(snapshot.text).not.toContain('hunter2');
    expect(await byId(snapshot, 'cb')).toMatchObject({ role: 'checkbox', checked: 'true' });
    expect(await byId(snapshot, 'mixed')).toMatchObject({ checked: 'mixed' });
    const select = await byId(snapshot, 'sel');
    expect(select).toMatchObject({ role: 'combobox', name: 'Size', value: 'M' });
    expect(select.children?.map((option) => [option.name, option.selected ?? false])).toEqual([
      ['S', false],
      ['M', true],
    ]);
    expect(await byId(snapshot, 'exp')).toMatchObject({ expanded: false });
    expect(await byId(snapshot, 'press')).toMatchObject({ pressed: 'true' });
    expect(await byId(snapshot, 'dis')).toMatchObject({ disabled: true });
    expect(await byId(snapshot, 'inv')).toMatchObject({ invalid: true });
    expect(await byId(snapshot, 'docs')).toMatchObject({ role: 'link', href: '/docs' });
    expect(await byId(snapshot, 'sum')).toMatchObject({ role: 'button', name: 'More', expanded: false });
    // Editable content is never stamped (an editor would save the stamp): found by its name instead.
    expect([...allNodes(snapshot.nodes)].find((node) => node.name === 'Notes')).toMatchObject({
      role: 'textbox',
      value: 'Some notes',
    });
    expect(await client.page.evaluate(() => document.getElementById('editable')?.hasAttribute('data-mcp-uid'))).toBe(
      false,
    );
    expect(await byId(snapshot, 'tab')).toMatchObject({ interactive: true, name: 'Focusable div' });
    const line = (id: string): Promise<string> =>
      byId(snapshot, id).then(
        (node) =>
          snapshot.text
            .split('\n')
            .find((text) => text.trimStart().startsWith(`${node.uid} `))
            ?.trim() ?? '',
      );
    expect(await line('filled')).toMatch(/^\d+_\d+ textbox value="a@b\.c" required focused no-name$/);
    expect(await line('dis')).toMatch(/^\d+_\d+ button "Off" disabled$/);
    expect(await line('docs')).toMatch(/^\d+_\d+ link "Docs" href="\/docs"$/);
  });

  it('keeps uids across snapshots, gives new elements the new snapshot id, and clears them on navigation', async () => {
    const first = await open('/hidden.html');
    const shown = await byId(first, 'shown');
    expect(shown.uid).toMatch(new RegExp(`^${first.id}_\\d+$`));
    await client.page.evaluate(() => {
      const button = document.createElement('button');
      button.id = 'added';
      button.textContent = 'Added later';
      document.body.prepend(button);
    });
    const second = await client.page.takeSnapshot();
    expect((await byId(second, 'shown')).uid).toBe(shown.uid);
    expect((await byId(second, 'added')).uid).toMatch(new RegExp(`^${second.id}_\\d+$`));

    await client.page.navigate(server.url('/b.html'));
    await expect(client.page.clickByUid(shown.uid)).rejects.toThrow(StaleUidError);
    await expect(client.page.clickByUid(shown.uid)).rejects.toThrow(
      `uid ${shown.uid} is from snapshot ${first.id}, taken before the page navigated or reloaded; take a new snapshot`,
    );
  });

  it('says what is wrong with a bad uid', async () => {
    const snapshot = await open('/hidden.html');
    await expect(client.page.clickByUid('nonsense')).rejects.toThrow('"nonsense" is not a uid; uids look like 3_14');
    await expect(client.page.clickByUid('9999_1')).rejects.toThrow('names snapshot 9999, which was never taken');
    await expect(client.page.clickByUid(`${snapshot.id}_9999`)).rejects.toThrow(
      `No element has uid ${snapshot.id}_9999`,
    );
    const shown = await byId(snapshot, 'shown');
    await client.page.evaluate(() => document.getElementById('shown')?.remove());
    await expect(client.page.clickByUid(shown.uid)).rejects.toThrow(
      `The element with uid ${shown.uid} was removed from the page`,
    );
    const link = await byId(snapshot, 'deep-link');
    await client.page.clearSnapshot();
    expect(await client.page.evaluate(() => document.querySelectorAll('[data-mcp-uid]').length)).toBe(0);
    await expect(client.page.clickByUid(link.uid)).rejects.toThrow('was cleared');

    // A page that closed leaves no snapshot behind, and its uids are refused as a closed page's.
    await client.userContext.newPage(server.url('/hidden.html'));
    const other = await client.page.takeSnapshot();
    const otherLink = await byId(other, 'deep-link');
    await client.userContext.closePage(1);
    await expect(client.page.clickByUid(otherLink.uid)).rejects.toThrow(
      `uid ${otherLink.uid} belongs to a page that has been closed`,
    );
    expect((await client.page.takeSnapshot({ since: other.id })).text).toContain(
      `since=${other.id} is not one of the last`,
    );
  });

  it('can leave the DOM untouched', async () => {
    await client.page.navigate(server.url('/hidden.html'));
    const snapshot = await client.page.takeSnapshot({ stamp: false });
    expect(snapshot.nodes.length).toBeGreaterThan(0);
    expect(await client.page.evaluate(() => document.querySelectorAll('[data-mcp-uid]').length)).toBe(0);
    const link = [...allNodes(snapshot.nodes)].find((node) => node.name === 'Deep link');
    const result = await client.page.clickByUid(link?.uid ?? '');
    expect(result.navigated?.url).toBe(server.url('/b.html'));
  });

  it('resolves a uid to a CSS selector that finds exactly that element', async () => {
    const snapshot = await open('/labels.html');
    for (const id of ['by-for', 'by-text', 'by-alt']) {
      const { uid } = await byId(snapshot, id);
      const { selector, full } = await client.page.resolveUidToSelector(uid);
      expect(full).toBe(selector);
      expect(
        await client.page.evaluate('(s) => [...document.querySelectorAll(s)].map((e) => e.id)', [selector]),
      ).toEqual([id]);
    }
    // Even when the page copies the attribute onto another element, the selector stays exact.
    const { uid } = await byId(snapshot, 'by-for');
    await client.page.evaluate('(uid) => document.getElementById("by-placeholder").setAttribute("data-mcp-uid", uid)', [
      uid,
    ]);
    const { selector } = await client.page.resolveUidToSelector(uid);
    expect(await client.page.evaluate('(s) => [...document.querySelectorAll(s)].map((e) => e.id)', [selector])).toEqual(
      ['by-for'],
    );
  });

  it('is not fooled by a page that overrides built-ins, and never obeys a forged uid', async () => {
    const snapshot = await open('/hostile.html');
    const names = [...allNodes(snapshot.nodes)].map((node) => node.name ?? node.text);
    expect(names).toEqual(expect.arrayContaining(['Real button', 'Decoy button', 'none']));
    const real = [...allNodes(snapshot.nodes)].find((node) => node.name === 'Real button');
    expect(real?.box[2]).toBeGreaterThan(0);
    // The page moves the real button's uid onto the decoy and strips the original.
    await client.browser.bidi.send('script.callFunction', {
      functionDeclaration: `(uid) => { const real = document.getElementById('real'); const decoy = document.getElementById('decoy'); Element.prototype.removeAttribute.call(real, 'data-mcp-uid'); Element.prototype.setAttribute.call(decoy, 'data-mcp-uid', uid); }`,
      arguments: [{ type: 'string', value: real?.uid ?? '' }],
      awaitPromise: false,
      target: { context: client.page.id },
    });
    await client.page.clickByUid(real?.uid ?? '');
    const clicked = await client.browser.bidi.send('script.callFunction', {
      functionDeclaration: `() => document.getElementById('clicked').textContent`,
      awaitPromise: false,
      target: { context: client.page.id, sandbox: 'check' },
    });
    expect(clicked.type === 'success' ? clicked.result : undefined).toEqual({ type: 'string', value: 'real' });
  });
});

describe('acting by uid', () => {
  it('fills a form with real typing, picks, checks, submits it, and the page sees it all', async () => {
    const snapshot = await open('/form.html');
    const uid = (name: string): string => {
      const node = [...allNodes(snapshot.nodes)].find((candidate) => candidate.name === name);
      if (!node) throw new Error(`no ${name} in\n${snapshot.text}`);
      return node.uid;
    };
    const results = await client.page.fillForm([
      { uid: uid('Name'), value: 'Ada Lovelace' },
      { uid: uid('Bio'), value: 'Line one\nLine two' },
      { uid: uid('Colour'), value: 'Green' },
      { uid: uid('Newsletter'), value: true },
      { uid: uid('Pro'), value: true },
      { uid: uid('Comment'), value: 'typed into contenteditable' },
    ]);
    expect(results.map((result) => result.done)).toMatchObject([
      { kind: 'fill', value: 'Ada Lovelace', into: 'field' },
      { kind: 'fill', value: 'Line one\nLine two', into: 'field' },
      { kind: 'set', value: 'Green' },
      { kind: 'check', checked: true, already: false },
      { kind: 'check', checked: true, already: false },
      { kind: 'fill', value: 'typed into contenteditable', into: 'editor' },
    ]);
    expect((await client.page.fillByUid(uid('Free'), false)).done).toMatchObject({
      kind: 'check',
      checked: false,
      already: true,
    });
    await expect(client.page.fillByUid(uid('Pro'), false)).rejects.toThrow('cannot be unchecked by itself');
    expect((await client.page.fillByUid(uid('Newsletter'), true)).done).toMatchObject({
      kind: 'check',
      checked: true,
      already: true,
    });
    expect(await pageText('#ce-out')).toBe('ce:typed into contenteditable');
    await client.page.clickByUid(uid('Submit'));
    expect(JSON.parse(await pageText('#out'))).toEqual({
      name: 'Ada Lovelace',
      bio: 'Line one\nLine two',
      colour: 'g',
      news: 'yes',
      plan: 'pro',
    });
    await expect(client.page.fillByUid(uid('Colour'), 'Purple')).rejects.toThrow(
      'no option has the label or value "Purple"; the options are "Red", "Green"',
    );
  });

  it('clicks, double-clicks, right-clicks, clicks with modifiers, hovers, and presses keys with trusted events', async () => {
    const snapshot = await open('/events.html');
    const target = (await byId(snapshot, 'target')).uid;
    await client.page.hoverByUid(target);
    await client.page.clickByUid(target);
    await client.page.clickByUid(target, { modifiers: ['Control', 'Shift'] });
    await client.page.clickByUid(target, { dblClick: true });
    await client.page.clickByUid(target, { button: 'right' });
    await client.page.pressKey('Control+Shift+K');
    await client.page.pressKey('Escape');
    expect((await pageText('#log')).split(';').filter(Boolean)).toEqual([
      'mouseover',
      'click:true',
      'click+ctrl+shift:true',
      'click:true',
      'click:true',
      'dblclick',
      'contextmenu',
      'key:ctrl+shift+K',
      'key:Escape',
    ]);
    await expect(client.page.pressKey('Control+Hyper')).rejects.toThrow('Unknown key "Hyper"');
  });

  it('scrolls a far element into view before clicking it', async () => {
    const snapshot = await open('/events.html');
    const far = await byId(snapshot, 'far');
    expect(far.box[1]).toBeGreaterThan(snapshot.viewport.height);
    await client.page.clickByUid(far.uid);
    expect(await pageText('#far')).toBe('Far clicked');
  });

  it('refuses to click a covered element and names what covers it', async () => {
    const snapshot = await open('/events.html');
    const covered = await byId(snapshot, 'covered');
    await expect(client.page.clickByUid(covered.uid)).rejects.toThrow(/it is covered by uid=\S+ div "Cookie banner"/);
  });

  it('reports a dialog that a click opens, and a navigation a click starts', async () => {
    const snapshot = await open('/events.html');
    const [alerter, target, nav] = await Promise.all(
      ['alerter', 'target', 'nav'].map((id) => byId(snapshot, id).then((node) => node.uid)),
    );
    const result = await client.page.clickByUid(alerter ?? '');
    expect(result.dialog).toMatchObject({ type: 'alert', message: 'Clicked!' });
    await expect(client.page.clickByUid(target ?? '')).rejects.toThrow(/alert dialog is open/);
    await client.page.handleDialog(true);
    const navigation = await client.page.clickByUid(nav ?? '');
    expect(navigation.navigated).toEqual({ url: server.url('/b.html'), sameDocument: false, complete: true });
    expect(await client.page.evaluate(() => document.title)).toBe('Page B');
  });

  it('types into the focused element and submits with Enter', async () => {
    const snapshot = await open('/form.html');
    const name = [...allNodes(snapshot.nodes)].find((node) => node.name === 'Name');
    await client.page.clickByUid(name?.uid ?? '');
    await client.page.typeText('Grace', { submit: true });
    expect(JSON.parse(await pageText('#out'))).toMatchObject({ name: 'Grace' });
  });

  it('drags with real pointer events, and HTML5 drag and drop with drag events', async () => {
    const snapshot = await open('/drag.html');
    const zone = (await byId(snapshot, 'zone')).uid;
    await client.page.dragByUid((await byId(snapshot, 'handle')).uid, zone);
    expect(await client.page.evaluate(() => document.title)).toBe('released at zone:true');
    const html5 = await client.page.dragByUid((await byId(snapshot, 'source')).uid, zone);
    expect(html5.done).toMatchObject({ kind: 'drag', outcome: { html5Drop: 'taken' } });
    expect(await pageText('#status')).toBe('dropped:payload');
  });

  it('uploads files the page can read, and refuses paths that are not files', async () => {
    const snapshot = await open('/drag.html');
    const input = (await byId(snapshot, 'file')).uid;
    await client.page.uploadFileByUid(input, ['package.json', 'README.md']);
    const sizes = [readFileSync('package.json').length, readFileSync('README.md').length];
    expect(await pageText('#status')).toBe(`files:package.json/${sizes[0]},README.md/${sizes[1]}`);
    await expect(client.page.uploadFileByUid(input, ['no-such-file.txt'])).rejects.toThrow(
      'File "no-such-file.txt" does not exist',
    );
    await expect(client.page.uploadFileByUid(input, ['src'])).rejects.toThrow('"src" is not a regular file');
    await expect(client.page.uploadFileByUid((await byId(snapshot, 'zone')).uid, ['package.json'])).rejects.toThrow(
      'is not a file input',
    );
  });
});
