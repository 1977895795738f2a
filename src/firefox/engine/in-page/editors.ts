/**
 * What a person sees in an editor besides its words: inline formatting, line numbers, and where the
 * caret or the selection is. The walk lists an editor's blocks or lines inside it (see `editor` in
 * walk.ts); this module adds what those lines alone do not say.
 */
import type { RawNode } from '../types.js';
import { clip, collapse, INVISIBLE_CHARACTERS } from './text.js';
import { deepActiveElement } from './dom.js';

/** The marks a reader of Markdown knows, for inline formatting inside an editor's lines. */
const MARKS: Record<string, [string, string]> = {
  b: ['**', '**'],
  strong: ['**', '**'],
  i: ['*', '*'],
  em: ['*', '*'],
  u: ['<u>', '</u>'],
  ins: ['<u>', '</u>'],
  s: ['~~', '~~'],
  strike: ['~~', '~~'],
  del: ['~~', '~~'],
  code: ['`', '`'],
};

/**
 * How an inline element's formatting is written inside an editor's line: `**bold**`, `*italic*`, `~~struck~~`, ``
 * `code` ``.
 */
export function editorMark(tag: string): [string, string] | undefined {
  return MARKS[tag];
}

/** Words either side of the caret shown in its line: `caret="…meeting is |tomorrow"`. */
const CARET_CONTEXT = 24;
const MAX_SELECTION = 200;

/**
 * Marks where the caret or selection is, on the line of the editor that holds it: from the
 * document's selection (a contenteditable editor), or from the focused text area a code editor
 * keeps at its caret. `lineOf` gives the node listed for an element inside an editor; `field`, a
 * code editor's text area.
 */
export function markCaret(
  editors: readonly [Element, RawNode][],
  lineOf: (el: Element) => RawNode | undefined,
  field: (editor: RawNode) => Element | undefined,
): void {
  const selection = document.getSelection();
  const focus = selection?.focusNode ?? null;
  const active = deepActiveElement();
  for (const [el, node] of editors) {
    const input = field(node);
    if (input && input === active) {
      // A code editor draws its caret as a thin bar (blinking, so its opacity is not asked); else its hidden text area
      // sits near it.
      const bar = drawnCaret(el);
      const at = bar ? bar.top + bar.height / 2 : input.getBoundingClientRect().top + 1;
      const line = node.children?.find((child) => child.box[1] <= at && at < child.box[1] + child.box[3]);
      const area = input as HTMLTextAreaElement;
      const selected = area.value.slice(area.selectionStart, area.selectionEnd);
      if (line) line.caret = '';
      if (selected.trim()) node.selection = clip(collapse(selected), MAX_SELECTION);
      continue;
    }
    if (!focus || !el.contains(focus)) continue;
    const text = selection?.toString() ?? '';
    if (text.trim()) {
      node.selection = clip(collapse(text), MAX_SELECTION);
      continue;
    }
    let line: RawNode | undefined;
    for (let at: Node | null = focus; at && at !== el && !line; at = at.parentNode)
      line = at.nodeType === Node.ELEMENT_NODE ? lineOf(at as Element) : undefined;
    if (!line || !selection) continue;
    line.caret = caretContext(selection);
  }
}

/** The words before and after the caret in its line, the caret shown as |. */
function caretContext(selection: Selection): string {
  const range = selection.getRangeAt(0);
  const before = document.createRange();
  const block =
    range.startContainer.parentElement?.closest('p, li, h1, h2, h3, h4, h5, h6, pre, blockquote, div') ?? null;
  if (!block) return '';
  before.selectNodeContents(block);
  before.setEnd(range.startContainer, range.startOffset);
  const headRaw = before.toString();
  const whole = block.textContent;
  // Spaces collapse as they show; the one beside the caret stays.
  const shown = (text: string): string => text.replace(INVISIBLE_CHARACTERS, '').replace(/\s+/g, ' ');
  const head = shown(headRaw).trimStart();
  const tail = whole.startsWith(headRaw) ? shown(whole.slice(headRaw.length)).trimEnd() : '';
  return `${head.length > CARET_CONTEXT ? '…' : ''}${head.slice(-CARET_CONTEXT)}|${tail.slice(0, CARET_CONTEXT)}${tail.length > CARET_CONTEXT ? '…' : ''}`;
}

/**
 * Numbers an editor's lines as its gutter shows them: a leaf element of digits beside a line, at
 * its height, is its number (code editors draw the gutter apart from the lines, often hidden from
 * screen readers, and a person reads it).
 */
export function numberLines(el: Element, node: RawNode, elementOf: (line: RawNode) => Element | undefined): void {
  const lines = node.children ?? [];
  if (lines.length < 2) return;
  const numbers: { middle: number; right: number; value: number }[] = [];
  // The gutter lies outside the lines: their subtrees (a rich editor's whole document) are not searched, on every walk.
  const skipped = new Set(lines.flatMap((line) => elementOf(line) ?? []));
  const search = (parent: Element): void => {
    for (let cell = parent.firstElementChild; cell; cell = cell.nextElementSibling) {
      if (skipped.has(cell)) continue;
      // Its own words: a gutter cell may hold a fold marker beside its number.
      let digits = '';
      for (let child = cell.firstChild; child; child = child.nextSibling)
        if (child.nodeType === Node.TEXT_NODE) digits += (child as Text).data;
      digits = digits.trim();
      const box = /^\d{1,6}$/.test(digits) ? cell.getBoundingClientRect() : null;
      if (box && box.width > 0 && box.height > 0)
        numbers.push({ middle: box.top + box.height / 2, right: box.right, value: Number(digits) });
      search(cell);
    }
  };
  search(el);
  if (numbers.length < 2) return;
  for (const line of lines) {
    const [left, top, , height] = line.box;
    // The gutter lies left of the line: digits in the line's own text are not its number.
    const found = numbers.find(({ middle, right }) => middle >= top && middle < top + height && right <= left + 2);
    if (found) line.line = found.value;
  }
}

/**
 * Keeps the indentation of an editor's lines where the editor shows it (white-space: pre, as code
 * editors draw): in YAML or Python it is meaning, and a line's words alone lose it.
 */
export function indentLines(node: RawNode, elementOf: (line: RawNode) => Element | undefined): void {
  for (const line of node.children ?? []) {
    const el = elementOf(line);
    // A line reused from the last walk has its indentation already (words alone never start with a space).
    if (!el || !line.text || /^\s/.test(line.text)) continue;
    const indent = /^[ \t]+/.exec(el.textContent)?.[0];
    if (indent && /^(pre|pre-wrap|break-spaces)$/.test(getComputedStyle(el).whiteSpace))
      line.text = indent.replace(/\t/g, '    ') + line.text;
  }
}

/**
 * A code editor's drawn caret: a thin upright bar inside it, or a box a character wide that the
 * editor calls its cursor (ace_cursor, CodeMirror-cursor, cm-cursor draw one; the bar is its border).
 */
function drawnCaret(el: Element): DOMRect | undefined {
  for (const part of Array.from(el.querySelectorAll('*'))) {
    if (part.childElementCount > 0) continue;
    const box = part.getBoundingClientRect();
    if (box.width <= 0 || box.height < 8 || box.height > 60 || !part.checkVisibility({ visibilityProperty: true }))
      continue;
    if (box.width <= 3 || (box.width <= 16 && /cursor|caret/i.test(part.getAttribute('class') ?? ''))) return box;
  }
  return undefined;
}
