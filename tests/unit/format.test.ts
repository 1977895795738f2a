import { describe, expect, it } from 'vitest';
import { formatNode, formatSnapshotText, type SnapshotNode } from '../../src/index.js';
import { box, snapshotOf } from '../helpers/snapshots.js';

describe('formatNode', () => {
  it('writes uid, role, name and states on one line', () => {
    expect(formatNode({ uid: '1_4', tag: 'button', role: 'button', name: 'Sign in', disabled: true, box })).toBe(
      '1_4 button "Sign in" disabled',
    );
    expect(
      formatNode({
        uid: '1_7',
        tag: 'input',
        role: 'textbox',
        type: 'email',
        name: 'Email',
        value: 'a@b.c',
        required: true,
        box,
      }),
    ).toBe('1_7 textbox "Email" type=email value="a@b.c" required');
    expect(formatNode({ uid: '1_9', tag: 'a', role: 'link', name: 'Docs', href: '/docs', box })).toBe(
      '1_9 link "Docs" href="/docs"',
    );
    expect(
      formatNode({
        uid: '2_1',
        tag: 'input',
        role: 'checkbox',
        type: 'checkbox',
        name: 'Agree',
        checked: 'mixed',
        box,
      }),
    ).toBe('2_1 checkbox "Agree" checked=mixed');
    expect(
      formatNode({
        uid: '2_2',
        tag: 'button',
        role: 'button',
        name: 'Menu',
        expanded: false,
        pressed: 'true',
        focused: true,
        box,
      }),
    ).toBe('2_2 button "Menu" collapsed pressed focused');
    expect(formatNode({ uid: '2_3', tag: 'h2', role: 'heading', name: 'Title', level: 2, box })).toBe(
      '2_3 heading "Title" level=2',
    );
  });

  it('shows a generic element by its tag, and content after a colon', () => {
    expect(formatNode({ uid: '1_2', tag: 'div', role: 'generic', text: 'Some text', box })).toBe('1_2 div: Some text');
    expect(formatNode({ uid: '1_3', tag: 'p', role: 'paragraph', text: 'Hello', box })).toBe('1_3 paragraph: Hello');
  });

  it('escapes quotes and newlines in names, and says how much of a long text was cut', () => {
    expect(formatNode({ uid: '1_1', tag: 'button', role: 'button', name: 'Say "hi"\nnow', box })).toBe(
      '1_1 button "Say \\"hi\\"\\nnow"',
    );
    const line = formatNode({ uid: '1_1', tag: 'p', role: 'paragraph', text: 'x'.repeat(600), box });
    expect(line).toBe(`1_1 paragraph: ${'x'.repeat(500)}…(+100 chars)`);
  });
});

describe('formatSnapshotText', () => {
  it('starts with a header and indents two spaces per depth', () => {
    const snapshot = snapshotOf(
      [
        {
          uid: '3_1',
          tag: 'nav',
          role: 'navigation',
          name: 'Main',
          box,
          children: [{ uid: '3_2', tag: 'a', role: 'link', name: 'Home', href: '/', box }],
        },
        { uid: '3_3', tag: 'main', role: 'main', box },
      ],
      {
        title: 'Example "site"',
        stats: { visited: 3, kept: 3, ms: 1 },
        observation: { totalInteractive: 1, weakInteractive: 0, unknownInteractive: 0, exactUiClaims: 'safe' },
      },
    );
    expect(formatSnapshotText(snapshot)).toBe(
      [
        'snapshot=3 url="http://example.test/" title="Example \\"site\\""',
        '3_1 navigation "Main"',
        '  3_2 link "Home" href="/"',
        '3_3 main',
      ].join('\n'),
    );
  });
});

describe('rows and list items', () => {
  const cell = (uid: string, name: string, extra: Partial<SnapshotNode> = {}): SnapshotNode => ({
    uid,
    tag: 'td',
    role: 'cell',
    name,
    nameSource: 'text',
    box,
    ...extra,
  });
  const link = (uid: string, name: string): SnapshotNode => ({
    uid,
    tag: 'a',
    role: 'link',
    name,
    nameSource: 'text',
    href: `/${name}`,
    interactive: true,
    box,
  });
  const table = (rows: SnapshotNode[]): SnapshotNode => ({
    uid: '1_1',
    tag: 'table',
    role: 'table',
    name: 'Orders',
    box,
    children: rows,
  });

  it('writes a row of plain cells on one line, links in place, pipes escaped, a header row a line per header', () => {
    const text = formatSnapshotText(
      snapshotOf([
        table([
          {
            uid: '1_2',
            tag: 'tr',
            role: 'row',
            box,
            children: [cell('1_3', 'ID', { role: 'columnheader' }), cell('1_4', 'Name', { role: 'columnheader' })],
          },
          {
            uid: '1_5',
            tag: 'tr',
            role: 'row',
            box,
            children: [cell('1_6', '7'), cell('1_7', 'see Widget 7 now', { children: [link('1_8', 'Widget 7')] })],
          },
          { uid: '1_9', tag: 'tr', role: 'row', box, children: [cell('1_10', 'a | b'), cell('1_11', '')] },
        ]),
      ]),
    );
    expect(text.split('\n').slice(1)).toEqual([
      '1_1 table "Orders"',
      '  1_2 row',
      '    1_3 columnheader "ID"',
      '    1_4 columnheader "Name"',
      '  1_5 row: 7 | see [Widget 7](uid=1_8) now',
      '  1_9 row: a \\| b | ',
    ]);
  });

  it('lists the rows of a row group that says nothing in its place, and a named row group by its line', () => {
    const row = (uid: string, name: string): SnapshotNode => ({
      uid,
      tag: 'tr',
      role: 'row',
      box,
      children: [cell(`${uid}c`, name)],
    });
    const group = (uid: string, extra: Partial<SnapshotNode>, rows: SnapshotNode[]): SnapshotNode => ({
      uid,
      tag: 'tbody',
      role: 'rowgroup',
      box,
      children: rows,
      ...extra,
    });
    const text = formatSnapshotText(
      snapshotOf([
        table([
          group('1_2', {}, [row('1_3', 'a')]),
          group('1_4', { name: 'Totals', nameSource: 'aria-label' }, [row('1_5', 'b')]),
        ]),
      ]),
    );
    expect(text.split('\n').slice(1)).toEqual([
      '1_1 table "Orders"',
      '  1_3 row: a',
      '  1_4 rowgroup "Totals"',
      '    1_5 row: b',
    ]);
    expect(formatSnapshotText(snapshotOf([table([group('1_2', {}, [row('1_3', 'a')])])]), { verbose: true })).toContain(
      '  1_2 rowgroup',
    );
  });

  it('lists in its place the one control a custom element only wraps, and keeps a wrapper that says more', () => {
    const control = (uid: string, role: string, name: string): SnapshotNode => ({
      uid,
      tag: role === 'switch' ? 'input' : 'button',
      role,
      name,
      interactive: true,
      box,
    });
    const host = (uid: string, tag: string, extra: Partial<SnapshotNode>, children: SnapshotNode[]): SnapshotNode => ({
      uid,
      tag,
      role: 'generic',
      custom: true,
      shadow: 'open',
      box,
      children,
      ...extra,
    });
    const text = formatSnapshotText(
      snapshotOf([
        host('1_1', 'md-switch', { name: 'Dark theme', nameSource: 'text', interactive: true }, [
          control('1_2', 'switch', 'Dark theme'),
        ]),
        host('1_3', 'sl-button', {}, [control('1_4', 'button', 'Rename')]),
        host('1_5', 'x-card', { name: 'Billing', nameSource: 'aria-label' }, [control('1_6', 'button', 'Pay')]),
        host('1_7', 'x-closed', { shadow: 'closed' }, [control('1_8', 'button', 'Inside')]),
        host('1_9', 'x-two', {}, [control('1_10', 'button', 'One'), control('1_11', 'button', 'Two')]),
      ]),
    );
    expect(text.split('\n').slice(1)).toEqual([
      '1_2 switch "Dark theme"',
      '1_4 button "Rename"',
      '1_5 x-card "Billing"',
      '  1_6 button "Pay"',
      '1_7 x-closed shadow=closed',
      '  1_8 button "Inside"',
      '1_9 x-two',
      '  1_10 button "One"',
      '  1_11 button "Two"',
    ]);
    expect(
      formatSnapshotText(
        snapshotOf([host('1_1', 'md-switch', { name: 'Dark theme' }, [control('1_2', 'switch', 'Dark theme')])]),
        { verbose: true },
      ),
    ).toContain('1_1 md-switch');
  });

  it('keeps the controls of a row in its line with their uids and states, and the row its own states', () => {
    const checkbox: SnapshotNode = {
      uid: '2_4',
      tag: 'input',
      role: 'checkbox',
      name: 'Pick',
      checked: 'true',
      interactive: true,
      box,
    };
    const radio: SnapshotNode = {
      uid: '2_8',
      tag: 'input',
      role: 'radio',
      interactive: true,
      nameStatus: 'unknown',
      box,
    };
    const withControls: SnapshotNode = {
      uid: '2_2',
      tag: 'tr',
      role: 'row',
      selected: true,
      box,
      children: [cell('2_3', 'Pick', { children: [checkbox] }), cell('2_7', 'Fair', { children: [radio] })],
    };
    const lines = formatSnapshotText(snapshotOf([table([withControls])]))
      .split('\n')
      .slice(1);
    expect(lines).toEqual([
      '1_1 table "Orders"',
      '  2_2 row selected: [2_4 checkbox "Pick" checked] | Fair [2_8 radio no-name]',
    ]);
  });

  it('keeps a line per cell when a cell has a state of its own or holds more than single controls, or is read verbosely', () => {
    const select: SnapshotNode = {
      uid: '2_4',
      tag: 'select',
      role: 'combobox',
      name: 'Size',
      interactive: true,
      box,
      children: [{ uid: '2_9', tag: 'option', role: 'option', name: 'S', box }],
    };
    const withList: SnapshotNode = {
      uid: '2_2',
      tag: 'tr',
      role: 'row',
      box,
      children: [cell('2_3', 'Size', { children: [select] })],
    };
    const selected: SnapshotNode = {
      uid: '2_5',
      tag: 'tr',
      role: 'row',
      box,
      children: [cell('2_6', 'A', { role: 'gridcell', selected: true })],
    };
    const lines = formatSnapshotText(snapshotOf([table([withList, selected])]))
      .split('\n')
      .slice(1);
    expect(lines).toEqual([
      '1_1 table "Orders"',
      '  2_2 row',
      '    2_3 cell "Size"',
      '      2_4 combobox "Size"',
      '        2_9 option "S"',
      '  2_5 row',
      '    2_6 gridcell "A" selected',
    ]);
    const plainRow: SnapshotNode = { uid: '3_1', tag: 'tr', role: 'row', box, children: [cell('3_2', 'x')] };
    expect(formatSnapshotText(snapshotOf([plainRow]), { verbose: true })).toContain('3_2 cell "x"');
  });

  it('writes a plain list item as a bullet, and one with a name by its role', () => {
    const list: SnapshotNode = {
      uid: '4_1',
      tag: 'ul',
      role: 'list',
      box,
      children: [
        { uid: '4_2', tag: 'li', role: 'listitem', text: 'Milk', box },
        { uid: '4_3', tag: 'li', role: 'listitem', box, children: [link('4_4', 'Eggs')] },
        { uid: '4_5', tag: 'li', role: 'listitem', name: 'Bread', nameSource: 'aria-label', text: 'Bread', box },
      ],
    };
    expect(
      formatSnapshotText(snapshotOf([list]))
        .split('\n')
        .slice(1),
    ).toEqual(['4_1 list', '  4_2 - Milk', '  4_3 -', '    4_4 link "Eggs" href="/Eggs"', '  4_5 listitem "Bread"']);
  });
});
