/**
 * What an element is, said without its uid: its role and name, the nearest named container it
 * sits in, and the frames that hold it, as the newest snapshot that listed it shows them. A
 * recording keeps this for each step, so a script can find the element again by role and name
 * (page.locate) after the uid is long gone.
 */
import type { SnapshotNode } from '../engine/snapshot/format.js';
import { matches, type RoleAndName } from './locator.js';
import type { TakenSnapshot } from './snapshots.js';

/** Roles that group what a person reads as one part of the page, by which a step's target is found again. */
const CONTAINER_ROLES = new Set([
  'dialog',
  'alertdialog',
  'region',
  'form',
  'navigation',
  'main',
  'banner',
  'contentinfo',
  'complementary',
  'search',
  'group',
  'tabpanel',
  'article',
  'table',
  'grid',
  'treegrid',
  'row',
  'list',
  'listitem',
  'menu',
  'menubar',
  'listbox',
  'tree',
  'toolbar',
  'radiogroup',
  'tablist',
]);

export interface TargetDescription extends RoleAndName {
  /** What an element without a name shows (a paragraph, a cell), by which it is told from others of its role. */
  text?: string;
  /** The nearest named container around it (a dialog, a region, a row), when there is one. */
  within?: RoleAndName;
  /** The iframes that hold it, outermost first, each by its name or else its URL. */
  frames: string[];
  /**
   * Which of the elements of the same role and name (within the same container and frames) it is, from 0, when it is
   * not the only one.
   */
  nth?: number;
}

/** The element of `uid` as the newest of `history` that lists it shows it; undefined when none does. */
export function targetOf(history: readonly TakenSnapshot[], uid: string): TargetDescription | undefined {
  for (let index = history.length - 1; index >= 0; index--) {
    const nodes = history[index]?.nodes ?? [];
    const path = pathTo(nodes, uid);
    if (path) return describePath(nodes, path);
  }
  return undefined;
}

/**
 * The URL of the document that holds `uid`'s element (its innermost frame's), as the newest of `history` that lists it
 * shows it; undefined when none does.
 */
export function documentUrlOf(
  history: readonly TakenSnapshot[],
  pageUrl: string | undefined,
  uid: string,
): string | undefined {
  for (let index = history.length - 1; index >= 0; index--) {
    const path = pathTo(history[index]?.nodes ?? [], uid);
    if (path) return path.findLast((node) => node.frame !== undefined)?.frame?.url ?? pageUrl;
  }
  return undefined;
}

function describePath(nodes: readonly SnapshotNode[], path: SnapshotNode[]): TargetDescription {
  const target = path[path.length - 1] as SnapshotNode;
  const ancestors = path.slice(0, -1);
  const container = [...ancestors].reverse().find((node) => node.name && CONTAINER_ROLES.has(node.role));
  const frames = ancestors.filter((node) => node.frame !== undefined).map((node) => node.name || node.frame?.url || '');
  const description: TargetDescription = {
    role: target.role,
    ...(target.name ? { name: target.name } : target.text ? { text: target.text } : {}),
    ...(container ? { within: { role: container.role, name: container.name ?? '' } } : {}),
    frames,
  };
  // Which of its look-alikes it is, as a locator of this description finds them (the innermost frame names where).
  const innermost = frames[frames.length - 1];
  const alike = matches(nodes, {
    ...description,
    exact: true,
    ...(innermost === undefined ? {} : { frame: innermost }),
  });
  if (alike.length > 1) description.nth = alike.indexOf(target);
  return description;
}

/** The nodes from a root down to the one of `uid`. */
function pathTo(nodes: readonly SnapshotNode[], uid: string): SnapshotNode[] | undefined {
  for (const node of nodes) {
    if (node.uid === uid) return [node];
    const below = node.children ? pathTo(node.children, uid) : undefined;
    if (below) return [node, ...below];
  }
  return undefined;
}
