import { z } from 'zod';
import { oneLine, shorten } from '../../firefox/index.js';
import { userContextTool } from '../tool.js';

export const addInitScript = userContextTool({
  name: 'add_init_script',
  description:
    "Run a function in every page of this session before the page's own scripts, from the next load on (reload to apply it to the page already loaded): for stubbing APIs. Gives an id for remove_init_script.",
  category: 'routes',
  readOnly: false,
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
    response
      .line(`Added init script ${id}; it runs in pages of this session from their next load.`)
      .structured('id', id);
  },
});

export const removeInitScript = userContextTool({
  name: 'remove_init_script',
  description:
    'Stop an init script (by its id from add_init_script) from running in pages loaded from now on; list them with no id.',
  category: 'routes',
  readOnly: false,
  schema: {
    id: z.string().min(1).optional().describe('The id add_init_script gave; leave it out to list the init scripts.'),
  },
  handler: async ({ id }, { userContext }, response) => {
    if (id !== undefined) await userContext.removeInitScript(id);
    const left = [...userContext.initScripts].map(([script, source]) => `${script}: ${oneLine(shorten(source, 200))}`);
    response.line(
      `${id === undefined ? '' : `Removed init script ${id}. `}${left.length ? `Init scripts:\n${left.join('\n')}` : 'No init scripts.'}`,
    );
    response.structured('initScripts', Object.fromEntries(userContext.initScripts));
  },
});

export const initScriptTools = [addInitScript, removeInitScript];
