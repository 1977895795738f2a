import type { PageReading, RawNode } from '../types.js';

export type NameStatus = 'strong' | 'weak' | 'unknown';
export type Zone =
  | 'top-left'
  | 'top-center'
  | 'top-right'
  | 'middle-left'
  | 'center'
  | 'middle-right'
  | 'bottom-left'
  | 'bottom-center'
  | 'bottom-right'
  | 'above'
  | 'below'
  | 'left'
  | 'right';

/** How far a snapshot's names can be trusted for exact claims about the UI. */
export interface Observation {
  totalInteractive: number;
  weakInteractive: number;
  unknownInteractive: number;
  /**
   * safe: controls are named well; partial: rough guidance, exact claims only for strong names; unsafe: too weak for
   * exact claims.
   */
  exactUiClaims: 'safe' | 'partial' | 'unsafe';
}

/** What lies outside a viewport snapshot, in pixels and in screens. */
export interface ViewportInfo {
  above: number;
  below: number;
  screensAbove: number;
  screensBelow: number;
  /** The uid of the container these are of, when a container scrolled rather than the page. */
  container?: string;
}

/** A part of the viewport, as boxes are: x, y, width, height. */
export type Area = RawNode['box'];

const GRAPHEMES = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Private-use code points are icon-font glyphs: they name nothing a reader can say. */
const ICON_GLYPHS = /^[\uE000-\uF8FF\s]*$/u;

/**
 * How reliable a name is: labels, ARIA names, alt and real text are strong; a title or a
 * placeholder (gone once typed over), or text of one character or icon glyphs, is weak.
 */
export function nameStatusOf(node: RawNode): NameStatus {
  const name = node.name?.trim() ?? '';
  if (!name || ICON_GLYPHS.test(name)) return name ? 'weak' : 'unknown';
  if (node.nameSource === 'title' || node.nameSource === 'placeholder') return 'weak';
  if (node.nameSource === 'text' && oneGrapheme(name)) return 'weak';
  return 'strong';
}

/** Whether `text` is a single grapheme; the segmenter is dear, so it stops at the second one. */
function oneGrapheme(text: string): boolean {
  // Two printable ASCII characters first are two graphemes: no segmenting needed for most names.
  if (/^[\x21-\x7e]{2}/.test(text)) return false;
  const graphemes = GRAPHEMES.segment(text)[Symbol.iterator]();
  graphemes.next();
  return graphemes.next().done === true;
}

/** The 3×3 zone of the viewport that holds the element's centre, or where it lies outside. */
export function zoneOf(box: RawNode['box'], viewport: { width: number; height: number }): Zone {
  const x = box[0] + box[2] / 2;
  const y = box[1] + box[3] / 2;
  if (y < 0) return 'above';
  if (y > viewport.height) return 'below';
  if (x < 0) return 'left';
  if (x > viewport.width) return 'right';
  const column = x < viewport.width / 3 ? 'left' : x < (2 * viewport.width) / 3 ? 'center' : 'right';
  const row = y < viewport.height / 3 ? 'top' : y < (2 * viewport.height) / 3 ? 'middle' : 'bottom';
  if (row === 'middle' && column === 'center') return 'center';
  return `${row}-${column === 'center' ? 'center' : column}` as Zone;
}

/** Gives every interactive node its nameStatus and zone, and counts them. */
export function observe(snapshot: { nodes: RawNode[]; viewport: PageReading['viewport'] }): Observation {
  let total = 0;
  let weak = 0;
  let unknown = 0;
  const visit = (nodes: RawNode[]): void => {
    for (const node of nodes) {
      if (node.interactive && !node.holdsContent) {
        const status = nameStatusOf(node);
        node.nameStatus = status;
        node.zone = zoneOf(node.box, snapshot.viewport);
        total++;
        if (status === 'weak') weak++;
        if (status === 'unknown') unknown++;
      }
      if (node.children) visit(node.children);
    }
  };
  visit(snapshot.nodes);
  const poor = (weak + unknown) / Math.max(1, total);
  const exactUiClaims = unknown === 0 && poor <= 0.1 ? 'safe' : poor <= 0.5 ? 'partial' : 'unsafe';
  return { totalInteractive: total, weakInteractive: weak, unknownInteractive: unknown, exactUiClaims };
}

/** Whether a pixel or more of `box` lies in `area` (boxes are rounded to pixels: less may be rounding alone). */
function intersects(box: Area, area: Area): boolean {
  const overlap = (from: number, size: number, start: number, length: number): number =>
    Math.min(from + size, start + length) - Math.max(from, start);
  return overlap(box[0], box[2], area[0], area[2]) >= 1 && overlap(box[1], box[3], area[1], area[3]) >= 1;
}

/** Keeps what intersects `area` of the viewport (and the ancestors that hold it). */
export function viewportNodes(nodes: RawNode[], area: Area): RawNode[] {
  const kept: RawNode[] = [];
  for (const node of nodes) {
    const children = node.children ? viewportNodes(node.children, area) : [];
    if (!intersects(node.box, area) && children.length === 0) continue;
    const copy: RawNode = { ...node };
    if (children.length) copy.children = children;
    else delete copy.children;
    kept.push(copy);
  }
  return kept;
}

/** How much of the document lies above and below the viewport. */
export function viewportInfo(viewport: PageReading['viewport']): ViewportInfo {
  return placeInfo(viewport.scrollY, viewport.documentHeight - viewport.height, viewport.height);
}

/**
 * How much of a scroller (the page, or `container`) scrolled `y` of `maxY` lies above and below what it shows, `height`
 * high.
 */
export function placeInfo(y: number, maxY: number, height: number, container?: string): ViewportInfo {
  const above = Math.max(0, y);
  const below = Math.max(0, maxY - y);
  const screens = (pixels: number): number => Math.round((pixels / Math.max(1, height)) * 100) / 100;
  return {
    above,
    below,
    screensAbove: screens(above),
    screensBelow: screens(below),
    ...(container === undefined ? {} : { container }),
  };
}
