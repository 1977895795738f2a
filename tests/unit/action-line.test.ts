/**
 * The line an answer says for each kind of action, written by the server from the client's data: each expected line is
 * the one the client wrote itself before it returned data, and the agent reads the same words.
 */
import { describe, expect, it } from 'vitest';
import type { ActionDone, ActionResult, NamedElement } from '../../src/firefox/index.js';
import { ACTION_LINE_STARTS, actionLine, LEADING_WORDS, targetWords } from '../../src/mcp/action-line.js';
import { ANSWER_TEXT } from '../../src/mcp/answer-forms.js';

const BUTTON: NamedElement = { uid: '1_4', role: 'button', tag: 'button', name: 'Sign in' };
const FIELD: NamedElement = { uid: '1_7', role: 'textbox', tag: 'input', name: 'Email' };
const DIV: NamedElement = { uid: '2_3', role: 'generic', tag: 'div', name: '' };
const CARD: NamedElement = { uid: '2_9', role: 'listitem', tag: 'li', name: 'Card "A"' };

/** Every line the tests below had written, for the registry's check at the end. */
const written: string[] = [];

function line(done: ActionDone, stopped?: ActionResult['stopped']): string {
  const text = actionLine({ done, ...(stopped ? { stopped } : {}) });
  written.push(text);
  return text;
}

describe('targetWords', () => {
  it('names an element as the snapshot lists it: uid, role (its tag when generic), quoted name', () => {
    expect(targetWords(BUTTON)).toBe('uid=1_4 button "Sign in"');
    expect(targetWords(DIV)).toBe('uid=2_3 div');
    expect(targetWords(CARD)).toBe('uid=2_9 listitem "Card \\"A\\""');
  });
});

describe('actionLine', () => {
  it('says a click, a double click, another button, and where the caret went', () => {
    const click = { kind: 'click', target: BUTTON, count: 1, button: 'left' } as const;
    expect(line(click)).toBe('Clicked uid=1_4 button "Sign in"');
    expect(line({ ...click, count: 2 })).toBe('Double-clicked uid=1_4 button "Sign in"');
    expect(line({ ...click, button: 'right' })).toBe('Clicked (right button) uid=1_4 button "Sign in"');
    const into = { ...click, target: FIELD };
    expect(line({ ...into, caret: { after: 'ab' } })).toBe('Clicked uid=1_7 textbox "Email"; the caret is after "ab"');
    expect(line({ ...into, caret: { selected: 'word' } })).toBe('Clicked uid=1_7 textbox "Email"; "word" is selected');
    expect(line({ ...into, caret: { elsewhere: true } })).toBe(
      'Clicked uid=1_7 textbox "Email"; the caret is not in it (the page moved the focus)',
    );
  });

  it('says a hover, and a drag with what the page did with it', () => {
    expect(line({ kind: 'hover', target: DIV })).toBe('Hovered over uid=2_3 div');
    const drag = { kind: 'drag', from: CARD, to: DIV } as const;
    expect(line(drag)).toBe('Dragged uid=2_9 listitem "Card \\"A\\"" onto uid=2_3 div');
    expect(line({ ...drag, outcome: { dragged: 'moved' } })).toBe(`${line(drag)}; the dragged element moved.`);
    expect(line({ ...drag, outcome: { dragged: 'redrawn' } })).toBe(
      `${line(drag)}; the page drew the dragged element anew: take a snapshot to see where it is.`,
    );
    expect(line({ ...drag, outcome: { dragged: 'stayed' } })).toBe(
      `${line(drag)}; the page showed no change: the dragged element is where it was.`,
    );
    expect(line({ ...drag, outcome: {} })).toBe(`${line(drag)}.`);
    expect(line({ ...drag, outcome: { html5Drop: 'taken', dragged: 'moved' } })).toBe(
      `${line(drag)} (HTML5 drag and drop, finished for the page: Firefox does not drop from automation); the page took the drop; the dragged element moved.`,
    );
    expect(line({ ...drag, outcome: { html5Drop: 'refused' } })).toBe(
      `${line(drag)} (HTML5 drag and drop); the page refused the drop there: no drop target accepted it.`,
    );
  });

  it('says a fill, a value typed into a combobox, a value set, a checkbox, files', () => {
    const fill = { kind: 'fill', target: FIELD, value: '<secret>EMAIL</secret>', into: 'field' } as const;
    expect(line(fill)).toBe('Filled uid=1_7 textbox "Email" with "<secret>EMAIL</secret>"');
    expect(line({ ...fill, into: 'editor' })).toBe(line(fill));
    expect(line({ ...fill, value: 'Fr', into: 'combobox' })).toBe('Typed into uid=1_7 textbox "Email" with "Fr"');
    expect(line({ kind: 'set', target: FIELD, value: 'team' })).toBe('Set uid=1_7 textbox "Email" to "team"');
    const check = { kind: 'check', target: { ...FIELD, role: 'checkbox', name: 'Terms' }, checked: true } as const;
    expect(line({ ...check, already: true })).toBe('uid=1_7 checkbox "Terms" was already checked');
    expect(line({ ...check, checked: false, already: true })).toBe('uid=1_7 checkbox "Terms" was already unchecked');
    expect(line({ ...check, already: false })).toBe('Clicked uid=1_7 checkbox "Terms"');
    expect(line({ kind: 'upload', target: FIELD, fileCount: 2 })).toBe('Chose 2 file(s) for uid=1_7 textbox "Email"');
  });

  it('says keys, typed text, Enter after it, and keys the page sent elsewhere', () => {
    expect(line({ kind: 'press', keys: 'Control+Shift+R' })).toBe('Pressed Control+Shift+R');
    const type = { kind: 'type', text: 'hello', submit: false } as const;
    expect(line(type)).toBe('Typed "hello"');
    expect(line({ ...type, submit: true })).toBe('Typed "hello" and pressed Enter');
    expect(line({ ...type, stray: { keys: 3, focus: 'textbox "Find"' } })).toBe(
      'Typed "hello"; the page moved the focus while the keys went in: 3 key(s) went elsewhere, and the focus is now on textbox "Find"',
    );
  });

  it('says a selection and a caret placed in text', () => {
    const select = { kind: 'selectText', target: DIV, text: 'next Tuesday' } as const;
    expect(line(select)).toBe('Selected "next Tuesday" in uid=2_3 div');
    expect(line({ ...select, caret: 'start', before: 'The review is ' })).toBe(
      'Put the caret at the start of "next Tuesday" in uid=2_3 div: the caret is after "The review is "',
    );
    expect(line({ ...select, caret: 'end' })).toBe('Put the caret at the end of "next Tuesday" in uid=2_3 div');
  });

  it('says the focus given to a part a canvas draws', () => {
    const cell = { ...DIV, role: 'gridcell', name: 'Option 8' };
    expect(line({ kind: 'focus', target: cell, drawnBy: 'canvas "Grid"' })).toBe(
      'Focused uid=2_3 gridcell "Option 8", drawn by canvas "Grid" with no place of its own to click: it has the focus a keyboard gives it',
    );
    expect(line({ kind: 'focus', target: cell }, 'inStep')).toBe(
      'Focused uid=2_3 gridcell "Option 8" (stopped: a dialog opened)',
    );
  });

  it('says a scroll, to a place or with the wheel, of the page or a container', () => {
    expect(line({ kind: 'scrollTo', to: 'end', moved: 1200 })).toBe('Scrolled the page to its end (moved 1200 px)');
    expect(line({ kind: 'scrollTo', container: '3_1', to: 40, moved: 800 })).toBe(
      'Scrolled uid=3_1 to item 40 (moved 800 px)',
    );
    expect(line({ kind: 'scroll', direction: 'down', moved: 450, asked: 540 })).toBe(
      'Scrolled the page down by 450 px (asked 540 px)',
    );
  });

  it("says a person's click and wheel turn in the live view", () => {
    expect(line({ kind: 'personClick', x: 10, y: 20 })).toBe('A person clicked at 10, 20');
    expect(line({ kind: 'personWheel', x: 10, y: 20, deltaX: 0, deltaY: -300 })).toBe(
      'A person turned the wheel by 0, -300 at 10, 20',
    );
  });

  it('says where a dialog stopped an action: part way through its input, or at a step before it', () => {
    expect(line({ kind: 'type', text: 'abc', submit: false }, 'partWay')).toBe(
      'Typed "abc" (stopped part way: a dialog opened)',
    );
    expect(
      line({ kind: 'type', text: 'abc', submit: false, stray: { keys: 1, focus: 'link "Home"' } }, 'partWay'),
    ).toBe(
      'Typed "abc" (stopped part way: a dialog opened); the page moved the focus while the keys went in: 1 key(s) went elsewhere, and the focus is now on link "Home"',
    );
    const steps: [ActionDone, string][] = [
      [{ kind: 'preparing', uid: '1_4', for: 'view' }, 'Scrolling uid=1_4 into view'],
      [{ kind: 'preparing', uid: '1_4', for: 'fill' }, 'Filling uid=1_4'],
      [{ kind: 'preparing', uid: '1_4', for: 'upload' }, 'Uploading to uid=1_4'],
      [{ kind: 'preparing', uid: '1_4', for: 'drop' }, 'Dragging onto uid=1_4'],
      [{ kind: 'preparing', uid: '1_4', for: 'selectText' }, 'Selecting text in uid=1_4'],
      [{ kind: 'fillStep', target: FIELD, step: 'clickInto' }, 'Clicked into uid=1_7 textbox "Email" to fill it'],
      [{ kind: 'fillStep', target: FIELD, step: 'focus' }, 'Focused uid=1_7 textbox "Email" to fill it'],
    ];
    for (const [done, words] of steps) expect(line(done, 'inStep')).toBe(`${words} (stopped: a dialog opened)`);
  });
});

describe('the leading words', () => {
  it('are one table the lines are written from, listed once each', () => {
    expect(LEADING_WORDS.click).toBe('Clicked');
    expect(ACTION_LINE_STARTS).toContain('Hovered over');
    expect(new Set(ACTION_LINE_STARTS).size).toBe(ACTION_LINE_STARTS.length);
  });

  it("make the registry's input form, which keeps page text from posing as any line written here", () => {
    // The lines the tests above wrote: vitest runs a file's tests in order.
    expect(written.length).toBeGreaterThan(20);
    for (const text of written) expect(ANSWER_TEXT.posesAsAnswer(text), text).toBe(true);
    expect(ANSWER_TEXT.posesAsAnswer('Clickedy clack')).toBe(false);
  });
});
