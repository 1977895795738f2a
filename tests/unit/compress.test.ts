import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../src/firefox/errors.js';
import {
  compressSnapshot,
  formatCollapsed,
  formatCompressedText,
  isCollapsed,
  type CompressedNode,
} from '../../src/firefox/engine/snapshot/compress.js';
import { formatHeader, formatSnapshotText, type SnapshotNode } from '../../src/firefox/engine/snapshot/format.js';
import { box, snapshotOf } from '../helpers/snapshots.js';

const header = 'snapshot=3 url="http://example.test/" title="Example"';

/** A table uid=3_2 of `count` rows, each with a link cell, a text cell and a checkbox cell; uids count up from 3_3. */
function table(count: number): SnapshotNode {
  let next = 3;
  const uid = (): string => `3_${next++}`;
  const rows: SnapshotNode[] = [];
  for (let i = 0; i < count; i += 1) {
    rows.push({
      uid: uid(),
      tag: 'tr',
      role: 'row',
      name: `Issue ${i}`,
      box: [0, i * 20, 800, 20],
      children: [
        {
          uid: uid(),
          tag: 'td',
          role: 'cell',
          box,
          children: [{ uid: uid(), tag: 'a', role: 'link', name: `Issue #${i}`, href: `/issues/${i}`, box }],
        },
        { uid: uid(), tag: 'td', role: 'cell', text: `Opened ${i} days ago by someone`, box },
        {
          uid: uid(),
          tag: 'td',
          role: 'cell',
          box,
          children: [
            {
              uid: uid(),
              tag: 'input',
              role: 'checkbox',
              type: 'checkbox',
              name: 'Done',
              checked: i % 2 ? 'true' : 'false',
              box,
            },
          ],
        },
      ],
    });
  }
  return { uid: '3_2', tag: 'table', role: 'table', name: 'Issues', box, children: rows };
}

function markers(nodes: readonly CompressedNode[]): number {
  let count = 0;
  for (const node of nodes) {
    if (isCollapsed(node)) count += 1;
    else if (node.children) count += markers(node.children);
  }
  return count;
}

describe('compressSnapshot', () => {
  it('collapses a 2,000-row table to a few lines and cuts the text by more than 90%', () => {
    const nodes: SnapshotNode[] = [{ uid: '3_1', tag: 'main', role: 'main', box, children: [table(2000)] }];
    const full = formatSnapshotText(snapshotOf(nodes));
    const { nodes: compressed, collapsed } = compressSnapshot(nodes);
    const text = formatCompressedText(header, compressed);

    expect(collapsed).toHaveLength(1);
    expect(collapsed[0]).toEqual({
      count: 1994,
      label: 'row',
      parentUid: '3_2',
      firstUid: '3_33',
      lastUid: '3_11991',
      index: 5,
      runLength: 2000,
    });
    expect(text.length).toBeLessThan(full.length / 10);
    // header, main, table, 6 kept rows of 6 lines each, one placeholder
    expect(text.split('\n')).toHaveLength(3 + 6 * 6 + 1);
    expect(text).toContain(
      '    … 1,994 more "row" like the above (uid=3_33 … uid=3_11991) hidden under uid=3_2; page.takeSnapshot({ compress: false, root: "3_2" }) or page.findInPage(text) to see them',
    );
    // the input is left alone
    expect(nodes[0]?.children?.[0]?.children).toHaveLength(2000);
  });

  it('keeps the first keepFirst and the last keepLast of a run, in order, around the placeholder', () => {
    const rows = table(30).children ?? [];
    const { nodes } = compressSnapshot(rows, { keepFirst: 2, keepLast: 3 });
    expect(nodes).toHaveLength(2 + 1 + 3);
    const uids = nodes.map((node) =>
      isCollapsed(node) ? `hidden ${node.collapsed.firstUid}…${node.collapsed.lastUid}` : node.uid,
    );
    expect(uids).toEqual([
      rows[0]?.uid,
      rows[1]?.uid,
      `hidden ${rows[2]?.uid ?? ''}…${rows[26]?.uid ?? ''}`,
      rows[27]?.uid,
      rows[28]?.uid,
      rows[29]?.uid,
    ]);
    // kept rows are the very input nodes
    expect(nodes[0]).toBe(rows[0]);
    expect(nodes[5]).toBe(rows[29]);
  });

  it('leaves a dashboard of different widgets and a short nav list unchanged', () => {
    const widgets: SnapshotNode[] = [
      { uid: '1_2', tag: 'h1', role: 'heading', name: 'Dashboard', level: 1, box },
      { uid: '1_3', tag: 'input', role: 'searchbox', type: 'search', name: 'Search', box },
      { uid: '1_4', tag: 'button', role: 'button', name: 'Refresh', box },
      {
        uid: '1_5',
        tag: 'section',
        role: 'region',
        name: 'Sales',
        box,
        children: [{ uid: '1_6', tag: 'canvas', role: 'img', name: 'Chart', box }],
      },
      {
        uid: '1_7',
        tag: 'section',
        role: 'region',
        name: 'Alerts',
        box,
        children: [{ uid: '1_8', tag: 'p', role: 'paragraph', text: 'None', box }],
      },
      { uid: '1_9', tag: 'select', role: 'combobox', name: 'Range', value: '7 days', box },
      { uid: '1_10', tag: 'input', role: 'checkbox', type: 'checkbox', name: 'Live', checked: 'true', box },
      { uid: '1_11', tag: 'input', role: 'slider', type: 'range', name: 'Zoom', value: '3', box },
      { uid: '1_12', tag: 'progress', role: 'progressbar', name: 'Quota', box },
      { uid: '1_13', tag: 'a', role: 'link', name: 'Settings', href: '/settings', box },
      { uid: '1_14', tag: 'div', role: 'generic', text: '42 users online', box },
      {
        uid: '1_15',
        tag: 'table',
        role: 'table',
        name: 'Top pages',
        box,
        children: [{ uid: '1_16', tag: 'tr', role: 'row', box }],
      },
      {
        uid: '1_17',
        tag: 'div',
        role: 'tablist',
        box,
        children: [{ uid: '1_18', tag: 'button', role: 'tab', name: 'Day', selected: true, box }],
      },
      { uid: '1_19', tag: 'textarea', role: 'textbox', name: 'Notes', box },
      { uid: '1_20', tag: 'footer', role: 'contentinfo', text: '© 2024', box },
    ];
    const navItems: SnapshotNode[] = Array.from({ length: 10 }, (_, i) => ({
      uid: `1_${30 + i * 2}`,
      tag: 'li',
      role: 'listitem',
      box,
      children: [{ uid: `1_${31 + i * 2}`, tag: 'a', role: 'link', name: `Section ${i}`, href: `/s/${i}`, box }],
    }));
    const nodes: SnapshotNode[] = [
      { uid: '1_1', tag: 'main', role: 'main', box, children: widgets },
      {
        uid: '1_28',
        tag: 'nav',
        role: 'navigation',
        box,
        children: [{ uid: '1_29', tag: 'ul', role: 'list', box, children: navItems }],
      },
    ];
    const result = compressSnapshot(nodes);
    expect(result.collapsed).toEqual([]);
    expect(result.nodes).toBe(nodes);
    const snapshot = snapshotOf(nodes);
    expect(formatCompressedText(formatHeader(snapshot), result.nodes)).toBe(formatSnapshotText(snapshot));
  });

  it('does not collapse siblings whose structure differs, however alike their names', () => {
    const rows = table(30).children ?? [];
    // one row in the middle has an extra cell: two runs of 15 and 14, both under minRun
    const odd = rows[15];
    if (odd?.children) odd.children = [...odd.children, { uid: '9_1', tag: 'td', role: 'cell', box }];
    const result = compressSnapshot(rows);
    expect(result.collapsed).toEqual([]);
    expect(result.nodes).toBe(rows);
  });

  it('collapses alike siblings whatever their names, texts, values and boxes', () => {
    const items: SnapshotNode[] = Array.from({ length: 25 }, (_, i) => ({
      uid: `2_${i + 10}`,
      tag: 'input',
      role: 'textbox',
      type: 'text',
      name: `Field ${i}`,
      ...(i % 3 ? { value: 'x'.repeat(i) } : {}),
      ...(i % 4 ? { required: true } : {}),
      box: [0, i * 30, 200 + i, 20],
    }));
    const result = compressSnapshot(items);
    expect(result.collapsed).toHaveLength(1);
    expect(result.collapsed[0]?.count).toBe(19);
  });

  it('tells apart inputs of different types', () => {
    const items: SnapshotNode[] = Array.from({ length: 25 }, (_, i) => ({
      uid: `2_${i}`,
      tag: 'input',
      role: 'textbox',
      type: i % 2 ? 'text' : 'email',
      box,
    }));
    expect(compressSnapshot(items).collapsed).toEqual([]);
  });

  it('collapses runs inside kept elements too (nested runs)', () => {
    let next = 100;
    const sections: SnapshotNode[] = Array.from({ length: 25 }, (_, s) => {
      const uid = `4_${next++}`;
      return {
        uid,
        tag: 'ul',
        role: 'list',
        name: `Group ${s}`,
        box,
        children: Array.from({ length: 30 }, () => ({
          uid: `4_${next++}`,
          tag: 'li',
          role: 'listitem',
          text: 'item',
          box,
        })),
      };
    });
    const root: SnapshotNode = { uid: '4_1', tag: 'div', role: 'generic', box, children: sections };
    const { nodes, collapsed } = compressSnapshot([root]);

    // the outer run of lists, and the items of each of the 6 kept lists
    expect(collapsed).toHaveLength(7);
    expect(markers(nodes)).toBe(7);
    expect(collapsed.map((run) => `${run.parentUid ?? ''}:${run.label}:${run.count}`)).toEqual([
      `${sections[0]?.uid ?? ''}:listitem:24`,
      `${sections[1]?.uid ?? ''}:listitem:24`,
      `${sections[2]?.uid ?? ''}:listitem:24`,
      `${sections[3]?.uid ?? ''}:listitem:24`,
      `${sections[4]?.uid ?? ''}:listitem:24`,
      '4_1:list:19',
      `${sections[24]?.uid ?? ''}:listitem:24`,
    ]);
    const lines = formatCompressedText(header, nodes).split('\n');
    // header, root, 6 lists × (list + 6 items + placeholder), outer placeholder
    expect(lines).toHaveLength(2 + 6 * 8 + 1);
    expect(lines[2]).toBe('  4_100 list "Group 0"');
    expect(lines[3]).toBe('    4_101 - item');
    expect(lines[8]).toMatch(
      /^ {4}… 24 more "listitem" like the above \(uid=4_106 … uid=4_129\) hidden under uid=4_100; /,
    );
    expect(lines[42]).toMatch(/^ {2}… 19 more "list" like the above /);
  });

  it('collapses a run among other siblings and at the top level', () => {
    const items: SnapshotNode[] = [
      { uid: '5_1', tag: 'h2', role: 'heading', name: 'Results', level: 2, box },
      ...Array.from({ length: 20 }, (_, i): SnapshotNode => ({
        uid: `5_${i + 2}`,
        tag: 'div',
        role: 'generic',
        text: `Result ${i}`,
        box,
      })),
      { uid: '5_99', tag: 'footer', role: 'contentinfo', box },
    ];
    const { nodes, collapsed } = compressSnapshot(items);
    expect(nodes).toHaveLength(1 + 5 + 1 + 1 + 1);
    expect(collapsed).toEqual([
      { count: 14, label: 'div', parentUid: null, firstUid: '5_7', lastUid: '5_20', index: 6, runLength: 20 },
    ]);
    const text = formatCompressedText(header, nodes);
    expect(text.split('\n')[7]).toBe(
      '… 14 more "div" like the above (uid=5_7 … uid=5_20) hidden at the top level; page.takeSnapshot({ compress: false }) or page.findInPage(text) to see them',
    );
    expect(text.split('\n').at(-1)).toBe('5_99 contentinfo');
  });

  it('honours minRun, keepFirst and keepLast, and rejects nonsense', () => {
    const rows = table(5).children ?? [];
    expect(compressSnapshot(rows).collapsed).toEqual([]);
    const all = compressSnapshot(rows, { minRun: 3, keepFirst: 0, keepLast: 0 });
    expect(all.nodes).toHaveLength(1);
    expect(all.collapsed[0]?.count).toBe(5);
    // nothing left to hide once the kept ones are taken out
    expect(compressSnapshot(rows, { minRun: 2, keepFirst: 3, keepLast: 2 }).nodes).toBe(rows);
    expect(() => compressSnapshot(rows, { minRun: 1 })).toThrow(InvalidArgumentError);
    expect(() => compressSnapshot(rows, { keepFirst: -1 })).toThrow(/keepFirst must be an integer of at least 0/);
    expect(() => compressSnapshot(rows, { keepLast: 1.5 })).toThrow(InvalidArgumentError);
  });
});

describe('formatCollapsed', () => {
  it("says how many, of what, which uids, under which parent, and how to see them in the client's methods", () => {
    expect(
      formatCollapsed({
        count: 1994,
        label: 'row',
        parentUid: '3_2',
        firstUid: '3_40',
        lastUid: '3_2033',
        index: 5,
        runLength: 2000,
      }),
    ).toBe(
      '… 1,994 more "row" like the above (uid=3_40 … uid=3_2033) hidden under uid=3_2; page.takeSnapshot({ compress: false, root: "3_2" }) or page.findInPage(text) to see them',
    );
    expect(
      formatCollapsed({
        count: 1,
        label: 'listitem',
        parentUid: '1_5',
        firstUid: '1_9',
        lastUid: '1_9',
        index: 5,
        runLength: 7,
      }),
    ).toBe(
      '… 1 more "listitem" like the above (uid=1_9) hidden under uid=1_5; page.takeSnapshot({ compress: false, root: "1_5" }) or page.findInPage(text) to see it',
    );
    expect(
      formatCollapsed({
        count: 1234567,
        label: 'div',
        parentUid: null,
        firstUid: '1_1',
        lastUid: '1_2',
        index: 0,
        runLength: 1234567,
      }),
    ).toMatch(
      /^… 1,234,567 more "div" .* hidden at the top level; page\.takeSnapshot\(\{ compress: false \}\) or page\.findInPage/,
    );
  });

  it("says the way to them in the caller's words when given some", () => {
    const wording = { uncollapsed: (root?: string) => `more(${root ?? 'page'})`, subtree: () => '', find: 'search' };
    const run = { count: 2, label: 'row', parentUid: '3_2', firstUid: '3_8', lastUid: '3_9', index: 5, runLength: 8 };
    expect(formatCollapsed(run, wording)).toBe(
      '… 2 more "row" like the above (uid=3_8 … uid=3_9) hidden under uid=3_2; more(3_2) or search to see them',
    );
    expect(formatCollapsed({ ...run, parentUid: null }, wording)).toContain(
      'hidden at the top level; more(page) or search',
    );
  });
});
