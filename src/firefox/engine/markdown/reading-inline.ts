/**
 * The inline runs of a content reading as the Markdown tree's inline nodes: text with what draws
 * nothing dropped, marks (strong, em, del, code), links, images, line breaks, and the controls the
 * agent view shows in place. from-reading.ts arranges the blocks around them. Pure: no page.
 */
import { clip, collapse, ICON_GLYPHS, INVISIBLE_CHARACTERS } from '../in-page/text.js';
import type { ContentNode, ContentRun } from '../types.js';
import type { MarkdownView, MdControl, MdInline } from './types.js';

const MAX_VALUE = 300;
/** The longest name, alt or chrome text kept. */
export const MAX_NAME = 200;
/**
 * Tags whose kept nodes sit in a line of text (a label, a span shown again, a link, an image): the marks (strong, em,
 * code, del) are known by their roles instead. Not dom.ts INLINE_TAGS, which says what CSS lays out inline for names.
 */
const IN_LINE_TAGS = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'big',
  'cite',
  'data',
  'dfn',
  'em',
  'font',
  'i',
  'img',
  'ins',
  'label',
  'mark',
  'nobr',
  'picture',
  'q',
  'small',
  'span',
  'sub',
  'sup',
  'time',
  'u',
]);
/** Roles of inline marks (see the engine's content.ts). */
export const MARKS = new Set(['strong', 'emphasis', 'deletion', 'code']);
/** Nodes that show nothing a reader reads (frames are read on their own). */
export const UNREAD = new Set(['iframe', 'frame', 'video', 'audio', 'canvas', 'option']);

/**
 * The view, the page's address (for links to a place on it), and whether the block is inside an article, where an aside
 * is part of the text.
 */
export interface Place {
  view: MarkdownView;
  url: string;
  inArticle: boolean;
}

/**
 * Text with what draws nothing readable dropped: invisible characters and icon fonts' glyphs (joiners stay: emoji and
 * scripts need them).
 */
export function readable(text: string): string {
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
export function hasContent(list: readonly MdInline[]): boolean {
  return list.some((node) =>
    node.k === 'text'
      ? node.v.trim() !== ''
      : node.k === 'br'
        ? false
        : node.k === 'strong' || node.k === 'em' || node.k === 'del'
          ? hasContent(node.c)
          : true,
  );
}

/** The words of content as they stand (a code block's lines), line breaks as `\n`. */
export function rawText(runs: readonly ContentRun[] | undefined): string {
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

export function inlineOf(runs: readonly ContentRun[] | undefined, place: Place, inLink: boolean): MdInline[] {
  const out: MdInline[] = [];
  for (const run of runs ?? []) inlineRun(run, out, place, inLink);
  return out;
}

export function inlineRun(run: ContentRun, out: MdInline[], place: Place, inLink: boolean): void {
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

export function isInline(node: ContentNode): boolean {
  return IN_LINE_TAGS.has(node.tag) || node.role === 'link' || node.role === 'image' || node.tag === 'br';
}

/**
 * Is the node a control here: what the snapshot lists as usable, except a link (a link in both views), a box of
 * content, and in the document view a summary (a line of text).
 */
export function isControl(node: ContentNode, place: Place): boolean {
  if (!node.interactive || node.holdsContent || node.editor || (node.role === 'link' && node.tag === 'a')) return false;
  return node.tag !== 'summary' || place.view === 'agent';
}

/** The node as a control: undefined when it is not one. */
export function controlOf(node: ContentNode, place: Place): MdControl | null | undefined {
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
