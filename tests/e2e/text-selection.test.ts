import { describe, expect, it } from 'vitest';
import { ActionNotTakenError, InvalidArgumentError } from '../../src/index.js';
import { useFirefox, useSite } from '../helpers/fixtures.js';
import { page } from '../helpers/server.js';
import { uidIn } from '../helpers/snapshot-text.js';

/**
 * Words selected, or the caret put at them, with the mouse as a person does, and read back: in
 * editable content (the keys that follow act on them), in a text field, and where the page moves
 * the caret elsewhere. A click into editable content says where its caret went.
 */
const EDITOR = page(
  'Editor',
  `<div id="editor" contenteditable="true" aria-label="Memo" style="width: 600px; border: 1px solid #888; padding: 8px">
     <p>The review is <em>next</em> Tuesday at noon.</p><p>Bring the budget sheet.</p>
   </div>
   <label>Note <textarea id="note" cols="40">Call Ana on Tuesday</textarea></label>
   <div id="stubborn" contenteditable="true" aria-label="Stubborn" style="width: 400px; border: 1px solid #888">Keep this line</div>
   <script>
     // Its bold shortcut, as editors bind it (Firefox keeps Control+B for its bookmarks).
     document.getElementById('editor').addEventListener('keydown', (event) => {
       if (event.ctrlKey && event.key === 'b') { event.preventDefault(); document.execCommand('bold'); }
     });
     // An editor that puts the caret back at its start whenever the selection moves.
     const stubborn = document.getElementById('stubborn');
     document.addEventListener('selectionchange', () => {
       const selection = getSelection();
       if (selection.rangeCount && stubborn.contains(selection.anchorNode) && !(selection.isCollapsed && selection.anchorOffset === 0)) selection.collapse(stubborn.firstChild, 0);
     });
   </script>`,
);

/**
 * An editor that keeps its own selection: when it takes the focus, the one it kept (its start) comes back a moment
 * later.
 */
const KEEPING = page(
  'Keeping editor',
  `<div id="keeping" contenteditable="true" aria-label="Notes" style="width: 600px; border: 1px solid #888; padding: 8px"><p>First line of the note.</p><p>The meeting is tomorrow at noon.</p></div>
   <script>
     const keeping = document.getElementById('keeping');
     keeping.addEventListener('focus', () => setTimeout(() => getSelection().collapse(keeping.querySelector('p').firstChild, 0), 0));
   </script>`,
);

/**
 * A code editor that draws its own selection (as CodeMirror 5 does): the words a drag selects go into its hidden text
 * area, selected there, and its lines are drawn anew.
 */
const DRAWING = page(
  'Drawing editor',
  `<div id="cm" style="position:relative;width:600px;font:16px monospace;border:1px solid #888">
     <div style="position:absolute;overflow:hidden;width:3px;height:0"><textarea id="area" style="position:absolute;padding:0;width:1000px;height:1em"></textarea></div>
     <div id="lines"><pre>Release 4.2</pre><pre>This release drops the old API: a breaking change.</pre></div>
   </div>
   <script>
     let anchor = null;
     const point = (event) => document.caretPositionFromPoint(event.clientX, event.clientY);
     document.getElementById('lines').addEventListener('mousedown', (event) => { event.preventDefault(); anchor = point(event); area.focus(); });
     document.addEventListener('mouseup', (event) => {
       if (!anchor) return;
       const head = point(event);
       const range = document.createRange();
       range.setStart(anchor.offsetNode, anchor.offset);
       range.setEnd(head.offsetNode, head.offset);
       area.value = range.toString();
       area.select();
       anchor = null;
       // It draws its lines anew with the selection, as new elements.
       for (const line of document.querySelectorAll('#lines pre')) { const fresh = document.createElement('pre'); fresh.textContent = line.textContent; line.replaceWith(fresh); }
     });
   </script>`,
);

const server = useSite({ '/editor.html': EDITOR, '/keeping.html': KEEPING, '/drawing.html': DRAWING });
const client = useFirefox({ viewport: { width: 1280, height: 720 } });

async function open(): Promise<string> {
  await client.page.navigate(server.url('/editor.html'));
  return (await client.page.takeSnapshot()).text;
}

describe('select_text', () => {
  it('selects words across formatting, so the next key bolds exactly them (two calls)', async () => {
    const text = await open();
    const result = await client.page.selectTextByUid(uidIn(text, /textbox "Memo"/), 'next Tuesday');
    expect(result.done).toMatchObject({ kind: 'selectText', text: 'next Tuesday', target: { name: 'Memo' } });
    expect(result.done).not.toHaveProperty('caret');
    await client.page.pressKey('Control+b');
    expect(await client.page.evaluate(`() => document.querySelector('#editor p').innerHTML`)).toMatch(
      /^The review is <b><em>next<\/em> Tuesday<\/b> at noon\.$/,
    );
  });

  it('puts the caret at the start of words, where typing goes in', async () => {
    const text = await open();
    const result = await client.page.selectTextByUid(uidIn(text, /textbox "Memo"/), 'noon', { caret: 'start' });
    expect(result.done).toMatchObject({ kind: 'selectText', caret: 'start', before: 'The review is next Tuesday at ' });
    await client.page.typeText('12 ');
    expect(await client.page.evaluate(`() => document.querySelector('#editor p').textContent`)).toBe(
      'The review is next Tuesday at 12 noon.',
    );
  });

  it('selects words in a text field, so typing replaces them', async () => {
    const text = await open();
    await client.page.selectTextByUid(uidIn(text, /textbox "Note"/), 'Tuesday');
    await client.page.typeText('Friday');
    expect(await client.page.evaluate(`() => document.getElementById('note').value`)).toBe('Call Ana on Friday');
  });

  it('says what the selection holds when the page moved it, and refuses words that are not there', async () => {
    const text = await open();
    const moved = await client.page
      .selectTextByUid(uidIn(text, /textbox "Stubborn"/), 'this line')
      .catch((error: unknown) => error);
    expect(moved).toBeInstanceOf(ActionNotTakenError);
    expect((moved as Error).message).toContain('this line" in uid=');
    expect((moved as Error).message).toContain('did not take: the caret is after ""');
    const missing = await client.page
      .selectTextByUid(uidIn(text, /textbox "Memo"/), 'next Wednesday')
      .catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(InvalidArgumentError);
    expect((missing as Error).message).toContain('shows no "next Wednesday"');
  });
});

describe('select_text in an editor without the focus', () => {
  it('clicks in first, as a person does, so an editor that puts back its own selection on focus selects just the words asked for', async () => {
    await client.page.navigate(server.url('/keeping.html'));
    const text = (await client.page.takeSnapshot()).text;
    const result = await client.page.selectTextByUid(uidIn(text, /paragraph: The meeting/), 'tomorrow');
    expect(result.done).toMatchObject({ kind: 'selectText', text: 'tomorrow' });
    expect(await client.page.evaluate('() => getSelection().toString()')).toBe('tomorrow');
  });
});

describe('select_text in a code editor that draws its own selection', () => {
  it('reads the selection back from the text area the editor keeps it in, once the editor drew the line anew', async () => {
    await client.page.navigate(server.url('/drawing.html'));
    const text = (await client.page.takeSnapshot()).text;
    const result = await client.page.selectTextByUid(uidIn(text, /pre: This release/), 'breaking change');
    expect(result.done).toMatchObject({ kind: 'selectText', text: 'breaking change' });
    expect(await client.page.evaluate('() => [document.activeElement.id, area.value]')).toEqual([
      'area',
      'breaking change',
    ]);
  });
});

describe('a click into editable content', () => {
  it('says where the caret went, and typing goes in there', async () => {
    const text = await open();
    const result = await client.page.clickByUid(uidIn(text, /paragraph:? "?Bring the budget sheet/));
    expect(result.done).toMatchObject({ kind: 'click', caret: { after: expect.any(String) as unknown } });
    const caret = result.done.kind === 'click' ? result.done.caret : undefined;
    const before = caret && 'after' in caret ? caret.after : '';
    await client.page.typeText('X');
    expect(await client.page.evaluate(`() => document.querySelectorAll('#editor p')[1].textContent`)).toContain(
      `${before.slice(-10)}X`,
    );
  });
});
