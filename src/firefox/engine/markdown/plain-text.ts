import type { MdInline } from './types.js';

/**
 * The words of inline content, marks undone: image alts and controls' names included, each set apart by spaces (squeeze
 * the result).
 */
export function plainText(nodes: readonly MdInline[]): string {
  let text = '';
  for (const node of nodes) {
    if (node.k === 'text' || node.k === 'code') text += node.v;
    else if (node.k === 'strong' || node.k === 'em' || node.k === 'del' || node.k === 'link') text += plainText(node.c);
    else if (node.k === 'img') text += ` ${node.alt} `;
    else if (node.k === 'control') text += ` ${node.name ?? ''} `;
    else text += ' ';
  }
  return text;
}
