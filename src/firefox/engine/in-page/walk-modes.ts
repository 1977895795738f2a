/**
 * The walk's modes, compiled once from its options before it starts: the traversal and its finish
 * ask these flags, never the options, so each difference between a snapshot and a reading of the
 * content for the Markdown views is named once, here.
 */
import type { RawNode, WalkOptions } from '../types.js';

export interface WalkModes {
  snapshotId: number;
  counterStart: number | undefined;
  /** Named layers to walk instead of the whole document. */
  rootSelectors: string[] | undefined;
  /**
   * A snapshot (not a content reading): changes are tracked, echoes dropped, links put back in their sentences,
   * editors' lines marked up.
   */
  snapshot: boolean;
  /**
   * A content reading for the Markdown views: every node keeps its place in the running text, with inline marks, line
   * breaks and link targets.
   */
  content: 'agent' | 'document' | undefined;
  /**
   * A snapshot of the whole document: what the memo remembers, and where the open modal and closed roots are learned.
   */
  whole: boolean;
  /** Reuse the last walk's memory of what did not change. */
  reuse: boolean;
  /** Hand out uids (the document view has none). */
  uids: boolean;
  /** Which kept nodes get a uid: every one in a snapshot, what can be acted on in the agent view. */
  wantsUid: (node: RawNode) => boolean;
  /** Write data-mcp-uid on the elements given uids. */
  stamp: boolean;
  /** Leave out what only a screen reader gets: the Markdown views read the page as a person sees it. */
  seenOnly: boolean;
  /** A legend, caption or figcaption is said where it is, not only as its group's name. */
  captionsInPlace: boolean;
  /** List what only looks clickable (a pointer cursor) as well as what ARIA and focus say. */
  looksClickable: boolean;
}

export function compileModes(options: WalkOptions): WalkModes {
  const content = options.content;
  const snapshot = content === undefined;
  return {
    snapshotId: options.snapshotId,
    counterStart: options.counterStart,
    rootSelectors: options.rootSelectors,
    snapshot,
    content,
    whole: snapshot && !options.rootSelectors,
    reuse: options.reuse !== false,
    uids: content !== 'document',
    wantsUid: snapshot ? () => true : content === 'agent' ? (node) => node.interactive === true : () => false,
    stamp: options.stamp && content !== 'document',
    seenOnly: !snapshot,
    captionsInPlace: !snapshot,
    looksClickable: options.looksClickable !== false,
  };
}
