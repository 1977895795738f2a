/**
 * Landmarks condensed: what a page's navigation, header, footer, sidebar or search holds, once
 * arranged into blocks, becomes one chrome block of its links, controls and short texts, so the
 * page's furniture takes a line each and its content keeps the rest. Pure.
 */
import { clip, collapse } from '../in-page/text.js';
import { plainText } from './plain-text.js';
import { MAX_NAME, readable } from './reading-inline.js';
import type { ChromeLandmark, MdBlock, MdInline } from './types.js';

const LANDMARKS = new Map<string, ChromeLandmark>([
  ['navigation', 'navigation'],
  ['banner', 'banner'],
  ['contentinfo', 'contentinfo'],
  ['complementary', 'complementary'],
  ['search', 'search'],
]);

/** The chrome landmark a role stands for, if any. */
export function landmarkOf(role: string): ChromeLandmark | undefined {
  return LANDMARKS.get(role);
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

/**
 * A landmark's blocks condensed: its chrome block (none when it holds nothing to list), then the landmarks found inside
 * it, each its own.
 */
export function condensed(landmark: ChromeLandmark, label: string | undefined, blocks: readonly MdBlock[]): MdBlock[] {
  const items: MdInline[] = [];
  const nested: MdBlock[] = [];
  chromeItems(blocks, items, nested);
  const out: MdBlock[] = [];
  if (items.length > 0) {
    const block: MdBlock = { k: 'chrome', landmark, items };
    if (label) block.label = label;
    out.push(block);
  }
  out.push(...nested);
  return out;
}
