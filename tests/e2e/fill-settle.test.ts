import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { call, evaluateInPage, text, uidOf } from '../helpers/mcp.js';
import { page } from '../helpers/server.js';
import { useCorpus, useFolder, useMcpServer, useSite } from '../helpers/fixtures.js';

/**
 * Issue 19: fill as a person pastes into an editor (CodeMirror 6 from the corpus keeps a JSON
 * document exactly; an editor that rewrites the text gets an honest error, never "Filled"), and
 * fill answers after a debounced filter has applied (Tabulator's header filter from the corpus,
 * and hand-written pages that filter, or fetch, 300 ms after the last key).
 */

const NOTE_SECRET = 'pass-phrase-4711';

/** Orders the debounced page fetches; the answer comes after `delay` ms. */
const ORDERS = ['Order 1001 apples', 'Order 1002 pears', 'Order 1003 apples and pears', 'Order 1004 plums'];

/** What the orders endpoint was asked, in order. */
const asked: string[] = [];

const corpus = useCorpus();
const server = useSite({
  // An editor with rules of its own: whatever is written comes out in capitals.
  '/shout.html': page(
    'Shout',
    `<h1>Shout</h1><div id="shout" contenteditable="true" aria-label="Shout box" style="min-height: 40px; border: 1px solid"></div>
       <div id="plain" contenteditable="true" aria-label="Private note" style="min-height: 40px; border: 1px solid"></div>
       <script>
         const box = document.getElementById('shout');
         box.addEventListener('input', () => { if (box.textContent !== box.textContent.toUpperCase()) box.textContent = box.textContent.toUpperCase(); });
       </script>`,
  ),
  // A search box that filters a list 300 ms after the last key, as most do.
  // Focusing the city opens a suggestion list that lies over the street field below it.
  '/popover-form.html': page(
    'Address',
    `<form style="position: relative"><p><label>City <input id="city" onfocus="suggest.hidden = false"></label></p>
       <p><label>Street <input id="street"></label></p><p><label>Zip <input id="zip"></label></p>
       <div id="suggest" hidden style="position: absolute; top: 30px; left: 0; width: 400px; height: 60px; background: white; border: 1px solid">Oslo, Bergen</div></form>`,
  ),
  '/searchable-select.html': page(
    'Shipping',
    `<label for="search">Country</label>
       <div class="select"><input id="search" role="combobox" aria-controls="countries" aria-expanded="false" aria-autocomplete="list">
         <ul id="countries" role="listbox" hidden>${['France', 'French Guiana', 'Germany', 'Ghana'].map((name) => `<li role="option" data-code="${name.slice(0, 2).toUpperCase()}">${name}</li>`).join('')}</ul>
         <select id="country" name="country" hidden><option value="">None</option><option value="FR">France</option><option value="FG">French Guiana</option><option value="GE">Germany</option><option value="GH">Ghana</option></select></div>
       <script>
         // As searchable selects do: the text filters the list, a click on an option chooses it and clears the text.
         search.addEventListener('input', () => {
           countries.hidden = false;
           search.setAttribute('aria-expanded', 'true');
           for (const option of countries.children) option.hidden = !option.textContent.toLowerCase().startsWith(search.value.toLowerCase());
         });
         countries.addEventListener('click', (event) => {
           country.value = event.target.dataset.code === 'FR' ? 'FR' : event.target.dataset.code;
           search.value = '';
           countries.hidden = true;
           search.setAttribute('aria-expanded', 'false');
         });
       </script>`,
  ),
  '/debounce.html': page(
    'Fruits',
    `<label>Search fruits <input id="q" type="search"></label>
       <label>Nickname <input id="nick"></label>
       <ul id="fruits">${['Apple', 'Banana', 'Blueberry', 'Cherry', 'Strawberry', 'Raspberry', 'Plum'].map((fruit) => `<li>${fruit}</li>`).join('')}</ul>
       <script>
         let timer;
         document.getElementById('q').addEventListener('input', (event) => {
           clearTimeout(timer);
           timer = setTimeout(() => {
             const wanted = event.target.value.toLowerCase();
             for (const item of document.querySelectorAll('#fruits li')) item.hidden = !item.textContent.toLowerCase().includes(wanted);
             window.applied = event.target.value;
           }, 300);
         });
       </script>`,
  ),
  // A filter that asks the server 300 ms after the last key, and shows nothing until the answer is in.
  '/debounce-fetch.html': page(
    'Orders',
    `<label>Filter orders <input id="filter"></label>
       <ul id="orders"></ul>
       <script>
         const delay = new URLSearchParams(location.search).get('delay') ?? '600';
         let timer;
         document.getElementById('filter').addEventListener('input', (event) => {
           clearTimeout(timer);
           timer = setTimeout(async () => {
             const answer = await fetch('/orders?delay=' + delay + '&q=' + encodeURIComponent(event.target.value));
             const orders = await answer.json();
             document.getElementById('orders').replaceChildren(...orders.map((order) => Object.assign(document.createElement('li'), { textContent: order })));
           }, 300);
         });
       </script>`,
  ),
  '/orders': (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const wanted = url.searchParams.get('q') ?? '';
    asked.push(wanted);
    setTimeout(
      () => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(ORDERS.filter((order) => order.includes(wanted))));
      },
      Number(url.searchParams.get('delay') ?? 0),
    );
  },
});
const work = useFolder({ 'secrets.env': `NOTE=${NOTE_SECRET}\n` });
const client = useMcpServer(['--output-dir', 'out', '--secrets', 'secrets.env', '--tools', 'all'], { cwd: work });

async function open(url: string): Promise<string> {
  const navigated = await call(client, 'navigate_page', { url });
  expect(navigated.isError, text(navigated)).toBeFalsy();
  const snapshot = await call(client, 'take_snapshot');
  expect(snapshot.isError, text(snapshot)).toBeFalsy();
  return text(snapshot);
}

/** The uid of the first snapshot line matching a pattern. */
function uidWhere(snapshot: string, pattern: RegExp): string {
  const line = snapshot.split('\n').find((candidate) => pattern.test(candidate));
  const uid = line ? /^\s*(\d+_\d+) /.exec(line)?.[1] : undefined;
  if (!uid) throw new Error(`No line matching ${String(pattern)} in the snapshot:\n${snapshot}`);
  return uid;
}

async function fill(uid: string, value: string): Promise<CallToolResult> {
  return call(client, 'fill', { uid, value });
}

describe('fill into an editor', () => {
  it('puts a multi-line JSON document into CodeMirror 6 exactly as given: no auto-closed brackets, no extra indent', async () => {
    const snapshot = await open(corpus.url('/json-editor.html'));
    const editor = uidWhere(snapshot, /textbox "Deployment config"/);
    const config = JSON.stringify(
      { service: 'checkout', replicas: 5, regions: ['eu-west', 'us-east'], limits: { cpu: '500m', memory: '1Gi' } },
      null,
      2,
    );
    const filled = await fill(editor, config);
    expect(filled.isError, text(filled)).toBeFalsy();
    expect(text(filled)).toContain(`Filled uid=${editor} textbox "Deployment config"`);
    // The app's own state: the editor's document, character for character.
    expect(await evaluateInPage(client, '() => window.view.state.doc.toString()')).toBe(config);
    const saved = await call(client, 'click', { uid: uidWhere(snapshot, /button "Save config"/) });
    expect(saved.isError, text(saved)).toBeFalsy();
    expect(await evaluateInPage(client, '() => window.saved')).toEqual(JSON.parse(config));
    // An empty value empties the editor.
    const emptied = await fill(editor, '');
    expect(emptied.isError, text(emptied)).toBeFalsy();
    expect(await evaluateInPage(client, '() => window.view.state.doc.toString()')).toBe('');
  });

  it("puts lines into Quill and into TinyMCE (its editor is an iframe's body) as the editors' own lines", async () => {
    const quill = await open(corpus.url('/quill.html'));
    const memo = await fill(uidWhere(quill, /textbox "Memo"/), 'Agenda: (1) budget\n  {room} 4');
    expect(memo.isError, text(memo)).toBeFalsy();
    expect(await evaluateInPage(client, '() => quill.getText()')).toBe('Agenda: (1) budget\n  {room} 4\n');
    await call(client, 'navigate_page', { url: corpus.url('/tinymce.html') });
    // The textarea shows the text before TinyMCE has built its editor; its toolbar says the editor is there.
    expect(text(await call(client, 'wait_for', { text: ['Paragraph'] }))).toContain('Found');
    const tiny = text(await call(client, 'take_snapshot'));
    // The editor's body: the textbox inside the iframe.
    const inFrame = tiny
      .split('\n')
      .slice(tiny.split('\n').findIndex((line) => / iframe /.test(line)))
      .join('\n');
    const body = await fill(uidWhere(inFrame, /\btextbox\b/), 'Shipped on Friday.\nThanks, all.');
    expect(body.isError, text(body)).toBeFalsy();
    expect(await evaluateInPage(client, `() => tinymce.activeEditor.getContent({ format: 'text' })`)).toBe(
      'Shipped on Friday.\nThanks, all.',
    );
  });

  it('refuses to say "Filled" when the editor rewrites the text, and says what it holds', async () => {
    const snapshot = await open(server.url('/shout.html'));
    const box = uidWhere(snapshot, /textbox "Shout box"/);
    const filled = await fill(box, 'quiet please');
    expect(filled.isError).toBe(true);
    expect(text(filled)).not.toContain('Filled');
    expect(text(filled)).toContain('"QUIET PLEASE" where the text given has "quiet please"');
    expect(await evaluateInPage(client, `() => document.getElementById('shout').textContent`)).toBe('QUIET PLEASE');
  });

  it('puts a secret into an editor and no answer shows it', async () => {
    const snapshot = await open(server.url('/shout.html'));
    const note = uidWhere(snapshot, /textbox "Private note"/);
    const filled = await fill(note, 'Door code: <secret>NOTE</secret>');
    expect(filled.isError, text(filled)).toBeFalsy();
    expect(text(filled)).toContain('<secret>NOTE</secret>');
    expect(text(filled)).not.toContain(NOTE_SECRET);
    expect(
      await evaluateInPage(
        client,
        `() => document.getElementById('plain').textContent === 'Door code: ${NOTE_SECRET}'`,
      ),
    ).toBe(true);
  });
});

describe('fill on a debounced field answers once the page has applied it', () => {
  it('Tabulator: the header filter has filtered the rows when fill answers', async () => {
    const snapshot = await open(corpus.url('/grid.html'));
    const filter = uidWhere(snapshot, /"Filter names"/);
    const filled = await fill(filter, 'Garcia');
    expect(filled.isError, text(filled)).toBeFalsy();
    // Read at once, with nothing in between: the table's own state.
    expect(
      await evaluateInPage(client, `() => [table.getHeaderFilterValue('name'), table.getRows('active').length]`),
    ).toEqual(['Garcia', 15]);
    expect(text(filled)).toContain('Garcia');
  });

  it('a 300 ms debounced search has filtered the list when fill answers; a plain field beside it fills as before', async () => {
    const snapshot = await open(server.url('/debounce.html'));
    const filled = await fill(uidWhere(snapshot, /searchbox "Search fruits"/), 'berry');
    expect(filled.isError, text(filled)).toBeFalsy();
    expect(
      await evaluateInPage(
        client,
        `() => [window.applied, [...document.querySelectorAll('#fruits li:not([hidden])')].map((item) => item.textContent)]`,
      ),
    ).toEqual(['berry', ['Blueberry', 'Strawberry', 'Raspberry']]);
    const nickname = await fill(uidWhere(snapshot, /textbox "Nickname"/), 'Ada');
    expect(nickname.isError, text(nickname)).toBeFalsy();
    expect(text(nickname)).not.toContain('still changing');
  });

  it('typing (type_text) into a focused search box also answers after its debounce', async () => {
    const snapshot = await open(server.url('/debounce.html'));
    const clicked = await call(client, 'click', { uid: uidWhere(snapshot, /searchbox "Search fruits"/) });
    expect(clicked.isError, text(clicked)).toBeFalsy();
    const typed = await call(client, 'type_text', { text: 'cherry' });
    expect(typed.isError, text(typed)).toBeFalsy();
    expect(
      await evaluateInPage(
        client,
        `() => [window.applied, document.querySelectorAll('#fruits li:not([hidden])').length]`,
      ),
    ).toEqual(['cherry', 1]);
  });

  it('a filter that fetches after its debounce has shown the answer when fill answers', async () => {
    asked.length = 0;
    const snapshot = await open(server.url('/debounce-fetch.html'));
    const filled = await fill(uidWhere(snapshot, /textbox "Filter orders"/), 'apples');
    expect(filled.isError, text(filled)).toBeFalsy();
    expect(asked).toEqual(['apples']);
    expect(
      await evaluateInPage(
        client,
        `() => [...document.querySelectorAll('#orders li')].map((item) => item.textContent)`,
      ),
    ).toEqual(['Order 1001 apples', 'Order 1003 apples and pears']);
    expect(text(filled)).not.toContain('still');
  });

  it('says so when the request it started is still unanswered at the bound', async () => {
    const snapshot = await open(server.url('/debounce-fetch.html?delay=4000'));
    const started = Date.now();
    const filled = await fill(uidWhere(snapshot, /textbox "Filter orders"/), 'pears');
    expect(filled.isError, text(filled)).toBeFalsy();
    expect(Date.now() - started).toBeLessThan(3500);
    expect(text(filled)).toContain('The page was still waiting for a request the action started when the wait ended');
    expect(await evaluateInPage(client, `() => document.querySelectorAll('#orders li').length`)).toBe(0);
  });
});

describe('fill_form stopped part way', () => {
  it('says which fields it filled before it stopped, and which were not reached', async () => {
    await call(client, 'navigate_page', { url: server.url('/popover-form.html') });
    const snapshot = text(await call(client, 'take_snapshot'));
    const [city, street, zip] = ['City', 'Street', 'Zip'].map((name) => uidOf(snapshot, 'textbox', name)) as [
      string,
      string,
      string,
    ];
    const result = await call(client, 'fill_form', {
      elements: [
        { uid: city, value: 'Oslo' },
        { uid: street, value: 'Main St 1' },
        { uid: zip, value: '0150' },
      ],
    });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(
      new RegExp(
        `"Oslo" went into uid=${city} textbox "City"; then stopped at uid=${street}: .*covered.* The 1 field\\(s\\) after it were not filled\\.`,
        's',
      ),
    );
    // What the page holds: the city, and nothing else.
    expect(await evaluateInPage(client, '() => [city.value, street.value, zip.value]')).toEqual(['Oslo', '', '']);
  });
});

describe('fill on a combobox that chooses from a list', () => {
  it('says what it typed and what the list offers, never "Filled", while the choice is still to make', async () => {
    await call(client, 'navigate_page', { url: server.url('/searchable-select.html') });
    const combobox = uidOf(text(await call(client, 'take_snapshot')), 'combobox', 'Country');
    const answer = text(await call(client, 'fill', { uid: combobox, value: 'Fr' }));
    // The select's value did not change: typing only searched.
    expect(await evaluateInPage(client, '() => [country.value, search.value]')).toEqual(['', 'Fr']);
    expect(answer).not.toContain('Filled');
    expect(answer).toContain(`Typed into uid=${combobox} combobox "Country" with "Fr"`);
    expect(answer).toContain(
      'Its list is open and offers "France", "French Guiana"; nothing is chosen until one is clicked',
    );
  });
});
