import { useFirefox, useSite } from '../helpers/fixtures.js';
import { uidIn } from '../helpers/snapshot-text.js';
import { describe, expect, it } from 'vitest';

import { page } from '../helpers/server.js';

/**
 * States an agent needs and names as accname gives them (issue 19, point 6): a sorted column says
 * so, and a listbox, combobox or editor is not named from what it holds.
 */

const server = useSite({
  '/grid.html': page(
    'Grid',
    `<table><thead><tr><th id="name" aria-sort="none"><button>Name</button></th><th>Age</th></tr></thead>
       <tbody><tr><td>Cleo</td><td>30</td></tr><tr><td>Abe</td><td>41</td></tr><tr><td>Bo</td><td>25</td></tr></tbody></table>
       <script>
         // Sorting as grid libraries do: the header's aria-sort follows the rows' order.
         document.querySelector('#name button').addEventListener('click', () => {
           const header = document.getElementById('name');
           const next = header.getAttribute('aria-sort') === 'ascending' ? 'descending' : 'ascending';
           const body = document.querySelector('tbody');
           const rows = [...body.rows].sort((a, b) => a.cells[0].textContent.localeCompare(b.cells[0].textContent) * (next === 'ascending' ? 1 : -1));
           body.append(...rows);
           header.setAttribute('aria-sort', next);
         });
       </script>`,
  ),
  '/scrolled-list.html': page(
    'Scrolled list',
    `<div id="list" role="listbox" aria-label="Options" style="height:90px;overflow:auto;border:1px solid">
         ${Array.from({ length: 10 }, (_, i) => `<div role="option" style="height:30px" onclick="document.getElementById('picked').textContent = 'Picked ' + this.textContent">Option ${i + 1}</div>`).join('')}
       </div>
       <p id="picked">Nothing picked</p>`,
  ),
  '/fading-modal.html': page(
    'Fading modal',
    `<style>@keyframes spin { to { transform: rotate(360deg); } } #spinner { animation: spin 1s linear infinite; width: 20px; height: 20px; background: gray; }</style>
       <div id="spinner" aria-hidden="true"></div>
       <div id="modal" role="dialog" aria-label="Settings" style="transition: opacity 400ms; opacity: 1"><p>Saved settings</p><button>Done</button></div>
       <script>
         // Closes as component libraries do: a fade, then the element goes at transitionend.
         document.querySelector('#modal button').addEventListener('click', () => {
           const modal = document.getElementById('modal');
           modal.addEventListener('transitionend', () => modal.remove(), { once: true });
           modal.style.opacity = '0';
         });
       </script>`,
  ),
  '/seen.html': page(
    'Seen',
    `<div class="person" style="display:flex;gap:12px"><span>Ingrid Novak</span><span>21 Aug 2025</span></div>
       <p><span style="display:inline-block;margin-right:8px">Bo Li</span><span style="display:inline-block">22 Aug</span> <b>Bold</b><i>er</i></p>
       <button aria-label="Choose a month">Mar</button> <button aria-label="Close">Close</button> <button aria-label="Remove tag">×</button>
       <label>Start date <input id="start" placeholder="DD/MM/YYYY"></label> <input placeholder="Search"> <label>City <input value="Oslo" placeholder="Type a city"></label>
       <ul><li><span title="Unread" style="display:inline-block;width:8px;height:8px;background:blue"></span> Invoice from Acme</li><li><span title="Read" style="display:inline-block;width:8px;height:8px;background:gray"></span> Welcome back</li></ul>
       <div style="display:flex;gap:4px"><div title="Online" style="width:10px;height:10px;background:green"></div><span>Ada</span></div>
       <div style="display:inline-block;width:220px;border:1px solid;position:relative"><div style="display:flex"><span>Europe</span>
         <input role="combobox" readonly aria-label="Shipping region" aria-expanded="false" style="position:absolute;opacity:0;left:0;top:0;width:100%;height:100%"></div></div>
       <label for="fruit">Fruit</label> <div style="display:inline-flex;border:1px solid"><div>Banana</div><input id="fruit" role="combobox" aria-expanded="false" placeholder="Search…" style="width:60px;border:0"></div>
       <table><tr><th>Field</th><th>Value</th></tr><tr><td><div class="view">port</div><input aria-label="Key" value="port" style="position:absolute;opacity:0.01;width:40px"></td><td>8080</td></tr></table>`,
  ),
  '/drawn-editor.html': page(
    'Config',
    `<div style="position:relative;width:500px;height:80px;border:1px solid;font:14px monospace;overflow:hidden" role="code">
         <div role="presentation" aria-hidden="true" style="position:absolute;left:0;width:30px"><div>1</div><div>2</div></div>
         <textarea role="textbox" aria-label="Editor content" aria-multiline="true" style="position:absolute;left:40px;top:0;width:1px;height:1px;opacity:0;padding:0;border:0"></textarea>
         <div role="presentation" aria-hidden="true" style="position:absolute;left:40px;right:0;white-space:pre"><div><span>service: checkout</span></div><div><span>port: 8080</span></div></div>
       </div>`,
  ),
  '/fields-tree.html': page(
    'Fields',
    `<div role="grid" aria-label="Fields">${['name', 'age', 'email'].map((field) => `<div role="row"><span role="gridcell"><button title="Drag to move this field (Alt+Shift+Arrows)" onclick="window.moved = '${field}'"></button> ${field}</span><span role="gridcell"><button aria-label="Remove">x</button></span></div>`).join('')}</div>`,
  ),
  '/file-tree.html': page(
    'Files',
    `<div id="tree" tabindex="0" style="width:300px">${['Finance', 'Reports', 'Payroll.xlsx'].map((title) => `<div class="row"><span draggable="true"><i class="icon"></i><span>${title}</span></span></div>`).join('')}</div>
       <script>
         // A tree as tree libraries draw it: one focusable container, plain rows, clicks delegated to the container,
         // HTML5 drag and drop.
         const tree = document.getElementById('tree');
         tree.addEventListener('click', (event) => { window.active = event.target.closest('.row')?.textContent; });
         let dragged = null;
         tree.addEventListener('dragstart', (event) => { dragged = event.target.closest('.row'); event.dataTransfer.setData('text/plain', dragged.textContent); });
         tree.addEventListener('dragover', (event) => event.preventDefault());
         tree.addEventListener('drop', (event) => { event.preventDefault(); window.moved = dragged.textContent + ' into ' + event.target.closest('.row').textContent; });
       </script>`,
  ),
  '/canvas-grid.html': page(
    'Prices',
    `<div id="wrap" style="position:relative;width:300px;height:120px">
         <canvas id="canvas" width="300" height="120"><table role="grid" aria-label="Prices"><tbody></tbody></table></canvas>
         <div id="layer" style="position:absolute;inset:0"></div>
       </div>
       <script>
         // A grid drawn on a canvas, as canvas grids are built: an accessible table inside the canvas (laid out, never
         // painted), a layer over the canvas that takes the pointer, keys where the focus is, an editor on Enter.
         window.prices = [['Desk', '120'], ['Lamp', '45'], ['Chair', '80']];
         window.selected = null;
         const body = document.querySelector('tbody');
         const draw = () => {
           const context = canvas.getContext('2d');
           context.clearRect(0, 0, 300, 120);
           prices.forEach((row, r) => row.forEach((value, c) => { context.strokeRect(c * 150, r * 40, 150, 40); context.fillText(value, c * 150 + 8, r * 40 + 24); }));
           body.replaceChildren(...prices.map((row, r) => { const tr = document.createElement('tr'); row.forEach((value, c) => { const td = document.createElement('td'); td.tabIndex = -1; td.setAttribute('role', 'gridcell'); td.textContent = value; td.setAttribute('aria-selected', String(selected?.[0] === r && selected?.[1] === c)); td.addEventListener('focus', () => { selected = [r, c]; }); tr.append(td); }); return tr; }));
         };
         document.getElementById('layer').addEventListener('click', (event) => { selected = [Math.floor(event.offsetY / 40), Math.floor(event.offsetX / 150)]; draw(); });
         canvas.addEventListener('keydown', (event) => {
           if (event.key !== 'Enter' || !selected || document.getElementById('editor')) return;
           const input = Object.assign(document.createElement('input'), { id: 'editor', value: prices[selected[0]][selected[1]] });
           input.setAttribute('aria-label', 'Edit cell');
           input.addEventListener('keydown', (key) => { if (key.key === 'Enter') { prices[selected[0]][selected[1]] = input.value; input.remove(); draw(); } });
           wrap.append(input);
           input.select();
         });
         draw();
       </script>`,
  ),
  '/chips.html': page(
    'Chips',
    `<style>.parked { position: absolute !important; left: -9999em !important; transform: scale(0) !important; }</style>
       <label for="skills">Skills</label>
       <div class="chips"><span class="chip" tabindex="-1" title="Go">Go <button aria-label="remove tag">x</button></span><span class="chip" tabindex="-1" title="Rust">Rust <button aria-label="remove tag">x</button></span><span role="textbox" contenteditable="true" aria-label="Add a skill" style="display:inline-block;min-width:80px"></span></div>
       <input id="skills" class="parked" tabindex="-1" value='[{"value":"Go"}]'>
       <label for="team">Team</label> <select id="team" tabindex="-1" style="position:absolute;clip:rect(0 0 0 0);clip-path:inset(50%);width:1px;border:0;padding:0;overflow:hidden;white-space:nowrap"><option>Design</option></select>
       <div role="combobox" aria-label="Team" aria-expanded="false" tabindex="0" style="display:inline-block;border:1px solid">Design</div>`,
  ),
  '/widgets.html': page(
    'Widgets',
    `<div role="listbox" tabindex="0"><div role="option">Argentina</div><div role="option">Australia</div></div>
       <div aria-hidden="true"><label for="team">Team</label></div><input id="team" role="combobox" aria-expanded="false">
       <div role="listbox" aria-label="Colors"><div role="option">Red</div><div role="option">Blue</div></div>
       <div role="combobox" aria-label="Fruit" aria-expanded="false" tabindex="0">Apple</div>
       <div role="textbox" contenteditable="true" aria-multiline="true"><p>My draft about sorting</p></div>`,
  ),
});
const client = useFirefox({}, { accessibility: true });

describe('states and names', () => {
  it('says which way a column is sorted, and follows the app when a click sorts it', async () => {
    await client.page.navigate(server.url('/grid.html'));
    const before = (await client.page.takeSnapshot()).text;
    expect(before).toMatch(/columnheader "Name"\n/);
    await client.page.clickByUid(uidIn(before, /button "Name"/));
    const ascending = (await client.page.takeSnapshot()).text;
    expect(ascending).toContain('columnheader "Name" sorted=ascending');
    expect(
      await client.page.evaluate(() =>
        [...document.querySelectorAll('tbody tr')].map((row) => (row as HTMLTableRowElement).cells[0]?.textContent),
      ),
    ).toEqual(['Abe', 'Bo', 'Cleo']);
    await client.page.clickByUid(uidIn(ascending, /button "Name"/));
    expect((await client.page.takeSnapshot()).text).toContain('columnheader "Name" sorted=descending');
    expect(await client.page.evaluate(() => document.getElementById('name')?.getAttribute('aria-sort'))).toBe(
      'descending',
    );
  });

  it('names no control by a label hidden from readers, as Firefox does (a page made aria-hidden behind an open list)', async () => {
    await client.page.navigate(server.url('/widgets.html'));
    const text = (await client.page.takeSnapshot()).text;
    expect(text).toMatch(/\d+_\d+ combobox collapsed/);
    expect(text).not.toContain('combobox "Team"');
    expect((await client.page.witness()).differences).toEqual([]);
  });

  it('names a listbox, a combobox and an editor by their labels, never by their content', async () => {
    await client.page.navigate(server.url('/widgets.html'));
    const text = (await client.page.takeSnapshot()).text;
    expect(text).toMatch(/listbox no-name\n\s+\S+ option "Argentina"/);
    expect(text).toContain('listbox "Colors"');
    expect(text).toContain('combobox "Fruit" value="Apple"');
    expect(text).not.toContain('"Argentina Australia"');
    expect(text).not.toContain('"Red Blue"');
    // An editor is not named by its text, nor does it repeat it as a value: its blocks are listed inside it.
    expect(text).toMatch(/\d+_\d+ textbox no-name\n\s+\d+_\d+ paragraph: My draft about sorting/);
    expect(text).not.toMatch(/textbox "My draft about sorting"|value="My draft/);
  });
});

describe('what a person sees', () => {
  it('reads chips as their values, each over its remove button, and leaves out the field the widget parked out of sight and out of the tab order (holding JSON), whose label is words', async () => {
    await client.page.navigate(server.url('/chips.html'));
    const text = (await client.page.takeSnapshot()).text;
    expect(text).not.toContain('[{');
    // A searchable select's native select, parked the same way, is not a second combobox beside the widget.
    expect(text.match(/combobox/g)).toHaveLength(1);
    expect(text).toMatch(/label "Skills"/);
    expect(text).toMatch(/textbox "Add a skill"/);
    // Each chip is its value, with its remove button on a line of its own under it, not glued into its name.
    expect(text).toMatch(
      /span "Go"\n\s+\d+_\d+ button "remove tag"[^\n]*\n\s*\d+_\d+ span "Rust"\n\s+\d+_\d+ button "remove tag"/,
    );
    expect((await client.page.witness()).differences).toEqual([]);
  });

  it('lists the rows of a focusable container one by one, each draggable row a thing to click and drag, not the container named by all their words', async () => {
    await client.page.navigate(server.url('/file-tree.html'));
    const text = (await client.page.takeSnapshot()).text;
    expect(text).not.toContain('Finance Reports');
    // Each row shows its words, not an icon it lacks a name for.
    expect(text).toMatch(/^\s*\d+_\d+ group no-name: Finance$/m);
    await client.page.clickByUid(uidIn(text, /group no-name: Reports/));
    expect(await client.page.evaluate('() => window.active')).toBe('Reports');
    await client.page.dragByUid(uidIn(text, /group no-name: Payroll\.xlsx/), uidIn(text, /group no-name: Finance/));
    expect(await client.page.evaluate('() => window.moved')).toBe('Payroll.xlsx into Finance');
  });

  it("keeps apart the words of elements drawn apart, and says a control's shown text beside a label that says otherwise, an empty field's placeholder, a title that is a dot's only cue, a select's value drawn beside its input, and a value once", async () => {
    await client.page.navigate(server.url('/seen.html'));
    const text = (await client.page.takeSnapshot()).text;
    // Flex items, inline blocks with a margin: two words; inline marks drawn together: one.
    expect(text).toContain('Ingrid Novak 21 Aug 2025');
    expect(text).toContain('Bo Li 22 Aug Bolder');
    expect(text).toMatch(/button "Choose a month" shows="Mar"/);
    expect(text).toMatch(/button "Close"$/m);
    // A glyph is an icon: the label says it better.
    expect(text).toMatch(/button "Remove tag"$/m);
    expect(text).toMatch(/textbox "Start date" placeholder="DD\/MM\/YYYY"/);
    // A placeholder that names the field is its name already; a filled field shows its value, not the placeholder.
    expect(text).not.toContain('placeholder="Search"');
    expect(text).toMatch(/textbox "City" value="Oslo"$/m);
    // A dot whose title is the only cue it gives says it, where it is.
    expect(text).toMatch(/- \(Unread\) Invoice from Acme$/m);
    expect(text).toMatch(/- \(Read\) Welcome back$/m);
    expect(text).toMatch(/\d+_\d+ div "Online"$/m);
    // A select that draws its choice beside the input it keeps empty shows that choice as its value, once.
    expect(text).toMatch(/combobox "Shipping region" value="Europe" collapsed readonly/);
    expect(text).toMatch(/combobox "Fruit" value="Banana" collapsed/);
    expect(text.match(/Europe|Banana/g)).toHaveLength(2);
    // A field showing what it holds is said once, as the field.
    expect(text).toMatch(/row: \[\d+_\d+ textbox "Key" value="port"\] \| 8080/);
  });
});

describe('each thing said once', () => {
  it('names a look-alike control repeated on every row in full once, then by its first words, and a click on a shortened one reaches its row', async () => {
    await client.page.navigate(server.url('/fields-tree.html'));
    const text = (await client.page.takeSnapshot()).text;
    expect(text.match(/Drag to move this field \(Alt\+Shift\+Arrows\)/g)).toHaveLength(1);
    expect(text.match(/button "Drag to move…"/g)).toHaveLength(2);
    // Short names are said in full on every row.
    expect(text.match(/button "Remove"/g)).toHaveLength(3);
    await client.page.clickByUid(
      uidIn(text.split('\n').find((line) => line.includes(' age')) ?? '', /button "Drag to move…"/),
    );
    expect(await client.page.evaluate('() => window.moved')).toBe('age');
  });
});

describe('editors by mechanism', () => {
  it('reads the lines a code editor draws for the text area it keeps out of sight, and finds words in them', async () => {
    await client.page.navigate(server.url('/drawn-editor.html'));
    expect((await client.page.takeSnapshot()).text).toMatch(
      /textbox "Editor content" value="service: checkout\\nport: 8080"/,
    );
    expect((await client.page.findInPage('port: 8080')).total).toBe(1);
  });
});

describe('acting as a person would', () => {
  it('scrolls a list to an option it hides before clicking it, instead of calling it covered', async () => {
    await client.page.navigate(server.url('/scrolled-list.html'));
    const text = (await client.page.takeSnapshot()).text;
    const uid = uidIn(text, /option "Option 8"/);
    // The option lies inside the viewport, but below what the 90 px list shows.
    expect(
      await client.page.evaluate(() => {
        const list = document.getElementById('list') as HTMLElement;
        const option = list.children[7] as HTMLElement;
        return (
          option.getBoundingClientRect().top > list.getBoundingClientRect().bottom &&
          option.getBoundingClientRect().bottom < innerHeight
        );
      }),
    ).toBe(true);
    const result = await client.page.clickByUid(uid);
    expect(result.done).toMatchObject({ kind: 'click', target: { uid, name: 'Option 8' } });
    expect(await client.page.evaluate(() => document.getElementById('picked')?.textContent)).toBe('Picked Option 8');
    expect(
      await client.page.evaluate(() => (document.getElementById('list') as HTMLElement).scrollTop),
    ).toBeGreaterThan(0);
  });

  it('reaches a cell a canvas draws through the focus, since nothing says where it is drawn, and edits it by keys', async () => {
    await client.page.navigate(server.url('/canvas-grid.html'));
    const text = (await client.page.takeSnapshot()).text;
    // The cells take the focus in turn: each keeps its uid in its row's line.
    expect(text).toMatch(/row: \[\d+_\d+ gridcell "Lamp"\] \| \[\d+_\d+ gridcell "45"\]/);
    // No pointer can be aimed at it: a hover is refused, a click gives it the focus.
    await expect(client.page.hoverByUid(uidIn(text, /gridcell "45"/))).rejects.toThrow(
      /draws it, and nothing on the page says where/,
    );
    const result = await client.page.clickByUid(uidIn(text, /gridcell "45"/));
    expect(result.done).toMatchObject({ kind: 'focus', drawnBy: expect.any(String) as unknown });
    expect(await client.page.evaluate('() => window.selected')).toEqual([1, 1]);
    await client.page.pressKey('Enter');
    await client.page.typeText('49.90');
    await client.page.pressKey('Enter');
    expect(await client.page.evaluate('() => window.prices[1]')).toEqual(['Lamp', '49.90']);
    // Its parts are placed at the canvas, where they are drawn, not where their fallback content would be laid out.
    const grid = JSON.stringify((await client.page.takeSnapshot()).nodes.find((node) => node.role === 'grid'));
    expect(grid).toContain('"name":"49.90"');
    const drawn = await client.page.evaluate<number[]>(
      '() => { const box = canvas.getBoundingClientRect(); return [box.x, box.y, box.width, box.height].map(Math.round); }',
    );
    expect(grid.match(/"box":\[[^\]]*\]/g)?.every((box) => box === `"box":[${drawn.join(',')}]`)).toBe(true);
  });

  it('answers a click once a closing fade has played out, and does not wait on an endless spinner', async () => {
    await client.page.navigate(server.url('/fading-modal.html'));
    const before = (await client.page.takeSnapshot()).text;
    expect(before).toContain('dialog "Settings"');
    const result = await client.page.clickByUid(uidIn(before, /button "Done"/));
    // The spinner runs forever: the settle step ignores it and calls the page quiet.
    expect(result.settled).toBe(true);
    expect(await client.page.evaluate(() => document.getElementById('modal') === null)).toBe(true);
    expect((await client.page.takeSnapshot()).text).not.toContain('Settings');
  });
});
