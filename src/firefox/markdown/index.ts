/**
 * Deterministic Markdown of a page: the in-page extractor (sent as source text), the pure renderer
 * and the paginator. Wiring, for a client with a BiDi connection:
 *
 *   const result = await bidi.send('script.callFunction', {
 *     functionDeclaration: markdownSource(), awaitPromise: false,
 *     target: { context, sandbox: MARKDOWN_SANDBOX }, resultOwnership: 'none' });
 *   const doc = parseMarkdownDocument(result.result.value);      // the string the extractor returned
 *   const { markdown, refsCount } = renderMarkdown(doc, { view });
 *   const page = paginateText(markdown, offset, maxChars);
 *
 * Run it in the snapshot library's sandbox so that uids are checked against its registry: only
 * uids a snapshot stamped and the registry still vouches for reach the agent view.
 */
import { EvaluationError } from '../errors.js';
import { SANDBOX } from '../snapshot/injected/source.js';
import { extractDocument } from './injected.js';
import type { MdDocument } from './types.js';

export { renderMarkdown, parseMarkdownView, escapeText, codeFence, MARKDOWN_VIEWS, type RenderOptions, type RenderedMarkdown } from './render.js';
export { paginateText, DEFAULT_MAX_CHARS, type MarkdownPage } from './page.js';
export { extractDocument } from './injected.js';
export type * from './types.js';

/** The sandbox to run the extractor in: the snapshot library's, whose uid registry it consults. */
export const MARKDOWN_SANDBOX = SANDBOX;

// Transpilers that keep function names (tsx, vitest) wrap inner functions in __name(); define it.
const SOURCE = `function () { var __name = (fn) => fn; return (${extractDocument.toString()})(); }`;

/** The function declaration for script.callFunction that returns the page's Markdown tree as one JSON string. */
export function markdownSource(): string {
  return SOURCE;
}

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
