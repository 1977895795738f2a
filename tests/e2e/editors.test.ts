import { describe, expect, it } from 'vitest';

import { useCorpus, useFirefox } from '../helpers/fixtures.js';
import { blockUnder, lineWithUid, uidIn, untilTrue } from '../helpers/snapshot-text.js';

/**
 * Editors read as a person sees them: a rich-text editor's blocks with their inline formatting,
 * where the caret is and what is selected, both Markdown views of its body; a code editor that
 * draws a window of its lines, numbered from its gutter and indented as shown, read as one field.
 * Everything is done through uids and keys, as an agent does it; page scripts only look.
 */

async function snapshot(): Promise<string> {
  return (await client.page.takeSnapshot()).text;
}

/** The CKEditor agenda, once the editor has replaced the markup: its first snapshot. */
async function openAgenda(): Promise<string> {
  await client.page.navigate(corpus.url('/ckeditor.html'));
  await untilTrue(
    client.page,
    "() => window.editor !== undefined && document.querySelector('.ck-editor__editable p') !== null",
  );
  return snapshot();
}

/** The page's selection, as the editor holds it. */
const SELECTED = '() => String(document.getSelection())';

/** Whether the caret is in the paragraph of "tomorrow", at its end when `atEnd` (nothing of it after the caret). */
const caretInTomorrow = (atEnd: boolean): string => `() => {
  const selection = document.getSelection();
  const node = selection.anchorNode;
  if (!selection.isCollapsed || !node) return false;
  const paragraph = (node.nodeType === Node.TEXT_NODE ? node.parentElement : node)?.closest('p');
  if (!paragraph?.textContent.endsWith('tomorrow')) return false;
  const after = document.createRange();
  after.selectNodeContents(paragraph);
  after.setStart(node, selection.anchorOffset);
  return !${String(atEnd)} || after.toString() === '';
}`;

/**
 * Selects "tomorrow" as a person does (into the paragraph, to its end, a word back) and presses Bold. Each key waits
 * for the caret the key before put in place: the editor moves it on its own time, later on a busy machine.
 */
async function boldTomorrow(text: string): Promise<string> {
  await client.page.clickByUid(uidIn(text, /paragraph: The review meeting is tomorrow$/));
  await untilTrue(client.page, caretInTomorrow(false));
  await client.page.pressKey('End');
  await untilTrue(client.page, caretInTomorrow(true));
  await client.page.pressKey('Control+Shift+ArrowLeft');
  await untilTrue(client.page, `() => (${SELECTED})() === 'tomorrow'`);
  await client.page.clickByUid(uidIn(text, /button "Bold"/));
  await untilTrue(
    client.page,
    "() => editor.getData().includes('<p>The review meeting is <strong>tomorrow</strong></p>')",
  );
  return snapshot();
}

const corpus = useCorpus();
const client = useFirefox({ viewport: { width: 1280, height: 720 } });

describe('a rich-text editor (CKEditor 5)', () => {
  it('lists its blocks inside its textbox, with bold, italic and a link written in their lines', async () => {
    const text = await openAgenda();
    const editable = blockUnder(text, uidIn(text, /textbox "Rich Text Editor[^"]*"/));
    expect(editable).toMatch(/\n\s+\d+_\d+ heading "Team meeting" level=2\n/);
    expect(editable).toMatch(/\n\s+\d+_\d+ - Budget for the next quarter\n/);
    // The link keeps its uid in place in the paragraph's line, and that uid is the link.
    const link = /\d+_\d+ paragraph: Send questions to \[the team lead\]\(uid=(\d+_\d+)\)\.$/m.exec(editable)?.[1];
    expect(link, editable).toBeDefined();
    const { selector } = await client.page.resolveUidToSelector(link ?? '');
    expect(
      await client.page.evaluate(`() => document.querySelector(${JSON.stringify(selector)})?.outerHTML ?? null`),
    ).toMatch(/^<a [^>]*href="mailto:lead@example.com"/);

    const bold = await boldTomorrow(text);
    expect(lineWithUid(bold, uidIn(bold, /paragraph/))).toMatch(
      /^\d+_\d+ paragraph: The review meeting is \*\*tomorrow\*\*$/,
    );
    expect(bold).toMatch(/\d+_\d+ button "Bold" pressed/);

    // Italic, on the first word of a list item.
    await client.page.clickByUid(uidIn(bold, /- Hiring plan$/));
    await client.page.pressKey('Home');
    await client.page.pressKey('Control+Shift+ArrowRight');
    await untilTrue(client.page, `() => (${SELECTED})() === 'Hiring'`);
    await client.page.clickByUid(uidIn(bold, /button "Italic"/));
    await untilTrue(client.page, "() => editor.getData().includes('<i>Hiring</i> plan')");
    const italic = await snapshot();
    expect(italic).toMatch(/^\s+\d+_\d+ - \*Hiring\* plan$/m);
    expect(italic).toMatch(/^\s+\d+_\d+ - Budget for the next quarter$/m);
    expect(italic).toMatch(/^\s+\d+_\d+ paragraph: The review meeting is \*\*tomorrow\*\*$/m);
  });

  it("says where the caret is in the paragraph's line, and what is selected on the textbox's line", async () => {
    const text = await openAgenda();
    // Nothing is focused yet: no line says caret.
    expect(text).not.toContain('caret');
    expect(text).not.toContain('selection=');
    const paragraph = uidIn(text, /paragraph: The review meeting is tomorrow$/);
    await client.page.clickByUid(paragraph);
    await client.page.pressKey('End');
    await client.page.pressKey('Control+ArrowLeft');
    // The caret is collapsed before "tomorrow".
    await untilTrue(
      client.page,
      "() => { const s = document.getSelection(); return s.isCollapsed && s.focusNode.textContent.slice(0, s.focusOffset).endsWith('meeting is '); }",
    );
    const atWord = await snapshot();
    expect(lineWithUid(atWord, paragraph)).toBe(
      `${paragraph} paragraph caret="The review meeting is |tomorrow": The review meeting is tomorrow`,
    );
    expect(atWord.match(/caret/g), atWord).toHaveLength(1);
    expect(atWord).toMatch(/\d+_\d+ textbox "Rich Text Editor[^"]*" focused\n/);

    // Into the middle of a long line: a few words either side, cut with an ellipsis.
    await client.page.pressKey('Control+ArrowLeft');
    await client.page.pressKey('Control+ArrowLeft');
    await untilTrue(
      client.page,
      "() => { const s = document.getSelection(); return s.isCollapsed && s.focusNode.textContent.slice(0, s.focusOffset) === 'The review '; }",
    );
    expect(lineWithUid(await snapshot(), paragraph)).toBe(
      `${paragraph} paragraph caret="The review |meeting is tomorrow": The review meeting is tomorrow`,
    );

    // A word selected: the textbox says what, and no line claims a caret.
    await client.page.pressKey('End');
    await client.page.pressKey('Control+Shift+ArrowLeft');
    await untilTrue(client.page, `() => (${SELECTED})() === 'tomorrow'`);
    const selected = await snapshot();
    expect(selected).toMatch(/\d+_\d+ textbox "Rich Text Editor[^"]*" focused selection="tomorrow"\n/);
    expect(selected).not.toContain('caret');
    expect(lineWithUid(selected, paragraph)).toBe(`${paragraph} paragraph: The review meeting is tomorrow`);
  });

  it("reads the editor's body in both Markdown views, with the bold it was given", async () => {
    const text = await openAgenda();
    const textbox = uidIn(text, /textbox "Rich Text Editor[^"]*"/);
    await boldTomorrow(text);

    const document = (await client.page.getPageMarkdown({ view: 'document' })).markdown;
    expect(document).toContain(
      [
        '#### Team meeting',
        'The review meeting is **tomorrow**',
        '- Budget for the next quarter\n- Hiring plan',
        'Send questions to [the team lead](mailto:lead@example.com).',
      ].join('\n\n'),
    );

    const agent = (await client.page.getPageMarkdown({ view: 'agent' })).markdown;
    const control = new RegExp(String.raw`\[textbox "Rich Text Editor[^"\]]*" uid=${textbox}\]`).exec(agent);
    expect(control, agent).not.toBeNull();
    const after = agent.slice((control?.index ?? 0) + (control?.[0].length ?? 0));
    expect(after).toMatch(
      /^\n\n#### Team meeting\n\nThe review meeting is \*\*tomorrow\*\*\n\n- Budget for the next quarter\n- Hiring plan\n\nSend questions to \[the team lead\]\(mailto:lead@example\.com\)\{uid=\d+_\d+\}\./,
    );
  });
});

describe('a code editor that draws a window of its lines (Ace)', () => {
  /** Ace draws its cursor (the .ace_cursor bar) on the line showing `text`, at the row given. */
  const drawnOn = (text: string, row: number): string =>
    `() => { const cursor = document.querySelector('.ace_cursor')?.getBoundingClientRect(); const line = [...document.querySelectorAll('.ace_line')].find((el) => el.textContent === ${JSON.stringify(text)})?.getBoundingClientRect(); return editor.getCursorPosition().row === ${String(row)} && cursor !== undefined && line !== undefined && Math.abs(cursor.top - line.top) < 1; }`;

  async function openConfig(): Promise<string> {
    await client.page.navigate(corpus.url('/ace.html'));
    await untilTrue(
      client.page,
      "() => window.editor !== undefined && document.querySelectorAll('.ace_line').length > 10",
    );
    return snapshot();
  }

  /** Into the editor (its uid), to its top, and down to the port's line (row 3, line 4) with keys. */
  async function toPortLine(text: string): Promise<void> {
    await client.page.clickByUid(uidIn(text, /textbox "[^"]*Cursor at row \d+"/));
    await client.page.pressKey('Control+Home');
    for (let row = 0; row < 3; row += 1) await client.page.pressKey('ArrowDown');
    await untilTrue(client.page, drawnOn('  port: 8080', 3));
  }

  it('lists it as one textbox holding its visible lines, numbered from its gutter and indented', async () => {
    const text = await openConfig();
    // The hidden text area that takes the keys is the editor's field, not a second one.
    expect(text.match(/textbox/g), text).toHaveLength(1);
    const editor = blockUnder(text, uidIn(text, /textbox "[^"]*Cursor at row 1"/));
    expect(editor).toMatch(/\n\s+\d+_\d+ div line=1: # Checkout service configuration\n/);
    expect(editor).toMatch(/\n\s+\d+_\d+ div line=4: {3}port: 8080\n/);
    expect(editor).toMatch(/\n\s+\d+_\d+ div line=10: {3}url: postgres:\/\/checkout@db:5432\/checkout\n/);
    expect(editor).toMatch(/\n\s+\d+_\d+ div line=16: {5}url: http:\/\/billing\.internal:7000\n/);
    // Only what Ace draws: the logging section is in the text, not in the DOM.
    expect(await client.page.evaluate("() => editor.getValue().includes('level: debug')")).toBe(true);
    expect(text).not.toContain('level: debug');

    const found = await client.page.findInPage('8080');
    expect(found.total).toBe(1);
    expect(found.matches[0]?.line).toMatch(/^\d+_\d+ div line=4: {3}port: 8080$/);
    expect(found.matches[0]?.path.at(-1)).toMatch(/^textbox "[^"]*Cursor at row 1"$/);

    // Scrolled to its end, it draws (and lists) the lines there, numbered as its gutter shows them.
    await client.page.clickByUid(uidIn(text, /textbox "[^"]*Cursor at row 1"/));
    await client.page.pressKey('Control+End');
    await untilTrue(
      client.page,
      "() => [...document.querySelectorAll('.ace_line')].some((el) => el.textContent === '  level: debug')",
    );
    const end = await snapshot();
    expect(end.match(/textbox/g), end).toHaveLength(1);
    expect(end).toMatch(/\n\s+\d+_\d+ div line=56: logging:\n\s+\d+_\d+ div line=57: {3}level: debug\n/);
    expect(end).not.toMatch(/ line=4:/);
  });

  it('says caret on the line where Ace draws its cursor', async () => {
    const text = await openConfig();
    expect(text).not.toContain('caret');
    await toPortLine(text);
    const at = await snapshot();
    expect(at).toMatch(/\d+_\d+ textbox "[^"]*Cursor at row 4" focused\n/);
    expect(at.match(/caret/g), at).toHaveLength(1);
    expect(at).toMatch(/\n\s+\d+_\d+ div line=4 caret: {3}port: 8080\n/);
  });

  it('takes typing on the line the keys went to, and says what is selected', async () => {
    const text = await openConfig();
    const port = uidIn(text, /div line=4:/);
    await toPortLine(text);
    await client.page.pressKey('End');
    await client.page.pressKey('Control+Shift+ArrowLeft');
    await untilTrue(client.page, "() => editor.getSelectedText() === '8080'");
    expect(await snapshot()).toMatch(/\d+_\d+ textbox "[^"]*" focused selection="8080"\n/);
    await client.page.typeText('9090');
    await untilTrue(client.page, "() => editor.getValue().split('\\n')[3] === '  port: 9090'");
    expect(
      await client.page.evaluate("() => editor.getValue().split('\\n').filter((line) => line.includes('port:'))"),
    ).toEqual(['  port: 9090']);
    await untilTrue(
      client.page,
      "() => [...document.querySelectorAll('.ace_line')].some((el) => el.textContent === '  port: 9090')",
    );
    const after = await snapshot();
    // The caret stays where the keys went, at the end of the typed port.
    expect(lineWithUid(after, port)).toBe(`${port} div line=4 caret:   port: 9090`);
  });
});

describe('a second rich-text editor (Quill)', () => {
  it('writes bold given through its toolbar in its line, and says where the caret is', async () => {
    await client.page.navigate(corpus.url('/quill.html'));
    await untilTrue(client.page, "() => window.quill !== undefined && document.querySelector('.ql-editor p') !== null");
    const text = await snapshot();
    const first = uidIn(text, /paragraph: Meeting moved to Thursday\.$/);
    await client.page.clickByUid(first);
    await client.page.pressKey('Home');
    await untilTrue(
      client.page,
      "() => { const s = document.getSelection(); return s.isCollapsed && s.focusOffset === 0 && s.focusNode.textContent.startsWith('Meeting'); }",
    );
    expect(lineWithUid(await snapshot(), first)).toBe(
      `${first} paragraph caret="|Meeting moved to Thursda…": Meeting moved to Thursday.`,
    );

    await client.page.pressKey('Control+Shift+ArrowRight');
    await untilTrue(client.page, `() => (${SELECTED})().trim() === 'Meeting'`);
    expect(await snapshot()).toMatch(/\d+_\d+ textbox "Memo" focused selection="Meeting"\n/);
    await client.page.clickByUid(uidIn(text, /button "bold"/));
    await untilTrue(client.page, "() => quill.root.innerHTML.includes('<strong>Meeting')");
    const bold = await snapshot();
    expect(bold).toMatch(/\d+_\d+ button "bold" pressed/);
    expect(lineWithUid(bold, first)).toMatch(/^\d+_\d+ paragraph: \*\*Meeting ?\*\* ?moved to Thursday\.$/);
    expect(lineWithUid(bold, uidIn(bold, /paragraph: Bring/))).toMatch(/paragraph: Bring the budget sheet\.$/);
    expect((await client.page.getPageMarkdown({ view: 'document' })).markdown).toMatch(
      /### Memo\n\n\*\*Meeting ?\*\* ?moved to Thursday\.\n\nBring the budget sheet\./,
    );
  });
});
