import { describe, expect, it } from 'vitest';

import { useFirefox, useSite } from '../helpers/fixtures.js';
import { page } from '../helpers/server.js';
import { uidIn } from '../helpers/snapshot-text.js';

/**
 * A date picker's overlay that draws several months in an endless list, the way web-component
 * pickers do: each month a custom element with its own shadow tree, slotted into two buffers that
 * a scroll handler moves (translate3d) through a million-pixel scroller whose bar is hidden, each
 * day a gridcell the picker focuses by script (tabindex=-1) and names by its date.
 */
const MONTHS = page(
  'Months',
  `<label for="when">Departure</label> <input id="when" readonly> <button id="open">Pick a date</button>
   <div id="overlay" role="dialog" aria-label="Choose a date" hidden style="position:fixed;top:60px;left:40px;width:320px;height:420px;overflow:hidden;border:1px solid #888;background:#fff">
     <month-list id="months"></month-list>
   </div>
   <script>
     const NAMES = ['January','February','March','April','May','June','July','August','September','October','November','December'];
     customElements.define('month-days', class extends HTMLElement {
       constructor() { super(); this.attachShadow({ mode: 'open' }); }
       set month(index) {
         const year = 2026 + Math.floor(index / 12), month = ((index % 12) + 12) % 12, days = new Date(year, month + 1, 0).getDate();
         let rows = '', cells = '';
         for (let day = 1; day <= days; day++) {
           cells += '<td role="gridcell" tabindex="-1" aria-label="' + day + ' ' + NAMES[month] + ' ' + year + '" data-date="' + year + '-' + (month + 1) + '-' + day + '">' + day + '</td>';
           if (day % 7 === 0 || day === days) { rows += '<tr>' + cells + '</tr>'; cells = ''; }
         }
         this.shadowRoot.innerHTML = '<style>:host{display:block;height:270px} td{width:36px;height:30px;text-align:center;cursor:pointer}</style><div aria-hidden="true">' + NAMES[month] + ' ' + year + '</div><table role="grid" aria-label="' + NAMES[month] + ' ' + year + '"><tbody>' + rows + '</tbody></table>';
       }
     });
     const ITEM = 270, PER_BUFFER = 3, MIDDLE = 500000;
     customElements.define('month-list', class extends HTMLElement {
       constructor() {
         super();
         this.attachShadow({ mode: 'open' }).innerHTML = '<style>:host{display:block;overflow:hidden;height:100%} #scroller{position:relative;height:100%;overflow:auto;margin-right:-40px;overflow-x:hidden} .buffer{position:absolute;width:100%;box-sizing:border-box;padding-right:40px}</style><div id="scroller"><div class="buffer"></div><div class="buffer"></div><div id="full"></div></div>';
       }
       start() {
         this.scroller = this.shadowRoot.getElementById('scroller');
         this.shadowRoot.getElementById('full').style.height = MIDDLE * 2 + 'px';
         this.buffers = [...this.shadowRoot.querySelectorAll('.buffer')];
         let n = 0;
         for (const buffer of this.buffers) for (let i = 0; i < PER_BUFFER; i++) {
           const slot = document.createElement('slot'); slot.name = 'item-' + n++;
           const wrap = document.createElement('div'); wrap.slot = slot.name; wrap.style.height = ITEM + 'px';
           wrap.append(document.createElement('month-days')); this.append(wrap); buffer.append(slot); slot.wrap = wrap;
         }
         this.scroller.scrollTop = MIDDLE;
         this.place(this.buffers[0], MIDDLE - ITEM * PER_BUFFER); this.place(this.buffers[1], MIDDLE);
         this.fill();
         this.scroller.addEventListener('scroll', () => this.moved());
       }
       place(buffer, y) { buffer.y = y; buffer.style.transform = 'translate3d(0, ' + y + 'px, 0)'; }
       fill() {
         const first = Math.round((this.buffers[0].y - MIDDLE) / ITEM);
         this.buffers.forEach((buffer, b) => [...buffer.children].forEach((slot, i) => { slot.wrap.firstChild.month = first + b * PER_BUFFER + i; }));
       }
       moved() {
         const top = this.scroller.scrollTop, height = ITEM * PER_BUFFER;
         if (top > this.buffers[1].y + ITEM) { this.place(this.buffers[0], this.buffers[1].y + height); this.buffers.reverse(); this.fill(); }
         else if (top < this.buffers[0].y + ITEM) { this.place(this.buffers[1], this.buffers[0].y - height); this.buffers.reverse(); this.fill(); }
       }
       get scrolled() { return this.scroller.scrollTop; }
     });
     const overlay = document.getElementById('overlay'), months = document.getElementById('months');
     document.getElementById('open').addEventListener('click', () => { overlay.hidden = false; if (!months.scroller) months.start(); });
     months.addEventListener('click', (event) => {
       const day = event.composedPath().find((node) => node.dataset && node.dataset.date);
       if (day) { document.getElementById('when').value = day.dataset.date; overlay.hidden = true; }
     });
   </script>`,
);

const server = useSite({ '/months.html': MONTHS });
const client = useFirefox({ viewport: { width: 1280, height: 720 } });

async function openPicker(): Promise<string> {
  await client.page.navigate(server.url('/months.html'));
  await client.page.clickByUid(uidIn((await client.page.takeSnapshot()).text, /button "Pick a date"/));
  return (await client.page.takeSnapshot()).text;
}

const scrollTop = `() => document.getElementById('months').scrolled`;

describe('an overlay that draws months in an endless list', () => {
  it('lists every month it draws with each day a cell to click, and a click picks that day', async () => {
    const text = await openPicker();
    for (const month of ['December 2025', 'January 2026', 'February 2026', 'March 2026'])
      expect(text).toMatch(new RegExp(`\\d+_\\d+ grid "${month}"`));
    // Each day keeps its uid in its row's line: the agent picks it from what it read.
    const day = uidIn(text, /gridcell "14 January 2026"/);
    expect(text).toMatch(
      new RegExp(`row: \\[\\d+_\\d+ gridcell "8 January 2026"\\] \\| .*\\[${day} gridcell "14 January 2026"\\]`),
    );
    await client.page.clickByUid(day);
    expect(await client.page.evaluate(`() => document.getElementById('when').value`)).toBe('2026-1-14');
  });

  it('scrolls the list when asked from a day drawn in a month, and from the overlay around it', async () => {
    const text = await openPicker();
    const start = Number(await client.page.evaluate(scrollTop));
    // The day's element is drawn anew as the list scrolls past it: the list is still what moved.
    const fromDay = await client.page.scroll({ direction: 'down', uid: uidIn(text, /gridcell "3 January 2026"/) });
    const middle = Number(await client.page.evaluate(scrollTop));
    expect(middle).toBeGreaterThan(start);
    expect(fromDay.moved.y).toBe(middle - start);
    expect(fromDay.incomplete).toBe(false);

    // The overlay does not scroll itself: the list that fills it does.
    const fromOverlay = await client.page.scroll({
      direction: 'down',
      uid: uidIn(fromDay.snapshot.text, /dialog "Choose a date"/),
    });
    const end = Number(await client.page.evaluate(scrollTop));
    expect(end).toBeGreaterThan(middle);
    expect(fromOverlay.moved.y).toBe(end - middle);
    // The month scrolled into sight is read, its days ready to pick.
    expect(fromOverlay.snapshot.text).toMatch(/\[\d+_\d+ gridcell "1 April 2026"\]/);
  });
});
