/**
 * A timeline as one self-contained HTML file: each entry (who, when, what, what the answer said) beside the picture
 * of the page after it, the pictures inside the file as data URLs. Everything from the session is text set apart by
 * escaping, and the file's own policy lets nothing in it run or load.
 */
import type { TimelineEntry } from './timeline.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (text: string): string => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

const STYLE = `
body { font: 14px system-ui, sans-serif; margin: 16px; color: #222; }
ol { list-style: none; padding: 0; }
li { display: flex; gap: 16px; border-top: 1px solid #ddd; padding: 8px 0; }
li > div { flex: 1; min-width: 0; }
.person { background: #fff7e0; }
.error .what { color: #a00; }
.when { color: #666; font-size: 12px; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: 4px 0 0; }
img { width: 480px; box-shadow: 0 0 3px #999; }
`;

/** Reads a picture an entry names; undefined once deleted. */
export type PictureReader = (name: string) => Buffer | undefined;

/** The picture of `entry` as a data URL, or why there is none. */
function pictureOf(read: PictureReader, entry: TimelineEntry): string {
  if (entry.picture === undefined) return '';
  const image = read(entry.picture);
  return image
    ? `<img alt="The page after this step" src="data:image/jpeg;base64,${image.toString('base64')}">`
    : '<p class="when">(This picture was deleted to keep the timeline within its disk bound.)</p>';
}

/** The timeline of entries `entries`, whose pictures `read` gives, as HTML. */
export function timelineHtml(entries: readonly TimelineEntry[], read: PictureReader, title: string): string {
  const items = entries.map(
    (entry, index) => `<li class="${entry.by}${entry.error ? ' error' : ''}"><div>
<div class="when">${index + 1}. ${escape(entry.at)} · ${entry.by === 'person' ? 'the person' : 'the agent'}</div>
<strong class="what">${escape(entry.what)}</strong>${entry.said ? `<pre>${escape(entry.said)}</pre>` : ''}
</div>${pictureOf(read, entry)}</li>`,
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">
<title>${escape(title)}</title><style>${STYLE}</style></head>
<body><h1>${escape(title)}</h1><p>${entries.length} steps, oldest first. Passwords and secrets are painted over in the pictures and masked in the text.</p>
<ol>
${items.join('\n')}
</ol>
</body></html>
`;
}
