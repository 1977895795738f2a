// Readings of one page that take more than one step, each run under Page's script guard: a
// snapshot that tells a crash from a page, a scroll with the snapshot of where it ended, a witness,
// what matches a query, the page as Markdown.
import type { MarkdownView } from '../engine/markdown/index.js';
import { findInSnapshot, type FindResult } from '../engine/snapshot/budget.js';
import type { LineForm } from '../util/set-apart.js';
import { withCss } from '../effects/target.js';
import type { RecordedTarget } from '../effects/types.js';
import type { ScrollOptions, ScrollResult } from './input/scroll.js';
import { markdownWindow } from './markdown-window.js';
import type { PageParts } from './parts.js';
import type { SnapshotOptions, TakenSnapshot } from './snapshots.js';
import { targetOf } from './targets.js';
import { witnessPage } from './witness.js';
import { pageWitnessAccess } from './witness-access.js';
import type { WitnessReport } from './witness-report.js';
import type { PageMarkdown } from './types.js';

/**
 * A snapshot, where a crash that took its document away says so, and the blank document a crash leaves is never the
 * answer.
 */
export async function readSnapshot(page: PageParts, options: SnapshotOptions): Promise<TakenSnapshot> {
  const snapshot = await page.snapshots.take(options).catch(async (error: unknown) => {
    // The realm went away under the walk (the crash page lives in the parent process): a crash says so.
    if (error instanceof Error && /parent process|no such frame/i.test(error.message))
      await page.crash.refuseIfCrashing('Taking a snapshot');
    throw error;
  });
  if (snapshot.url === 'about:blank' && page.navigations.url !== 'about:blank')
    await page.crash.refuseIfCrashing('Taking a snapshot');
  return snapshot;
}

/**
 * Scrolls with real wheel input and waits in the page until it rests (no action to settle); then a viewport snapshot of
 * where it ended.
 */
export async function scrollAndSnapshot(
  page: PageParts,
  options: ScrollOptions,
): Promise<ScrollResult & { snapshot: TakenSnapshot }> {
  const result = await page.input.pointer.scroll(options);
  // What scrolled may be a container whose scroll events the page stopped before they reached the engine.
  page.snapshots.forgetReading();
  return {
    ...result,
    snapshot: await page.dialog.unlessOpened(
      'Taking a snapshot after scrolling',
      page.snapshots.take({ viewport: result.container ?? true }),
    ),
  };
}

/**
 * A snapshot witnessed by Firefox's own accessibility engine (see witness.ts), again once the page is quiet when it
 * differs.
 */
export async function witnessReading(page: PageParts): Promise<WitnessReport> {
  const quiet = (quietMs: number, maxMs: number): Promise<unknown> =>
    page.engine.call(page.id, 'waitForQuiet', [quietMs, maxMs], 'Waiting for the page');
  return witnessPage(
    pageWitnessAccess(page.send, page.engine),
    (options) => readSnapshot(page, options),
    quiet,
    page.silentDocuments,
  );
}

/** What Page.findInPage answers: the matches of `query` in a snapshot of the whole page. */
export async function findInReading(
  page: PageParts,
  query: string,
  options: { regex?: boolean; limit?: number },
): Promise<FindResult & { snapshotId: number }> {
  const snapshot = await readSnapshot(page, { layers: [] });
  return { ...findInSnapshot(snapshot.nodes, query, options), snapshotId: snapshot.id };
}

/** What Page.getPageMarkdown answers: one window of the page's Markdown in `view`, secrets masked. */
export async function readMarkdown(
  page: PageParts,
  view: MarkdownView,
  options: { offset?: number; maxChars?: number; answerLines?: readonly LineForm[] },
): Promise<PageMarkdown> {
  const reading = await page.snapshots.readDocument(view === 'agent');
  return markdownWindow(reading, view, options, (text) => page.secrets.mask(text));
}

/** What a person's click lands on, said as a recording says the agent's targets. */
export interface PointTarget {
  /** Its uid in the snapshot just taken. */
  uid: string;
  target: RecordedTarget;
}

/**
 * What a click at viewport point (x, y) would land on: the innermost element there that a snapshot taken now lists,
 * with where it is; undefined over a frame or where nothing listed is (a bare canvas, the page's margin).
 */
export async function readPointTarget(page: PageParts, x: number, y: number): Promise<PointTarget | undefined> {
  await readSnapshot(page, {});
  const uids = await page.engine.call(page.id, 'uidsAt', [x, y], 'Reading what is under the pointer');
  if (!uids || uids === 'frame') return undefined;
  for (const uid of uids) {
    const described = targetOf(page.snapshots.history, uid);
    if (!described) continue;
    const css = await page.uids.selector(uid).catch(() => undefined);
    return { uid, target: css ? withCss(described, css) : described };
  }
  return undefined;
}
