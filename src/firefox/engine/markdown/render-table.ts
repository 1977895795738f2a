/**
 * Tables as GFM tables: cells placed on a grid by their spans, the first row as header, a cell's
 * line breaks as `<br>` and its pipes escaped; a table used for layout (one column, block content
 * in a cell, or role=presentation) is read as the blocks in its cells instead. Pure.
 */
import { HARD_BREAK, squeeze } from './syntax.js';
import type { MdBlock, MdCell, MdInline, MdRow } from './types.js';

/**
 * What a table needs of the renderer: blocks for a layout table and for a cell that is no paragraph, inline text for
 * the rest.
 */
export interface TableWriter {
  blocks(blocks: readonly MdBlock[]): string;
  block(block: MdBlock): string;
  lines(nodes: readonly MdInline[]): string[];
  inline(nodes: readonly MdInline[]): string;
}

/** A table block as text: a GFM table under its caption, or a layout table's content. */
export function renderTable(block: Extract<MdBlock, { k: 'table' }>, writer: TableWriter): string {
  const grid = placeCells(block.rows);
  const columns = Math.max(0, ...grid.map((row) => row.length));
  const layout =
    block.layout === true || columns <= 1 || block.rows.some((row) => row.cells.some((cell) => !simpleCell(cell)));
  const caption = block.caption ? writer.lines(block.caption).join(HARD_BREAK) : '';
  if (layout) {
    // A table used for layout: its cells' content, in reading order, as blocks.
    const content: MdBlock[] = [];
    if (block.caption) content.push({ k: 'paragraph', c: block.caption });
    for (const row of block.rows) for (const cell of row.cells) content.push(...cell.c);
    return writer.blocks(content);
  }
  const rows = grid.map((row) => {
    const cells = row.map((cell) => (cell ? cellText(cell, writer) : ''));
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
function cellText(cell: MdCell, writer: TableWriter): string {
  const block = cell.c[0];
  if (!block) return '';
  const text =
    block.k === 'paragraph'
      ? writer
          .inline(block.c)
          .split('\n')
          .map((line) => squeeze(line).trim())
          .filter(Boolean)
          .join('<br>')
      : writer.block(block);
  return text.replace(/\|/g, '\\|');
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
