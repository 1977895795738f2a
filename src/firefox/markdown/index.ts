/**
 * Deterministic Markdown of a page: the engine reads the page as a tree of blocks (its
 * `readDocument` operation, see SnapshotManager.readDocument), this module parses that tree, the
 * pure renderer turns it into text, and the text pager shared by every output (../text-page.ts)
 * cuts it into pages:
 *
 *   const doc = parseMarkdownDocument(await snapshots.readDocument(context, view === 'agent'));
 *   const { markdown, refsCount } = renderMarkdown(doc, { view });
 *   const page = pageOfText(markdown, { offset, maxChars });
 */
import { EvaluationError } from '../errors.js';
import type { MdDocument } from './types.js';

export { renderMarkdown, parseMarkdownView, escapeText, codeFence, MARKDOWN_VIEWS, type RenderOptions, type RenderedMarkdown } from './render.js';
export type * from './types.js';

/** Parses what the extractor returned; an EvaluationError when it is not a Markdown tree. */
export function parseMarkdownDocument(json: unknown): MdDocument {
  if (typeof json !== 'string') throw new EvaluationError('The Markdown extractor returned nothing; the page may have navigated while it ran. Try again.');
  let doc: unknown;
  try {
    doc = JSON.parse(json);
  } catch {
    throw new EvaluationError('The Markdown extractor returned text that is not JSON; the page may have replaced JSON in the sandbox. Try again.');
  }
  if (typeof doc !== 'object' || doc === null || !Array.isArray((doc as { blocks?: unknown }).blocks)) {
    throw new EvaluationError('The Markdown extractor returned something other than a Markdown tree. Try again.');
  }
  const { url, title, blocks } = doc as { url?: unknown; title?: unknown; blocks: MdDocument['blocks'] };
  return { url: typeof url === 'string' ? url : '', title: typeof title === 'string' ? title : '', blocks };
}
