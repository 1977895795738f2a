import { documentFromReading, renderMarkdown, type MarkdownView } from '../engine/markdown/index.js';
import type { LineForm } from '../util/set-apart.js';
import { pageOfText } from '../util/text-page.js';
import { clientPageText } from './line-forms.js';
import type { PageMarkdown } from './types.js';

/**
 * A page's Markdown reading (PageSnapshots.readDocument) as an answer gives it: rendered in `view`,
 * secrets masked, one window of `maxChars` from `offset`; page text that would start like a line of
 * the client's or of `answerLines` (the caller's) set apart.
 */
export function markdownWindow(
  reading: string | undefined,
  view: MarkdownView,
  options: { offset?: number; maxChars?: number; answerLines?: readonly LineForm[] },
  mask: (text: string) => string,
): PageMarkdown {
  const document = documentFromReading(reading, view);
  const { setApartLine } = clientPageText(options.answerLines);
  // The page's headings at levels 3–6, below an answer's own # and ##.
  const rendered = renderMarkdown(document, { view, firstHeadingLevel: 3, setApart: setApartLine });
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
