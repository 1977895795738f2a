import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createReadStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { call, evaluateInPage, startStdioServer, text } from '../helpers/mcp.js';
import { page, startTestServer, type Route } from '../helpers/server.js';
import { useMcpServer, useSite } from '../helpers/fixtures.js';

/**
 * Issue 19: our uid stamps never end up in what an app saves. A real rich-text editor (Quill, from
 * npm, served as its dist files) driven the way an agent does, then the editor's own saved content
 * checked for any attribute of ours; and plain contenteditable and designMode pages.
 */

const QUILL_DIST = fileURLToPath(new URL('../../node_modules/quill/dist/', import.meta.url));

function file(name: string, type: string): Route {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': type });
    createReadStream(QUILL_DIST + name).pipe(response);
  };
}

const QUILL_PAGE: Route = (_request, response) => {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Notes — Quill</title>
<link rel="stylesheet" href="/quill/quill.snow.css"><style>body { font-family: sans-serif; margin: 24px; } #editor { height: 240px; }</style></head>
<body><main><h1>Meeting notes</h1>
<div id="editor"><p>Agenda for Monday</p><p>Budget review</p></div>
<button id="save" type="button">Save note</button><p id="status" role="status"></p></main>
<script src="/quill/quill.js"></script>
<script>
  window.saved = null;
  window.quill = new Quill('#editor', { theme: 'snow', modules: { toolbar: [['bold', 'italic'], [{ header: 1 }, { header: 2 }]] } });
  document.getElementById('save').addEventListener('click', () => {
    window.saved = { html: quill.getSemanticHTML(), root: quill.root.innerHTML, delta: JSON.stringify(quill.getContents()) };
    document.getElementById('status').textContent = 'Saved';
  });
</script></body></html>`);
};

/** Attributes the engine could write on a page. */
const OUR_MARKS = /data-mcp|mcp-uid/i;

async function ok(name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  const result = await call(client, name, args);
  expect(result.isError, `${name} ${JSON.stringify(args)}: ${text(result)}`).toBeFalsy();
  return result;
}

async function snapshotText(): Promise<string> {
  return text(await ok('take_snapshot'));
}

/** The uid of the first snapshot line matching a pattern. */
function uidWhere(snapshot: string, pattern: RegExp): string {
  const line = snapshot.split('\n').find((candidate) => pattern.test(candidate));
  // A line of the page, or of the changes an action's answer lists (+ added, ~ changed).
  const uid = line ? /^\s*(?:[+~]\s*)?(\d+_\d+) /.exec(line)?.[1] : undefined;
  if (!uid) throw new Error(`No line matching ${String(pattern)} in the snapshot:\n${snapshot}`);
  return uid;
}

describe('a real rich-text editor (Quill 2) saves no attribute of ours', () => {
  it('types, makes a heading, clicks inside the editor by uid, and the saved note is clean', async () => {
    await ok('navigate_page', { url: server.url('/quill.html') });
    const first = await snapshotText();
    // The editor lists its document as blocks (a paragraph to click into), not as one value.
    expect(first).toMatch(/textbox[^\n]*\n\s+\d+_\d+ paragraph: Agenda for Monday/);
    await ok('click', { uid: uidWhere(first, /paragraph: Agenda for Monday/) });
    await ok('press_key', { key: 'Control+End' });
    await ok('press_key', { key: 'Enter' });
    await ok('type_text', { text: 'Action items', submitKey: 'Enter' });
    await ok('type_text', { text: 'Call the printer' });
    await ok('press_key', { key: 'ArrowUp' });
    // The toolbar's "header: 2" makes the line with the caret a heading; the answer's snapshot lists it, inside the
    // editor.
    const afterHeading = text(await ok('click', { uid: uidWhere(first, /button "header: 2"/), includeSnapshot: true }));
    const heading = uidWhere(afterHeading, /heading "Action items" level=2/);
    expect(await evaluateInPage(client, '() => quill.root.querySelector("h2")?.textContent')).toBe('Action items');

    // More reads as an agent makes them: snapshots, the agent's Markdown view, a find.
    await snapshotText();
    expect(text(await ok('get_page_markdown', { view: 'agent' }))).toContain('Action items');
    await ok('find_in_page', { query: 'Action items' });

    // A uid inside the editor still acts on its element: the click puts the caret in the heading, and typing lands
    // there.
    const clicked = text(await ok('click', { uid: heading, includeSnapshot: true }));
    expect(clicked).toContain(`Clicked uid=${heading}`);
    const caret = (await evaluateInPage(
      client,
      '() => { const range = quill.getSelection(); const [line] = quill.getLine(range.index); return line.domNode.localName; }',
    )) as string;
    expect(caret).toBe('h2');
    await ok('press_key', { key: 'End' });
    await ok('type_text', { text: ' for Friday', includeSnapshot: true });
    expect(await evaluateInPage(client, '() => quill.root.querySelector("h2")?.textContent')).toBe(
      'Action items for Friday',
    );
    const selector = text(await ok('resolve_uid_to_selector', { uid: heading }));
    expect(selector).toContain('h2');

    // The app saves through its own API; what it keeps holds the typed text and nothing of ours.
    const last = await snapshotText();
    await ok('click', { uid: uidWhere(last, /button "Save note"/), includeSnapshot: true });
    const saved = (await evaluateInPage(client, '() => window.saved')) as { html: string; root: string; delta: string };
    expect(saved.root).toContain('<h2>Action items for Friday</h2>');
    expect(saved.root).toContain('Call the printer');
    // Quill's semantic HTML writes the spaces as &nbsp;.
    expect(saved.html.replaceAll('&nbsp;', ' ')).toContain('<h2>Action items for Friday</h2>');
    expect(saved.delta).toContain('Call the printer');
    for (const kept of [saved.html, saved.root, saved.delta]) expect(kept).not.toMatch(OUR_MARKS);
    expect(await evaluateInPage(client, '() => document.getElementById("editor").outerHTML')).not.toMatch(OUR_MARKS);
    // Outside the editor the stamps stay, as the design has them.
    expect(await evaluateInPage(client, '() => document.getElementById("save").hasAttribute("data-mcp-uid")')).toBe(
      true,
    );
  });
});

const EDITABLE_PAGE = page(
  'Editable',
  `<button id="outside">Outside</button>
   <div id="notes" contenteditable="true"><h2 id="notes-heading">Notes</h2><p>Some <a id="notes-link" href="#x">link</a></p><button id="inside">Inside</button></div>
   <div id="plain" contenteditable="plaintext-only"><button id="plain-button">Plain</button></div>
   <div id="editor" contenteditable="true"><p>Editor body</p><span contenteditable="false"><button id="island">Island</button></span></div>
   <section id="later"><h2 id="later-heading">Later</h2><button id="later-button">Later button</button></section>
   <button id="moved">Moved</button>
   <div id="shadow-host"></div>
   <script>document.getElementById('shadow-host').attachShadow({ mode: 'open' }).innerHTML = '<div id="s-box"><button id="s-button">Shadow button</button></div>';</script>
   <iframe id="design" srcdoc="<h2 id=d-heading>Design doc</h2><button id=d-button>In design</button><script>document.designMode = 'on'</script>"></iframe>`,
);

const server = useSite({
  '/quill.html': QUILL_PAGE,
  '/editable.html': EDITABLE_PAGE,
  '/quill/quill.js': file('quill.js', 'text/javascript; charset=utf-8'),
  '/quill/quill.snow.css': file('quill.snow.css', 'text/css; charset=utf-8'),
});
const client = useMcpServer(['--tools', 'all']);

const STAMPED = `() => {
  const frame = document.getElementById('design').contentDocument;
  const shadow = document.getElementById('shadow-host').shadowRoot;
  return [document, frame, shadow].flatMap((root) => [...root.querySelectorAll('[data-mcp-uid]')]).map((el) => el.id || el.localName);
}`;

describe('editable content and designMode documents', () => {
  it('get no stamps, keep working uids, and lose stamps written before they became editable', async () => {
    await ok('navigate_page', { url: server.url('/editable.html') });
    expect(await evaluateInPage(client, `() => document.getElementById('design').contentDocument.designMode`)).toBe(
      'on',
    );
    const snapshot = await snapshotText();
    for (const name of ['Inside', 'Plain', 'Island', 'In design', 'Outside', 'Later button'])
      uidWhere(snapshot, new RegExp(`button "${name}"`));
    const stamped = (await evaluateInPage(client, STAMPED)) as string[];
    expect(stamped).toEqual(expect.arrayContaining(['outside', 'later-heading', 'later-button', 'moved', 's-button']));
    for (const id of [
      'notes',
      'notes-heading',
      'notes-link',
      'inside',
      'plain',
      'plain-button',
      'editor',
      'island',
      'd-heading',
      'd-button',
    ])
      expect(stamped).not.toContain(id);

    // Uids inside editable content act on their elements, from the registry.
    await ok('evaluate_script', {
      function: `() => { for (const id of ['inside', 'island']) document.getElementById(id).onclick = (event) => { event.target.dataset.clicked = 'yes'; }; }`,
    });
    await ok('click', { uid: uidWhere(snapshot, /button "Inside"/) });
    await ok('click', { uid: uidWhere(snapshot, /button "Island"/) });
    expect(
      await evaluateInPage(
        client,
        `() => ['inside', 'island'].map((id) => document.getElementById(id).dataset.clicked)`,
      ),
    ).toEqual(['yes', 'yes']);
    // The test's own data-clicked aside, nothing else was written.
    expect(await evaluateInPage(client, `() => document.getElementById('notes').outerHTML`)).not.toMatch(OUR_MARKS);

    // Made editable after it was stamped, or moved into an editor: the next snapshot takes the stamp off.
    await ok('evaluate_script', {
      function: `() => { document.getElementById('later').contentEditable = 'true'; document.getElementById('notes').append(document.getElementById('moved')); document.getElementById('shadow-host').shadowRoot.getElementById('s-box').contentEditable = 'true'; }`,
    });
    await snapshotText();
    const after = (await evaluateInPage(client, STAMPED)) as string[];
    expect(after).toContain('outside');
    for (const id of ['later', 'later-heading', 'later-button', 'moved', 's-button']) expect(after).not.toContain(id);
    expect(await evaluateInPage(client, `() => document.body.innerHTML`)).not.toMatch(
      /<(?:section|h2|button|p|div)[^>]*data-mcp-uid[^>]*>(?:Later|Moved)/,
    );
  });
});

describe('--no-uid-attributes', () => {
  it('writes nothing on any element of a page that saves its own DOM, and every uid still acts', async () => {
    const quiet = await startStdioServer(['--tools', 'all', '--no-uid-attributes']);
    const saving = startTestServer({
      '/board.html': page(
        'Board',
        `<ul id="board"><li><button id="done-1" onclick="this.closest('li').dataset.done = 'yes'">Done</button> Write the report</li><li><a href="#x">Details</a></li></ul>
         <button id="copy" onclick="window.copied = document.getElementById('board').outerHTML">Copy as HTML</button>`,
      ),
    });
    const board = await saving;
    try {
      const act = async (name: string, args: Record<string, unknown>): Promise<string> => {
        const result = await call(quiet.client, name, args);
        expect(result.isError, text(result)).toBeFalsy();
        return text(result);
      };
      await act('navigate_page', { url: board.url('/board.html') });
      const snapshot = await act('take_snapshot', {});
      await act('get_page_markdown', { view: 'agent' });
      await act('click', { uid: uidWhere(snapshot, /button "Done"/), includeSnapshot: true });
      await act('click', { uid: uidWhere(snapshot, /button "Copy as HTML"/) });
      expect(await evaluateInPage(quiet.client, `() => document.querySelector('#board li').dataset.done`)).toBe('yes');
      const copied = (await evaluateInPage(quiet.client, '() => window.copied')) as string;
      expect(copied).toContain('Write the report');
      expect(copied).not.toMatch(OUR_MARKS);
      expect(await evaluateInPage(quiet.client, '() => document.documentElement.outerHTML')).not.toMatch(OUR_MARKS);
    } finally {
      await quiet.client.close();
      await board.close();
    }
  });
});
