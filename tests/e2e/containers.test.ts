import { describe, expect, it } from 'vitest';
import { call, evaluateInPage, text, uidOf } from '../helpers/mcp.js';
import { page } from '../helpers/server.js';
import { useMcpServer, useSite } from '../helpers/fixtures.js';

/**
 * A container is a place: scrolling one answers where it stands and what it shows, through the
 * real MCP server. The pages draw only the items near where they stand, as virtual lists and
 * grids of 10,000 items do; every figure read is held to what the page itself shows.
 */

const ITEM_PX = 40;

/**
 * A list of 10,000 tasks that draws the ~20 near where it stands, each saying its place (aria-posinset of
 * aria-setsize).
 */
const VIRTUAL_LIST = page(
  'Tasks',
  `<h1>Tasks</h1>
   <div id="list" role="list" aria-label="Tasks" style="height:400px;overflow:auto;position:relative"><div style="height:${10_000 * ITEM_PX}px"></div></div>
   <script>
     const list = document.getElementById('list');
     window.done = [];
     function draw() {
       for (const item of list.querySelectorAll('[role=listitem]')) item.remove();
       const first = Math.max(0, Math.floor(list.scrollTop / ${ITEM_PX}) - 3);
       for (let i = first; i <= Math.min(9999, first + 16); i++) {
         const item = document.createElement('div');
         item.setAttribute('role', 'listitem');
         item.setAttribute('aria-posinset', i + 1);
         item.setAttribute('aria-setsize', 10000);
         item.style.cssText = 'position:absolute;left:0;right:0;height:${ITEM_PX}px;top:' + i * ${ITEM_PX} + 'px';
         item.innerHTML = 'Task ' + (i + 1) + ' <button>Done</button>';
         item.querySelector('button').addEventListener('click', () => window.done.push(i + 1));
         list.appendChild(item);
       }
     }
     list.addEventListener('scroll', draw);
     draw();
   </script>`,
);

/** A grid of 1,000 orders under a header row that stays: aria-rowcount counts the header, as ARIA has it. */
const VIRTUAL_GRID = page(
  'Orders',
  `<div id="grid" role="grid" aria-label="Orders" aria-rowcount="1001" style="height:300px;overflow:auto;position:relative">
     <div role="row" aria-rowindex="1" style="position:sticky;top:0;height:30px;background:white;z-index:1"><span role="columnheader">Order</span> <span role="columnheader">Total</span></div>
     <div style="height:${1000 * 30}px"></div>
   </div>
   <script>
     const grid = document.getElementById('grid');
     function draw() {
       for (const row of grid.querySelectorAll('.data')) row.remove();
       const first = Math.max(0, Math.floor(grid.scrollTop / 30) - 2);
       for (let i = first; i <= Math.min(999, first + 14); i++) {
         grid.insertAdjacentHTML('beforeend', '<div class="data" role="row" aria-rowindex="' + (i + 2) + '" style="position:absolute;left:0;right:0;height:30px;top:' + (30 + i * 30) + 'px"><span role="gridcell">#' + (i + 1) + '</span> <span role="gridcell">' + (i * 3) + '.00</span></div>');
       }
     }
     grid.addEventListener('scroll', draw);
     draw();
   </script>`,
);

/** A pool of recycled rows, each moved where its item is drawn: the DOM has them in another order than the eye. */
const RECYCLED = page(
  'Recycled',
  `<div role="table" aria-label="Products"><div role="rowgroup" style="position:relative;height:200px">
     ${[4, 2, 0, 3, 1].map((place) => `<div role="row" style="position:absolute;left:0;right:0;height:40px;transform:translateY(${place * 40}px)"><span role="cell">SKU-${place + 1}</span></div>`).join('')}
   </div></div>`,
);

const server = useSite({ '/list.html': VIRTUAL_LIST, '/grid.html': VIRTUAL_GRID, '/recycled.html': RECYCLED });
const client = useMcpServer();

/** The numbers of the tasks (or orders) an answer lists. */
const listed = (answer: string, word: string): number[] =>
  [...answer.matchAll(new RegExp(`${word}(\\d+)\\b`, 'g'))].map((match) => Number(match[1]));

/** What the page shows in its container: the places of the items a pixel or more of which is inside it. */
async function shownInPage(selector: string): Promise<number[]> {
  return (await evaluateInPage(
    client,
    `() => { const box = document.querySelector(${JSON.stringify(selector)}).getBoundingClientRect(); return [...document.querySelectorAll('${selector} [aria-posinset], ${selector} .data')].filter((el) => { const r = el.getBoundingClientRect(); return Math.min(r.bottom, box.bottom) - Math.max(r.top, box.top) >= 1; }).map((el) => Number(el.getAttribute('aria-posinset') ?? Number(el.getAttribute('aria-rowindex')) - 1)); }`,
  )) as number[];
}

describe('a scrolled container answers where it stands and what it shows', () => {
  it('answers a wheel over a 10,000-item list with its own place and the items it now shows, and says an end only when it did not move', async () => {
    await call(client, 'navigate_page', { url: server.url('/list.html') });
    const list = uidOf(text(await call(client, 'take_snapshot')), 'list', 'Tasks');
    const answer = text(await call(client, 'scroll_page', { uid: list, direction: 'down', screens: 5 }));
    const top = (await evaluateInPage(client, '() => document.getElementById("list").scrollTop')) as number;
    expect(top).toBeGreaterThan(1000);
    // The container's own place, not the page's (which did not move).
    expect(answer).toContain(`container=${list} above=${top}px`);
    expect(answer).toContain(`below=${10_000 * ITEM_PX - 400 - top}px`);
    const shown = await shownInPage('#list');
    expect(answer).toContain(`items="${Math.min(...shown)}–${Math.max(...shown)} of 10000"`);
    // The tasks it shows after the scroll, not those it showed before (nor those drawn out of sight).
    expect(listed(answer, 'Task ')).toEqual(shown);
    expect(answer).not.toContain('at its end');
  });

  it('reaches task 7,300 of 10,000 in one call, and a click there reaches that task', async () => {
    await call(client, 'navigate_page', { url: server.url('/list.html') });
    const list = uidOf(text(await call(client, 'take_snapshot')), 'list', 'Tasks');
    const answer = text(await call(client, 'scroll_page', { uid: list, to: 7300 }));
    const shown = await shownInPage('#list');
    expect(shown).toContain(7300);
    expect(listed(answer, 'Task ')).toEqual(shown);
    const line = answer.split('\n').findIndex((row) => /- Task 7300\b/.test(row));
    const done = /(\d+_\d+) button "Done"/.exec(answer.split('\n')[line + 1] ?? '')?.[1] ?? '';
    await call(client, 'click', { uid: done });
    expect(await evaluateInPage(client, '() => window.done')).toEqual([7300]);
    // Its end in one call; a wheel past it does not move and says so.
    expect(text(await call(client, 'scroll_page', { uid: list, to: 'end' }))).toMatch(/items="\d+–10000 of 10000"/);
    const past = await call(client, 'scroll_page', { uid: list, direction: 'down' });
    expect(text(past)).toContain('did not move: it is at its end');
    expect(past.structuredContent?.atEnd).toBe(true);
  });

  it('counts a grid in data rows, as a person does: the header row is in neither the range nor the size', async () => {
    await call(client, 'navigate_page', { url: server.url('/grid.html') });
    const first = text(await call(client, 'take_snapshot'));
    expect(first).toMatch(new RegExp(`grid "Orders" rows="1–${Math.max(...(await shownInPage('#grid')))} of 1000"`));
    const grid = uidOf(first, 'grid', 'Orders');
    const answer = text(await call(client, 'scroll_page', { uid: grid, to: 400 }));
    const shown = await shownInPage('#grid');
    expect(shown).toContain(400);
    expect(answer).toContain(`rows="${Math.min(...shown)}–${Math.max(...shown)} of 1000"`);
    expect(listed(answer, '#')).toEqual(shown);
  });

  it('refuses item N of a list that does not number its items, saying what to do instead', async () => {
    await call(client, 'navigate_page', { url: server.url('/grid.html') });
    const header = uidOf(text(await call(client, 'take_snapshot')), 'columnheader', 'Order');
    await call(client, 'evaluate_script', {
      function:
        '() => { for (const row of document.querySelectorAll("[aria-rowindex]")) row.removeAttribute("aria-rowindex"); return 1; }',
    });
    const refused = await call(client, 'scroll_page', { uid: header, to: 400 });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toContain("does not say its items' places");
  });
});

describe('a list whose elements are moved where their items show', () => {
  it('reads its rows in the order they are drawn, as a person reads them', async () => {
    await call(client, 'navigate_page', { url: server.url('/recycled.html') });
    expect(listed(text(await call(client, 'take_snapshot')), 'SKU-')).toEqual([1, 2, 3, 4, 5]);
  });
});
