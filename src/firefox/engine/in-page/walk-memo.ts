/**
 * The walk's memory of the last walk of the whole document: what each element outside any control
 * gave its parent (nodes, running text) and gathered (ranges of each log), so that the next walk
 * gives the same again without reading a subtree in which nothing changed (see changes.ts), with
 * its boxes read anew. The walk asks it four things: begin, try to replay an element, record one,
 * end.
 */
import type { RawNode } from '../types.js';
import type { TextRun } from './content.js';
import { flatParent } from './dom.js';
import type { Since } from './changes.js';
import { sheetsMention } from './sheets.js';
import { contentRect } from './visibility.js';
import {
  boxArray,
  boxFrom,
  boxlessNodes,
  elementOfNode,
  LOG_NAMES,
  logLengths,
  type Logs,
  type WalkState,
} from './walk-state.js';

/** What an element's walk gave and gathered, as ranges into its walk's logs. */
interface Entry {
  textNull: boolean;
  out: RawNode[];
  text: TextRun[];
  /** Log lengths before and after the element was walked, in the order of LOG_NAMES. */
  starts: number[];
  ends: number[];
  visited: number;
  styleReads: number;
  modal: Element | null;
}

/** Where the walk stood when it entered an element, to record what the element added. */
export interface MemoMark {
  out: number;
  text: number;
  logs: number[];
  visited: number;
  styleReads: number;
  modal: Element | null;
  renews: boolean;
}

/** The last walk of the whole document: its entries and logs, for the next walk to reuse. */
let last: { entries: WeakMap<Element, Entry>; logs: Logs } | null = null;

/** Rules that style an element by its siblings or its place among them: a changed child list restyles the others. */
const SIBLING_RULES = /[+~]|:(?:nth-|first-|last-|only-|empty)/;

/** Subtrees of fewer elements are read again rather than remembered. */
const MEMO_MIN_ELEMENTS = 8;

/**
 * Thrown when a reused part's name is not what the walk names it now (a label elsewhere changed): the walk starts over,
 * reading everything.
 */
export const STALE = new Error('stale');

/** What the engine keeps of the last walk for the next one, in entries of its logs (the bench prints it). */
export function memoSize(): Record<string, number> | null {
  const logs = last?.logs;
  return logs ? Object.fromEntries(LOG_NAMES.map((name) => [name, logs[name].length])) : null;
}

/** Forgets the last walk (a walk of part of the page, or one that is not a snapshot, leaves nothing to reuse). */
export function forgetMemo(): void {
  last = null;
}

export class WalkMemo {
  readonly #entries = new WeakMap<Element, Entry>();
  /** Elements with a change inside (or on themselves): walked again. */
  readonly #inside = new Set<Node>();
  /** Elements whose whole subtree is walked again. */
  readonly #roots = new Set<Node>();
  readonly #from: { entries: WeakMap<Element, Entry>; logs: Logs } | null;
  /** How deep the walk is inside a subtree that is read again whole. */
  #renewing = 0;

  /** Starts a walk that remembers; it reuses the last walk's memory when told what changed since. */
  constructor(since: Since | null) {
    this.#from = since ? last : null;
    last = null;
    if (!since || !this.#from) return;
    for (const node of [...since.touched, ...since.subtrees]) {
      for (let at: Node | null = node; at && !this.#inside.has(at); at = flatParent(at)) this.#inside.add(at);
    }
    for (const node of since.subtrees) this.#roots.add(node);
    if (sheetsMention(SIBLING_RULES)) {
      for (const node of since.touched) this.#roots.add(node);
      for (const node of since.subtrees) {
        const parent = flatParent(node);
        if (parent) this.#roots.add(parent);
      }
    }
  }

  /** Notes where the walk stands as it enters `el`. */
  enter(el: Element, out: RawNode[], text: TextRun[] | null, state: WalkState): MemoMark {
    const renews = this.#roots.has(el);
    if (renews) this.#renewing++;
    return {
      out: out.length,
      text: text?.length ?? 0,
      logs: logLengths(state.logs),
      visited: state.visited,
      styleReads: state.styleReads,
      modal: state.modal,
      renews,
    };
  }

  /**
   * Gives again what the last walk read of `el` when nothing in it changed, with its boxes read anew (and their sizes
   * checked); false when it must be read.
   */
  tryReplay(el: Element, out: RawNode[], text: TextRun[] | null, state: WalkState): boolean {
    const from = this.#from;
    const entry = from && this.#renewing === 0 && !this.#inside.has(el) ? from.entries.get(el) : undefined;
    if (!from || !entry || entry.textNull !== (text === null)) return false;
    const part = <T>(name: (typeof LOG_NAMES)[number], log: T[]): T[] => {
      const index = LOG_NAMES.indexOf(name);
      return log.slice(entry.starts[index], entry.ends[index]);
    };
    // Its layout changed in ways the last walk's choices may not survive (what has an area, what
    // looks small): the element is read again, and only it.
    for (const flat of part('flat', from.logs.flat)) {
      const rect = flat.getBoundingClientRect();
      if (rect.width > 0 && rect.height > 0) return false;
    }
    if (!refreshBoxes(entry.out, null, null)) return false;
    for (const node of entry.out) out.push(node);
    if (text) for (const run of entry.text) text.push(run);
    for (const name of LOG_NAMES)
      for (const item of part(name, from.logs[name] as unknown[])) (state.logs[name] as unknown[]).push(item);
    for (const pending of part('kept', from.logs.kept)) state.reused.add(pending);
    for (const control of part('standIns', from.logs.standIns)) state.standIns.add(control);
    for (const [widget, field] of part('standsFor', from.logs.standsFor)) state.standsFor.set(widget, field);
    state.visited += entry.visited;
    state.styleReads -= entry.styleReads;
    if (entry.modal) state.modal = entry.modal;
    return true;
  }

  /**
   * Remembers what `el` gave since `mark`, for the next walk; small subtrees cost less to read again than to remember.
   */
  record(el: Element, mark: MemoMark, out: RawNode[], text: TextRun[] | null, state: WalkState): void {
    if (mark.renews) this.#renewing--;
    if (state.visited - mark.visited < MEMO_MIN_ELEMENTS) return;
    this.#entries.set(el, {
      textNull: text === null,
      out: out.slice(mark.out),
      text: text ? text.slice(mark.text) : [],
      starts: mark.logs,
      ends: logLengths(state.logs),
      visited: state.visited - mark.visited,
      styleReads: mark.styleReads - state.styleReads,
      modal: state.modal === mark.modal ? null : state.modal,
    });
  }

  /** The walk is over and whole: its memory is the next walk's. */
  end(state: WalkState): void {
    last = { entries: this.#entries, logs: state.logs };
  }
}

/**
 * Reads the boxes of reused nodes again: what lies around them may have moved them. False when a
 * box's size changed: the layout inside changed, and the part is read again (the boxes already
 * refreshed are read again too, by whatever reads them next). An option shares its select's box.
 */
function refreshBoxes(
  nodes: RawNode[],
  parentBefore: RawNode['box'] | null,
  parentNow: RawNode['box'] | null,
): boolean {
  for (const node of nodes) {
    const before = node.box;
    let now: RawNode['box'];
    if (parentBefore !== null && parentNow !== null && before === parentBefore) now = parentNow;
    else {
      const source = boxFrom.get(node) ?? elementOfNode.get(node);
      if (!source) return false;
      now = boxArray(boxlessNodes.has(node) ? contentRect(source) : source.getBoundingClientRect());
      if (now[2] !== before[2] || now[3] !== before[3]) return false;
    }
    node.box = now;
    if (node.children && !refreshBoxes(node.children, before, now)) return false;
  }
  return true;
}
