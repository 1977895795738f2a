/**
 * What one walk keeps as it goes: the elements it keeps (each with the node it gives), the logs
 * the memo replays (walk-memo.ts), its counters, and where each node came from.
 */
import type { RawNode } from '../types.js';
import type { TextRun } from './content.js';
import type { Has } from './dom.js';

/** An element the walk keeps, named and stated once the walk is over (see walk-finish.ts). */
export interface Pending {
  el: Element;
  tag: string;
  role: string;
  names: string[];
  has: Has;
  interactive: boolean;
  /** Whether its content folds into its name (a button's words) rather than being lines of its own. */
  folds: boolean;
  node: RawNode;
  text: TextRun[];
  /** CSS text-transform of a control or heading, which its name from content shows as a person reads it. */
  transform?: string;
}

/** What one walk gathered, in the order it met it; the memo replays ranges of these. */
export interface Logs {
  kept: Pending[];
  iframes: RawNode[];
  /**
   * Elements that may host a closed shadow root this walk cannot see (see closed-roots.ts); a listed custom element
   * comes with its node.
   */
  hosts: { el: Element; node?: RawNode }[];
  /** Form controls met, shown or not: scripts change their values without a mutation (see changes.ts). */
  controls: Element[];
  standIns: Element[];
  standsFor: [Element, Element][];
  /** Elements left out for having no area, which a change of layout elsewhere could give one. */
  flat: Element[];
  /** Editors: the element whose lines are listed, and its node (caret and line numbers are read after the walk). */
  editors: [Element, RawNode][];
}

export const LOG_NAMES = [
  'kept',
  'iframes',
  'hosts',
  'controls',
  'standIns',
  'standsFor',
  'flat',
  'editors',
] as const satisfies readonly (keyof Logs)[];

/** How long each log is, in the order of LOG_NAMES. */
export function logLengths(logs: Logs): number[] {
  return LOG_NAMES.map((name) => logs[name].length);
}

/** Computed styles read for names per walk, at most (see WalkState.styleReads). */
const STYLE_READS = 200;

/** The mutable record of one walk: what the traversal gathers, the memo replays and the finish reads. */
export class WalkState {
  readonly logs: Logs = {
    kept: [],
    iframes: [],
    hosts: [],
    controls: [],
    standIns: [],
    standsFor: [],
    flat: [],
    editors: [],
  };
  /** Elements walked, read or given again from the last walk. */
  visited = 0;
  /** Elements read in this walk; the rest of `visited` was given again from the last walk. */
  read = 0;
  /**
   * Computed styles left to read for names (generated content, inline-block spacing), only inside
   * the names of controls and headings: each read costs a trip through the sandbox's wrappers,
   * and tables of cells need none.
   */
  styleReads = STYLE_READS;
  /** The open modal dialog met last, if any. */
  modal: Element | null = null;
  /** Pendings of reused parts: named and stated by the walk that read them. */
  readonly reused = new Set<Pending>();
  /** Hidden controls listed where their labels are. */
  readonly standIns = new Set<Element>();
  /** Widgets drawn by script, and the hidden native field each stands for. */
  readonly standsFor = new Map<Element, Element>();
  /** Widgets listed in the stead of the field they keep out of sight (see Walk.adoptField). */
  readonly adopted = new Set<Pending>();
  /**
   * Content readings only: the running text of inline marks and images, and which nodes fold their content into their
   * name.
   */
  readonly inlineRuns = new Map<RawNode, TextRun[]>();
  readonly folded = new WeakSet<RawNode>();
}

/** Each kept node's element, over every walk of the document: a reused node keeps its element. */
export const elementOfNode = new WeakMap<RawNode, Element>();
/** Where a node's box comes from when not from its element: a stand-in's label, an adopted field's widget. */
export const boxFrom = new WeakMap<RawNode, Element>();
/** Nodes of box-less elements (display: contents): their box is their content's. */
export const boxlessNodes = new WeakSet<RawNode>();

/** A box as snapshots carry it: x, y, width, height in whole CSS pixels. */
export function boxArray(rect: DOMRect): RawNode['box'] {
  return [Math.round(rect.x), Math.round(rect.y), Math.round(rect.width), Math.round(rect.height)];
}

/**
 * The words of gathered text; a node's are what `words` says (none by default: a link in running text is its own line).
 */
export function plainText(runs: TextRun[], words?: (node: RawNode) => string): string {
  let text = '';
  for (const run of runs) text += typeof run === 'string' ? run : words ? words(run) : '';
  return text;
}
