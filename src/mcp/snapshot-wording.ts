import type { SnapshotWording } from '../firefox/index.js';

/**
 * How the client's snapshot text says the way to what it leaves out (a collapsed run, a redrawn
 * part's new uids), in the tools a model calls: given to every client the server starts
 * (ClientOptions.snapshotWording), in place of the client's method names.
 */
export const TOOL_WORDING: SnapshotWording = {
  uncollapsed: (root) =>
    `take_snapshot({ compress: false${root === undefined ? '' : `, root: ${JSON.stringify(root)}`} })`,
  subtree: (root) => `take_snapshot root=${root}`,
  find: 'find_in_page',
};
