/**
 * The Markdown tree of a page, built from the snapshot walk's content reading (the engine's
 * `readDocument`): one walk decides what shows, what is a control, what names it; this module
 * only arranges what it kept into blocks (headings, paragraphs, lists, tables, code, quotes,
 * images, rules) around the inline runs reading-inline.ts makes, and hands landmarks to
 * reading-chrome.ts to condense to their links. Pure: no page, no clock.
 */
import { EvaluationError } from '../../errors.js';
import { CELL_ROLES } from '../in-page/text.js';
import type { ContentNode, ContentReading, ContentRun } from '../types.js';
import { condensed, landmarkOf } from './reading-chrome.js';
import {
  controlOf,
  hasContent,
  inlineOf,
  inlineRun,
  isControl,
  isInline,
  MARKS,
  rawText,
  UNREAD,
  type Place,
} from './reading-inline.js';
import type { MarkdownView, MdBlock, MdCell, MdDocument, MdInline, MdListItem, MdRow } from './types.js';

const TABLE_ROLES = new Set(['table', 'grid', 'treegrid']);

/** The blocks gathered so far, and the paragraph being gathered. */
interface Ctx {
  out: MdBlock[];
  inl: MdInline[];
}

/**
 * Parses what the engine's readDocument returned and arranges it for `view`; an EvaluationError when it is not a
 * content reading.
 */
export function documentFromReading(json: unknown, view: MarkdownView): MdDocument {
  if (typeof json !== 'string')
    throw new EvaluationError('The page reader returned nothing; the page may have navigated while it ran. Try again.');
  let reading: unknown;
  try {
    reading = JSON.parse(json);
  } catch {
    throw new EvaluationError(
      'The page reader returned text that is not JSON; the page may have replaced JSON in the sandbox. Try again.',
    );
  }
  if (typeof reading !== 'object' || reading === null || !Array.isArray((reading as { content?: unknown }).content)) {
    throw new EvaluationError('The page reader returned something other than a reading of the page. Try again.');
  }
  const { url, title, content } = reading as Partial<ContentReading> & { content: ContentRun[] };
  const address = typeof url === 'string' ? url : '';
  return {
    url: address,
    title: typeof title === 'string' ? title : '',
    blocks: blocksOf(content, { view, url: address, inArticle: false }),
  };
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
    // A code editor (its text area kept out of sight under its lines): the control, then its lines as code, indentation
    // kept.
    const control = controlOf({ ...node, editor: false, content: [] }, place);
    if (control && place.view === 'agent') ctx.out.push({ k: 'paragraph', c: [control] });
    const lines = (node.content ?? []).flatMap((line) =>
      typeof line === 'string' ? [] : [rawText(line.content).replace(/\s+$/, '')],
    );
    if (lines.some((line) => line.trim())) ctx.out.push({ k: 'code', text: lines.join('\n') });
    return;
  }
  if ((node.holdsContent || node.editor) && node.interactive) {
    // A box of content the keyboard reaches (a scrolling code sample) or an editor: something to act on, then what it
    // holds.
    const control = controlOf({ ...node, holdsContent: false, editor: false, content: [] }, place);
    if (control && place.view === 'agent') ctx.out.push({ k: 'paragraph', c: [control] });
    // A code block the keyboard reaches (a highlighter's <pre tabindex="0">) is still a code block.
    if (node.tag === 'pre') code(node, ctx);
    else for (const block of blocksOf(node.content, place)) ctx.out.push(block);
    return;
  }
  const landmark = landmarkOf(node.role);
  if (landmark && !(landmark === 'complementary' && place.inArticle)) {
    // Inside a landmark, an aside is part of it.
    for (const block of condensed(landmark, node.name, blocksOf(node.content, { ...place, inArticle: true })))
      ctx.out.push(block);
    return;
  }
  const inner: Place = node.role === 'article' ? { ...place, inArticle: true } : place;
  if (node.role === 'heading') {
    const c = inlineOf(node.content, inner, false);
    if (!hasContent(c) && node.name) c.push({ k: 'text', v: node.name });
    if (hasContent(c))
      ctx.out.push({ k: 'heading', level: Math.min(6, Math.max(1, Math.round(node.level ?? 2) || 2)), c });
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
  const text = rawText(node.content)
    .replace(/\r\n?/g, '\n')
    .replace(/\u00a0/g, ' ')
    .replace(/^\n+|\s+$/g, '');
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
