// Over 400 lines on purpose: one pass that arranges the engine's content reading into Markdown blocks
// (lists, tables, code, quotes, forms); its cases share the block stack it keeps.
/**
 * The Markdown tree of a page, built from the snapshot walk's content reading (the engine's
 * `readDocument`): one walk decides what shows, what is a control, what names it; this module
 * only arranges what it kept into blocks (headings, paragraphs, lists, tables, code, quotes,
 * images, rules, landmarks condensed to their links) and inline runs. Pure: no page, no clock.
 */
import { EvaluationError } from '../../errors.js';
import { CELL_ROLES, clip, collapse, ICON_GLYPHS, INVISIBLE_CHARACTERS } from '../in-page/text.js';
import type { ContentNode, ContentReading, ContentRun } from '../types.js';
import { plainText } from './plain-text.js';
import type { ChromeLandmark, MarkdownView, MdBlock, MdCell, MdControl, MdDocument, MdInline, MdListItem, MdRow } from './types.js';

const MAX_VALUE = 300;
const MAX_NAME = 200;
const LANDMARKS = new Map<string, ChromeLandmark>([
  ['navigation', 'navigation'],
  ['banner', 'banner'],
  ['contentinfo', 'contentinfo'],
  ['complementary', 'complementary'],
  ['search', 'search'],
]);
/** Tags whose kept nodes sit in a line of text (a label, a span shown again, a link, an image): the marks (strong, em, code, del) are known by their roles instead. Not dom.ts INLINE_TAGS, which says what CSS lays out inline for names. */
const IN_LINE_TAGS = new Set(['a', 'abbr', 'b', 'bdi', 'bdo', 'big', 'cite', 'data', 'dfn', 'em', 'font', 'i', 'img', 'ins', 'label', 'mark', 'nobr', 'picture', 'q', 'small', 'span', 'sub', 'sup', 'time', 'u']);
/** Roles of inline marks (see the engine's content.ts). */
const MARKS = new Set(['strong', 'emphasis', 'deletion', 'code']);
const TABLE_ROLES = new Set(['table', 'grid', 'treegrid']);
/** Nodes that show nothing a reader reads (frames are read on their own). */
const UNREAD = new Set(['iframe', 'frame', 'video', 'audio', 'canvas', 'option']);

/** The view, the page's address (for links to a place on it), and whether the block is inside an article, where an aside is part of the text. */
interface Place {
  view: MarkdownView;
  url: string;
  inArticle: boolean;
}

interface Ctx {
  out: MdBlock[];
  /** The paragraph being gathered. */
  inl: MdInline[];
}

/** Parses what the engine's readDocument returned and arranges it for `view`; an EvaluationError when it is not a content reading. */
export function documentFromReading(json: unknown, view: MarkdownView): MdDocument {
  if (typeof json !== 'string') throw new EvaluationError('The page reader returned nothing; the page may have navigated while it ran. Try again.');
  let reading: unknown;
  try {
    reading = JSON.parse(json);
  } catch {
    throw new EvaluationError('The page reader returned text that is not JSON; the page may have replaced JSON in the sandbox. Try again.');
  }
  if (typeof reading !== 'object' || reading === null || !Array.isArray((reading as { content?: unknown }).content)) {
    throw new EvaluationError('The page reader returned something other than a reading of the page. Try again.');
  }
  const { url, title, content } = reading as Partial<ContentReading> & { content: ContentRun[] };
  const address = typeof url === 'string' ? url : '';
  return { url: address, title: typeof title === 'string' ? title : '', blocks: blocksOf(content, { view, url: address, inArticle: false }) };
}

// ------------------------------------------------------------------ inline content

/** Text with what draws nothing readable dropped: invisible characters and icon fonts' glyphs (joiners stay: emoji and scripts need them). */
function readable(text: string): string {
  return text.replace(INVISIBLE_CHARACTERS, '').replace(ICON_GLYPHS, '');
}

function pushText(out: MdInline[], data: string): void {
  const text = readable(data).replace(/\s+/g, ' ');
  if (!text) return;
  const last = out[out.length - 1];
  if (last?.k === 'text') last.v += text;
  else out.push({ k: 'text', v: text });
}

/** Is there anything a reader would see (more than spaces and line breaks)? */
function hasContent(list: readonly MdInline[]): boolean {
  return list.some((node) => (node.k === 'text' ? node.v.trim() !== '' : node.k === 'br' ? false : node.k === 'strong' || node.k === 'em' || node.k === 'del' ? hasContent(node.c) : true));
}

/** The words of content as they stand (a code block's lines), line breaks as `\n`. */
function rawText(runs: readonly ContentRun[] | undefined): string {
  let text = '';
  for (const run of runs ?? []) text += typeof run === 'string' ? run : run.tag === 'br' ? '\n' : rawText(run.content);
  return text;
}

/** The words of content on one line, blocks (an editor's paragraphs) kept apart. */
function wordsOf(runs: readonly ContentRun[] | undefined): string {
  let text = '';
  for (const run of runs ?? []) {
    if (typeof run === 'string') text += run;
    else if (isInline(run) || MARKS.has(run.role)) text += wordsOf(run.content);
    else text += ` ${wordsOf(run.content)} `;
  }
  return text;
}

function inlineOf(runs: readonly ContentRun[] | undefined, place: Place, inLink: boolean): MdInline[] {
  const out: MdInline[] = [];
  for (const run of runs ?? []) inlineRun(run, out, place, inLink);
  return out;
}

function inlineRun(run: ContentRun, out: MdInline[], place: Place, inLink: boolean): void {
  if (typeof run === 'string') {
    pushText(out, run);
    return;
  }
  const node = run;
  if (node.tag === 'br') {
    out.push({ k: 'br' });
    return;
  }
  if (node.role === 'break' || UNREAD.has(node.tag)) {
    pushText(out, ' ');
    return;
  }
  const control = controlOf(node, place);
  if (control !== undefined) {
    if (control) out.push(control);
    return;
  }
  switch (node.role) {
    case 'strong':
    case 'emphasis':
    case 'deletion': {
      const c = inlineOf(node.content, place, inLink);
      const k = node.role === 'strong' ? 'strong' : node.role === 'emphasis' ? 'em' : 'del';
      if (hasContent(c)) out.push({ k, c });
      else if (c.length > 0) pushText(out, ' ');
      return;
    }
    case 'code': {
      const text = collapse(readable(rawText(node.content)));
      if (text) out.push({ k: 'code', v: text });
      return;
    }
    case 'image':
      image(node, out);
      return;
    case 'link':
      if (!inLink && node.href) {
        link(node, out, place);
        return;
      }
      break;
  }
  // A block inside inline content (a card inside a link): its words kept apart.
  const block = !isInline(node);
  if (block) pushText(out, ' ');
  for (const child of node.content ?? []) inlineRun(child, out, place, inLink);
  if (block) pushText(out, ' ');
}

function link(node: ContentNode, out: MdInline[], place: Place): void {
  const href = node.href ?? '';
  const c = inlineOf(node.content, place, true);
  if (!hasContent(c)) {
    // A permalink drawn as an icon (a heading's anchor) is no part of the text to read.
    if (place.view === 'document' && permalink(href, place.url)) return;
    c.length = 0;
    if (node.name) c.push({ k: 'text', v: node.name });
  }
  const md: MdInline = { k: 'link', href, c };
  if (place.view === 'agent' && node.uid) md.uid = node.uid;
  out.push(md);
}

/** A link to a place on this same page. */
function permalink(href: string, url: string): boolean {
  const hash = href.indexOf('#');
  return hash >= 0 && href.slice(0, hash) === url.split('#')[0];
}

function image(node: ContentNode, out: MdInline[]): void {
  const [, , width, height] = node.box;
  // Tracking pixels.
  if (width <= 1 && height <= 1 && node.tag === 'img') return;
  if (node.src) out.push({ k: 'img', alt: clip(collapse(node.name ?? ''), MAX_NAME), src: node.src });
  else if (node.name) pushText(out, ` ${node.name} `);
}

function isInline(node: ContentNode): boolean {
  return IN_LINE_TAGS.has(node.tag) || node.role === 'link' || node.role === 'image' || node.tag === 'br';
}

/** Is the node a control here: what the snapshot lists as usable, except a link (a link in both views), a box of content, and in the document view a summary (a line of text). */
function isControl(node: ContentNode, place: Place): boolean {
  if (!node.interactive || node.holdsContent || node.editor || (node.role === 'link' && node.tag === 'a')) return false;
  return node.tag !== 'summary' || place.view === 'agent';
}

/** The node as a control: undefined when it is not one. */
function controlOf(node: ContentNode, place: Place): MdControl | null | undefined {
  if (!isControl(node, place)) return undefined;
  const control: MdControl = { k: 'control', role: node.role, tag: node.tag };
  if (node.name) control.name = clip(node.name, MAX_NAME);
  if (node.type !== undefined) control.type = node.type;
  // An editor's document is listed as blocks in the snapshot; on this one line, it is the value.
  const value = node.value ?? (node.role === 'textbox' ? wordsOf(node.content) : '');
  if (collapse(value)) control.value = clip(collapse(value), MAX_VALUE);
  if (node.checked) control.checked = node.checked;
  if (node.pressed) control.pressed = node.pressed;
  if (node.expanded !== undefined) control.expanded = node.expanded;
  if (node.selected) control.selected = true;
  if (node.disabled) control.disabled = true;
  if (node.required) control.required = true;
  if (place.view === 'agent' && node.uid) control.uid = node.uid;
  return control;
}

// ------------------------------------------------------------------ blocks

function flush(ctx: Ctx): void {
  const inl = ctx.inl;
  if (inl.length === 0) return;
  ctx.inl = [];
  if (!hasContent(inl)) return;
  // A paragraph that is one image and nothing else is an image block.
  const solid = inl.filter((node) => node.k !== 'br' && !(node.k === 'text' && !node.v.trim()));
  const only = solid.length === 1 ? solid[0] : undefined;
  if (only?.k === 'img') ctx.out.push({ k: 'image', alt: only.alt, src: only.src });
  else ctx.out.push({ k: 'paragraph', c: inl });
}

function blocksOf(runs: readonly ContentRun[] | undefined, place: Place): MdBlock[] {
  const ctx: Ctx = { out: [], inl: [] };
  for (const run of runs ?? []) blockRun(run, ctx, place);
  flush(ctx);
  return ctx.out;
}

function blockRun(run: ContentRun, ctx: Ctx, place: Place): void {
  if (typeof run === 'string' || isInline(run) || isControl(run, place) || MARKS.has(run.role)) {
    inlineRun(run, ctx.inl, place, false);
    return;
  }
  const node = run;
  flush(ctx);
  if (node.role === 'break' || UNREAD.has(node.tag)) return;
  if (node.editor && node.tag === 'textarea' && node.interactive) {
    // A code editor (its text area kept out of sight under its lines): the control, then its lines as code, indentation kept.
    const control = controlOf({ ...node, editor: false, content: [] }, place);
    if (control && place.view === 'agent') ctx.out.push({ k: 'paragraph', c: [control] });
    const lines = (node.content ?? []).flatMap((line) => (typeof line === 'string' ? [] : [rawText(line.content).replace(/\s+$/, '')]));
    if (lines.some((line) => line.trim())) ctx.out.push({ k: 'code', text: lines.join('\n') });
    return;
  }
  if ((node.holdsContent || node.editor) && node.interactive) {
    // A box of content the keyboard reaches (a scrolling code sample) or an editor: something to act on, then what it holds.
    const control = controlOf({ ...node, holdsContent: false, editor: false, content: [] }, place);
    if (control && place.view === 'agent') ctx.out.push({ k: 'paragraph', c: [control] });
    for (const block of blocksOf(node.content, place)) ctx.out.push(block);
    return;
  }
  const landmark = LANDMARKS.get(node.role);
  if (landmark && !(landmark === 'complementary' && place.inArticle)) {
    chrome(node, landmark, ctx, place);
    return;
  }
  const inner: Place = node.role === 'article' ? { ...place, inArticle: true } : place;
  if (node.role === 'heading') {
    const c = inlineOf(node.content, inner, false);
    if (!hasContent(c) && node.name) c.push({ k: 'text', v: node.name });
    if (hasContent(c)) ctx.out.push({ k: 'heading', level: Math.min(6, Math.max(1, Math.round(node.level ?? 2) || 2)), c });
    return;
  }
  if (node.role === 'list' && node.tag !== 'dl') {
    list(node, ctx, inner);
    return;
  }
  if (TABLE_ROLES.has(node.role)) {
    table(node, ctx, inner);
    return;
  }
  if (node.tag === 'pre') {
    code(node, ctx);
    return;
  }
  if (node.role === 'blockquote') {
    const c = blocksOf(node.content, inner);
    if (c.length > 0) ctx.out.push({ k: 'blockquote', c });
    return;
  }
  if (node.role === 'separator' && node.tag === 'hr') {
    ctx.out.push({ k: 'hr' });
    return;
  }
  if (node.role === 'term') {
    const c = inlineOf(node.content, inner, false);
    if (hasContent(c)) ctx.out.push({ k: 'paragraph', c: [{ k: 'strong', c }] });
    return;
  }
  // Every other block (div, p, section, figure, a summary, custom elements…): its content, set apart.
  for (const block of blocksOf(node.content, inner)) ctx.out.push(block);
}

function code(node: ContentNode, ctx: Ctx): void {
  const text = rawText(node.content).replace(/\r\n?/g, '\n').replace(/\u00a0/g, ' ').replace(/^\n+|\s+$/g, '');
  if (!text.trim()) return;
  const block: MdBlock = { k: 'code', text };
  if (node.lang) block.lang = node.lang;
  ctx.out.push(block);
}

function list(node: ContentNode, ctx: Ctx, place: Place): void {
  const items: MdListItem[] = [];
  let stray: Ctx | null = null;
  const closeStray = (): void => {
    if (!stray) return;
    flush(stray);
    if (stray.out.length > 0) items.push({ c: stray.out });
    stray = null;
  };
  for (const child of node.content ?? []) {
    if (typeof child !== 'string' && child.role === 'listitem') {
      closeStray();
      const item = listItem(child, place);
      if (item) items.push(item);
      continue;
    }
    const previous = items[items.length - 1];
    if (typeof child !== 'string' && child.role === 'list' && previous && !stray) {
      // A list put straight inside a list: it belongs to the item before it.
      const ctxOfPrevious: Ctx = { out: previous.c, inl: [] };
      blockRun(child, ctxOfPrevious, place);
      flush(ctxOfPrevious);
      continue;
    }
    stray ??= { out: [], inl: [] };
    blockRun(child, stray, place);
  }
  closeStray();
  if (items.length === 0) return;
  const block: MdBlock = { k: 'list', ordered: node.tag === 'ol', items };
  if (node.start !== undefined) block.start = node.start;
  ctx.out.push(block);
}

function listItem(node: ContentNode, place: Place): MdListItem | null {
  const c = blocksOf(node.content, place);
  const item: MdListItem = { c };
  // A task item: its first content is a checkbox.
  const first = c[0];
  if (first?.k === 'paragraph') {
    const index = first.c.findIndex((inline) => !(inline.k === 'text' && !inline.v.trim()));
    const box = first.c[index];
    if (box?.k === 'control' && box.role === 'checkbox' && box.tag === 'input') {
      first.c.splice(0, index + 1);
      item.task = box.checked === 'true';
      if (box.uid) item.taskUid = box.uid;
      // A wrapping label named the box: its text is the item's text.
      if (!hasContent(first.c)) {
        if (box.name) first.c = [{ k: 'text', v: box.name }];
        else c.shift();
      }
    }
  }
  if (c.length === 0 && item.task === undefined) return null;
  return item;
}

function cellOf(node: ContentNode, place: Place): MdCell {
  const cell: MdCell = { c: blocksOf(node.content, place) };
  if (cell.c.length === 0 && node.name) cell.c.push({ k: 'paragraph', c: [{ k: 'text', v: node.name }] });
  if (node.role === 'columnheader' || node.role === 'rowheader') cell.header = true;
  if (node.colspan) cell.colspan = node.colspan;
  if (node.rowspan) cell.rowspan = node.rowspan;
  return cell;
}

/** A table's rows (through row groups and wrappers) and caption. */
function table(node: ContentNode, ctx: Ctx, place: Place): void {
  const rows: MdRow[] = [];
  let caption: MdInline[] | undefined;
  const cellsOf = (runs: readonly ContentRun[] | undefined, cells: MdCell[]): void => {
    for (const run of runs ?? []) {
      if (typeof run === 'string') continue;
      if (CELL_ROLES.has(run.role)) cells.push(cellOf(run, place));
      else cellsOf(run.content, cells);
    }
  };
  const visitRows = (runs: readonly ContentRun[] | undefined): void => {
    for (const run of runs ?? []) {
      if (typeof run === 'string' || TABLE_ROLES.has(run.role)) continue;
      if (run.role === 'caption' && !caption) caption = inlineOf(run.content, place, false);
      else if (run.role === 'row') {
        const cells: MdCell[] = [];
        cellsOf(run.content, cells);
        if (cells.length === 0) continue;
        const row: MdRow = { cells };
        if (run.head || cells.every((cell) => cell.header)) row.header = true;
        rows.push(row);
      } else visitRows(run.content);
    }
  };
  visitRows(node.content);
  if (rows.length === 0 && !caption) return;
  const block: MdBlock = { k: 'table', rows };
  if (caption && hasContent(caption)) block.caption = caption;
  ctx.out.push(block);
}

/** Flattens gathered blocks into chrome items: links, controls and short texts, in order. */
function chromeItems(blocks: readonly MdBlock[], items: MdInline[], nested: MdBlock[]): void {
  const fromInline = (inline: readonly MdInline[]): void => {
    let run = '';
    const endRun = (): void => {
      const text = collapse(readable(run));
      if (text) items.push({ k: 'text', v: clip(text, MAX_NAME) });
      run = '';
    };
    for (const node of inline) {
      if (node.k === 'link' || node.k === 'control') {
        endRun();
        items.push(node);
      } else if (node.k === 'br') {
        endRun();
      } else if (node.k === 'img') {
        run += node.alt ? ` ${node.alt} ` : '';
      } else {
        const inner = node.k === 'strong' || node.k === 'em' || node.k === 'del' ? node.c : null;
        if (inner && inner.some((child) => child.k === 'link' || child.k === 'control')) {
          endRun();
          fromInline(inner);
        } else {
          run += plainText([node]);
        }
      }
    }
    endRun();
  };
  for (const block of blocks) {
    switch (block.k) {
      case 'chrome':
        nested.push(block);
        break;
      case 'heading':
      case 'paragraph':
        fromInline(block.c);
        break;
      case 'list':
        for (const item of block.items) chromeItems(item.c, items, nested);
        break;
      case 'table':
        for (const row of block.rows) for (const cell of row.cells) chromeItems(cell.c, items, nested);
        break;
      case 'blockquote':
        chromeItems(block.c, items, nested);
        break;
      case 'image':
        if (block.alt) items.push({ k: 'text', v: block.alt });
        break;
      case 'code':
      case 'hr':
        break;
    }
  }
}

function chrome(node: ContentNode, landmark: ChromeLandmark, ctx: Ctx, place: Place): void {
  const items: MdInline[] = [];
  const nested: MdBlock[] = [];
  // Inside a landmark, an aside is part of it.
  chromeItems(blocksOf(node.content, { ...place, inArticle: true }), items, nested);
  if (items.length > 0) {
    const block: MdBlock = { k: 'chrome', landmark, items };
    if (node.name) block.label = node.name;
    ctx.out.push(block);
  }
  for (const block of nested) ctx.out.push(block);
}
