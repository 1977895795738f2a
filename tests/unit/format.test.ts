import { describe, expect, it } from 'vitest';
import { formatNode, formatSnapshotText } from '../../src/index.js';
import { box, snapshotOf } from '../helpers/snapshots.js';

describe('formatNode', () => {
  it('writes uid, role, name and states on one line', () => {
    expect(formatNode({ uid: '1_4', tag: 'button', role: 'button', name: 'Sign in', disabled: true, box })).toBe('1_4 button "Sign in" disabled');
    expect(formatNode({ uid: '1_7', tag: 'input', role: 'textbox', type: 'email', name: 'Email', value: 'a@b.c', required: true, box })).toBe(
      '1_7 textbox "Email" type=email value="a@b.c" required',
    );
    expect(formatNode({ uid: '1_9', tag: 'a', role: 'link', name: 'Docs', href: '/docs', box })).toBe('1_9 link "Docs" href="/docs"');
    expect(formatNode({ uid: '2_1', tag: 'input', role: 'checkbox', type: 'checkbox', name: 'Agree', checked: 'mixed', box })).toBe('2_1 checkbox "Agree" checked=mixed');
    expect(formatNode({ uid: '2_2', tag: 'button', role: 'button', name: 'Menu', expanded: false, pressed: 'true', focused: true, box })).toBe('2_2 button "Menu" collapsed pressed focused');
    expect(formatNode({ uid: '2_3', tag: 'h2', role: 'heading', name: 'Title', level: 2, box })).toBe('2_3 heading "Title" level=2');
  });

  it('shows a generic element by its tag, and content after a colon', () => {
    expect(formatNode({ uid: '1_2', tag: 'div', role: 'generic', text: 'Some text', box })).toBe('1_2 div: Some text');
    expect(formatNode({ uid: '1_3', tag: 'p', role: 'paragraph', text: 'Hello', box })).toBe('1_3 paragraph: Hello');
  });

  it('escapes quotes and newlines in names, and says how much of a long text was cut', () => {
    expect(formatNode({ uid: '1_1', tag: 'button', role: 'button', name: 'Say "hi"\nnow', box })).toBe('1_1 button "Say \\"hi\\"\\nnow"');
    const line = formatNode({ uid: '1_1', tag: 'p', role: 'paragraph', text: 'x'.repeat(600), box });
    expect(line).toBe(`1_1 paragraph: ${'x'.repeat(500)}…(+100 chars)`);
  });
});

describe('formatSnapshotText', () => {
  it('starts with a header and indents two spaces per depth', () => {
    const snapshot = snapshotOf(
      [{ uid: '3_1', tag: 'nav', role: 'navigation', name: 'Main', box, children: [{ uid: '3_2', tag: 'a', role: 'link', name: 'Home', href: '/', box }] }, { uid: '3_3', tag: 'main', role: 'main', box }],
      { title: 'Example "site"', stats: { visited: 3, kept: 3, ms: 1 }, observation: { totalInteractive: 1, weakInteractive: 0, unknownInteractive: 0, exactUiClaims: 'safe' } },
    );
    expect(formatSnapshotText(snapshot)).toBe(
      ['snapshot=3 url="http://example.test/" title="Example \\"site\\""', '3_1 navigation "Main"', '  3_2 link "Home" href="/"', '3_3 main'].join('\n'),
    );
  });
});
