import { z } from 'zod';
import { exportScript as scriptOf, SCRIPT_FORMATS } from '../recording/export.js';
import { lineWriter } from '../answer-frame.js';
import { timelineHtml } from '../timeline/html.js';
import { userContextTool } from '../tool.js';

/** The file name a format's script gets by default. */
const EXTENSIONS = { ts: 'ts', playwright: 'spec.ts', webdriver: 'mjs' } as const;

const wroteLine = lineWriter(
  'files',
  'Wrote the ',
  (steps: number, format: string, path: string) =>
    `${steps} step${steps === 1 ? '' : 's'} of this session as a ${format} script to ${path}.`,
  [3, 'ts', '/out/walk.ts'],
);

export const exportScript = userContextTool({
  name: 'export_script',
  description:
    "Write the session's steps so far as a runnable script that checks each step's effect: ts (this package's client), playwright (@playwright/test) or webdriver (selenium-webdriver, for a Grid). Secrets are read from the environment.",
  category: 'recording',
  readOnly: false,
  fileArgs: ['filePath'],
  // It writes a file of its own; the page and the session stay as they were, so it is not a step.
  looksOnly: true,
  lines: [wroteLine.form],
  schema: {
    format: z
      .enum(SCRIPT_FORMATS as [string, ...string[]])
      .optional()
      .describe('Default ts.'),
    filePath: z.string().optional().describe('Default recording-<time>.<ext> in the output directory.'),
  },
  handler: ({ format, filePath }, { files, recording }, response) => {
    const chosen = (format ?? 'ts') as keyof typeof EXTENSIONS;
    const steps = recording().steps.length;
    if (steps === 0)
      throw new Error(
        'The session has taken no steps yet (looking is not a step): there is nothing to export. Act on the page first (navigate_page, click, fill…).',
      );
    const target = files.write(
      filePath ?? `recording-${new Date().toISOString().replace(/[:.]/g, '-')}.${EXTENSIONS[chosen]}`,
      scriptOf(recording(), chosen),
    );
    response.line(wroteLine(steps, chosen, target)).structured('filePath', target);
  },
});

const wroteTimeline = lineWriter(
  'files',
  "Wrote the session's timeline",
  (entries: number, pictures: number, bytes: number, path: string) =>
    ` (${entries} step${entries === 1 ? '' : 's'}, ${pictures} picture${pictures === 1 ? '' : 's'}, ${bytes} bytes) to ${path}.`,
  [12, 5, 180233, '/out/timeline.html'],
);

export const saveTimeline = userContextTool({
  name: 'save_timeline',
  description:
    "Write the session's timeline as one HTML file for a person to look at: every call and every act of the person in the live view, with a picture of the page after each that changed it (secrets painted over, answers masked).",
  category: 'recording',
  readOnly: false,
  fileArgs: ['filePath'],
  looksOnly: true,
  lines: [wroteTimeline.form],
  schema: { filePath: z.string().optional().describe('Default timeline-<time>.html in the output directory.') },
  handler: ({ filePath }, { files, timeline }, response) => {
    if (!timeline) throw new Error('A replay keeps no timeline of its own.');
    const { entries } = timeline;
    const html = timelineHtml(entries, (name) => timeline.picture(name), "firefox-bidi-mcp: a session's timeline");
    const target = files.write(filePath ?? `timeline-${new Date().toISOString().replace(/[:.]/g, '-')}.html`, html);
    const pictures = entries.filter((entry) => entry.picture !== undefined).length;
    response
      .line(wroteTimeline(entries.length, pictures, Buffer.byteLength(html), target))
      .structured('filePath', target);
  },
});

export const recordingTools = [exportScript, saveTimeline];
