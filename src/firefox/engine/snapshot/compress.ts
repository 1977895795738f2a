import { checkInteger } from '../../errors.js';
import { formatCount } from '../../util/text-page.js';
import type { LineForm } from '../../util/set-apart.js';
import { jsonString } from '../../util/text.js';
import { elementLine, passesThrough, type FormatOptions, type SnapshotNode } from './format.js';
import { CLIENT_WORDING, type SnapshotWording } from './wording.js';

export interface CompressOptions {
  /** The fewest alike siblings in a row that get collapsed (default 20). */
  minRun?: number;
  /** How many of a run to keep at its start (default 5). */
  keepFirst?: number;
  /** How many of a run to keep at its end (default 1). */
  keepLast?: number;
}

/** Siblings that were hidden because they look like the ones kept around them. */
export interface CollapsedRun {
  /** How many were hidden. */
  count: number;
  /** What they are, as formatNode names them: the role, or a generic element's tag. */
  label: string;
  /** Their parent's uid, or null for elements at the top level of the snapshot. */
  parentUid: string | null;
  /** The first and the last hidden one (the same when one was hidden). */
  firstUid: string;
  lastUid: string;
  /** Where the first hidden one stands among its siblings (0-based). */
  index: number;
  /** The whole run of alike siblings, kept ones included. */
  runLength: number;
}

/** Stands in the tree where a run of siblings was hidden. */
export interface CollapsedMarker {
  collapsed: CollapsedRun;
}

/** An element of a compressed tree: a snapshot node whose children may include markers. */
export type CompressedElement = Omit<SnapshotNode, 'children'> & { children?: CompressedNode[] };

export type CompressedNode = CompressedElement | CollapsedMarker;

export interface CompressedSnapshot {
  /** The tree with runs collapsed; the very input arrays and nodes wherever nothing under them was collapsed. */
  nodes: CompressedNode[];
  /** Every collapsed run, in document order. */
  collapsed: CollapsedRun[];
}

export function isCollapsed(node: CompressedNode): node is CollapsedMarker {
  return 'collapsed' in node;
}

/**
 * Structure signatures, interned as numbers: role, tag and input type, and the children's
 * signatures in order. Names, texts, values, uids, boxes and states do not count.
 */
class Signatures {
  readonly #ids = new Map<string, number>();
  readonly #cache = new WeakMap<SnapshotNode, number>();

  of(node: SnapshotNode): number {
    const cached = this.#cache.get(node);
    if (cached !== undefined) return cached;
    const children = node.children ? node.children.map((child) => this.of(child)).join(',') : '';
    const key = `${JSON.stringify([node.role, node.tag, node.type ?? null])}[${children}]`;
    let id = this.#ids.get(key);
    if (id === undefined) {
      id = this.#ids.size;
      this.#ids.set(key, id);
    }
    this.#cache.set(node, id);
    return id;
  }
}

function option(name: string, value: number | undefined, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  checkInteger(name, value, min);
  return value;
}

/**
 * Collapses long runs of structurally alike siblings (table rows, list items, cards): of a run of
 * at least `minRun`, keeps the first `keepFirst` and the last `keepLast` and puts one marker in
 * place of the rest. Kept elements are compressed in turn, so runs inside them collapse too.
 * Pages without such runs come back unchanged (the same arrays and nodes).
 */
export function compressSnapshot(nodes: SnapshotNode[], options: CompressOptions = {}): CompressedSnapshot {
  const keepFirst = option('keepFirst', options.keepFirst, 5, 0);
  const keepLast = option('keepLast', options.keepLast, 1, 0);
  const minRun = option('minRun', options.minRun, 20, 2);
  const signatures = new Signatures();
  const collapsed: CollapsedRun[] = [];

  const compressNode = (node: SnapshotNode): CompressedNode => {
    if (!node.children) return node;
    const children = compressList(node.children, node.uid);
    return children === node.children ? node : { ...node, children };
  };

  const compressList = (list: SnapshotNode[], parentUid: string | null): CompressedNode[] => {
    const out: CompressedNode[] = [];
    let changed = false;
    const keep = (from: number, to: number): void => {
      for (const node of list.slice(from, to)) {
        const compressed = compressNode(node);
        if (compressed !== node) changed = true;
        out.push(compressed);
      }
    };
    let start = 0;
    while (start < list.length) {
      const first = list[start];
      if (!first) break;
      const signature = signatures.of(first);
      let end = start + 1;
      for (let next = list[end]; next && signatures.of(next) === signature; next = list[end]) end += 1;
      const runLength = end - start;
      const hiddenFrom = start + keepFirst;
      const hiddenTo = end - keepLast;
      const firstHidden = list[hiddenFrom];
      const lastHidden = list[hiddenTo - 1];
      if (runLength >= minRun && hiddenTo > hiddenFrom && firstHidden && lastHidden) {
        keep(start, hiddenFrom);
        const run: CollapsedRun = {
          count: hiddenTo - hiddenFrom,
          label: first.role === 'generic' ? first.tag : first.role,
          parentUid,
          firstUid: firstHidden.uid,
          lastUid: lastHidden.uid,
          index: hiddenFrom,
          runLength,
        };
        collapsed.push(run);
        out.push({ collapsed: run });
        changed = true;
        keep(hiddenTo, end);
      } else {
        keep(start, end);
      }
      start = end;
    }
    return changed ? out : list;
  };

  return { nodes: compressList(nodes, null), collapsed };
}

/**
 * A marker's line, its way to the hidden ones in the reader's `wording`: `… 1,994 more "row" like the above
 * (uid=3_40 … uid=3_2033) hidden under uid=3_2; page.takeSnapshot({ compress: false, root: "3_2" }) or
 * page.findInPage(text) to see them`.
 */
export function formatCollapsed(run: CollapsedRun, wording: SnapshotWording = CLIENT_WORDING): string {
  const uids = run.firstUid === run.lastUid ? `uid=${run.firstUid}` : `uid=${run.firstUid} … uid=${run.lastUid}`;
  const where = run.parentUid === null ? 'hidden at the top level' : `hidden under uid=${run.parentUid}`;
  return `… ${formatCount(run.count)} more ${jsonString(run.label)} like the above (${uids}) ${where}; ${wording.uncollapsed(run.parentUid ?? undefined)} or ${wording.find} to see ${run.count === 1 ? 'it' : 'them'}`;
}

/** The form of a marker's line (see util/set-apart.ts). */
export const COLLAPSED_RUN_FORM: LineForm = {
  form: 'collapsed run',
  start: String.raw`\.\.\. [\d,]+ more "`,
  example: formatCollapsed({
    count: 18,
    label: 'listitem',
    parentUid: '6_2',
    firstUid: '6_25',
    lastUid: '6_76',
    index: 5,
    runLength: 24,
  }),
};

/**
 * Like formatSnapshotText, for a compressed tree: the header line, then one line per element or marker (saying the way
 * to the hidden ones in `wording`), two spaces of indent per depth.
 */
export function formatCompressedText(
  header: string,
  nodes: readonly CompressedNode[],
  options: FormatOptions = {},
  wording: SnapshotWording = CLIENT_WORDING,
): string {
  const lines = [header];
  const visit = (list: readonly CompressedNode[], depth: number): void => {
    const indent = '  '.repeat(depth);
    for (const node of list) {
      if (isCollapsed(node)) {
        lines.push(indent + formatCollapsed(node.collapsed, wording));
        continue;
      }
      if (node.inline) continue;
      if (!options.verbose && passesThrough(node as SnapshotNode)) {
        if (node.children) visit(node.children, depth);
        continue;
      }
      // A row line reads its cells, which no run ever hides (a marker is not a cell).
      const { line, holdsChildren } = elementLine(node as SnapshotNode, options);
      lines.push(indent + line);
      if (node.children && !holdsChildren) visit(node.children, depth + 1);
    }
  };
  visit(nodes, 0);
  return lines.join('\n');
}
