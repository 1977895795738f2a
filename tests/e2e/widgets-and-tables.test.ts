import { useCorpus, useFirefox, useSite } from '../helpers/fixtures.js';
import { blockUnder, uidIn, untilTrue } from '../helpers/snapshot-text.js';
import { describe, expect, it } from 'vitest';

import { untilQuiet } from '../helpers/quiet.js';
import { page } from '../helpers/server.js';

/**
 * Widgets that keep their field out of sight, tables whose controls hide, grids that draw a
 * window of their rows, containers that are focusable or tab panels, and a line wider than any
 * screen: each read as a person sees it, and acted on through its uid.
 */

async function snapshot(): Promise<string> {
  return (await client.page.takeSnapshot()).text;
}

/** A select a component library draws: a box showing the choice, its real field parked off-screen. */
const PARKED_SELECT = page(
  'Parked select',
  `<label id="al">Assignee</label>
   <div id="box" style="position:relative;width:200px;height:36px;border:1px solid #888;cursor:pointer;line-height:36px;padding:0 8px">
     <span id="shown">Nobody</span>
     <input role="combobox" aria-labelledby="al" aria-expanded="false" aria-controls="people" autocomplete="off" style="position:absolute;left:-5000px">
   </div>
   <input type="hidden" id="value" name="assignee" value="">
   <ul id="people" role="listbox" aria-label="People" hidden style="list-style:none;padding:0;border:1px solid #888;width:200px">
     <li role="option" data-id="ada">Ada Lovelace</li>
     <li role="option" data-id="alan">Alan Turing</li>
   </ul>
   <script>
     const box = document.getElementById('box');
     const list = document.getElementById('people');
     const field = box.querySelector('input');
     box.addEventListener('click', () => {
       list.hidden = false;
       field.setAttribute('aria-expanded', 'true');
       field.focus();
     });
     for (const option of list.children) {
       option.addEventListener('click', () => {
         document.getElementById('shown').textContent = option.textContent;
         document.getElementById('value').value = option.dataset.id;
         list.hidden = true;
         field.setAttribute('aria-expanded', 'false');
       });
     }
   </script>`,
);

/** A tag picker: chips drawn by the widget, its field transparent beneath them. */
const CHIPS = page(
  'Chips',
  `<span id="tl">Labels</span>
   <div id="picker" style="position:relative;z-index:0;width:300px;min-height:36px;border:1px solid #888;display:flex;gap:4px;align-items:center;padding:2px">
     <span style="background:#def;border-radius:8px;padding:2px 6px">bug</span>
     <span style="background:#def;border-radius:8px;padding:2px 6px">urgent</span>
     <input id="tags" role="combobox" aria-labelledby="tl" aria-expanded="false" style="opacity:0;position:absolute;inset:0;z-index:-1">
   </div>
   <script>document.getElementById('picker').addEventListener('click', () => document.getElementById('tags').focus());</script>`,
);

/**
 * A survey matrix: each cell holds a radio clipped to a pixel and the dot the survey draws; a click on the cell picks
 * it.
 */
const SURVEY = page(
  'Survey',
  `<style>
     .sr { position:absolute; width:1px; height:1px; overflow:hidden; clip:rect(0 0 0 0); }
     td.choice { position:relative; cursor:pointer; text-align:center; }
     .dot { display:inline-block; width:14px; height:14px; border-radius:50%; border:2px solid #555; }
     input:checked + .dot { background:#555; }
   </style>
   <table>
     <thead><tr><th></th><th>Poor</th><th>Fair</th><th>Good</th></tr></thead>
     <tbody>
       ${['Speed', 'Price']
         .map(
           (row) =>
             `<tr><td>${row}</td>${['Poor', 'Fair', 'Good']
               .map(
                 (column) =>
                   `<td class="choice"><input class="sr" type="radio" name="${row.toLowerCase()}" value="${column}" aria-label="${column}"><span class="dot"></span></td>`,
               )
               .join('')}</tr>`,
         )
         .join('')}
     </tbody>
   </table>
   <script>
     for (const cell of document.querySelectorAll('td.choice')) cell.addEventListener('click', (event) => { if (event.target.localName !== 'input') cell.querySelector('input').click(); });
   </script>`,
);

const USERS = page(
  'Users',
  `<table>
     <thead><tr><th></th><th>Name</th><th>Role</th></tr></thead>
     <tbody>
       <tr><td><input type="checkbox" aria-label="Select Ada"></td><td>Ada</td><td>Admin</td></tr>
       <tr aria-selected="true"><td><input type="checkbox" aria-label="Select Bob" checked></td><td>Bob</td><td>Editor</td></tr>
     </tbody>
   </table>
   <script>
     for (const box of document.querySelectorAll('tbody input')) box.addEventListener('change', () => box.closest('tr').setAttribute('aria-selected', String(box.checked)));
   </script>`,
);

const BIG_GRID = page(
  'Orders',
  `<div role="grid" aria-label="Orders" aria-rowcount="101" aria-colcount="2">
     <div role="row" aria-rowindex="1">
       <div role="columnheader" aria-sort="ascending">Order <button aria-label="Filter Order">⏷</button></div>
       <div role="columnheader" aria-sort="none">Total <button aria-label="Filter Total">⏷</button></div>
     </div>
     ${Array.from({ length: 20 }, (_, i) => `<div role="row" aria-rowindex="${i + 2}"><div role="gridcell">#${1000 + i}</div><div role="gridcell">${(i * 7.5).toFixed(2)}</div></div>`).join('')}
   </div>
   <p id="filtering">No filter open</p>
   <script>
     for (const button of document.querySelectorAll('[role=columnheader] button')) button.addEventListener('click', () => { document.getElementById('filtering').textContent = 'Filtering ' + button.getAttribute('aria-label').replace('Filter ', ''); });
   </script>`,
);

const PANELS = page(
  'Panels',
  `<div role="tablist"><button role="tab" id="t1" aria-selected="true" aria-controls="p1">Example Value</button><button role="tab" id="t2" aria-selected="false">Schema</button></div>
   <table><tbody><tr><td>
     <div role="tabpanel" id="p1" tabindex="0" aria-labelledby="t1"><pre>{
  "id": 0,
  "title": "Widget"
}</pre></div>
   </td></tr></tbody></table>
   <div role="grid" aria-label="March 2026">
     <div role="row">
       <div role="gridcell" aria-label="March 11, 2026">11</div>
       <div role="gridcell" aria-label="March 12, 2026">12 <a href="#dentist">Dentist</a></div>
       <div role="gridcell" aria-label="March 13, 2026">13</div>
     </div>
   </div>`,
);

const WIDE = page(
  'Wide',
  `<div id="track" style="overflow:hidden;width:600px;height:40px;border:1px solid">
     <div id="line" style="width:1000000px;height:40px;background:repeating-linear-gradient(90deg,#eee 0 20px,#ccc 20px 40px);cursor:pointer">Timeline</div>
   </div>
   <p id="log">No click</p>
   <script>
     document.getElementById('line').addEventListener('click', (event) => {
       document.getElementById('log').textContent = 'Clicked at ' + Math.round(event.clientX);
     });
     // Where any click landed, to say so when the line's handler does not run.
     document.addEventListener('click', (event) => { window.landed = Math.round(event.clientX) + ',' + Math.round(event.clientY) + ' on ' + event.target.localName + (event.target.id ? '#' + event.target.id : ''); }, true);
   </script>`,
);

/**
 * A form row with an email field and a honeypot parked off-screen beside it: the row is no widget of the honeypot's.
 */
const HONEYPOT = page(
  'Newsletter',
  `<form><div class="row" style="padding:4px"><label for="email">Email</label> <input id="email" type="email">
     <input name="website" tabindex="-1" autocomplete="off" style="position:absolute;left:-5000px"></div><button>Subscribe</button></form>`,
);

const server = useSite({
  '/honeypot.html': HONEYPOT,
  '/parked.html': PARKED_SELECT,
  '/chips.html': CHIPS,
  '/survey.html': SURVEY,
  '/users.html': USERS,
  '/grid.html': BIG_GRID,
  '/panels.html': PANELS,
  '/wide.html': WIDE,
});
const corpus = useCorpus();
const client = useFirefox({ viewport: { width: 1280, height: 720 } }, { accessibility: true });

describe('a field a widget keeps out of sight is listed as its widget', () => {
  it('lists a select whose field is parked off-screen once, as the combobox it draws, and picks through it', async () => {
    await client.page.navigate(server.url('/parked.html'));
    const text = await snapshot();
    expect(text.match(/combobox "Assignee"/g), text).toHaveLength(1);
    expect(text).toMatch(/\d+_\d+ combobox "Assignee" value="Nobody"/);
    // The parked field is not offered a second time as a field of its own.
    expect(text).not.toMatch(/textbox/);
    // Clicked where the widget shows, not 5000 px off the page's left edge.
    await client.page.clickByUid(uidIn(text, /combobox "Assignee"/));
    expect(await client.page.evaluate("() => document.getElementById('people').hidden")).toBe(false);
    const open = await snapshot();
    await client.page.clickByUid(uidIn(open, /option "Alan Turing"/));
    expect(await client.page.evaluate("() => document.getElementById('value').value")).toBe('alan');
    expect(await snapshot()).toMatch(/combobox "Assignee" value="Alan Turing"/);
  });

  it('lists a transparent field beneath the chips it draws as the combobox, named by its label', async () => {
    await client.page.navigate(server.url('/chips.html'));
    const text = await snapshot();
    expect(text.match(/combobox/g), text).toHaveLength(1);
    expect(text).toMatch(/\d+_\d+ combobox "Labels"/);
    expect(text).toContain('bug urgent');
    await client.page.clickByUid(uidIn(text, /combobox "Labels"/));
    expect(await client.page.evaluate('() => document.activeElement.id')).toBe('tags');
  });

  it('never makes a form row the widget of a honeypot field parked beside a field of its own, nor lists the honeypot', async () => {
    await client.page.navigate(server.url('/honeypot.html'));
    const text = await snapshot();
    expect(text).toMatch(/\d+_\d+ textbox "Email" type=email/);
    // Out of sight and out of the tab order, the honeypot is parked: not listed, so no agent fills it as a bot would.
    expect(text.match(/textbox/g), text).toHaveLength(1);
    expect(text).not.toMatch(/div/);
  });

  it("agrees with Firefox's accessibility engine on both widgets", async () => {
    for (const path of ['/parked.html', '/chips.html']) {
      await client.page.navigate(server.url(path));
      const report = await client.page.witness();
      expect(report.differences, path).toEqual([]);
      expect(report.unanswered, path).toEqual([]);
      expect(report.checked, path).toBeGreaterThan(0);
    }
  });
});

describe('controls in table rows', () => {
  it('keeps the uids of hidden radios in a survey row line, and checks the one clicked', async () => {
    await client.page.navigate(server.url('/survey.html'));
    const text = await snapshot();
    const speed = text.split('\n').find((line) => line.includes('row: Speed |')) ?? text;
    expect(speed).toMatch(
      /row: Speed \| \[\d+_\d+ radio "Poor"\] \| \[\d+_\d+ radio "Fair"\] \| \[\d+_\d+ radio "Good"\]$/,
    );
    expect(text).toMatch(
      /row: Price \| \[\d+_\d+ radio "Poor"\] \| \[\d+_\d+ radio "Fair"\] \| \[\d+_\d+ radio "Good"\]$/m,
    );
    await client.page.clickByUid(uidIn(speed, /radio "Fair"/));
    expect(await client.page.evaluate("() => document.querySelector('input[name=speed]:checked')?.value ?? null")).toBe(
      'Fair',
    );
    expect(await client.page.evaluate("() => document.querySelector('input[name=price]:checked')?.value ?? null")).toBe(
      null,
    );
    const after = await snapshot();
    expect(after).toMatch(
      /row: Speed \| \[\d+_\d+ radio "Poor"\] \| \[\d+_\d+ radio "Fair" checked[^\]]*\] \| \[\d+_\d+ radio "Good"\]/,
    );
    expect(after).not.toMatch(/row: Price .*checked/);
  });

  it('keeps a row-selection checkbox in its row line and says which row is selected', async () => {
    await client.page.navigate(server.url('/users.html'));
    const text = await snapshot();
    expect(text).toMatch(/\d+_\d+ row: \[\d+_\d+ checkbox "Select Ada"\] \| Ada \| Admin$/m);
    expect(text).toMatch(/\d+_\d+ row selected: \[\d+_\d+ checkbox "Select Bob" checked\] \| Bob \| Editor/);
    await client.page.clickByUid(uidIn(text, /checkbox "Select Ada"/));
    expect(await client.page.evaluate("() => document.querySelector('tbody tr').getAttribute('aria-selected')")).toBe(
      'true',
    );
    expect(await snapshot()).toMatch(/row selected: \[\d+_\d+ checkbox "Select Ada" checked[^\]]*\] \| Ada \| Admin/);
  });
});

describe('a grid that draws a window of its rows', () => {
  it('says how many rows it has and which it shows, and keeps a line per header with its sort and filter', async () => {
    await client.page.navigate(server.url('/grid.html'));
    const text = await snapshot();
    expect(text).toMatch(/\d+_\d+ grid "Orders" rows="1–20 of 100"/);
    const headerRow = blockUnder(text, uidIn(text, /row\n/));
    // One line per header (not a "row: Order | Total" line), each with its own sort state.
    expect(headerRow).toMatch(/\n\s+\d+_\d+ columnheader "Order[^"\n]*" sorted=ascending\n/);
    expect(headerRow).toMatch(/\n\s+\d+_\d+ columnheader "Total[^"\n]*"\n/);
    const order = blockUnder(text, uidIn(text, /columnheader "Order/));
    expect(order).toMatch(/\n\s+\d+_\d+ button "Filter Order"/);
    await client.page.clickByUid(uidIn(order, /button "Filter Order"/));
    expect(await client.page.evaluate("() => document.getElementById('filtering').textContent")).toBe(
      'Filtering Order',
    );
    expect(text).toMatch(/row: #1019 \| 142\.50/);
  });
});

describe('containers keep their content', () => {
  it('shows the JSON a focusable tab panel holds in a table cell', async () => {
    await client.page.navigate(server.url('/panels.html'));
    const text = await snapshot();
    const panel = blockUnder(text, uidIn(text, /tabpanel "Example Value"/));
    expect(panel).toContain('"title": "Widget"');
    expect(panel).toContain('"id": 0');
    const report = await client.page.witness();
    expect(report.differences).toEqual([]);
    expect(report.unanswered).toEqual([]);
  });

  it('gives a named calendar cell its own line and lists its event inside it', async () => {
    await client.page.navigate(server.url('/panels.html'));
    const text = await snapshot();
    const cell = blockUnder(text, uidIn(text, /gridcell "March 12, 2026"/));
    // The event is listed with a uid of its own: on a line inside the cell, or in place on the cell's line.
    const event = /(\d+_\d+) link "Dentist"/.exec(cell)?.[1] ?? /\[Dentist\]\(uid=(\d+_\d+)\)/.exec(cell)?.[1];
    expect(event, cell).toBeDefined();
    expect(text).toMatch(/gridcell "March 11, 2026"(?!: 12)/);
    await client.page.clickByUid(event ?? '');
    expect(await client.page.evaluate('() => location.hash')).toBe('#dentist');
  });
});

describe('a line a million pixels wide', () => {
  it('is clicked where its clipping box shows it', async () => {
    await client.page.navigate(server.url('/wide.html'));
    const text = await snapshot();
    const uid = uidIn(text, /div: Timeline/);
    expect((await client.page.resolveUidToSelector(uid)).selector).toBe('div#line');
    await client.page.clickByUid(uid);
    const landed = await client.page.evaluate<string | null>('() => window.landed ?? null');
    expect(
      await client.page.evaluate("() => document.getElementById('log').textContent"),
      `the click landed at ${String(landed)}`,
    ).toMatch(/^Clicked at \d+$/);
  });
});

describe('regressions on corpus pages', () => {
  it('lists the multiple sl-select "Notify on" as a combobox', async () => {
    await client.page.navigate(corpus.url('/shoelace.html'));
    await untilTrue(
      client.page,
      "() => customElements.get('sl-select') !== undefined && document.getElementById('channels').shadowRoot?.querySelector('[role=combobox]') != null",
    );
    const text = await snapshot();
    expect(text).toMatch(/\d+_\d+ combobox "Notify on"/);
    await client.page.clickByUid(uidIn(text, /combobox "Notify on"/));
    await untilTrue(client.page, "() => document.getElementById('channels').open === true");
  });

  it('shows the Example Value JSON of an opened Swagger UI operation', async () => {
    await client.page.navigate(corpus.url('/swagger.html'));
    await client.page.waitForText('List items');
    await untilQuiet(client.page, { quietMs: 300, maxMs: 5000, animations: false });
    const text = await snapshot();
    expect(text).not.toContain('"sku": "string"');
    await client.page.clickByUid(uidIn(text, /button "GET \/items List items"/));
    await client.page.waitForText('Example Value');
    await untilQuiet(client.page, { quietMs: 300, maxMs: 5000, animations: false });
    expect(
      await client.page.evaluate(
        "() => document.querySelector('.opblock.is-open .opblock-summary-path')?.textContent ?? null",
      ),
    ).toBe('/items');
    const opened = await snapshot();
    const panel = blockUnder(opened, uidIn(opened, /tabpanel "Example Value"/));
    expect(panel).toContain('"sku": "string"');
  });
});
