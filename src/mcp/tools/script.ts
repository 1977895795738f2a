import { z } from 'zod';
import { codeFence, escapeHidden } from '../../firefox/index.js';
import { lineWriter } from '../answer-frame.js';
import { pageTool } from '../tool.js';

const ranLine = lineWriter('script', 'Script ran', () => ' on the page and returned:', []);

export const evaluateScript = pageTool({
  name: 'evaluate_script',
  runsAgentCode: true,
  description:
    'Run a JS function in the page; returns its JSON result (promises awaited). Elements given by uid are its arguments; returned elements come back as { uid }.',
  category: 'script',
  readOnly: false,
  lines: [ranLine.form],
  schema: {
    function: z.string().min(1).describe('Such as "() => document.title" or "(el) => el.innerText".'),
    args: z
      .array(z.object({ uid: z.string().describe('Element uid.') }))
      .optional()
      .describe('Elements to pass, in order.'),
  },
  handler: async ({ function: fn, args }, { page, signal }, response) => {
    const result = await page.evaluateOnElements(
      fn,
      (args ?? []).map((arg) => arg.uid),
      { signal },
    );
    // JSON escapes for hidden characters (see text.ts): the block still parses to the same value.
    const json = escapeHidden(JSON.stringify(result ?? null, null, 2));
    const fence = codeFence(json);
    response.line(ranLine()).line(`${fence}json`).line(json).line(fence);
    response.structured('result', result ?? null);
  },
});

export const scriptTools = [evaluateScript];
