/**
 * Text inside an element, found as a person reads it (runs of spaces as one, across the text
 * nodes of its lines and formatting), and where it is drawn, so that Node can drag across it or
 * click at its edge with real input; then the selection read back. Text fields hold their text
 * in a value no Range reaches: their selection is set as their own API does.
 */
import { collapse } from './text.js';
import { deepActiveElement } from './dom.js';
import { element } from './registry.js';

/**
 * Where the text is: the points to press and let go at (viewport pixels of this document), and the text found there.
 */
export interface TextSpot {
  start: [number, number];
  end: [number, number];
  /** The text as the page has it there (its own spaces and letter case). */
  found: string;
  /** It is in an editor that does not have the focus: a person's first click there only focuses it. */
  unfocused: boolean;
}

/** Fields an editor may take its keys through. */
const FIELDS = 'input, textarea, select, [contenteditable]';

/**
 * The editor around `el` when it draws text for a field it keeps out of sight (a code editor's
 * lines and its hidden text area): the nearest box around `el` holding a field, when it holds one
 * only (a form holds more).
 */
function editorAround(el: Element): Element | null {
  for (let around = el.parentElement; around && around !== document.body; around = around.parentElement) {
    const fields = around.querySelectorAll(FIELDS).length;
    if (fields > 0) return fields === 1 ? around : null;
  }
  return null;
}

/**
 * The editor around the element text was last located in: an editor may draw that line anew (with the selection,
 * without our uid) before the selection is read.
 */
let located: { uid: string; editor: Element } | null = null;

/**
 * The editor `el` is part of: the host of editable content, or the box of lines drawn for a hidden field
 * (editorAround).
 */
function editorOf(el: Element): Element | null {
  if (!(el as HTMLElement).isContentEditable) return editorAround(el);
  let host = el;
  while (host.parentElement?.isContentEditable) host = host.parentElement;
  return host;
}

/** What the page's selection holds now. */
export interface SelectionReading {
  /** The selected text, runs of spaces as one; '' when it is a caret. */
  text: string;
  /** A few characters before the caret or selection, to say where it is. */
  before: string;
  /** Whether the selection is inside the element acted on. */
  inside: boolean;
}

const SPACE = /\s/;

/**
 * Finds the `occurrence`th `text` in the element (letter case ignored when no exact match) and
 * scrolls it into view. A text field's selection is set at once (the result says so); in other
 * content, returns where the text's first and last characters are drawn.
 */
export function locateText(uid: string, text: string, occurrence: number): TextSpot | 'field' | 'missing' | null {
  const el = element(uid);
  located = null;
  if (!el) return null;
  if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
    const index = nth(el.value, text, occurrence);
    if (index < 0) return 'missing';
    el.focus();
    el.setSelectionRange(index, index + text.length);
    return 'field';
  }
  const range = findRange(el, text, occurrence);
  if (!range) return 'missing';
  range.startContainer.parentElement?.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
  const first = charRect(range.startContainer as Text, range.startOffset);
  const last = charRect(range.endContainer as Text, range.endOffset - 1);
  if (!first || !last) return 'missing';
  const editor = editorOf(el);
  if (editor) located = { uid, editor };
  // In an editor that does not hold the focus, a person's first click there only focuses it.
  const active = deepActiveElement();
  const unfocused = editor !== null && (!active || !editor.contains(active));
  return {
    start: [first.left, first.top + first.height / 2],
    end: [last.right, last.top + last.height / 2],
    found: range.toString(),
    unfocused,
  };
}

/** What the selection holds, and whether it is inside the element `uid` (or a field inside it). */
export function readSelection(uid: string): SelectionReading {
  const el = element(uid);
  const active = deepActiveElement();
  if (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) {
    // A code editor keeps the selected words in the text area it takes keys through, out of sight in the editor's box.
    const editor = located?.uid === uid ? located.editor : el && editorAround(el);
    const inside = (!!el && (el === active || el.contains(active))) || !!editor?.contains(active);
    // A password's characters are never read out, not even around a caret.
    if (active.type === 'password') return { text: '', before: '', inside };
    const [from, to] = [active.selectionStart ?? 0, active.selectionEnd ?? 0];
    return {
      text: collapse(active.value.slice(from, to)),
      before: active.value.slice(Math.max(0, from - 30), from),
      inside,
    };
  }
  const selection = getSelection();
  if (!selection || selection.rangeCount === 0) return { text: '', before: '', inside: false };
  const range = selection.getRangeAt(0);
  const lead = document.createRange();
  lead.setStart(el ?? document.body, 0);
  lead.setEnd(range.startContainer, range.startOffset);
  return {
    text: collapse(selection.toString()),
    before: lead.toString().slice(-30),
    inside: !!el && el.contains(range.commonAncestorContainer),
  };
}

function nth(haystack: string, needle: string, occurrence: number): number {
  for (const source of [haystack, haystack.toLowerCase()]) {
    const wanted = source === haystack ? needle : needle.toLowerCase();
    let index = -1;
    for (let count = 0; count < occurrence; count++) {
      index = source.indexOf(wanted, index + 1);
      if (index < 0) break;
    }
    if (index >= 0) return index;
  }
  return -1;
}

/** The range of the `occurrence`th match of `text` in the element's text nodes, spaces matched as runs. */
function findRange(el: Element, text: string, occurrence: number): Range | null {
  // The text, each run of spaces as one, with where each of its characters comes from.
  let flat = '';
  const from: [Text, number][] = [];
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  let block: Element | null = null;
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    // Text of separate blocks (lines, paragraphs, list items) reads as separate words.
    const its = blockOf(node, el);
    if (its !== block && flat !== '' && !flat.endsWith(' ')) {
      flat += ' ';
      from.push([node, 0]);
    }
    block = its;
    for (let offset = 0; offset < node.data.length; offset++) {
      const char = node.data.charAt(offset);
      if (SPACE.test(char)) {
        if (flat.endsWith(' ') || flat === '') continue;
        flat += ' ';
      } else {
        flat += char;
      }
      from.push([node, offset]);
    }
  }
  const wanted = collapse(text);
  if (!wanted) return null;
  const index = nth(flat, wanted, occurrence);
  const start = from[index];
  const end = from[index + wanted.length - 1];
  if (index < 0 || !start || !end) return null;
  const range = document.createRange();
  range.setStart(start[0], start[1]);
  range.setEnd(end[0], end[1] + 1);
  return range;
}

/** The nearest element around `node` (up to `root`) that is laid out as a block. */
function blockOf(node: Node, root: Element): Element {
  for (let el = node.parentElement; el && el !== root; el = el.parentElement)
    if (!getComputedStyle(el).display.startsWith('inline')) return el;
  return root;
}

/** Where the character at `offset` of `node` is drawn. */
function charRect(node: Text, offset: number): DOMRect | undefined {
  const range = document.createRange();
  range.setStart(node, Math.max(0, offset));
  range.setEnd(node, Math.min(node.data.length, Math.max(0, offset) + 1));
  const rects = range.getClientRects();
  return rects[rects.length - 1] ?? rects[0];
}
