/**
 * Where text shows a secret: the text nodes and generated content (::before, ::after) that read
 * as one line of text (those under the same element that is not inline by its tag) are searched
 * as drawn (see drawn-text.ts) in DOM order, and, when their characters could make a secret in
 * another order, in the order they are drawn: by line, then left to right, text under a
 * right-to-left override backwards. So flex `order`, row-reverse and <bdo dir="rtl"> cannot
 * draw a secret the DOM's order hides. The lines of a small container are searched together
 * too (flex items, blocks side by side). A run found is covered where each of its pieces is drawn.
 */
import { DrawnText, mayHoldForm, runs, type Wanted } from './drawn-text.js';
import { INLINE_TAGS, TEXT_NODE } from './dom.js';
import type { StyleFacts } from './generated-content.js';
import type { ViewportBox } from '../types.js';

type Box = ViewportBox;
/** A text node, or the generated text an element draws before or after its content. */
type Piece = { node: Text } | { owner: Element; text: string; after: boolean };

export const asBox = (rect: DOMRect): Box => [rect.left, rect.top, rect.width, rect.height];

/** The nearest element from `el` up that is not inline by its tag: what it holds reads as one line of text. */
function flowOf(el: Element | null): Element | null {
  while (el && INLINE_TAGS.has(el.localName)) el = el.parentElement;
  return el;
}

const textOf = (piece: Piece): string => ('node' in piece ? piece.node.data : piece.text);

/** Where `from` to `to` of a piece is drawn; generated text, which has no box of its own, by its element's. */
function boxesOf(piece: Piece, from: number, to: number): Box[] {
  if (!('node' in piece)) return Array.from(piece.owner.getClientRects()).map(asBox);
  const range = document.createRange();
  range.setStart(piece.node, from);
  range.setEnd(piece.node, to);
  return Array.from(range.getClientRects()).map(asBox);
}

/**
 * Where a piece starts being drawn (generated text after an element's content: at its end), or null when it is not
 * drawn.
 */
function placeOf(piece: Piece): { left: number; top: number; bottom: number } | null {
  let rects: DOMRectList;
  if ('node' in piece) {
    const range = document.createRange();
    range.selectNodeContents(piece.node);
    rects = range.getClientRects();
  } else rects = piece.owner.getClientRects();
  const after = !('node' in piece) && piece.after;
  const rect = after ? rects[rects.length - 1] : rects[0];
  return rect ? { left: after ? rect.right : rect.left, top: rect.top, bottom: rect.bottom } : null;
}

/**
 * Whether a piece is drawn backwards: the nearest element up to `flow` that sets unicode-bidi overrides it right to
 * left.
 */
function backwards(piece: Piece, flow: Element | null): boolean {
  const start = 'node' in piece ? piece.node.parentElement : piece.owner;
  for (let el = start; el; el = el.parentElement) {
    const style = getComputedStyle(el);
    if (style.unicodeBidi !== 'normal') return style.unicodeBidi.includes('override') && style.direction === 'rtl';
    if (el === flow) break;
  }
  return false;
}

/** The pieces' indexes in the order they are drawn: line by line from the top, left to right on each line. */
function drawnOrder(pieces: readonly Piece[]): number[] {
  const placed = pieces.flatMap((piece, index) => {
    const at = placeOf(piece);
    return at ? [{ index, at }] : [];
  });
  placed.sort((a, b) => a.at.top - b.at.top);
  const lines: (typeof placed)[] = [];
  for (const item of placed) {
    const line = lines[lines.length - 1];
    // A piece whose middle is above the line's first piece's bottom is on that line.
    if (line?.[0] && (item.at.top + item.at.bottom) / 2 < line[0].at.bottom) line.push(item);
    else lines.push([item]);
  }
  return lines.flatMap((line) => line.sort((a, b) => a.at.left - b.at.left).map((item) => item.index));
}

/** Covers each run of `text` that shows a secret where its pieces are drawn. */
function cover(group: readonly Piece[], text: DrawnText, wanted: Wanted, backwards: boolean, into: Box[]): void {
  for (const [start, end] of runs(text.text, wanted, backwards)) {
    for (const [index, from, to] of text.sources(start, end)) into.push(...boxesOf(group[index] as Piece, from, to));
  }
}

/** Searches pieces that read as one line, in DOM order and as drawn; returns how many characters they draw. */
function search(group: readonly Piece[], flow: Element | null, wanted: Wanted, style: StyleFacts, into: Box[]): number {
  const logical = new DrawnText();
  group.forEach((piece, index) => logical.add(textOf(piece), index));
  cover(group, logical, wanted, style.backwards, into);
  // Reading where pieces are drawn costs a layout query each: only where their characters could make a secret.
  if (group.length < 2 || !mayHoldForm(logical.text, wanted)) return logical.text.length;
  const visual = new DrawnText();
  for (const index of drawnOrder(group))
    visual.add(textOf(group[index] as Piece), index, style.backwards && backwards(group[index] as Piece, flow));
  if (visual.text !== logical.text) cover(group, visual, wanted, false, into);
  return logical.text.length;
}

/**
 * A small container's lines of text (flex items, blocks side by side) are searched together as well, up to this many
 * lines and characters.
 */
const MAX_ROW_LINES = 12;
const MAX_ROW_TEXT = 500;

/**
 * The boxes of the text under `scope` (a document, a shadow root, or an element in one) that shows a secret, generated
 * text included.
 */
export function textPlaces(
  scope: Document | ShadowRoot | Element,
  wanted: Wanted,
  style: StyleFacts,
  into: Box[],
): void {
  const { generated } = style;
  const walker = document.createTreeWalker(
    scope,
    generated.size ? NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT : NodeFilter.SHOW_TEXT,
  );
  let group: Piece[] = [];
  let flow: Element | null = null;
  // The lines of each container: a secret may be split between blocks drawn side by side, in any order.
  const rows = new Map<Element, { pieces: Piece[]; lines: number; chars: number }>();
  const flush = (): void => {
    const chars = search(group, flow, wanted, style, into);
    const parent = flow?.parentElement;
    if (parent) {
      const row = rows.get(parent) ?? { pieces: [], lines: 0, chars: 0 };
      if (row.chars <= MAX_ROW_TEXT) row.pieces.push(...group);
      row.lines++;
      row.chars += chars;
      rows.set(parent, row);
    }
    group = [];
  };
  const add = (piece: Piece, its: Element | null): void => {
    if (its !== flow && group.length) flush();
    flow = its;
    group.push(piece);
  };
  // Elements whose ::after text comes once their content has been read.
  const open: Element[] = [];
  const close = (until: Node | null): void => {
    for (let last = open[open.length - 1]; last && !(until && last.contains(until)); last = open[open.length - 1]) {
      open.pop();
      add({ owner: last, text: generated.get(last)?.after ?? '', after: true }, flowOf(last));
    }
  };
  const openElement = (el: Element): void => {
    const texts = generated.get(el);
    if (texts?.before) add({ owner: el, text: texts.before, after: false }, flowOf(el));
    if (texts?.after) open.push(el);
  };
  // A shadow root's host draws its own generated text around the root's (`:host::before`).
  const host = scope instanceof ShadowRoot ? scope.host : null;
  const around = host ? generated.get(host) : undefined;
  if (host && around?.before) add({ owner: host, text: around.before, after: false }, flowOf(host));
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (open.length) close(node);
    if (node.nodeType === TEXT_NODE) add({ node: node as Text }, flowOf(node.parentElement));
    else openElement(node as Element);
  }
  close(null);
  if (host && around?.after) add({ owner: host, text: around.after, after: true }, flowOf(host));
  if (group.length) flush();
  for (const [parent, row] of rows)
    if (row.lines > 1 && row.lines <= MAX_ROW_LINES && row.chars <= MAX_ROW_TEXT)
      search(row.pieces, parent, wanted, style, into);
}
