import { InvalidArgumentError } from '../../errors.js';
import { codeFence, escapeHidden } from '../../util/text.js';
import { InlineRenderer } from './render-inline.js';
import { renderTable } from './render-table.js';
import { destination, escapeAlt, escapeText, HARD_BREAK, squeeze } from './syntax.js';
import type { ChromeLandmark, MarkdownView, MdBlock, MdDocument, MdListItem } from './types.js';

/**
 * Renders the page's Markdown tree (see from-reading.ts) as GitHub-flavoured Markdown. Pure and deterministic: the same
 * tree gives byte-identical output (no clock, no locale, no unordered iteration). This module writes the
 * blocks; render-inline.ts the inline content and controls, render-table.ts the tables, syntax.ts the escaping.
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
 * Page text never poses as the text around it (util/set-apart.ts): a line of text or code that
 * would start like one of its lines (`setApart`: the client's uid lines, a caller's headings or
 * notes) starts with `\` (`\1_2 button "OK"`; a paragraph's `\## …` is Markdown's own escape),
 * hidden characters are written `\u202e`, and a caller whose text has headings of its own can
 * ask for the page's from a lower level (`firstHeadingLevel: 3` gives levels 3–6).
 */

export interface RenderOptions {
  view: MarkdownView;
  /** The level an h1 is written at, each lower heading one deeper, at most 6 (default 1; answers use 3). */
  firstHeadingLevel?: number;
  /**
   * Sets apart a line of page text (of a paragraph, of code) that would start like a line of the text around the
   * Markdown: a PageTextRule's setApartLine (util/set-apart.ts).
   */
  setApart: (line: string) => string;
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
  throw new InvalidArgumentError(
    `view must be "document" (clean reading text) or "agent" (with uids and controls); got ${typeof view === 'string' ? JSON.stringify(view) : String(view)}.`,
  );
}

const CHROME_NAMES: Record<ChromeLandmark, string> = {
  navigation: 'Navigation',
  banner: 'Header',
  contentinfo: 'Footer',
  complementary: 'Sidebar',
  search: 'Search',
};
/** The page's own separators at either end of a chrome text (·, |, /…). */
const CHROME_SEPARATORS = /^[\s·•|/,;–—-]+|[\s·•|/,;–—-]+$/g;

/**
 * The block half of the renderer: headings, paragraphs, lists, quotes, code, rules, tables and chrome lines, one blank
 * line apart.
 */
class BlockRenderer extends InlineRenderer {
  readonly #headingShift: number;

  constructor(view: MarkdownView, setApart: (line: string) => string, firstHeadingLevel = 1) {
    super(view, setApart);
    this.#headingShift = Math.min(5, Math.max(0, Math.round(firstHeadingLevel) - 1 || 0));
  }

  blocks(blocks: readonly MdBlock[]): string {
    const out: string[] = [];
    let previous: MdBlock | undefined;
    let alternate = false;
    for (const block of blocks) {
      // Two lists of the same kind one after the other would merge: the second takes the other marker.
      if (block.k === 'list')
        alternate = previous?.k === 'list' && previous.ordered === block.ordered ? !alternate : false;
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
        return text
          ? `${'#'.repeat(Math.min(6, Math.max(1, Math.round(block.level) || 1) + this.#headingShift))} ${text}`
          : '';
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
        return `${fence}${lang}\n${text.split('\n').map(this.setApart).join('\n')}\n${fence}`;
      }
      case 'blockquote': {
        const inner = this.blocks(block.c);
        return inner
          ? inner
              .split('\n')
              .map((line) => (line ? `> ${line}` : '>'))
              .join('\n')
          : '';
      }
      case 'list':
        return this.list(block, alternate);
      case 'table':
        return renderTable(block, this);
      case 'chrome':
        return this.chrome(block);
    }
  }

  list(block: Extract<MdBlock, { k: 'list' }>, alternate: boolean): string {
    const out: string[] = [];
    for (const item of block.items) {
      const body = this.item(item);
      if (body === null) continue;
      const marker = block.ordered
        ? `${(block.start ?? 1) + out.length}${alternate ? ')' : '.'}`
        : alternate
          ? '*'
          : '-';
      const indent = ' '.repeat(marker.length + 1);
      const lines = body.split('\n');
      out.push(
        [
          `${marker}${lines[0] ? ` ${lines[0]}` : ''}`,
          ...lines.slice(1).map((line) => (line ? indent + line : '')),
        ].join('\n'),
      );
    }
    return out.join('\n');
  }

  /** An item's content, unindented; null when it has nothing to say. */
  item(item: MdListItem): string | null {
    const parts: string[] = [];
    let previous: MdBlock | undefined;
    let alternate = false;
    for (const block of item.c) {
      if (block.k === 'list')
        alternate = previous?.k === 'list' && previous.ordered === block.ordered ? !alternate : false;
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
      const uid = this.shownUid(item.taskUid);
      const box = `[${item.task ? 'x' : ' '}]${uid ? ` {uid=${uid}}` : ''}`;
      body = body ? `${box} ${body}` : box;
    }
    return body ? body : null;
  }

  chrome(block: Extract<MdBlock, { k: 'chrome' }>): string {
    const items: string[] = [];
    for (const item of block.items) {
      // The page's own separators (·, |, /) would double ours.
      const text =
        item.k === 'text' ? this.line([{ k: 'text', v: item.v.replace(CHROME_SEPARATORS, '') }]) : this.line([item]);
      if (text && text !== items[items.length - 1]) items.push(text);
    }
    if (items.length === 0) return '';
    const label = block.label
      ? `${CHROME_NAMES[block.landmark]} (${escapeText(squeeze(block.label).trim())})`
      : CHROME_NAMES[block.landmark];
    return `${label}: ${items.join(' · ')}`;
  }
}

/** Renders the page as Markdown in the given view; the same document always gives the same bytes. */
export function renderMarkdown(doc: MdDocument, options: RenderOptions): RenderedMarkdown {
  const view = parseMarkdownView(options.view);
  const renderer = new BlockRenderer(view, options.setApart, options.firstHeadingLevel);
  // Nothing of the Markdown syntax is hidden: every hidden character is the page's, shown escaped.
  const body = escapeHidden(renderer.blocks(doc.blocks));
  return { markdown: body ? `${body}\n` : '', refsCount: renderer.refsCount };
}
