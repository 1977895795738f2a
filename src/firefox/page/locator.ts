/**
 * Elements by role and name instead of uid, for scripts that outlive a snapshot: a locator is a
 * query, found afresh in a new snapshot each time it acts (a page that re-rendered is no
 * obstacle), and refused with what the page holds instead when no element, or more than one,
 * answers it.
 */
import { allNodes, type SnapshotNode } from '../engine/snapshot/format.js';
import { collapse } from '../engine/in-page/text.js';
import { LocatorError } from '../errors.js';
import { quote } from '../util/text.js';
import type { ClickOptions } from './input/actions.js';
import type { ActionResult } from './input/settle.js';
import type { TakenSnapshot } from './snapshots.js';

/** A role and, optionally, a name: `exact` compares names as they are, else case and runs of spaces do not count. */
export interface RoleAndName {
  role: string;
  name?: string;
  exact?: boolean;
}

export interface LocateQuery extends RoleAndName {
  /** An element without a name (a paragraph, a cell) by its own text, compared as the name is (`exact`). */
  text?: string;
  /** Only inside the nearest element of this role and name (a dialog, a form, a row, a region). */
  within?: RoleAndName;
  /** Only inside the frame whose iframe has this name, or whose URL holds this text. */
  frame?: string;
  /**
   * Only in exactly these frames, outermost first, each by name or URL as `frame`; [] is the top document alone (not a
   * frame of another origin inside it).
   */
  frames?: readonly string[];
  /** Which of several matches, from 0 in document order; without it, several matches are refused. */
  nth?: number;
}

/** What a locator needs of its page: a snapshot, and the actions by uid. */
export interface LocatorPage {
  takeSnapshot(): Promise<TakenSnapshot>;
  clickByUid(uid: string, options?: ClickOptions): Promise<ActionResult>;
  fillByUid(uid: string, value: string | boolean): Promise<ActionResult>;
  hoverByUid(uid: string): Promise<ActionResult>;
  selectTextByUid(uid: string, text: string): Promise<ActionResult>;
  uploadFileByUid(uid: string, paths: string[]): Promise<ActionResult>;
  dragByUid(fromUid: string, toUid: string): Promise<ActionResult>;
}

/** Most candidates an error lists. */
const LISTED = 10;

export class Locator {
  constructor(
    private readonly page: LocatorPage,
    readonly query: LocateQuery,
  ) {
    if (!query.role.trim()) throw new LocatorError('A locator needs a role (button, link, textbox, checkbox…).');
    if (query.nth !== undefined && (!Number.isInteger(query.nth) || query.nth < 0))
      throw new LocatorError(`nth must be a whole number from 0; got ${String(query.nth)}.`);
  }

  /** The uid of the one element the query names in a new snapshot of the page. */
  async uid(): Promise<string> {
    return resolveQuery(await this.page.takeSnapshot(), this.query).uid;
  }

  /** How many elements answer the query now (nth aside). */
  async count(): Promise<number> {
    return matches((await this.page.takeSnapshot()).nodes, this.query).length;
  }

  async click(options?: ClickOptions): Promise<ActionResult> {
    return this.page.clickByUid(await this.uid(), options);
  }

  async fill(value: string | boolean): Promise<ActionResult> {
    return this.page.fillByUid(await this.uid(), value);
  }

  async hover(): Promise<ActionResult> {
    return this.page.hoverByUid(await this.uid());
  }

  async selectText(text: string): Promise<ActionResult> {
    return this.page.selectTextByUid(await this.uid(), text);
  }

  async upload(paths: string[]): Promise<ActionResult> {
    return this.page.uploadFileByUid(await this.uid(), paths);
  }

  async dragTo(target: Locator): Promise<ActionResult> {
    const snapshot = await this.page.takeSnapshot();
    return this.page.dragByUid(resolveQuery(snapshot, this.query).uid, resolveQuery(snapshot, target.query).uid);
  }

  toString(): string {
    return describeQuery(this.query);
  }
}

/** The one node a query names in `snapshot`, or a LocatorError saying what is there instead. */
export function resolveQuery(snapshot: Pick<TakenSnapshot, 'nodes'>, query: LocateQuery): SnapshotNode {
  const found = matches(snapshot.nodes, query);
  if (query.nth !== undefined) {
    const node = found[query.nth];
    if (node) return node;
    const { nth: _nth, ...anyMatch } = query;
    throw new LocatorError(
      `${describeQuery(anyMatch)}: ${found.length} element${found.length === 1 ? '' : 's'} match on the page, so there is no nth=${query.nth}${found.length ? ` (0–${found.length - 1})` : ''}.${found.length ? '' : ` ${others(snapshot.nodes, query)}`}`,
    );
  }
  const [only, ...more] = found;
  if (only && more.length === 0) return only;
  if (only)
    throw new LocatorError(
      `${describeQuery(query)}: ${found.length} elements match (${found.slice(0, LISTED).map(line).join(', ')}). Say which with nth (0–${found.length - 1}), or narrow it with within or frame.`,
    );
  throw new LocatorError(`${describeQuery(query)}: no element matches. ${others(snapshot.nodes, query)}`);
}

/** Every node of the tree that answers the query, in document order. */
export function matches(nodes: readonly SnapshotNode[], query: LocateQuery): SnapshotNode[] {
  const found: SnapshotNode[] = [];
  const visit = (
    list: readonly SnapshotNode[],
    within: boolean,
    inFrame: boolean,
    path: readonly SnapshotNode[],
  ): void => {
    for (const node of list) {
      const nowWithin = within || (query.within !== undefined && answers(node, query.within));
      const nowInFrame =
        inFrame || (query.frame !== undefined && node.frame !== undefined && frameAnswers(node, query.frame));
      if (
        (query.within === undefined || within) &&
        (query.frame === undefined || inFrame) &&
        inFrames(path, query.frames) &&
        answers(node, query) &&
        showsText(node, query)
      )
        found.push(node);
      if (node.children) visit(node.children, nowWithin, nowInFrame, node.frame === undefined ? path : [...path, node]);
    }
  };
  visit(nodes, false, false, []);
  return found;
}

function answers(node: SnapshotNode, wanted: RoleAndName): boolean {
  if (node.role !== wanted.role.trim().toLowerCase()) return false;
  if (wanted.name === undefined) return true;
  const name = node.name ?? '';
  return wanted.exact ? name === wanted.name : fold(name) === fold(wanted.name);
}

function showsText(node: SnapshotNode, query: LocateQuery): boolean {
  if (query.text === undefined) return true;
  const text = node.text ?? '';
  return query.exact ? text === query.text : fold(text) === fold(query.text);
}

/** Whether the frames around a node (`path`, outermost first) are exactly `frames`, when the query pins them. */
function inFrames(path: readonly SnapshotNode[], frames: readonly string[] | undefined): boolean {
  return (
    frames === undefined ||
    (path.length === frames.length && path.every((node, index) => frameAnswers(node, frames[index] ?? '')))
  );
}

function frameAnswers(node: SnapshotNode, frame: string): boolean {
  return fold(node.name ?? '') === fold(frame) || (node.frame?.url ?? '').includes(frame);
}

/**
 * Text as a loose match compares it (and a replay's heal by case or spacing): hidden characters out, spacing collapsed,
 * case folded.
 */
export function fold(text: string): string {
  return collapse(text).toLocaleLowerCase();
}

/** What the page holds of the role asked, for an error to name. */
function others(nodes: readonly SnapshotNode[], query: LocateQuery): string {
  const sameRole = [...allNodes(nodes)].filter((node) => node.role === query.role.trim().toLowerCase());
  if (sameRole.length === 0) return `The page has no ${query.role.trim()}; take a snapshot to see what it has.`;
  return `The page's ${query.role.trim()} elements: ${sameRole.slice(0, LISTED).map(line).join(', ')}${sameRole.length > LISTED ? ` and ${sameRole.length - LISTED} more` : ''}.`;
}

function line(node: SnapshotNode): string {
  return `${node.uid} ${node.role}${node.name ? ` ${quote(node.name, 80)}` : ''}`;
}

/**
 * A query in words, as its errors (and a recording's steps, by the query that finds their targets) name what it looks
 * for.
 */
export function describeQuery(query: LocateQuery): string {
  const part = (wanted: RoleAndName): string =>
    `${wanted.role.trim()}${wanted.name === undefined ? '' : ` ${quote(wanted.name, 80)}${wanted.exact ? ' (exact)' : ''}`}`;
  const text = query.text === undefined ? '' : ` showing ${quote(query.text, 80)}`;
  const within = query.within ? ` within ${part(query.within)}` : '';
  const frame = query.frame === undefined ? '' : ` in frame ${quote(query.frame, 80)}`;
  return `${part(query)}${text}${within}${frame}${query.nth === undefined ? '' : ` (match ${query.nth + 1})`}`;
}
