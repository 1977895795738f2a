// Over 400 lines on purpose: one pure renderer from the Markdown tree to text, a case per block and
// inline kind, so both views (document and agent) escape and wrap the same way.
import { InvalidArgumentError } from '../../errors.js';
import { codeFence, escapeHidden, jsonString, setApartLine } from '../../util/text.js';
import { SILENT_TYPES } from '../in-page/text.js';
import { plainText } from './plain-text.js';
import type { ChromeLandmark, MarkdownView, MdBlock, MdCell, MdControl, MdDocument, MdInline, MdListItem, MdRow } from './types.js';

/**
 * Renders the page's Markdown tree (see from-reading.ts) as GitHub-flavoured Markdown. Pure and deterministic: the same
 * tree gives byte-identical output (no clock, no locale, no unordered iteration).
 *
 * Both views: ATX headings; one blank line between blocks and a final newline; whitespace
 * collapsed; line breaks as hard breaks (`\` at the line's end); text escaped where Markdown
 * would read syntax (`\*`, `\_` outside words, `\[`, `1\.` at a line's start…); emphasis as
 * `**` / `*` / `~~`; code spans and fences longer than any backtick run inside; bullet lists
 * with `-` and nested content indented to the item's text (2 spaces under `-`, 3 under `1.`);
 * task items `- [x]`; two adjacent lists of one kind kept apart by switching to `*` or `1)`;
 * GFM tables with the first row as header (pipes escaped, line breaks as `<br>`, spans placed
 * on the grid), flattened to blocks when the table is for layout (one column, block content in
 * a cell, or role=presentation); landmarks on one line each: `Navigation (Main): [Docs](…) · [Pricing](…)`,
 * `Header: …`, `Footer: …`, `Sidebar: …`, `Search: …`; the same block twice in a row said once.
 *
 * The `agent` view adds, and only it adds:
 * - links' uids right after the link: `[Docs](https://example.com/docs){uid=1_9}`;
 * - controls inline, in brackets: role, quoted name, type (when the role does not say it),
 *   value, states, uid — `[button "Sign in" uid=1_4]`, `[textbox "Email" type=email value="a@b.c" uid=1_7]`,
 *   `[checkbox "Remember" checked uid=1_9]`, `[combobox "Size" value="M" uid=1_3]`; states are
 *   checked / unchecked / checked=mixed, pressed / not-pressed, expanded / collapsed, selected, disabled, required;
 * - a task checkbox's uid after the box: `- [x] {uid=1_5} Buy milk`.
 * Only uids the page's registry vouches for appear; `refsCount` counts the distinct uids shown.
 * The `document` view has no uids and no controls. A password's value is never shown, only `••••••••`.
 *
 * Page text never poses as the structure of the answer around it (see text.ts): a line of text
 * or code that would start like an answer's heading, note, dialog sentence or uid line starts
 * with `\` (`\Note: …`, `\1_2 button "OK"`; a paragraph's `\## …` is Markdown's own escape),
 * hidden characters are written `\u202e`, and answers ask for the page's headings at levels 3–6
 * (`firstHeadingLevel: 3`), below the answer's own `#` and `##`.
 */

export interface RenderOptions {
  view: MarkdownView;
  /** The level an h1 is written at, each lower heading one deeper, at most 6 (default 1; answers use 3). */
  firstHeadingLevel?: number;
}

export interface RenderedMarkdown {
  markdown: string;
  /** Distinct uids in the output (always 0 in the document view). */
  refsCount: number;
}

export const MARKDOWN_VIEWS: readonly MarkdownView[] = ['document', 'agent'];

/** Checks a view name from outside (a tool argument): `document` or `agent`. */
export function parseMarkdownView(view: unknown): MarkdownView {
  if (view === 'document' || view === 'agent') return view;
  throw new InvalidArgumentError(`view must be "document" (clean reading text) or "agent" (with uids and controls); got ${typeof view === 'string' ? JSON.stringify(view) : String(view)}.`);
}

const CHROME_NAMES: Record<ChromeLandmark, string> = {
  navigation: 'Navigation',
  banner: 'Header',
  contentinfo: 'Footer',
  complementary: 'Sidebar',
  search: 'Search',
};
/** Input types the role already says (as in the snapshot text). */
const CHROME_SEPARATORS = /^[\s·•|/,;–—-]+|[\s·•|/,;–—-]+$/g;
const PASSWORD_MASK = '••••••••';
const HARD_BREAK = '\\\n';

// ---------------------------------------------------------------- escaping

/** Collapses runs of whitespace to one space, keeping a single space at either end. */
function squeeze(text: string): string {
  return text.replace(/\s+/g, ' ');
}

const ALNUM = /[\p{L}\p{N}]/u;

/** Escapes what Markdown would read as syntax inside a line of text. */
export function escapeText(text: string): string {
  return text.replace(/[\\`*[\]~]|_|<(?=[A-Za-z/!?])|&(?=#?[A-Za-z0-9]+;)/g, (match, offset: number) => {
    if (match === '_') {
      // Inside a word (snake_case) an underscore is no emphasis.
      const before = text[offset - 1];
      const after = text[offset + 1];
      return before !== undefined && after !== undefined && ALNUM.test(before) && ALNUM.test(after) ? '_' : '\\_';
    }
    return `\\${match}`;
  });
}

/** Escapes what would start a block at the beginning of a line (#, >, -, +, =, 1. and 1)), and sets apart what would start like the answer's own lines. */
function escapeLineStart(line: string): string {
  if (/^(?:#{1,6}(?:\s|$)|>|[-+](?:\s|$)|-+\s*$|=+\s*$)/.test(line)) return `\\${line}`;
  return setApartLine(line.replace(/^(\d{1,9})([.)])(?=\s|$)/, '$1\\$2'));
}

/** A link or image destination: spaces, parentheses and angle brackets percent-encoded. */
function destination(url: string): string {
  return shortenDataUrl(url).replace(/[\s()<>\p{Cc}]/gu, (ch) => (ch === '(' ? '%28' : ch === ')' ? '%29' : encodeURIComponent(ch)));
}

function shortenDataUrl(url: string): string {
  if (!url.startsWith('data:') || url.length <= 100) return url;
  if (url.endsWith('…') && url.length <= 101) return url;
  const comma = url.indexOf(',');
  return `${url.slice(0, comma > 0 && comma < 100 ? comma + 1 : 40)}…`;
}

function escapeAlt(alt: string): string {
  return squeeze(alt).trim().replace(/[\\[\]]/g, '\\$&');
}

/** An inline code span with a delimiter longer than any backtick run inside. */
function codeSpan(text: string): string {
  const content = squeeze(text).trim();
  if (!content) return '';
  const longest = Math.max(0, ...(content.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = content.startsWith('`') || content.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${content}${pad}${fence}`;
}

function quote(text: string): string {
  return jsonString(text);
}

// ---------------------------------------------------------------- the renderer

interface InlineState {
  strong: boolean;
  em: boolean;
  del: boolean;
  link: boolean;
}

const NO_STATE: InlineState = { strong: false, em: false, del: false, link: false };

class Renderer {
  readonly #agent: boolean;
  readonly #uids = new Set<string>();
  readonly #headingShift: number;

  constructor(view: MarkdownView, firstHeadingLevel = 1) {
    this.#agent = view === 'agent';
    this.#headingShift = Math.min(5, Math.max(0, Math.round(firstHeadingLevel) - 1 || 0));
  }

  get refsCount(): number {
    return this.#uids.size;
  }

  #uid(uid: string | undefined): string | undefined {
    if (!this.#agent || !uid) return undefined;
    this.#uids.add(uid);
    return uid;
  }

  // ------------------------------------------------------------ inline

  /** Inline content as text with `\n` for line breaks; spaces not yet squeezed. */
  inline(nodes: readonly MdInline[], state: InlineState = NO_STATE): string {
    let out = '';
    let afterControl = false;
    for (const node of nodes) {
      const piece = this.#inlineOne(node, state);
      if (!piece) continue;
      // A control's brackets right before ( or [ could read as a link: keep them apart.
      if (afterControl && /^[[(]/.test(piece)) out += ' ';
      // Text ending in ! right before a link would make it an image.
      else if (piece.startsWith('[') && out.endsWith('!')) out = `${out.slice(0, -1)}\\!`;
      out += piece;
      afterControl = node.k === 'control';
    }
    return out;
  }

  #inlineOne(node: MdInline, state: InlineState): string {
    switch (node.k) {
      case 'text':
        return escapeText(squeeze(node.v));
      case 'strong':
        return state.strong ? this.inline(node.c, state) : wrap(this.inline(node.c, { ...state, strong: true }), '**');
      case 'em':
        return state.em ? this.inline(node.c, state) : wrap(this.inline(node.c, { ...state, em: true }), '*');
      case 'del':
        return state.del ? this.inline(node.c, state) : wrap(this.inline(node.c, { ...state, del: true }), '~~');
      case 'code':
        return codeSpan(node.v);
      case 'link':
        return state.link ? this.inline(node.c, state) : this.#link(node, state);
      case 'img':
        return node.src ? `![${escapeAlt(node.alt)}](${destination(node.src)})` : '';
      case 'br':
        return state.link ? ' ' : '\n';
      case 'control':
        return this.#agent ? this.control(node) : '';
    }
  }

  #link(node: Extract<MdInline, { k: 'link' }>, state: InlineState): string {
    let text = squeeze(this.inline(node.c, { ...state, link: true })).trim();
    const scripted = /^\s*javascript:/i.test(node.href);
    const uid = this.#uid(node.uid);
    if (scripted) {
      // Not a place to go: in the agent view it is something to click, in the document view its words.
      if (uid) return `[link${text ? ` ${quote(squeeze(plainText(node.c)).trim())}` : ''} uid=${uid}]`;
      return text;
    }
    if (!text) text = escapeText(node.href);
    return `[${text}](${destination(node.href)})${uid ? `{uid=${uid}}` : ''}`;
  }

  /** A control in the agent view: `[role "name" type=… value="…" states… uid=…]`. */
  control(node: MdControl): string {
    // As in the snapshot, an element with no role of its own is called by its tag.
    const parts = [node.role === 'generic' ? node.tag : node.role];
    if (node.name) parts.push(quote(squeeze(node.name).trim()));
    if (node.type && !SILENT_TYPES.has(node.type)) parts.push(`type=${node.type}`);
    if (node.value !== undefined && node.value !== '') parts.push(`value=${quote(node.type === 'password' ? PASSWORD_MASK : squeeze(node.value).trim())}`);
    if (node.checked !== undefined) parts.push(node.checked === 'true' ? 'checked' : node.checked === 'mixed' ? 'checked=mixed' : 'unchecked');
    if (node.pressed !== undefined) parts.push(node.pressed === 'true' ? 'pressed' : node.pressed === 'mixed' ? 'pressed=mixed' : 'not-pressed');
    if (node.expanded !== undefined) parts.push(node.expanded ? 'expanded' : 'collapsed');
    if (node.selected) parts.push('selected');
    if (node.disabled) parts.push('disabled');
    if (node.required) parts.push('required');
    const uid = this.#uid(node.uid);
    if (uid) parts.push(`uid=${uid}`);
    return `[${parts.join(' ')}]`;
  }

  /** A paragraph's lines (split at line breaks), each squeezed, trimmed and made safe at its start. */
  lines(nodes: readonly MdInline[]): string[] {
    return this.inline(nodes)
      .split('\n')
      .map((line) => escapeLineStart(squeeze(line).trim()))
      .filter((line) => line !== '');
  }

  /** Inline content on one line that starts after other syntax (a heading's #, a table's |): breaks become spaces. */
  line(nodes: readonly MdInline[]): string {
    return squeeze(this.inline(nodes).replace(/\n/g, ' ')).trim();
  }

  // ------------------------------------------------------------ blocks

  blocks(blocks: readonly MdBlock[]): string {
    const out: string[] = [];
    let previous: MdBlock | undefined;
    let alternate = false;
    for (const block of blocks) {
      // Two lists of the same kind one after the other would merge: the second takes the other marker.
      if (block.k === 'list') alternate = previous?.k === 'list' && previous.ordered === block.ordered ? !alternate : false;
      const text = this.block(block, alternate);
      if (!text) continue;
      // The same block twice in a row (a menu drawn for two screen sizes) is said once; headings
      // of different levels that read alike once shifted (h5 and h6 at level 6) both stay.
      const sameHeading = block.k !== 'heading' || (previous?.k === 'heading' && previous.level === block.level);
      if (text === out[out.length - 1] && block.k !== 'hr' && sameHeading) continue;
      out.push(text);
      previous = block;
    }
    return out.join('\n\n');
  }

  block(block: MdBlock, alternate = false): string {
    switch (block.k) {
      case 'heading': {
        const text = this.line(block.c).replace(/(^|\s)(#+)$/, '$1\\$2');
        return text ? `${'#'.repeat(Math.min(6, Math.max(1, Math.round(block.level) || 1) + this.#headingShift))} ${text}` : '';
      }
      case 'paragraph':
        return this.lines(block.c).join(HARD_BREAK);
      case 'image':
        return block.src ? `![${escapeAlt(block.alt)}](${destination(block.src)})` : '';
      case 'hr':
        return '---';
      case 'code': {
        const text = block.text.replace(/\r\n?/g, '\n').replace(/^\n+|\s+$/g, '');
        if (!text.trim()) return '';
        const fence = codeFence(text);
        const lang = (block.lang ?? '').replace(/[^\w#+.-]/g, '');
        return `${fence}${lang}\n${text.split('\n').map(setApartLine).join('\n')}\n${fence}`;
      }
      case 'blockquote': {
        const inner = this.blocks(block.c);
        return inner ? inner.split('\n').map((line) => (line ? `> ${line}` : '>')).join('\n') : '';
      }
      case 'list':
        return this.list(block, alternate);
      case 'table':
        return this.table(block);
      case 'chrome':
        return this.chrome(block);
    }
  }

  list(block: Extract<MdBlock, { k: 'list' }>, alternate: boolean): string {
    const out: string[] = [];
    for (const item of block.items) {
      const body = this.item(item);
      if (body === null) continue;
      const marker = block.ordered ? `${(block.start ?? 1) + out.length}${alternate ? ')' : '.'}` : alternate ? '*' : '-';
      const indent = ' '.repeat(marker.length + 1);
      const lines = body.split('\n');
      out.push([`${marker}${lines[0] ? ` ${lines[0]}` : ''}`, ...lines.slice(1).map((line) => (line ? indent + line : ''))].join('\n'));
    }
    return out.join('\n');
  }

  /** An item's content, unindented; null when it has nothing to say. */
  item(item: MdListItem): string | null {
    const parts: string[] = [];
    let previous: MdBlock | undefined;
    let alternate = false;
    for (const block of item.c) {
      if (block.k === 'list') alternate = previous?.k === 'list' && previous.ordered === block.ordered ? !alternate : false;
      const text = this.block(block, alternate);
      if (!text) continue;
      if (parts.length > 0) {
        // A nested list right under the item's text stays tight, when it can interrupt a paragraph.
        const tight = block.k === 'list' && previous?.k === 'paragraph' && (!block.ordered || (block.start ?? 1) === 1);
        parts.push(tight ? '\n' : '\n\n');
      }
      parts.push(text);
      previous = block;
    }
    let body = parts.join('');
    if (item.task !== undefined) {
      const uid = this.#uid(item.taskUid);
      const box = `[${item.task ? 'x' : ' '}]${uid ? ` {uid=${uid}}` : ''}`;
      body = body ? `${box} ${body}` : box;
    }
    return body ? body : null;
  }

  chrome(block: Extract<MdBlock, { k: 'chrome' }>): string {
    const items: string[] = [];
    for (const item of block.items) {
      // The page's own separators (·, |, /) would double ours.
      const text = item.k === 'text' ? this.line([{ k: 'text', v: item.v.replace(CHROME_SEPARATORS, '') }]) : this.line([item]);
      if (text && text !== items[items.length - 1]) items.push(text);
    }
    if (items.length === 0) return '';
    const label = block.label ? `${CHROME_NAMES[block.landmark]} (${escapeText(squeeze(block.label).trim())})` : CHROME_NAMES[block.landmark];
    return `${label}: ${items.join(' · ')}`;
  }

  // ------------------------------------------------------------ tables

  table(block: Extract<MdBlock, { k: 'table' }>): string {
    const grid = placeCells(block.rows);
    const columns = Math.max(0, ...grid.map((row) => row.length));
    const layout = block.layout === true || columns <= 1 || block.rows.some((row) => row.cells.some((cell) => !simpleCell(cell)));
    const caption = block.caption ? this.lines(block.caption).join(HARD_BREAK) : '';
    if (layout) {
      // A table used for layout: its cells' content, in reading order, as blocks.
      const content: MdBlock[] = [];
      if (block.caption) content.push({ k: 'paragraph', c: block.caption });
      for (const row of block.rows) for (const cell of row.cells) content.push(...cell.c);
      return this.blocks(content);
    }
    const rows = grid.map((row) => {
      const cells = row.map((cell) => (cell ? this.cell(cell) : ''));
      while (cells.length < columns) cells.push('');
      return cells;
    });
    const kept = rows.filter((row) => row.some((cell) => cell !== ''));
    const [header, ...body] = kept;
    if (!header) return caption;
    const line = (cells: string[]): string => `| ${cells.join(' | ')} |`;
    const table = [line(header), line(header.map(() => '---')), ...body.map(line)].join('\n');
    return caption ? `${caption}\n\n${table}` : table;
  }

  /** A simple cell's content on one line: line breaks as <br>, pipes escaped. */
  cell(cell: MdCell): string {
    const block = cell.c[0];
    if (!block) return '';
    const text =
      block.k === 'paragraph'
        ? this.inline(block.c)
            .split('\n')
            .map((line) => squeeze(line).trim())
            .filter(Boolean)
            .join('<br>')
        : this.block(block);
    return text.replace(/\|/g, '\\|');
  }
}

/** Can the cell sit in a GFM table: empty, or one paragraph or image? */
function simpleCell(cell: MdCell): boolean {
  if (cell.c.length > 1) return false;
  const block = cell.c[0];
  return !block || block.k === 'paragraph' || block.k === 'image';
}

/** Places cells on a grid, honouring colspan and rowspan: a spanned slot stays empty. */
function placeCells(rows: readonly MdRow[]): (MdCell | null)[][] {
  const grid: (MdCell | null)[][] = [];
  const taken: boolean[][] = [];
  rows.forEach((row, r) => {
    const slots = (grid[r] ??= []);
    const blocked = (taken[r] ??= []);
    let column = 0;
    for (const cell of row.cells) {
      while (blocked[column]) column++;
      const colspan = Math.max(1, Math.min(100, Math.floor(cell.colspan ?? 1)));
      const rowspan = Math.max(1, Math.min(rows.length - r, Math.floor(cell.rowspan ?? 1)));
      slots[column] = cell;
      for (let dr = 0; dr < rowspan; dr++) {
        const line = (taken[r + dr] ??= []);
        const target = (grid[r + dr] ??= []);
        for (let dc = 0; dc < colspan; dc++) {
          line[column + dc] = true;
          if (dr > 0 || dc > 0) target[column + dc] = null;
        }
      }
      column += colspan;
    }
  });
  // Holes left by short rows are empty cells.
  return grid.map((row) => Array.from(row, (cell) => cell ?? null));
}

/** Puts a delimiter around the words, with the spaces outside it, line by line. */
function wrap(text: string, delimiter: string): string {
  return text
    .split('\n')
    .map((part) => {
      const core = part.trim();
      if (!core) return part ? ' ' : '';
      const lead = /^\s/.test(part) ? ' ' : '';
      const trail = /\s$/.test(part) ? ' ' : '';
      return `${lead}${delimiter}${core}${delimiter}${trail}`;
    })
    .join('\n');
}

/** Renders the page as Markdown in the given view; the same document always gives the same bytes. */
export function renderMarkdown(doc: MdDocument, options: RenderOptions): RenderedMarkdown {
  const view = parseMarkdownView(options.view);
  const renderer = new Renderer(view, options.firstHeadingLevel);
  // Nothing of the Markdown syntax is hidden: every hidden character is the page's, shown escaped.
  const body = escapeHidden(renderer.blocks(doc.blocks));
  return { markdown: body ? `${body}\n` : '', refsCount: renderer.refsCount };
}
