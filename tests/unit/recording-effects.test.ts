import { describe, expect, it } from 'vitest';
import {
  effectBetween,
  effectMisses,
  findTarget,
  LocatorError,
  parseRecording,
  type SnapshotNode,
  type TakenSnapshot,
} from '../../src/index.js';
import { box, snapshotOf } from '../helpers/snapshots.js';

const node = (uid: string, role: string, name: string, fields: Partial<SnapshotNode> = {}): SnapshotNode => ({
  uid,
  tag: role === 'button' ? 'button' : 'div',
  role,
  name,
  box,
  ...fields,
});
const taken = (nodes: SnapshotNode[], fields: Partial<TakenSnapshot> = {}): TakenSnapshot => ({
  ...snapshotOf(nodes),
  text: '',
  ...fields,
});

describe("a step's effect", () => {
  const before = taken([
    node('1_1', 'checkbox', 'Done', { checked: 'false', focused: true }),
    node('1_2', 'status', '', { text: '1 item left' }),
    node('1_3', 'button', 'Undo'),
  ]);
  const after = taken([
    node('2_1', 'checkbox', 'Done', { checked: 'true' }),
    node('2_2', 'status', '', { text: '0 items left' }),
    node('2_4', 'generic', '', { tag: 'div' }),
  ]);

  it('is what the page shows after that it did not before, and what it no longer shows, by line without uid, focus and caret included', () => {
    const effect = effectBetween(before, after);
    expect(effect.appeared?.map((element) => element.line)).toEqual([
      'checkbox "Done" checked',
      'status: 0 items left',
    ]);
    expect(effect.appeared?.[0]).toMatchObject({ role: 'checkbox', name: 'Done', checked: true });
    expect(effect.gone?.map((element) => element.line)).toEqual([
      'checkbox "Done" focused',
      'status: 1 item left',
      'button "Undo"',
    ]);
    // Where the focus went can be all a step did (the next one types there); the same page read again is no change.
    expect(
      effectBetween(
        before,
        taken([
          node('3_1', 'checkbox', 'Done', { checked: 'false' }),
          node('3_2', 'status', '', { text: '1 item left' }),
          node('3_3', 'button', 'Undo'),
        ]),
      ).gone?.map((element) => element.line),
    ).toEqual(['checkbox "Done" focused']);
    expect(
      effectBetween(
        before,
        taken([
          node('4_1', 'checkbox', 'Done', { checked: 'false', focused: true }),
          node('4_2', 'status', '', { text: '1 item left' }),
          node('4_3', 'button', 'Undo'),
        ]),
      ),
    ).toEqual({});
  });

  it('is checked on another load of the page, with other uids, and each difference said', () => {
    const effect = effectBetween(before, after);
    expect(
      effectMisses(
        effect,
        'http://example.test/',
        taken([
          node('7_1', 'checkbox', 'Done', { checked: 'true' }),
          node('7_2', 'status', '', { text: '0 items left' }),
        ]),
      ),
    ).toEqual([]);
    expect(effectMisses({ ...effect, url: 'http://example.test/done' }, 'http://example.test/', before)).toEqual([
      'the URL is "http://example.test/", not "http://example.test/done"',
      'no checkbox "Done" checked is shown',
      'no status: 0 items left is shown',
      'checkbox "Done" focused is still shown',
      'status: 1 item left is still shown',
      'button "Undo" is still shown',
    ]);
  });
});

describe('a step that only reorders a list', () => {
  const item = (uid: string, text: string): SnapshotNode => node(uid, 'listitem', '', { tag: 'li', text });
  const list = (uid: string, texts: string[]): SnapshotNode =>
    node(uid, 'list', 'Next up', { tag: 'ul', children: texts.map((text, index) => item(`${uid}${index}`, text)) });

  it('is recorded as the list in its new order, and a page in another order is refused', () => {
    const effect = effectBetween(
      taken([list('1_1', ['Emma', 'Middlemarch', 'Dune'])]),
      taken([list('2_1', ['Emma', 'Dune', 'Middlemarch'])]),
    );
    expect(effect).toEqual({
      reordered: [
        { container: 'list "Next up"', items: ['listitem: Emma', 'listitem: Dune', 'listitem: Middlemarch'] },
      ],
    });
    expect(effectMisses(effect, undefined, taken([list('7_1', ['Emma', 'Dune', 'Middlemarch'])]))).toEqual([]);
    expect(effectMisses(effect, undefined, taken([list('7_1', ['Emma', 'Middlemarch', 'Dune'])]))).toEqual([
      'list "Next up" does not hold listitem: Emma, listitem: Dune, listitem: Middlemarch in that order',
    ]);
  });
});

describe('a recorded target found again', () => {
  const form = (name: string, children: SnapshotNode[]): SnapshotNode =>
    node(`f_${name}`, 'form', name, { tag: 'form', children });
  const target = { role: 'button', name: 'Place order', within: { role: 'form', name: 'Checkout' }, frames: [] };

  it('by role, exact name and container', () => {
    const found = findTarget(
      taken([node('1_1', 'button', 'Place order'), form('Checkout', [node('1_2', 'button', 'Place order')])]),
      target,
    );
    expect(found.node.uid).toBe('1_2');
    expect(found.healed).toBeUndefined();
  });

  it('healed, and said so, when its name changed case or its container was renamed', () => {
    expect(findTarget(taken([form('Checkout', [node('1_2', 'button', 'Place Order')])]), target).healed).toMatch(
      /case or spacing/,
    );
    expect(findTarget(taken([form('Your order', [node('1_2', 'button', 'Place order')])]), target)).toMatchObject({
      node: { uid: '1_2' },
      healed: 'found outside its recorded form "Checkout"',
    });
  });

  it('without a name, by the text it shows, not by its place among others of its role', () => {
    const paragraph = (uid: string, text: string): SnapshotNode => node(uid, 'paragraph', '', { tag: 'p', text });
    const memo = { role: 'paragraph', text: 'Bring the budget sheet.', frames: [] };
    // A notice added above moves every paragraph down one place; the text still names the one.
    expect(
      findTarget(
        taken([
          paragraph('1_1', 'Notice: updated.'),
          paragraph('1_2', 'Meeting moved.'),
          paragraph('1_3', 'Bring the budget sheet.'),
        ]),
        memo,
      ).node.uid,
    ).toBe('1_3');
    expect(() => findTarget(taken([paragraph('1_2', 'Meeting moved.')]), memo)).toThrow(
      /showing "Bring the budget sheet."/,
    );
  });

  it('never healed onto a renamed element or one of several', () => {
    expect(() => findTarget(taken([form('Checkout', [node('1_2', 'button', 'Submit order')])]), target)).toThrow(
      LocatorError,
    );
    expect(() =>
      findTarget(
        taken([form('Other', [node('1_2', 'button', 'Place order')]), node('1_3', 'button', 'Place order')]),
        target,
      ),
    ).toThrow(/no element matches/);
  });
});

describe('a recording read back', () => {
  it('refuses what is not one, or is newer than this version reads, saying what to give', () => {
    expect(() => parseRecording('{', 'r.json')).toThrow(/r.json is not JSON/);
    expect(() => parseRecording('{"format":"other"}', 'r.json')).toThrow(/not a firefox-bidi-mcp recording/);
    expect(() => parseRecording('{"format":"firefox-bidi-mcp recording","version":9,"steps":[]}', 'r.json')).toThrow(
      /version 9, newer/,
    );
    const head = '"format":"firefox-bidi-mcp recording","version":1,"startedAt":"x"';
    const click = '"tool":"click","args":{"uid":"1_1"},"effect":{"answer":[]},"at":"x","ms":1';
    expect(() => parseRecording(`{${head},"steps":[{"tool":"click"}]}`, 'r.json')).toThrow(
      /r.json is refused at steps\[0\].args: it is not as a recording has it/,
    );
    // A stranger's file: every field typed, any field no recording has refused with the path to it.
    expect(() =>
      parseRecording(
        `{${head},"steps":[{${click},"targets":{"uid":{"role":"button","frames":[],"nth":"0 + 1"}}}]}`,
        'r.json',
      ),
    ).toThrow(/at steps\[0\].targets.uid.nth: it is not as a recording has it \(Invalid input: expected number/);
    expect(() => parseRecording(`{${head},"steps":[{${click},"effect":{"answer":[],"run":"x"}}]}`, 'r.json')).toThrow(
      /at steps\[0\].effect: it has a field it does not know \("run": a field no recording has\)/,
    );
    expect(() => parseRecording(`{${head},"secrets":["A B"],"steps":[]}`, 'r.json')).toThrow(
      /at secrets\[0\]: .*must be a secret name/,
    );
    expect(() => parseRecording(`{${head},"steps":[{${click.replace('"click"', '"../x"')}}]}`, 'r.json')).toThrow(
      /at steps\[0\].tool: .*must be a tool name/,
    );
    expect(() => parseRecording(`{${head},"steps":[{${click},"secretOrigin":"javascript:x"}]}`, 'r.json')).toThrow(
      /at steps\[0\].secretOrigin: .*must be an origin/,
    );
    expect(
      parseRecording('{"format":"firefox-bidi-mcp recording","version":1,"startedAt":"x","steps":[]}').steps,
    ).toEqual([]);
  });
});
