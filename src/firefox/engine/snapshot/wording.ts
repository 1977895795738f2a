/**
 * How snapshot text tells its reader to see what it leaves out (a run of alike siblings it
 * collapsed, a part drawn anew whose new uids it does not list), in the reader's terms: a program
 * calls this client's methods, which is what the text says unless the client was given other
 * words (ClientOptions.snapshotWording).
 */
export interface SnapshotWording {
  /** A call that lists the elements under `root` (the whole page when undefined) with no run collapsed. */
  uncollapsed(root: string | undefined): string;
  /** A call that lists the elements under `root`. */
  subtree(root: string): string;
  /** A call that finds elements by their words, those a collapsed run hides too. */
  find: string;
}

/** The client's own words: its methods. */
export const CLIENT_WORDING: SnapshotWording = {
  uncollapsed: (root) =>
    `page.takeSnapshot({ compress: false${root === undefined ? '' : `, root: ${JSON.stringify(root)}`} })`,
  subtree: (root) => `page.takeSnapshot({ root: ${JSON.stringify(root)} })`,
  find: 'page.findInPage(text)',
};
