import { z } from 'zod';
import { escapeHidden } from '../../firefox/index.js';
import { pageTool } from '../tool.js';

export const evaluateScript = pageTool({
  name: 'evaluate_script',
  description:
    'Run a JavaScript function in the selected page and return its result as JSON (promises are awaited). Elements given by uid are passed as arguments; elements in the result come back as { uid }.',
  category: 'script',
  readOnly: false,
  schema: {
    function: z.string().min(1).describe('A function declaration, such as "() => document.title" or "(el) => el.innerText".'),
    args: z.array(z.object({ uid: z.string().describe('The uid of an element to pass.') })).optional().describe('Elements to pass to the function, in order.'),
  },
  handler: async ({ function: fn, args }, { page, signal }, response) => {
    const result = await page.evaluateOnElements(fn, (args ?? []).map((arg) => arg.uid), { signal });
    // JSON escapes for hidden characters (see text.ts): the block still parses to the same value.
    response.line('Script ran on the page and returned:').line('```json').line(escapeHidden(JSON.stringify(result ?? null, null, 2))).line('```');
    response.structured('result', result ?? null);
  },
});

export const scriptTools = [evaluateScript];
