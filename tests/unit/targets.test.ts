import { describe, expect, it } from 'vitest';
import type { SnapshotNode, TakenSnapshot } from '../../src/index.js';
import { targetOf } from '../../src/firefox/page/targets.js';
import { describeTarget } from '../../src/mcp/recording/export-steps.js';
import { box, snapshotOf } from '../helpers/snapshots.js';

const button = (uid: string, name: string): SnapshotNode => ({
  uid,
  tag: 'button',
  role: 'button',
  name,
  interactive: true,
  box,
});
const taken = (nodes: SnapshotNode[]): TakenSnapshot => ({ ...snapshotOf(nodes), text: '' });

describe('targetOf', () => {
  const page = taken([
    {
      uid: '3_1',
      tag: 'ul',
      role: 'list',
      box,
      children: [1, 2].map((n) => ({
        uid: `3_1${n}`,
        tag: 'li',
        role: 'listitem',
        box,
        children: [button(`3_2${n}`, 'Delete')],
      })),
    },
    { uid: '3_5', tag: 'section', role: 'region', name: 'Billing', box, children: [button('3_6', 'Save')] },
    {
      uid: '3_7',
      tag: 'iframe',
      role: 'iframe',
      name: 'Preview',
      frame: { url: 'http://example.test/frame' },
      box,
      children: [button('3_8', 'Save')],
    },
  ]);

  it('says an element by role, name, nearest named container and frames, and which of its look-alikes it is', () => {
    expect(targetOf([page], '3_6')).toEqual({
      role: 'button',
      name: 'Save',
      within: { role: 'region', name: 'Billing' },
      frames: [],
    });
    expect(targetOf([page], '3_8')).toEqual({ role: 'button', name: 'Save', frames: ['Preview'] });
    expect(targetOf([page], '3_22')).toEqual({ role: 'button', name: 'Delete', frames: [], nth: 1 });
    expect(targetOf([page], '3_21')?.nth).toBe(0);
  });

  it('reads the newest snapshot that lists the uid, and knows nothing of a uid none lists', () => {
    const renamed = taken([button('3_6', 'Save changes')]);
    expect(targetOf([page, renamed], '3_6')?.name).toBe('Save changes');
    expect(targetOf([page, renamed], '3_8')?.frames).toEqual(['Preview']);
    expect(targetOf([page], '9_9')).toBeUndefined();
  });

  it("is said in the words of the locator's errors, which name the query that finds it again", () => {
    const said = (uid: string): string => describeTarget(targetOf([page], uid) ?? { role: '?', frames: [] });
    expect(said('3_6')).toBe('button "Save" within region "Billing"');
    expect(said('3_8')).toBe('button "Save" in frame "Preview"');
    expect(said('3_22')).toBe('button "Delete" (match 2)');
  });
});
