import { describe, expect, it } from 'vitest';

import { engineCall, SANDBOX } from '../../src/firefox/engine/index.js';
import {
  documentFromReading,
  renderMarkdown,
  type MarkdownView,
  type MdDocument,
} from '../../src/firefox/engine/markdown/index.js';
import { clientPageText } from '../../src/firefox/page/line-forms.js';
import { pageOfText } from '../../src/firefox/util/text-page.js';
import { useFirefox, useSite } from '../helpers/fixtures.js';
import { page, type Route } from '../helpers/server.js';

const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

const logo: Route = (_request, response) => {
  response.writeHead(200, { 'content-type': 'image/gif' });
  response.end(GIF);
};

const ARTICLE = page(
  'Article',
  `<header>
     <a id="home" href="/"><img src="/logo.gif" alt="Acme" width="40" height="20"></a>
     <nav aria-label="Main"><ul><li><a id="docs" href="/docs">Docs</a></li><li><a href="/pricing">Pricing</a></li></ul></nav>
     <button id="sign-in">Sign in</button>
   </header>
   <main><article>
     <h1>Markdown <em>test</em> page</h1>
     <p>An article with <strong>bold</strong>, <em>emphasis</em>, <code>inline code</code>
        and a <a id="intro" href="/docs/intro">link</a>.</p>
     <p style="display:none">Hidden paragraph</p>
     <h2>Lists</h2>
     <ol><li>First</li><li>Second<ul><li>Nested</li></ul></li></ol>
     <ul><li><input id="done" type="checkbox" checked> Done</li><li><input type="checkbox"> Todo</li></ul>
     <h2>Table</h2>
     <table>
       <thead><tr><th>Plan</th><th>Price</th></tr></thead>
       <tbody><tr><td>Free</td><td>$0</td></tr><tr><td>Pro | Team</td><td>$10</td></tr></tbody>
     </table>
     <pre><code class="language-js">console.log("\`\`\`");</code></pre>
     <blockquote><p>Quoted text.</p></blockquote>
     <my-note></my-note>
     <form onsubmit="event.preventDefault()">
       <label>Email <input id="email" type="email" value="a@b.c"></label>
       <input id="password" type="password" aria-label="Password" value="hunter2">
       <label><input id="remember" type="checkbox" checked> Remember me</label>
       <button id="subscribe" type="submit">Subscribe</button>
     </form>
   </article></main>
   <footer><p>© 2025 Acme</p><a id="privacy" href="/privacy">Privacy</a></footer>
   <script>
     customElements.define('my-note', class extends HTMLElement {
       constructor() { super(); this.attachShadow({ mode: 'open' }).innerHTML = '<p>From the <b>shadow</b> root.</p>'; }
     });
   </script>`,
);

const HIDDEN = page(
  'Hidden',
  `<p>Visible one</p>
   <p style="display:none">display none</p>
   <p style="visibility:hidden">visibility hidden</p>
   <div style="visibility:hidden"><p>hidden parent <span style="visibility:visible">Visible child</span></p></div>
   <p hidden>hidden attribute</p>
   <p aria-hidden="true">aria hidden</p>
   <span style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0,0,0,0)">screen reader only</span>
   <p style="position:absolute;left:-9999px">off the left edge</p>
   <details><summary>Summary shown</summary>closed details text</details>
   <details open><summary>Open summary</summary>Open details text</details>
   <template><p>template</p></template>
   <noscript>noscript</noscript>
   <div style="display:contents"><p>Inside display contents</p></div>
   <div style="height:0;overflow:hidden"><p>collapsed</p></div>
   <host-el><span>Slotted light text</span></host-el>
   <p>Visible two</p>
   <script>
     customElements.define('host-el', class extends HTMLElement {
       constructor() { super(); this.attachShadow({ mode: 'open' }).innerHTML = '<div><p>Shadow before</p><slot></slot><p style="display:none">shadow hidden</p></div>'; }
     });
   </script>`,
);

const ODD = page(
  'Odd',
  `<p>Before</p>
   <li>An item outside any list</li>
   <ul><li>one</li>stray text<ul><li>list straight inside a list</li></ul></ul>
   <a href="/card"><div><h3>Card title</h3><p>Card text</p></div></a>
   <a href="/icon" aria-label="Settings"><svg width="10" height="10"><path d="M0 0h10v10z"/></svg></a>
   <table><tr><td>Only one column</td></tr><tr><td>Second row</td></tr></table>
   <div role="table"><div role="row"><span role="columnheader">Key</span><span role="columnheader">Value</span></div><div role="row"><span role="cell">a</span><span role="cell">1</span></div></div>
   <label><input type="checkbox" style="display:none" checked> Styled box</label>
   <shadow-form></shadow-form>
   <p id="made"></p>
   <script>
     customElements.define('shadow-form', class extends HTMLElement {
       constructor() { super(); this.attachShadow({ mode: 'open' }).innerHTML = '<label for="f">Shadow field</label> <input id="f" value="v">'; }
     });
     // Page scripts that break built-ins: the sandbox does not see them.
     Array.prototype.map = function () { return ['hijacked']; };
     Array.prototype.filter = function () { return []; };
     JSON.stringify = () => '"hijacked"';
     Element.prototype.getAttribute = () => 'hijacked';
     Element.prototype.getBoundingClientRect = () => ({ x: 0, y: 0, width: 0, height: 0, right: 0 });
     const table = document.createElement('table');
     table.innerHTML = '<tr><td>cell in a p</td><td>made by script</td></tr>';
     document.getElementById('made').append('Made: ', table);
   </script>`,
);

const LONG = page(
  'Long',
  Array.from(
    { length: 300 },
    (_, i) =>
      `<h3>Section ${i}</h3><p>Paragraph ${i} with <a href="/s/${i}">a link</a> and some more words to fill the line.</p>`,
  ).join(''),
);

const server = useSite({
  '/article.html': ARTICLE,
  '/hidden.html': HIDDEN,
  '/long.html': LONG,
  '/odd.html': ODD,
  '/logo.gif': logo,
});
const client = useFirefox();

/** Runs the engine's reading for the Markdown views in the selected page, in its sandbox. */
async function extract(): Promise<MdDocument> {
  const result = await client.browser.bidi.send('script.callFunction', {
    functionDeclaration: engineCall('readDocument'),
    arguments: [{ type: 'null' }],
    awaitPromise: false,
    target: { context: client.page.id, sandbox: SANDBOX },
  });
  if (result.type === 'exception') throw new Error(`the reading threw: ${result.exceptionDetails.text}`);
  return documentFromReading(result.result.type === 'string' ? result.result.value : undefined, 'document');
}

/** The page's Markdown as the client gives it (the agent view hands out uids). */
async function markdown(view: MarkdownView): Promise<{ markdown: string; refsCount: number }> {
  const { markdown: text, refsCount } = await client.page.getPageMarkdown({ view, maxChars: 1_000_000 });
  return { markdown: text, refsCount };
}

async function uidOf(id: string): Promise<string> {
  const uid = await client.page.evaluate<string | null>(
    '(id) => document.getElementById(id).getAttribute("data-mcp-uid")',
    [id],
  );
  if (!uid) throw new Error(`#${id} has no uid`);
  return uid;
}

describe('page Markdown', () => {
  it('renders the article in the document view, exactly', async () => {
    await client.page.navigate(server.url('/article.html'));
    const doc = await extract();
    expect(doc.url).toBe(server.url('/article.html'));
    expect(doc.title).toBe('Article');
    const o = server.origin;
    const expected = [
      `Header: [![Acme](${o}/logo.gif)](${o}/)`,
      `Navigation (Main): [Docs](${o}/docs) · [Pricing](${o}/pricing)`,
      '# Markdown *test* page',
      `An article with **bold**, *emphasis*, \`inline code\` and a [link](${o}/docs/intro).`,
      '## Lists',
      '1. First\n2. Second\n   - Nested',
      '- [x] Done\n- [ ] Todo',
      '## Table',
      '| Plan | Price |\n| --- | --- |\n| Free | $0 |\n| Pro \\| Team | $10 |',
      '````js\nconsole.log("```");\n````',
      '> Quoted text.',
      'From the **shadow** root.',
      `Footer: © 2025 Acme · [Privacy](${o}/privacy)`,
    ].join('\n\n');
    const rendered = renderMarkdown(doc, { view: 'document', setApart: clientPageText().setApartLine });
    expect(rendered).toEqual({ markdown: `${expected}\n`, refsCount: 0 });
    expect(rendered.markdown).not.toMatch(/uid=|Sign in|Subscribe|hunter2|Hidden paragraph/);
  });

  it('gives byte-identical Markdown for the same page, across runs and reloads', async () => {
    await client.page.navigate(server.url('/article.html'));
    const runs: string[] = [];
    for (let i = 0; i < 2; i++) runs.push(JSON.stringify([await markdown('document'), await markdown('agent')]));
    expect(new Set(runs).size).toBe(1);
    // A reload is a new document with new uids: its document view is the same text.
    const before = await markdown('document');
    await client.page.reload();
    expect(await markdown('document')).toEqual(before);
  });

  it('gives uids in the agent view without a snapshot, the same ones a snapshot then shows', async () => {
    await client.page.navigate(server.url('/article.html'));
    const after = await markdown('agent');
    const [home, docs, signIn, intro, done, email, password, remember, subscribe, privacy] = await Promise.all(
      ['home', 'docs', 'sign-in', 'intro', 'done', 'email', 'password', 'remember', 'subscribe', 'privacy'].map(uidOf),
    );
    const snapshot = await client.page.takeSnapshot();
    // The snapshot names each uid as the agent view did.
    for (const [uid, name] of [
      [signIn, 'Sign in'],
      [email, 'Email'],
      [remember, 'Remember me'],
      [subscribe, 'Subscribe'],
    ]) {
      expect(snapshot.text).toContain(
        `${uid} ${uid === email ? 'textbox' : uid === remember ? 'checkbox' : 'button'} "${name}"`,
      );
    }
    const o = server.origin;
    expect(after.markdown).toContain(
      `Header: [![Acme](${o}/logo.gif)](${o}/){uid=${home}} · [button "Sign in" uid=${signIn}]`,
    );
    expect(after.markdown).toContain(
      `Navigation (Main): [Docs](${o}/docs){uid=${docs}} · [Pricing](${o}/pricing){uid=`,
    );
    expect(after.markdown).toContain(`and a [link](${o}/docs/intro){uid=${intro}}.`);
    expect(after.markdown).toContain(`- [x] {uid=${done}} Done\n- [ ] {uid=`);
    expect(after.markdown).toContain(
      `[textbox "Email" type=email value="a@b.c" uid=${email}] [textbox "Password" type=password value="••••••••" uid=${password}] ` +
        `[checkbox "Remember me" checked uid=${remember}] [button "Subscribe" uid=${subscribe}]`,
    );
    expect(after.markdown).toContain(`Footer: © 2025 Acme · [Privacy](${o}/privacy){uid=${privacy}}`);
    expect(after.markdown).not.toContain('hunter2');
    expect(after.refsCount).toBe(new Set(after.markdown.match(/uid=\d+_\d+/g)).size);
    expect(after.refsCount).toBe(12);
    // The document view is the same as before the snapshot.
    expect((await markdown('document')).markdown).not.toContain('uid');
  });

  it('keeps uids live: a value filled by uid shows in the agent view', async () => {
    await client.page.navigate(server.url('/article.html'));
    await client.page.takeSnapshot();
    const email = await uidOf('email');
    const remember = await uidOf('remember');
    await client.page.fillByUid(email, 'x@y.z');
    await client.page.fillByUid(remember, false);
    const { markdown: text } = await markdown('agent');
    expect(text).toContain(`[textbox "Email" type=email value="x@y.z" uid=${email}]`);
    expect(text).toContain(`[checkbox "Remember me" unchecked uid=${remember}]`);
  });

  it('gives a uid only to the element the registry knows, not to a copy the page made', async () => {
    await client.page.navigate(server.url('/article.html'));
    await client.page.takeSnapshot();
    const subscribe = await uidOf('subscribe');
    await client.page.evaluate(
      '() => { const copy = document.getElementById("subscribe").cloneNode(true); copy.id = "copy"; copy.textContent = "Copy"; document.querySelector("form").append(copy); }',
    );
    expect(await uidOf('copy')).toBe(subscribe);
    const { markdown: text } = await markdown('agent');
    // The copy carried the attribute, not the uid: it gets one of its own.
    const copy = await uidOf('copy');
    expect(copy).not.toBe(subscribe);
    expect(text).toContain(`[button "Subscribe" uid=${subscribe}] [button "Copy" uid=${copy}]`);
    expect(text.split(`uid=${subscribe}`)).toHaveLength(2);
  });

  it('leaves out what is hidden and reads shadow roots and slots in order', async () => {
    await client.page.navigate(server.url('/hidden.html'));
    const { markdown: text } = await markdown('document');
    expect(text).toBe(
      [
        'Visible one',
        'Visible child',
        'Summary shown',
        'Open summary',
        'Open details text',
        'Inside display contents',
        'Shadow before',
        'Slotted light text',
        'Visible two',
      ].join('\n\n') + '\n',
    );
  });

  it('is tolerant of odd DOM and of page scripts that break built-ins', async () => {
    await client.page.navigate(server.url('/odd.html'));
    const o = server.origin;
    expect((await markdown('document')).markdown).toBe(
      [
        'Before',
        'An item outside any list',
        '- one\n- stray text\n  - list straight inside a list',
        `[Card title Card text](${o}/card) [Settings](${o}/icon)`,
        'Only one column',
        'Second row',
        '| Key | Value |\n| --- | --- |\n| a | 1 |',
        'Made:',
        '| cell in a p | made by script |\n| --- | --- |',
      ].join('\n\n') + '\n',
    );
    // The label of a hidden checkbox stands for it; a label in a shadow root names its control there.
    expect((await markdown('agent')).markdown).toMatch(
      /\[checkbox "Styled box" checked uid=\d+_\d+\]\n\n\[textbox "Shadow field" value="v" uid=\d+_\d+\]\n\nMade:/,
    );
    await client.page.navigate('about:blank');
    expect(await markdown('document')).toEqual({ markdown: '', refsCount: 0 });
  });

  it('pages a long page at line boundaries, and the pages join to the whole', async () => {
    await client.page.navigate(server.url('/long.html'));
    const { markdown: whole } = await markdown('document');
    expect(whole.length).toBeGreaterThan(20_000);
    const first = pageOfText(whole, { maxChars: 20_000 });
    expect(first).toMatchObject({
      truncated: true,
      midLine: false,
      totalChars: whole.length,
      offset: 0,
      hasMore: true,
    });
    expect(first.text.endsWith('\n')).toBe(true);
    expect(first.text.length).toBeGreaterThan(16_000);
    let joined = first.text;
    let next = first.nextOffset;
    while (next !== null) {
      const page = pageOfText(whole, { offset: next, maxChars: 20_000 });
      joined += page.text;
      next = page.nextOffset;
    }
    expect(joined).toBe(whole);
    expect(() => pageOfText(whole, { offset: whole.length + 1 })).toThrow(/beyond the end/);
  });
});
