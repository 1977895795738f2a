import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../src/firefox/errors.js';
import { diffSnapshots, formatDiff } from '../../src/firefox/engine/snapshot/diff.js';
import type { Snapshot, SnapshotNode } from '../../src/firefox/engine/snapshot/format.js';
import { box, snapshotOf } from '../helpers/snapshots.js';

function snapshot(id: number, nodes: SnapshotNode[], pageId = 'p'): Snapshot {
  return snapshotOf(nodes, { id, pageId, title: 'Form' });
}

/** A page with a form of `fields` textboxes (3_10…), a list of three items (3_3…3_5) and a Save button. */
function page(overrides: Partial<Record<string, Partial<SnapshotNode>>> = {}, fields = 20): SnapshotNode[] {
  const node = (base: SnapshotNode): SnapshotNode => ({ ...base, ...overrides[base.uid] });
  return [
    node({
      uid: '3_1',
      tag: 'main',
      role: 'main',
      box,
      children: [
        node({
          uid: '3_2',
          tag: 'ul',
          role: 'list',
          name: 'Todo',
          box,
          children: [
            node({ uid: '3_3', tag: 'li', role: 'listitem', text: 'Milk', box }),
            node({ uid: '3_4', tag: 'li', role: 'listitem', text: 'Eggs', box }),
            node({ uid: '3_5', tag: 'li', role: 'listitem', text: 'Bread', box }),
          ],
        }),
        node({
          uid: '3_6',
          tag: 'form',
          role: 'form',
          name: 'Profile',
          box,
          children: Array.from({ length: fields }, (_, i) =>
            node({ uid: `3_${10 + i}`, tag: 'input', role: 'textbox', type: 'text', name: `Field ${i}`, box }),
          ),
        }),
        node({ uid: '3_7', tag: 'input', role: 'textbox', type: 'email', name: 'Email', value: 'a', box }),
        node({ uid: '3_8', tag: 'button', role: 'button', name: 'Save', box }),
      ],
    }),
  ];
}

describe('diffSnapshots', () => {
  it('finds nothing between identical snapshots', () => {
    const diff = diffSnapshots(snapshot(3, page()), snapshot(4, page()));
    expect(diff).toEqual({ sinceId: 3, id: 4, added: [], removed: [], changed: [], moved: [], redrawn: [] });
    expect(formatDiff(diff)).toBe('diff since snapshot 3 → 4: 0 added, 0 removed, 0 changed');
  });

  it('reports one changed value as one short line', () => {
    const diff = diffSnapshots(snapshot(3, page()), snapshot(5, page({ '3_7': { value: 'ab' } })));
    expect(diff.changed).toEqual([
      {
        uid: '3_7',
        before: '3_7 textbox "Email" type=email value="a"',
        after: '3_7 textbox "Email" type=email value="ab"',
        element: '3_7 textbox "Email"',
        changes: ['value "a" → "ab"'],
      },
    ]);
    expect(formatDiff(diff)).toBe(
      'diff since snapshot 3 → 5: 0 added, 0 removed, 1 changed\n~ 3_7 textbox "Email": value "a" → "ab"',
    );
  });

  it('reports an added element with its parent and position, and its new children indented under it', () => {
    const after = page();
    const list = after[0]?.children?.[0];
    list?.children?.splice(1, 0, {
      uid: '5_1',
      tag: 'li',
      role: 'listitem',
      box,
      children: [{ uid: '5_2', tag: 'button', role: 'button', name: 'New', box }],
    });
    after[0]?.children?.push({ uid: '5_3', tag: 'div', role: 'status', text: 'Saved', box });
    const diff = diffSnapshots(snapshot(3, page()), snapshot(5, after));
    expect(diff.added).toEqual([
      { uid: '5_1', line: '5_1 listitem', parentUid: '3_2', index: 1 },
      { uid: '5_2', line: '5_2 button "New"', parentUid: '5_1', index: 0 },
      { uid: '5_3', line: '5_3 status: Saved', parentUid: '3_1', index: 4 },
    ]);
    expect(diff.changed).toEqual([]);
    expect(diff.moved).toEqual([]);
    expect(formatDiff(diff, { sinceId: 3, id: 5 }).split('\n')).toEqual([
      'diff since snapshot 3 → 5: 3 added, 0 removed, 0 changed',
      '+ 5_1 listitem (under uid=3_2, position 2)',
      '+   5_2 button "New"',
      '+ 5_3 status: Saved (under uid=3_1, position 5)',
    ]);
  });

  it('reports removed elements, counting the ones inside a removed element instead of listing them', () => {
    const after = page();
    const main = after[0];
    if (main?.children) main.children = main.children.filter((child) => child.uid !== '3_2' && child.uid !== '3_8');
    const diff = diffSnapshots(snapshot(3, page()), snapshot(4, after));
    expect(diff.removed.map((entry) => entry.uid)).toEqual(['3_2', '3_3', '3_4', '3_5', '3_8']);
    expect(diff.removed[1]).toEqual({ uid: '3_3', line: '3_3 listitem: Milk', parentUid: '3_2' });
    expect(formatDiff(diff).split('\n')).toEqual([
      'diff since snapshot 3 → 4: 0 added, 5 removed, 0 changed',
      '- 3_2 list "Todo" (was under uid=3_1, with 3 elements inside)',
      '- 3_8 button "Save" (was under uid=3_1)',
    ]);
  });

  it('reports states, names and text as changes', () => {
    const diff = diffSnapshots(
      snapshot(3, page()),
      snapshot(4, page({ '3_8': { disabled: true }, '3_3': { text: 'Oat milk' }, '3_2': { name: 'Shopping' } })),
    );
    expect(formatDiff(diff).split('\n')).toEqual([
      'diff since snapshot 3 → 4: 0 added, 0 removed, 3 changed',
      '~ 3_2 list "Shopping": name "Todo" → "Shopping"',
      '~ 3_3 listitem: text now: Oat milk',
      '~ 3_8 button "Save": disabled added',
    ]);
  });

  it('says which way a state went, so a change never reads as its opposite', () => {
    const diff = diffSnapshots(
      snapshot(3, page({ '3_8': { checked: 'true', selected: true, focused: true, expanded: false } })),
      snapshot(4, page({ '3_8': { checked: 'false', focused: true, expanded: true } })),
    );
    expect(formatDiff(diff).split('\n')[1]).toBe(
      '~ 3_8 button "Save": checked → unchecked; collapsed → expanded; selected removed',
    );
  });

  it('splits a change at a word outside quoted names, not inside them', () => {
    const diff = diffSnapshots(
      snapshot(3, page({ '3_8': { name: 'Save all now' } })),
      snapshot(4, page({ '3_8': { name: 'Save all later' } })),
    );
    expect(formatDiff(diff).split('\n')[1]).toBe(
      '~ 3_8 button "Save all later": name "Save all now" → "Save all later"',
    );
  });

  it('gives a changed text whole', () => {
    const long = 'word '.repeat(100);
    const diff = diffSnapshots(
      snapshot(3, page({ '3_3': { text: `Count: 1. ${long}` } })),
      snapshot(4, page({ '3_3': { text: `Count: 2. ${long}` } })),
    );
    expect(formatDiff(diff).split('\n')[1]).toBe(`~ 3_3 listitem: text now: Count: 2. ${long}`);
  });

  it('ignores boxes unless asked', () => {
    const moved = page({ '3_8': { box: [100, 200, 50, 20] } });
    expect(diffSnapshots(snapshot(3, page()), snapshot(4, moved)).changed).toEqual([]);
    const diff = diffSnapshots(snapshot(3, page()), snapshot(4, moved), { boxes: true });
    expect(diff.changed).toEqual([
      {
        uid: '3_8',
        before: '3_8 button "Save" box=0,0,10,10',
        after: '3_8 button "Save" box=100,200,50,20',
        element: '3_8 button "Save"',
        changes: ['box 0,0,10,10 → 100,200,50,20'],
      },
    ]);
    expect(formatDiff(diff).split('\n')[1]).toBe('~ 3_8 button "Save": box 0,0,10,10 → 100,200,50,20');
  });

  it('reports an element under a new parent as moved (and changed when its line changed too)', () => {
    const after = page();
    const main = after[0];
    const list = main?.children?.[0];
    if (main?.children && list?.children) {
      const eggs = list.children.splice(1, 1)[0];
      if (eggs) main.children.unshift({ ...eggs, text: 'Eggs (done)' });
    }
    const diff = diffSnapshots(snapshot(3, page()), snapshot(6, after));
    expect(diff.moved).toEqual([
      { uid: '3_4', line: '3_4 listitem: Eggs (done)', fromParentUid: '3_2', toParentUid: '3_1', index: 0 },
    ]);
    expect(formatDiff(diff).split('\n')).toEqual([
      'diff since snapshot 3 → 6: 0 added, 0 removed, 1 changed, 1 moved',
      '~ 3_4 listitem: text now: Eggs (done)',
      '> 3_4 listitem: Eggs (done) (moved from under uid=3_2 to under uid=3_1, position 1)',
    ]);
  });

  it('stays a few lines for a one-element change on a large page', () => {
    const diff = diffSnapshots(snapshot(3, page({}, 2000)), snapshot(4, page({ '3_1500': { value: 'hello' } }, 2000)));
    const text = formatDiff(diff);
    expect(text.split('\n')).toHaveLength(2);
    expect(text).toContain('~ 3_1500 textbox "Field 1490": value none → "hello"');
  });

  it('says a part drawn anew as it was once, as redrawn, and lists a part drawn anew with a change as removed and added', () => {
    const list = (uid: number, items: string[]): SnapshotNode => ({
      uid: `4_${uid}`,
      tag: 'ul',
      role: 'list',
      name: 'Todo',
      box,
      children: items.map((text, i) => ({ uid: `4_${uid + 1 + i}`, tag: 'li', role: 'listitem', text, box })),
    });
    const redrawn = page();
    const main = redrawn[0];
    if (main?.children) main.children[0] = list(20, ['Milk', 'Eggs', 'Bread']);
    const same = diffSnapshots(snapshot(3, page()), snapshot(4, redrawn));
    expect([same.added, same.removed, same.redrawn]).toEqual([
      [],
      [],
      [{ uid: '4_20', was: '3_2', parentUid: '3_1', inside: 3 }],
    ]);
    expect(formatDiff(same).split('\n')).toEqual([
      'diff since snapshot 3 → 4: 0 added, 0 removed, 0 changed, 1 redrawn as they were',
      '= uid=3_2 (under uid=3_1, with 3 elements inside) was drawn anew as it was: now uid=4_20, and the uids inside are new (page.takeSnapshot({ root: "4_20" }) lists them)',
    ]);
    const wording = { uncollapsed: () => '', subtree: (root: string) => `list(${root})`, find: '' };
    expect(formatDiff(same, {}, wording)).toContain('and the uids inside are new (list(4_20) lists them)');
    if (main?.children) main.children[0] = list(20, ['Milk', 'Eggs', 'Butter']);
    const changed = diffSnapshots(snapshot(3, page()), snapshot(5, redrawn));
    expect(changed.redrawn).toEqual([]);
    expect(changed.added.map((added) => added.uid)).toEqual(['4_20', '4_21', '4_22', '4_23']);
  });

  it('refuses snapshots of different pages', () => {
    expect(() => diffSnapshots(snapshot(3, page()), snapshot(4, page(), 'other'))).toThrow(InvalidArgumentError);
  });
});
