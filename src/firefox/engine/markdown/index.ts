/**
 * Deterministic Markdown of a page: the engine's snapshot walk reads the page's content in
 * reading order (its `readDocument` operation, see SnapshotManager.readDocument), this module
 * arranges that reading into a tree of blocks, the pure renderer turns it into text, and the
 * text pager shared by every output (../text-page.ts) cuts it into pages:
 *
 *   const doc = documentFromReading(await snapshots.readDocument(view === 'agent'), view);
 *   const { markdown, refsCount } = renderMarkdown(doc, { view });
 *   const page = pageOfText(markdown, { offset, maxChars });
 */
export {
  renderMarkdown,
  parseMarkdownView,
  MARKDOWN_VIEWS,
  type RenderOptions,
  type RenderedMarkdown,
} from './render.js';
export { escapeText } from './syntax.js';
export { documentFromReading } from './from-reading.js';
export type * from './types.js';
