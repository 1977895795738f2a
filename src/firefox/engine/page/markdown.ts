/**
 * The page as a document: blocks (headings, paragraphs, lists, tables, code, quotes, images,
 * rules, and chrome landmarks condensed to their links) holding inline runs (text, strong, em,
 * del, code, links, images, line breaks, controls). Roles, names, states and uids come from the
 * same modules as the snapshot's, so a uid reads the same in both. It never changes the page
 * except to stamp uids in the agent view.
 */
import type { ChromeLandmark, MdBlock, MdCell, MdControl, MdDocument, MdInline, MdListItem, MdRow } from '../../markdown/types.js';
import { clip, collapse, deepActiveElement, hasBlockContent, renderedChildren, TEXT_NODE } from './dom.js';
import { Labels, nameFromContent, nameOf, type Nameable } from './names.js';
import { begin, stamp, uidFor } from './registry.js';
import { attributeTest, NAME_FROM_CONTENT, roleOf } from './roles.js';
import { fillStates, type ElementStates } from './states.js';
import { usable } from './usable.js';
import { ariaHidden, behindWidget, boxOf, screenReaderOnly, SEEN, visuallyHidden } from './visibility.js';

// Walk flags, passed down the tree.
/** Inside visibility:hidden: own text is not shown, but a descendant may show itself again. */
const HIDDEN = 1;
/** Inside a label that names a control: its plain text is the control's name, not content. */
const MUTE = 2;
/** Inside a link: a nested link is plain content. */
const IN_LINK = 4;
/** Inside article, aside, main, nav or section: a header or footer there is not the page's. */
const IN_SECTION = 8;
/** Inside an article: an aside there is part of the text, not a sidebar. */
const IN_ARTICLE = 16;
const NOT_SHOWN = -1;
const MAX_VALUE = 300;
const MAX_NAME = 200;

const SKIPPED = new Set([
  'script', 'style', 'noscript', 'template', 'head', 'meta', 'link', 'title', 'base', 'datalist', 'param', 'source', 'track',
  'iframe', 'frame', 'frameset', 'object', 'embed', 'canvas', 'video', 'audio', 'map', 'area', 'svg', 'math', 'option', 'optgroup',
]);
/** Elements that start a block of their own (custom elements too, see isBlock). */
const BLOCK_TAGS = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'center', 'dd', 'details', 'dialog', 'div', 'dl', 'dt', 'fieldset', 'figcaption',
  'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup', 'hr', 'html', 'legend', 'li', 'main', 'menu',
  'nav', 'ol', 'p', 'pre', 'search', 'section', 'summary', 'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'ul',
]);
const LANDMARK_ROLES = new Map<string, ChromeLandmark>([
  ['navigation', 'navigation'],
  ['banner', 'banner'],
  ['contentinfo', 'contentinfo'],
  ['complementary', 'complementary'],
  ['search', 'search'],
]);
/** Characters that draw nothing readable: zero-width ones, soft hyphens, icon fonts' private-use glyphs. */
const JUNK = /[\u00ad\u200b-\u200d\u2060\ufeff\ue000-\uf8ff]/g;

interface Ctx {
  out: MdBlock[];
  /** The paragraph being gathered. */
  inl: MdInline[];
}

/** What one reading of the document keeps: the labels index, and the uids it hands out (agent view). */
interface Reading {
  labels: Labels;
  active: Element | null;
  /** The snapshot id to give uids from, or null for a reading without uids (document view). */
  snapshotId: number | null;
  uids: [string, Element][];
}

let reading: Reading = { labels: new Labels(), active: null, snapshotId: null, uids: [] };

function shortenUrl(url: string): string {
  if (url.startsWith('data:') && url.length > 100) {
    const comma = url.indexOf(',');
    return `${url.slice(0, comma > 0 && comma < 100 ? comma + 1 : 40)}…`;
  }
  return url;
}

function attr(info: Nameable, name: string): string | null {
  return info.has(name) ? info.el.getAttribute(name) : null;
}

function infoOf(el: Element, tag: string): Nameable {
  const { has } = attributeTest(el);
  return { el, tag, has, role: roleOf(el, tag, has) };
}

/** The element's uid in the agent view: the one it has, or a new one of this reading's snapshot id. */
function uidOf(info: Nameable): string | undefined {
  if (reading.snapshotId === null) return undefined;
  const uid = uidFor(info.el, reading.snapshotId);
  reading.uids.push([uid, info.el]);
  return uid;
}

/**
 * Whether the element shows, and the flags for its content; NOT_SHOWN when nothing in it can.
 * `block`: also check visibility:hidden (inline elements inherit their block's answer).
 */
function shown(info: Nameable, flags: number, block: boolean): number {
  const { el, has } = info;
  if (has('hidden') || ariaHidden(el, has)) return NOT_SHOWN;
  const box = boxOf(el);
  if (!box) return NOT_SHOWN;
  if (box.boxless) return flags;
  if (screenReaderOnly(el, box.rect)) return NOT_SHOWN;
  if (block || (flags & HIDDEN) !== 0) {
    if (el.checkVisibility(SEEN)) return flags & ~HIDDEN;
    return flags | HIDDEN;
  }
  return flags;
}

function isBlock(info: Nameable): boolean {
  const { tag, role } = info;
  if (BLOCK_TAGS.has(tag) || tag.includes('-') || LANDMARK_ROLES.has(role) || role === 'heading' || role === 'list' || role === 'table' || role === 'grid') return true;
  // An element HTML does not know (an app's <redoc> root) wraps whatever the app puts in it, as a custom element does.
  return Object.prototype.toString.call(info.el) === '[object HTMLUnknownElement]';
}

// ------------------------------------------------------------------ children, shadow roots, slots

/** Calls `fn` for each node that renders inside `parent`: its shadow tree (slots resolved) or its children. */
function forContent(parent: Node, fn: (node: Node) => void): void {
  for (const child of renderedChildren(parent)) {
    if ((child as Element).localName === 'slot') forContent(child, fn);
    else fn(child);
  }
}

// ------------------------------------------------------------------ inline content

function pushText(out: MdInline[], data: string): void {
  const text = data.replace(JUNK, '').replace(/\s+/g, ' ');
  if (!text) return;
  const last = out[out.length - 1];
  if (last?.k === 'text') last.v += text;
  else out.push({ k: 'text', v: text });
}

/** Is there anything a reader would see (more than spaces and line breaks)? */
function hasContent(list: readonly MdInline[]): boolean {
  for (const node of list) {
    switch (node.k) {
      case 'text':
        if (node.v.trim()) return true;
        break;
      case 'br':
        break;
      case 'strong':
      case 'em':
      case 'del':
        if (hasContent(node.c)) return true;
        break;
      default:
        return true;
    }
  }
  return false;
}

/** Plain text of inline content: image alts and controls' names included. */
function plain(list: readonly MdInline[]): string {
  let text = '';
  for (const node of list) {
    switch (node.k) {
      case 'text':
      case 'code':
        text += node.v;
        break;
      case 'strong':
      case 'em':
      case 'del':
      case 'link':
        text += plain(node.c);
        break;
      case 'img':
        text += ` ${node.alt} `;
        break;
      case 'control':
        text += ` ${node.name ?? ''} `;
        break;
      case 'br':
        text += ' ';
        break;
    }
  }
  return text;
}

function inlineChildren(parent: Node, out: MdInline[], flags: number): void {
  forContent(parent, (node) => {
    inlineNode(node, out, flags);
  });
}

function inlineNode(node: Node, out: MdInline[], flags: number): void {
  // localName tells elements apart (other nodes have none); nodeType is read for the rest only.
  const tag = (node as Element).localName as string | undefined;
  if (tag === undefined) {
    if (!(flags & (HIDDEN | MUTE)) && node.nodeType === TEXT_NODE) pushText(out, (node as Text).data);
    return;
  }
  if (SKIPPED.has(tag) || tag === 'wbr') return;
  if (tag === 'br') {
    if (!(flags & HIDDEN)) out.push({ k: 'br' });
    return;
  }
  const info = infoOf(node as Element, tag);
  const own = shown(info, flags, isBlock(info));
  if (own === NOT_SHOWN) return;
  inlineElement(info, out, own);
}

function wrapped(kind: 'strong' | 'em' | 'del', info: Nameable, out: MdInline[], flags: number): void {
  const c: MdInline[] = [];
  inlineChildren(info.el, c, flags);
  if (hasContent(c)) out.push({ k: kind, c });
  else if (c.length > 0) pushText(out, ' ');
}

function inlineElement(info: Nameable, out: MdInline[], flags: number): void {
  const { el, tag } = info;
  const control = controlOf(info, flags);
  if (control !== undefined) {
    if (control && !(flags & HIDDEN)) out.push(control);
    return;
  }
  switch (tag) {
    case 'a':
      if (!(flags & IN_LINK) && info.has('href')) {
        link(info, out, flags);
        return;
      }
      break;
    case 'img':
      if (!(flags & HIDDEN)) image(info, out);
      return;
    case 'strong':
    case 'b':
      wrapped('strong', info, out, flags);
      return;
    case 'em':
    case 'i':
    case 'cite':
    case 'dfn':
    case 'var':
      wrapped('em', info, out, flags);
      return;
    case 'del':
    case 's':
    case 'strike':
      wrapped('del', info, out, flags);
      return;
    case 'code':
    case 'kbd':
    case 'samp':
    case 'tt':
    case 'pre': {
      if (flags & (HIDDEN | MUTE)) return;
      const text = collapse(el.textContent);
      if (text) out.push({ k: 'code', v: text });
      return;
    }
    case 'label':
      label(info, out, flags);
      return;
  }
  if (isBlock(info)) {
    // A block inside inline content (a card inside a link): keep its words apart.
    pushText(out, ' ');
    inlineChildren(el, out, flags);
    pushText(out, ' ');
    return;
  }
  inlineChildren(el, out, flags);
}

function link(info: Nameable, out: MdInline[], flags: number): void {
  const href = (info.el as HTMLAnchorElement).href as unknown;
  const c: MdInline[] = [];
  inlineChildren(info.el, c, (flags | IN_LINK) & ~MUTE);
  if (typeof href !== 'string' || !href) {
    out.push(...c);
    return;
  }
  if (!hasContent(c)) {
    // A permalink drawn as an icon (a heading's anchor) is no part of the text to read.
    if (flags & HIDDEN || (reading.snapshotId === null && permalink(href))) return;
    const name = fallbackName(info);
    c.length = 0;
    if (name) c.push({ k: 'text', v: name });
  }
  const node: MdInline = { k: 'link', href, c };
  const uid = uidOf(info);
  if (uid) node.uid = uid;
  out.push(node);
}

/** A link to a place on this same page. */
function permalink(href: string): boolean {
  const hash = href.indexOf('#');
  return hash >= 0 && href.slice(0, hash) === location.href.split('#')[0];
}

/** A name for an element whose content says nothing (an icon link): its accessible name, or an SVG's title. */
function fallbackName(info: Nameable): string {
  const [name] = nameOf(info, reading.labels, null);
  if (name) return name;
  const svg = info.el.querySelector('svg');
  return svg ? collapse(svg.getAttribute('aria-label') ?? svg.querySelector('title')?.textContent ?? '') : '';
}

function image(info: Nameable, out: MdInline[]): void {
  const alt = attr(info, 'alt');
  // alt="" says the image is decoration; role none or presentation says the same.
  if (alt === '' || info.role === 'generic') return;
  // Tracking pixels.
  if (Number(attr(info, 'width') ?? 2) <= 1 && Number(attr(info, 'height') ?? 2) <= 1) return;
  const img = info.el as HTMLImageElement;
  const src = img.src || img.currentSrc;
  if (!src) return;
  out.push({ k: 'img', alt: clip(collapse(alt ?? attr(info, 'aria-label') ?? attr(info, 'title') ?? ''), MAX_NAME), src: shortenUrl(src) });
}

// ------------------------------------------------------------------ controls

/** A control in the agent view: what the snapshot lists as usable (the same rule), except a link, which is a link in both views. */
function isControl(info: Nameable): boolean {
  if ((info.role === 'link' && info.tag === 'a') || !usable(info)) return false;
  // A summary is something to click in the agent view and a line of text in the document view.
  return info.tag !== 'summary' || reading.snapshotId !== null;
}

/** The element as a control (roles and names as the snapshot gives them): undefined when it is not one, null when it shows nothing. */
function controlOf(info: Nameable, flags: number): MdControl | null | undefined {
  if (!isControl(info)) return undefined;
  const { el, tag, role } = info;
  // Inside visibility:hidden, nothing shows; the caller drops it. A field a script's widget stands for is not offered either (the widget is).
  if (flags & HIDDEN || behindWidget(el, tag, info.has, el.getBoundingClientRect())) return null;
  const control: MdControl = { k: 'control', role, tag };
  const fromContent = (NAME_FROM_CONTENT.has(role) || role === 'generic') && tag !== 'input' && tag !== 'select' && tag !== 'textarea';
  const [name] = nameOf(info, reading.labels, fromContent ? () => nameFromContent(el) : null);
  if (name) control.name = clip(name, MAX_NAME);
  const states: ElementStates = {};
  fillStates(info, states, reading.active);
  if (states.type !== undefined) control.type = states.type;
  // An editor's document is listed as blocks in the snapshot; on this one line, it is the value.
  const value = states.value ?? ((el as HTMLElement).isContentEditable && hasBlockContent(el) ? (el as HTMLElement).innerText : '');
  if (value) control.value = clip(collapse(value), MAX_VALUE);
  if (states.checked) control.checked = states.checked;
  if (states.pressed) control.pressed = states.pressed;
  if (states.expanded !== undefined) control.expanded = states.expanded;
  if (states.selected) control.selected = true;
  if (states.disabled) control.disabled = true;
  if (states.required) control.required = true;
  const uid = uidOf(info);
  if (uid) control.uid = uid;
  return control;
}

/**
 * A label: when it names a control, its text is the control's name and not content (the control
 * says it). When that control is hidden (a styled checkbox), the label is what a person clicks:
 * it stands for the control.
 */
function label(info: Nameable, out: MdInline[], flags: number): void {
  const control = (info.el as HTMLLabelElement).control;
  if (!control) {
    inlineChildren(info.el, out, flags);
    return;
  }
  if (!visuallyHidden(control) && !(control.getAttribute('aria-hidden') === 'true')) {
    inlineChildren(info.el, out, flags | MUTE);
    return;
  }
  const stand = controlOf(infoOf(control, control.localName), flags);
  if (stand) out.push(stand);
  // HIDDEN makes each descendant show itself again, which the hidden control cannot: it is not said twice.
  inlineChildren(info.el, out, flags | MUTE | HIDDEN);
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

function blockChildren(parent: Node, ctx: Ctx, flags: number): void {
  forContent(parent, (node) => {
    blockNode(node, ctx, flags);
  });
}

/** The blocks inside `parent`, gathered on their own. */
function blocksOf(parent: Node, flags: number): MdBlock[] {
  const ctx: Ctx = { out: [], inl: [] };
  blockChildren(parent, ctx, flags);
  flush(ctx);
  return ctx.out;
}

function landmarkOf(info: Nameable, flags: number): ChromeLandmark | undefined {
  const landmark = LANDMARK_ROLES.get(info.role);
  if (!landmark || info.has('role')) return landmark;
  // Inside a landmark or a section, a header or footer is part of it; inside an article, so is an aside.
  if ((info.tag === 'header' || info.tag === 'footer') && flags & IN_SECTION) return undefined;
  if (info.tag === 'aside' && flags & IN_ARTICLE) return undefined;
  return landmark;
}

function blockNode(node: Node, ctx: Ctx, flags: number): void {
  const tag = (node as Element).localName as string | undefined;
  if (tag === undefined) {
    if (!(flags & (HIDDEN | MUTE)) && node.nodeType === TEXT_NODE) pushText(ctx.inl, (node as Text).data);
    return;
  }
  if (SKIPPED.has(tag) || tag === 'wbr') return;
  if (tag === 'br') {
    if (!(flags & HIDDEN)) ctx.inl.push({ k: 'br' });
    return;
  }
  const info = infoOf(node as Element, tag);
  const { el, role } = info;
  if (!isBlock(info) || isControl(info)) {
    const own = shown(info, flags, false);
    if (own !== NOT_SHOWN) inlineElement(info, ctx.inl, own);
    return;
  }
  let own = shown(info, flags, true);
  if (own === NOT_SHOWN) return;
    const landmark = landmarkOf(info, own);
  if (landmark) {
    flush(ctx);
    chrome(info, landmark, ctx, own);
    return;
  }
  if (tag === 'article' || role === 'article') own |= IN_ARTICLE | IN_SECTION;
  else if (tag === 'main' || tag === 'section' || tag === 'aside' || tag === 'nav' || role === 'main' || role === 'region') own |= IN_SECTION;
  const heading = role === 'heading' ? Number(attr(info, 'aria-level') ?? (/^h[1-6]$/.test(tag) ? tag.slice(1) : 2)) : 0;
  if (heading > 0) {
    flush(ctx);
    const c: MdInline[] = [];
    inlineChildren(el, c, own);
    if (hasContent(c)) ctx.out.push({ k: 'heading', level: Math.min(6, Math.max(1, Math.round(heading) || 2)), c });
    return;
  }
  if (role === 'list' && tag !== 'dl') {
    flush(ctx);
    list(info, ctx, own);
    return;
  }
  if (tag === 'table' || role === 'table' || role === 'grid' || role === 'treegrid') {
    flush(ctx);
    if (tag === 'table') htmlTable(info, ctx, own, role === 'generic');
    else ariaTable(info, ctx, own);
    return;
  }
  switch (tag) {
    case 'pre':
      flush(ctx);
      if (!(own & (HIDDEN | MUTE))) code(el, ctx);
      return;
    case 'blockquote': {
      flush(ctx);
      const c = blocksOf(el, own);
      if (c.length > 0) ctx.out.push({ k: 'blockquote', c });
      return;
    }
    case 'hr':
      flush(ctx);
      if (!(own & HIDDEN)) ctx.out.push({ k: 'hr' });
      return;
    case 'details':
      // Closed, only its summary shows; text straight inside it has no box to ask.
      if (!info.has('open')) {
        flush(ctx);
        for (let child = el.firstElementChild; child; child = child.nextElementSibling) if (child.localName === 'summary') blockNode(child, ctx, own);
        flush(ctx);
        return;
      }
      break;
    case 'dt': {
      flush(ctx);
      const c: MdInline[] = [];
      inlineChildren(el, c, own);
      if (hasContent(c)) ctx.out.push({ k: 'paragraph', c: [{ k: 'strong', c }] });
      return;
    }
  }
  // Every other block (div, p, section, figure, custom elements…): its content, set apart.
  flush(ctx);
  blockChildren(el, ctx, own);
  flush(ctx);
}

/** A code block's language, from class="language-x" (or lang-x, highlight-source-x) or data-lang. */
function languageOf(el: Element): string | undefined {
  const inner = el.firstElementChild?.localName === 'code' ? el.firstElementChild : null;
  for (const source of [el, inner, el.parentElement]) {
    const match = /(?:^|\s)(?:lang(?:uage)?-|highlight-source-)([\w#+.-]+)/.exec(source?.getAttribute('class') ?? '');
    if (match?.[1]) return match[1].toLowerCase();
  }
  for (const source of [el, inner]) {
    const match = /^[\w#+.-]+$/.exec((source?.getAttribute('data-lang') ?? source?.getAttribute('data-language') ?? '').trim());
    if (match) return match[0].toLowerCase();
  }
  return undefined;
}

function code(el: Element, ctx: Ctx): void {
  const text = (el as HTMLElement).innerText.replace(/\r\n?/g, '\n').replace(/\u00a0/g, ' ').replace(/^\n+|\s+$/g, '');
  if (!text.trim()) return;
  const block: MdBlock = { k: 'code', text };
  const lang = languageOf(el);
  if (lang) block.lang = lang;
  ctx.out.push(block);
}

function list(info: Nameable, ctx: Ctx, flags: number): void {
  const ordered = info.tag === 'ol';
  const items: MdListItem[] = [];
  let stray: Ctx | null = null;
  const closeStray = (): void => {
    if (!stray) return;
    flush(stray);
    if (stray.out.length > 0) items.push({ c: stray.out });
    stray = null;
  };
  forContent(info.el, (child) => {
    const tag = (child as Element).localName as string | undefined;
    const childInfo = tag === undefined ? null : infoOf(child as Element, tag);
    if (childInfo?.role === 'listitem') {
      closeStray();
      const own = shown(childInfo, flags, true);
      if (own === NOT_SHOWN) return;
      const item = listItem(childInfo, own);
      if (item) items.push(item);
      return;
    }
    const previous = items[items.length - 1];
    if (tag !== undefined && (tag === 'ul' || tag === 'ol') && previous && !stray) {
      // A list put straight inside a list: it belongs to the item before it.
      const ctxOfPrevious: Ctx = { out: previous.c, inl: [] };
      blockNode(child, ctxOfPrevious, flags);
      flush(ctxOfPrevious);
      return;
    }
    stray ??= { out: [], inl: [] };
    blockNode(child, stray, flags);
  });
  closeStray();
  if (items.length === 0) return;
  const block: MdBlock = { k: 'list', ordered, items };
  if (ordered) {
    const start = Number(info.el.getAttribute('start') ?? 1);
    if (Number.isSafeInteger(start) && start !== 1 && start >= 0) block.start = start;
  }
  ctx.out.push(block);
}

function listItem(info: Nameable, flags: number): MdListItem | null {
  const c = blocksOf(info.el, flags);
  const item: MdListItem = { c };
  // A task item: its first content is a checkbox.
  const first = c[0];
  if (first?.k === 'paragraph') {
    const index = first.c.findIndex((node) => !(node.k === 'text' && !node.v.trim()));
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

function cellOf(info: Nameable, flags: number): MdCell {
  const cell: MdCell = { c: blocksOf(info.el, flags) };
  if (info.role === 'columnheader' || info.role === 'rowheader') cell.header = true;
  const colspan = Number(attr(info, 'colspan') ?? attr(info, 'aria-colspan') ?? 1);
  const rowspan = Number(attr(info, 'rowspan') ?? attr(info, 'aria-rowspan') ?? 1);
  if (Number.isSafeInteger(colspan) && colspan > 1) cell.colspan = Math.min(colspan, 100);
  if (Number.isSafeInteger(rowspan) && rowspan > 1) cell.rowspan = Math.min(rowspan, 1000);
  return cell;
}

function pushTable(ctx: Ctx, rows: MdRow[], caption: MdInline[] | null, layout: boolean): void {
  if (rows.length === 0 && !caption) return;
  const block: MdBlock = { k: 'table', rows };
  if (caption && hasContent(caption)) block.caption = caption;
  if (layout) block.layout = true;
  ctx.out.push(block);
}

function htmlTable(info: Nameable, ctx: Ctx, flags: number, layout: boolean): void {
  const table = info.el as HTMLTableElement;
  let caption: MdInline[] | null = null;
  const captionEl = table.caption;
  if (captionEl) {
    const captionInfo = infoOf(captionEl, 'caption');
    const own = shown(captionInfo, flags, true);
    if (own !== NOT_SHOWN) {
      caption = [];
      inlineChildren(captionEl, caption, own);
    }
  }
  const rows: MdRow[] = [];
  for (const tr of Array.from(table.rows)) {
    const rowInfo = infoOf(tr, 'tr');
    const rowFlags = shown(rowInfo, flags, false);
    if (rowFlags === NOT_SHOWN) continue;
    const cells: MdCell[] = [];
    for (const td of Array.from(tr.cells)) {
      const cellInfo = infoOf(td, td.localName);
      const own = shown(cellInfo, rowFlags, false);
      if (own === NOT_SHOWN) continue;
      cells.push(cellOf(cellInfo, own));
    }
    if (cells.length === 0) continue;
    const row: MdRow = { cells };
    if (tr.parentElement?.localName === 'thead' || cells.every((cell) => cell.header)) row.header = true;
    rows.push(row);
  }
  pushTable(ctx, rows, caption, layout);
}

/** A table made of ARIA roles: rows (role=row, through row groups), cells (cell, gridcell, columnheader, rowheader). */
function ariaTable(info: Nameable, ctx: Ctx, flags: number): void {
  const rows: MdRow[] = [];
  const visitRows = (parent: Node, rowFlags: number, inHead: boolean): void => {
    forContent(parent, (child) => {
      const tag = (child as Element).localName as string | undefined;
      if (tag === undefined) return;
      const childInfo = infoOf(child as Element, tag);
      const own = shown(childInfo, rowFlags, false);
      if (own === NOT_SHOWN) return;
      if (childInfo.role === 'row') {
        const cells: MdCell[] = [];
        const visitCells = (rowParent: Node, cellFlags: number): void => {
          forContent(rowParent, (cellNode) => {
            const cellTag = (cellNode as Element).localName as string | undefined;
            if (cellTag === undefined) return;
            const cellInfo = infoOf(cellNode as Element, cellTag);
            const cellOwn = shown(cellInfo, cellFlags, false);
            if (cellOwn === NOT_SHOWN) return;
            if (['cell', 'gridcell', 'columnheader', 'rowheader'].includes(cellInfo.role)) cells.push(cellOf(cellInfo, cellOwn));
            else visitCells(cellNode, cellOwn);
          });
        };
        visitCells(child, own);
        if (cells.length === 0) return;
        const row: MdRow = { cells };
        if (inHead || cells.every((cell) => cell.header)) row.header = true;
        rows.push(row);
      } else if (childInfo.role !== 'table' && childInfo.role !== 'grid' && childInfo.role !== 'treegrid') {
        visitRows(child, own, inHead);
      }
    });
  };
  visitRows(info.el, flags, false);
  pushTable(ctx, rows, null, false);
}

/** Flattens gathered blocks into chrome items: links, controls and short texts, in order. */
function chromeItems(blocks: readonly MdBlock[], items: MdInline[], nested: MdBlock[]): void {
  const fromInline = (list: readonly MdInline[]): void => {
    let run = '';
    const endRun = (): void => {
      const text = collapse(run);
      if (text) items.push({ k: 'text', v: clip(text, MAX_NAME) });
      run = '';
    };
    for (const node of list) {
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
          run += plain([node]);
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

function chrome(info: Nameable, landmark: ChromeLandmark, ctx: Ctx, flags: number): void {
  const items: MdInline[] = [];
  const nested: MdBlock[] = [];
  // Inside a landmark, a header or footer is part of it, and an aside is too.
  chromeItems(blocksOf(info.el, flags | IN_SECTION | IN_ARTICLE), items, nested);
  if (items.length > 0) {
    const block: MdBlock = { k: 'chrome', landmark, items };
    const [name] = nameOf(info, reading.labels, null);
    if (name) block.label = name;
    ctx.out.push(block);
  }
  ctx.out.push(...nested);
}

/**
 * The page as a Markdown tree (one JSON string of an MdDocument). With a snapshot id (the agent
 * view), controls and links get uids from the same registry as snapshots, and are stamped.
 */
export function readDocument(snapshotId: number | null, stampUids = true): string {
  if (snapshotId !== null) begin(snapshotId);
  reading = { labels: new Labels(), active: deepActiveElement(), snapshotId, uids: [] };
  // A document may have no body (an SVG or XML document) or, while it is being replaced, no element at all.
  const body = document.body as HTMLElement | null;
  const result: MdDocument = { url: location.href, title: document.title, blocks: blocksOf(body ?? document.documentElement, 0) };
  if (stampUids) stamp(reading.uids);
  reading = { labels: new Labels(), active: null, snapshotId: null, uids: [] };
  return JSON.stringify(result);
}
