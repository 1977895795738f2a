import { z } from 'zod';
import { oneLine, shorten } from '../../firefox/index.js';
import { lineWriter, noneLine } from '../answer-frame.js';
import { userContextTool } from '../tool.js';

const SAMPLE_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const addedLine = lineWriter(
  'browser state',
  'Added init script ',
  (id: string) => `${id}; it runs in pages of this session from their next load.`,
  [SAMPLE_ID],
);
const removedLine = lineWriter('browser state', 'Removed init script ', (id: string) => `${id}. `, [SAMPLE_ID]);
const listHead = lineWriter('init script list', 'Init scripts:', () => '', []);
const noScripts = noneLine('init scripts');
/** A script as the list shows it: its id (hand-written: only the id's shape is ours), then its source. */
const scriptLine = (id: string, source: string): string => `${id}: ${oneLine(shorten(source, 200))}`;
const SCRIPT_FORM = {
  form: 'init script list',
  start: String.raw`[\da-f]{8}-[\da-f]{4}-`,
  example: scriptLine(SAMPLE_ID, '() => {}'),
};

export const addInitScript = userContextTool({
  name: 'add_init_script',
  runsAgentCode: true,
  description:
    "Run a function in every page of this session before the page's own scripts, from the next load on (reload to apply it to the page already loaded): for stubbing APIs. Gives an id for remove_init_script.",
  category: 'routes',
  readOnly: false,
  lines: [addedLine.form],
  schema: {
    function: z
      .string()
      .min(1)
      .describe(
        'A function declaration, such as "() => { window.fetch = () => Promise.reject(new Error(\\"offline\\")); }".',
      ),
  },
  handler: async ({ function: fn }, { userContext }, response) => {
    const id = await userContext.addInitScript(fn);
    response.line(addedLine(id)).structured('id', id);
  },
});

export const removeInitScript = userContextTool({
  name: 'remove_init_script',
  description:
    'Stop an init script (by its id from add_init_script) from running in pages loaded from now on; list them with no id.',
  category: 'routes',
  readOnly: false,
  lines: [removedLine.form, listHead.form, SCRIPT_FORM, noScripts.form],
  schema: {
    id: z.string().min(1).optional().describe('The id add_init_script gave; leave it out to list the init scripts.'),
  },
  handler: async ({ id }, { userContext }, response) => {
    if (id !== undefined) await userContext.removeInitScript(id);
    const left = [...userContext.initScripts].map(([script, source]) => scriptLine(script, source));
    response.line(
      `${id === undefined ? '' : removedLine(id)}${left.length ? [listHead(), ...left].join('\n') : noScripts()}`,
    );
    response.structured('initScripts', Object.fromEntries(userContext.initScripts));
  },
});

export const initScriptTools = [addInitScript, removeInitScript];
