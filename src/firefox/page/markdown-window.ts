import { documentFromReading, renderMarkdown, type MarkdownView } from '../engine/markdown/index.js';
import { setApartLine } from '../util/text.js';
import { pageOfText } from '../util/text-page.js';
import type { PageMarkdown } from './types.js';

/**
 * A page's Markdown reading (PageSnapshots.readDocument) as an answer gives it: rendered in `view`,
 * secrets masked, one window of `maxChars` from `offset`.
 */
export function markdownWindow(
  reading: string | undefined,
  view: MarkdownView,
  options: { offset?: number; maxChars?: number },
  mask: (text: string) => string,
): PageMarkdown {
  const document = documentFromReading(reading, view);
  // The page's headings at levels 3–6, below an answer's own # and ## (see text.ts).
  const rendered = renderMarkdown(document, { view, firstHeadingLevel: 3 });
  const whole = mask(rendered.markdown);
  const window = pageOfText(whole, {
    offset: options.offset ?? 0,
    ...(options.maxChars === undefined ? {} : { maxChars: options.maxChars }),
  });
  const { text, ...place } = window;
  // A window that starts inside a long line starts an answer's line with it: set apart as well.
  const markdown = place.offset > 0 && whole[place.offset - 1] !== '\n' ? setApartLine(text) : text;
  return { url: mask(document.url), view, markdown, refsCount: rendered.refsCount, ...place };
}
