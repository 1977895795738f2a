import { describe, expect, it } from 'vitest';
import { allNodes, InvalidArgumentError } from '../../src/index.js';
import { useFirefox, useSite } from '../helpers/fixtures.js';
import { page } from '../helpers/server.js';

const ROWS = Array.from(
  { length: 2000 },
  (_, i) => `<tr><td>Issue ${i}</td><td><a href="/issues/${i}">open</a></td><td>${i % 7} comments</td></tr>`,
).join('');

const server = useSite({
  '/long.html': page(
    'Long',
    `<header id="top"><button>Menu</button></header>
       <main id="main"><h1>Article</h1>${Array.from({ length: 40 }, (_, i) => `<p>Paragraph ${i} with enough words to fill a line.</p>`).join('')}
         <button id="bottom-button">Bottom button</button></main>
       <aside id="side"><a href="/help">Help</a></aside>
       <div id="box" style="height:100px;overflow:auto"><div style="height:1000px">Inner <button style="margin-top:600px">Deep in box</button></div></div>`,
  ),
  '/table.html': page(
    'Table',
    `<h1>Issues</h1><table id="issues"><tbody>${ROWS}</tbody></table><button id="add" onclick="document.querySelector('h1').textContent = 'Issues (changed)'">Change</button>`,
  ),
  '/dashboard.html': page(
    'Dashboard',
    `<nav><a href="/a">A</a><a href="/b">B</a><a href="/c">C</a></nav>
       <h2>Sales</h2><p>Up 5%</p><button>Refresh</button><input aria-label="Search"><select aria-label="Range"><option>Day</option></select>
       <ul><li>One</li><li>Two</li><li>Three</li></ul><table><tr><th>Name</th></tr><tr><td>X</td></tr></table>`,
  ),
});
const client = useFirefox({
  viewport: { width: 800, height: 600 },
  layers: { content: ['#main'], side: ['#side', '#top'] },
});

describe('viewport snapshots, zones and layers', () => {
  it('keeps only what is in the viewport, says how much lies above and below, and gives zones', async () => {
    await client.page.navigate(server.url('/long.html'));
    const full = await client.page.takeSnapshot();
    const visible = await client.page.takeSnapshot({ viewport: true });
    const names = [...allNodes(visible.nodes)].map((node) => node.name ?? node.text);
    expect(names).toContain('Menu');
    expect(names).not.toContain('Bottom button');
    expect([...allNodes(full.nodes)].map((node) => node.name)).toContain('Bottom button');
    expect(visible.viewportInfo?.above).toBe(0);
    expect(visible.viewportInfo?.below).toBeGreaterThan(600);
    expect(visible.viewportInfo?.screensBelow).toBeCloseTo((visible.viewportInfo?.below ?? 0) / 600, 1);
    const menu = [...allNodes(visible.nodes)].find((node) => node.name === 'Menu');
    expect(menu?.zone).toBe('top-left');
    expect(visible.text).toMatch(/button "Menu" zone=top-left/);
    expect(visible.text.split('\n')[0]).toMatch(/viewport-only above=0px \(0 screens\) below=\d+px/);
  });

  it('limits a snapshot to named layers and refuses an unknown one', async () => {
    await client.page.navigate(server.url('/long.html'));
    const content = await client.page.takeSnapshot({ layers: ['content'] });
    const names = [...allNodes(content.nodes)].map((node) => node.name ?? node.text);
    expect(names).toContain('Article');
    expect(names).not.toContain('Menu');
    expect(names).not.toContain('Help');
    const side = await client.page.takeSnapshot({ layers: ['side'] });
    expect([...allNodes(side.nodes)].map((node) => node.name)).toEqual(expect.arrayContaining(['Menu', 'Help']));
    expect(side.text.split('\n')[0]).toContain('layers=side');
    await expect(client.page.takeSnapshot({ layers: ['sidebar'] })).rejects.toThrow(InvalidArgumentError);
    await expect(client.page.takeSnapshot({ layers: ['sidebar'] })).rejects.toThrow(
      'Unknown layer "sidebar"; the layers are "content", "side"',
    );
  });

  it('scrolls the page and a container with the wheel and returns the new viewport', async () => {
    // The wait ends when the scroll comes to rest; on a busy machine a smooth scroll may start late.
    const REST_MS = 10_000;
    await client.page.navigate(server.url('/long.html'));
    const down = await client.page.scroll({ direction: 'down', screens: 1, budgetMs: REST_MS });
    expect(down.moved.y).toBeGreaterThan(300);
    expect(down.snapshot.viewportInfo?.above).toBe(down.moved.y);
    expect(down.incomplete).toBe(false);
    const up = await client.page.scroll({ direction: 'up', screens: 5, budgetMs: REST_MS });
    expect(up.moved.y).toBe(-down.moved.y);
    // An end is said only by a scroll that could not move.
    expect(up.atEnd).toBe(false);
    const top = await client.page.scroll({ direction: 'up', budgetMs: REST_MS });
    expect([top.moved.y, top.atEnd]).toEqual([0, true]);
    const box = [...allNodes((await client.page.takeSnapshot()).nodes)].find((node) => node.text === 'Inner');
    const inner = await client.page.scroll({ direction: 'down', uid: box?.uid ?? '', screens: 2, budgetMs: REST_MS });
    expect(inner.moved.y).toBeGreaterThan(100);
    await expect(client.page.scroll({ direction: 'sideways' as 'up' })).rejects.toThrow(
      'direction must be up, down, left or right',
    );
  });
});

describe('huge lists, search, diffs and paging', () => {
  it('compresses a 2,000-row table by over 90% and finds hidden rows by search', async () => {
    await client.page.navigate(server.url('/table.html'));
    const plain = await client.page.takeSnapshot();
    const compressed = await client.page.takeSnapshot({ compress: true });
    expect(compressed.text.length).toBeLessThan(plain.text.length * 0.1);
    expect(compressed.collapsed?.[0]?.count).toBeGreaterThan(1900);
    expect(compressed.text).toMatch(/… 1,99\d more "row" like the above/);
    const found = await client.page.findInPage('Issue 1234');
    expect(found.matches.map((match) => match.line)).toEqual([expect.stringContaining('Issue 1234')]);
    expect(found.matches[0]?.path.join(' > ')).toContain('table');
    const regex = await client.page.findInPage('^Issue 19\\d\\d$', { regex: true });
    expect(regex.total).toBe(100);
    await expect(client.page.findInPage('(', { regex: true })).rejects.toThrow('not a valid regular expression');
  });

  it('leaves a diverse page unchanged when compressing', async () => {
    await client.page.navigate(server.url('/dashboard.html'));
    const plain = await client.page.takeSnapshot();
    const compressed = await client.page.takeSnapshot({ compress: true });
    expect(compressed.text.split('\n').slice(1)).toEqual(plain.text.split('\n').slice(1));
    expect(compressed.collapsed).toEqual([]);
  });

  it('gives only what changed since an earlier snapshot, and a full one for an unknown id', async () => {
    await client.page.navigate(server.url('/table.html'));
    const before = await client.page.takeSnapshot();
    const button = [...allNodes(before.nodes)].find((node) => node.name === 'Change');
    await client.page.clickByUid(button?.uid ?? '');
    const diff = await client.page.takeSnapshot({ since: before.id });
    // The heading changed; the clicked button also took focus.
    expect(diff.diff?.changed.map((change) => change.uid).sort()).toEqual(
      [button?.uid, before.nodes.find((node) => node.role === 'heading')?.uid].sort(),
    );
    expect(diff.diff?.added).toEqual([]);
    expect(diff.diff?.removed).toEqual([]);
    expect(diff.text.split('\n').length).toBeLessThanOrEqual(4);
    expect(diff.text).toContain('heading "Issues (changed)": name "Issues" → "Issues (changed)"');
    expect(diff.text).toContain(`~ ${button?.uid ?? ''} button "Change": focused added`);
    const unknown = await client.page.takeSnapshot({ since: 99_999 });
    expect(unknown.diff).toBeUndefined();
    expect(unknown.text.split('\n')[0]).toContain('since=99999 is not one of the last');
  });

  it('diffs a subtree against the subtree it was taken from, not against the whole page', async () => {
    await client.page.navigate(server.url('/table.html'));
    const whole = await client.page.takeSnapshot();
    const table = [...allNodes(whole.nodes)].find((node) => node.role === 'table');
    const part = await client.page.takeSnapshot({ root: table?.uid ?? '' });
    await client.page.evaluate(
      "() => { document.querySelector('h1').textContent = 'Elsewhere'; document.querySelector('#issues td').textContent = 'Edited'; }",
    );
    const diff = await client.page.takeSnapshot({ since: part.id });
    expect(diff.diff?.added).toEqual([]);
    expect(diff.diff?.removed).toEqual([]);
    expect(diff.text).toMatch(
      /^diff since snapshot \d+ → \d+: 0 added, 0 removed, 1 changed\n~ \d+_\d+ cell "Edited": name "Issue 0" → "Edited"$/,
    );
  });

  it('snapshots one subtree by root uid', async () => {
    await client.page.navigate(server.url('/dashboard.html'));
    const full = await client.page.takeSnapshot();
    const list = [...allNodes(full.nodes)].find((node) => node.role === 'list' && node.tag === 'ul');
    const part = await client.page.takeSnapshot({ root: list?.uid ?? '' });
    expect(part.nodes).toHaveLength(1);
    expect([...allNodes(part.nodes)].map((node) => node.text)).toEqual([undefined, 'One', 'Two', 'Three']);
    await expect(client.page.takeSnapshot({ root: '999_9' })).rejects.toThrow('is not in this snapshot');
  });
});
