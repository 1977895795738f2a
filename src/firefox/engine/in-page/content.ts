/**
 * What the walk keeps for the Markdown views (WalkOptions.content) on top of what a snapshot
 * keeps: inline marks (emphasis, code), line and block breaks, absolute links and image sources,
 * code blocks' languages, table spans, lists' starts, and the tree in reading order, text and nodes mixed.
 */
import type { ContentNode, ContentRun, RawNode } from '../types.js';

/** Text as the walk gathers it: strings, and nodes met in running text. */
export type TextRun = string | RawNode;

/** Inline elements the Markdown views mark up, with the role each is read as. */
export const MARK_ROLES = new Map([
  ...['strong', 'b'].map((tag) => [tag, 'strong'] as const),
  ...['em', 'i', 'cite', 'dfn', 'var'].map((tag) => [tag, 'emphasis'] as const),
  ...['del', 's', 'strike'].map((tag) => [tag, 'deletion'] as const),
  ...['code', 'kbd', 'samp', 'tt'].map((tag) => [tag, 'code'] as const),
]);

const NO_BOX: RawNode['box'] = [0, 0, 0, 0];

/** A `<br>` in running text. */
export function lineBreak(): RawNode {
  return { uid: '', tag: 'br', role: 'generic', box: NO_BOX };
}

/**
 * Where a block the snapshot leaves out (a wrapper with nothing of its own to say) ended: text on either side is not
 * one paragraph.
 */
export function blockBreak(): RawNode {
  return { uid: '', tag: '', role: 'break', box: NO_BOX };
}

/**
 * What the Markdown views need of an element beyond its states: the link's and image's absolute URLs, a code block's
 * language, a cell's span.
 */
export function addContentDetails(el: Element, tag: string, node: RawNode): void {
  if (node.href !== undefined) {
    const href = (el as HTMLAnchorElement).href as unknown;
    node.href = typeof href === 'string' ? href : '';
  }
  if (tag === 'img') node.src = imageSource(el as HTMLImageElement);
  if (tag === 'pre') {
    const lang = languageOf(el);
    if (lang) node.lang = lang;
  }
  if (
    tag === 'td' ||
    tag === 'th' ||
    node.role === 'cell' ||
    node.role === 'gridcell' ||
    node.role === 'columnheader' ||
    node.role === 'rowheader'
  ) {
    const span = (name: string): number | undefined => {
      const value = Number(el.getAttribute(name) ?? el.getAttribute(`aria-${name}`) ?? 1);
      return Number.isSafeInteger(value) && value > 1 ? value : undefined;
    };
    const colspan = span('colspan');
    const rowspan = span('rowspan');
    if (colspan) node.colspan = Math.min(colspan, 100);
    if (rowspan) node.rowspan = Math.min(rowspan, 1000);
  }
  if (node.role === 'row' && el.parentElement?.localName === 'thead') node.head = true;
  if (tag === 'ol') {
    const start = Number(el.getAttribute('start') ?? 1);
    if (Number.isSafeInteger(start) && start !== 1 && start >= 0) node.start = start;
  }
}

/** An image inside a name (a logo in a link): kept in the text as itself, its alt the words it adds to the name. */
export function inlineImage(el: HTMLImageElement, alt: string, box: RawNode['box']): RawNode {
  return { uid: '', tag: 'img', role: 'image', name: alt, src: imageSource(el), box };
}

function imageSource(img: HTMLImageElement): string {
  const src = (img.src || img.currentSrc) as unknown;
  if (typeof src !== 'string') return '';
  // A data: URL says nothing a reader needs past its type.
  if (src.startsWith('data:') && src.length > 100) {
    const comma = src.indexOf(',');
    return `${src.slice(0, comma > 0 && comma < 100 ? comma + 1 : 40)}…`;
  }
  return src;
}

/** A code block's language, from class="language-x" (or lang-x, highlight-source-x) or data-lang. */
function languageOf(el: Element): string | undefined {
  const inner = el.firstElementChild?.localName === 'code' ? el.firstElementChild : null;
  for (const source of [el, inner, el.parentElement]) {
    const match = /(?:^|\s)(?:lang(?:uage)?-|highlight-source-)([\w#+.-]+)/.exec(source?.getAttribute('class') ?? '');
    if (match?.[1]) return match[1].toLowerCase();
  }
  for (const source of [el, inner]) {
    const match = /^[\w#+.-]+$/.exec(
      (source?.getAttribute('data-lang') ?? source?.getAttribute('data-language') ?? '').trim(),
    );
    if (match) return match[0].toLowerCase();
  }
  return undefined;
}

/**
 * The walk's tree in reading order: each node's running text with its nodes in place, and the
 * nodes no text placed (a control in a label, content of a hidden box shown again) after it.
 * `runsOf` gives a node's running text.
 */
export function inReadingOrder(
  runs: TextRun[],
  nodes: RawNode[],
  runsOf: (node: RawNode) => TextRun[] | undefined,
): ContentRun[] {
  const placed = new Set<RawNode>();
  const convert = (node: RawNode): ContentNode => {
    placed.add(node);
    const { children, ...rest } = node;
    const content = build(runsOf(node) ?? [], children ?? []);
    return content.length > 0 ? { ...rest, content } : rest;
  };
  const build = (text: TextRun[], children: RawNode[]): ContentRun[] => {
    const out: ContentRun[] = [];
    for (const run of text) {
      if (typeof run === 'string') out.push(run);
      else if (!placed.has(run)) out.push(convert(run));
    }
    for (const child of children) if (!placed.has(child)) out.push(convert(child));
    return out;
  };
  return build(runs, nodes);
}
