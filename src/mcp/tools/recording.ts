import { z } from 'zod';
import { exportScript as scriptOf, SCRIPT_FORMATS } from '../recording/export.js';
import { lineWriter } from '../answer-frame.js';
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

export const recordingTools = [exportScript];
