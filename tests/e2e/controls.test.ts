import { describe, expect, it } from 'vitest';
import { allNodes } from '../../src/index.js';
import { useFirefox, useSite } from '../helpers/fixtures.js';
import { page } from '../helpers/server.js';

/**
 * One rule decides what a person can use, for the snapshot and for the agent's Markdown view: each
 * element below is a control in both or in neither. Among them, what only looks clickable (a date
 * picker's day, an AM/PM toggle, a calendar arrow) and a native select a script's widget stands for.
 */

const CONTROLS = page(
  'Controls',
  `<style>.hand { cursor: pointer; } .box { display: inline-block; width: 24px; height: 24px; }</style>
   <main>
     <p>Intro text <span id="plain">just words</span>.</p>
     <div id="div-tab0" tabindex="0" onclick="this.textContent = 'Opened'">Open panel</div>
     <div class="calendar">
       <span id="day" class="hand box" tabindex="-1" aria-label="December 25, 2026">25</span>
       <span id="ampm" class="hand" tabindex="-1" title="Click to toggle">AM</span>
       <span id="arrow" class="hand box"><svg width="14" height="14" viewBox="0 0 14 14"><path d="M5 2l5 5-5 5"/></svg></span>
       <span id="unnamed-script-focus" tabindex="-1">Only script focuses me</span>
     </div>
     <div id="pointer-row" class="hand">Row to open <span id="inherits">inherits the hand</span></div>
     <div id="card" class="hand">A card holding <a id="card-link" href="#read">Read more</a></div>
     <div id="backdrop" class="hand" style="position: fixed; inset: 0; z-index: -1"></div>
     <label for="fruit">Fruit</label>
     <div id="widget" role="combobox" aria-expanded="false" tabindex="0" style="position: relative; display: inline-block; min-width: 120px">
       <select id="fruit" hidden style="display: inline-block; position: absolute; inset: 0; opacity: 0"><option>Apple</option><option>Pear</option></select>
       <span>Apple</span>
     </div>
     <div role="tablist"><button role="tab" aria-selected="true" aria-controls="sample">JavaScript</button></div>
     <div id="sample" role="tabpanel" aria-label="JavaScript">
       <div id="code-box" tabindex="0" style="overflow: auto; height: 60px"><pre>const total = items.reduce((sum, item) => sum + item.price, 0);\nconsole.log(total);</pre></div>
     </div>
     <input id="search" aria-label="Search" value="Search">
     <table><tr><td>Invoice 17</td><td><button id="delete-17" aria-label="Delete" aria-describedby="tip-17">🗑</button><span id="tip-17" role="tooltip">Delete</span></td></tr></table>
   </main>`,
);

/** Element ids and whether a person can use each. */
const EXPECTED: Record<string, boolean> = {
  plain: false,
  'div-tab0': true,
  day: true,
  ampm: true,
  arrow: true,
  'unnamed-script-focus': false,
  'pointer-row': true,
  inherits: false,
  card: false,
  'card-link': true,
  backdrop: false,
  widget: true,
  fruit: false,
  'code-box': true,
  search: true,
  'delete-17': true,
  'tip-17': false,
};

const server = useSite({ '/controls.html': CONTROLS });
const client = useFirefox();

/** The ids of the elements that carry one of these uids. */
function idsOf(uids: Iterable<string>): Promise<string[]> {
  return client.page.evaluate<string[]>(
    '(uids) => uids.map((uid) => document.querySelector(`[data-mcp-uid="${uid}"]`)?.id).filter(Boolean).sort()',
    [[...uids]],
  );
}

describe('what a person can use', () => {
  it('is the same in the snapshot and in the Markdown view, and includes what only looks clickable', async () => {
    await client.page.navigate(server.url('/controls.html'));
    const snapshot = await client.page.takeSnapshot();
    const inSnapshot = await idsOf(
      [...allNodes(snapshot.nodes)].filter((node) => node.interactive).map((node) => node.uid),
    );
    const { markdown } = await client.page.getPageMarkdown({ view: 'agent', maxChars: 100_000 });
    const inMarkdown = await idsOf(markdown.match(/\d+_\d+/g) ?? []);
    const expected = Object.keys(EXPECTED)
      .filter((id) => EXPECTED[id])
      .sort();
    expect(inSnapshot).toEqual(expected);
    expect(inMarkdown).toEqual(expected);
  });

  it('names what looks clickable by its label or what it shows, and the widget by the label of the field it stands for', async () => {
    await client.page.navigate(server.url('/controls.html'));
    const { text } = await client.page.takeSnapshot();
    expect(text).toMatch(/\d+_\d+ span "December 25, 2026"/);
    expect(text).toMatch(/\d+_\d+ span "AM"/);
    expect(text).toMatch(/\d+_\d+ div "Row to open inherits the hand"/);
    expect(text).toMatch(/\d+_\d+ combobox "Fruit" value="Apple" collapsed/);
    // The hidden native select is not offered, under any name.
    expect(text).not.toMatch(/option "Pear"/);
    const { markdown } = await client.page.getPageMarkdown({ view: 'agent', maxChars: 100_000 });
    expect(markdown).toMatch(/\[span "December 25, 2026" uid=\d+_\d+\]/);
    expect(markdown).not.toContain('Pear');
  });

  it('lists the code in a tab panel as content, and says a name once: not again as the value, nor as a tooltip', async () => {
    await client.page.navigate(server.url('/controls.html'));
    const { text } = await client.page.takeSnapshot();
    // The keyboard-reachable box around the code is listed with its content, and needs no name.
    expect(text).toMatch(/\d+_\d+ div\n\s+\d+_\d+ \S+: const total = items\.reduce/);
    expect(text).not.toMatch(/div "const total/);
    expect(text).toMatch(/\d+_\d+ textbox "Search"$/m);
    // A tooltip that says the button's name again is not a line of its own.
    expect(text).toMatch(/\d+_\d+ button "Delete"/);
    expect(text).not.toMatch(/tooltip/);
  });

  it('clicks a day that only looks clickable, the way a person would', async () => {
    await client.page.navigate(server.url('/controls.html'));
    await client.page.evaluate(() => {
      document.getElementById('day')?.addEventListener('click', () => (document.title = 'picked 25'));
    });
    const { text } = await client.page.takeSnapshot();
    const uid = /(\d+_\d+) span "December 25, 2026"/.exec(text)?.[1];
    expect(uid).toBeDefined();
    await client.page.clickByUid(uid as string);
    expect(await client.page.evaluate(() => document.title)).toBe('picked 25');
  });
});
