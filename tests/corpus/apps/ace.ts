/**
 * A server config in the Ace editor: a virtualized view (only the lines in sight are in the DOM, a hidden textarea
 * takes the keys) with a line-number gutter.
 */
import { TaskFailed, type Agent } from '../agent.js';
import { doc, expectState, type CorpusApp } from './app.js';

const ACE = '/node_modules/ace-builds/src-min-noconflict';

/** 63 lines of YAML: the editor shows 20, so the logging section near the end is not in the DOM when the page opens. */
const SERVICES = ['billing', 'search', 'mailer', 'reports', 'images', 'geo'];
export const CONFIG = [
  '# Checkout service configuration',
  'server:',
  '  host: 0.0.0.0',
  '  port: 8080',
  '  read_timeout: 30s',
  '  write_timeout: 30s',
  '  max_body: 10mb',
  '',
  'database:',
  '  url: postgres://checkout@db:5432/checkout',
  '  pool: 20',
  '  ssl: true',
  '',
  'upstreams:',
  ...SERVICES.flatMap((name, index) => [
    `  ${name}:`,
    `    url: http://${name}.internal:${7000 + index}`,
    '    retries: 3',
    '    timeout: 5s',
    '    circuit_breaker: true',
    '',
  ]),
  'features:',
  '  new_cart: true',
  '  gift_cards: false',
  '  express_pay: true',
  '',
  'logging:',
  '  level: debug',
  '  format: json',
  '  output: stdout',
  '',
  'metrics:',
  '  enabled: true',
  '  path: /metrics',
].join('\n');

/**
 * The editor as an agent points at it: a line of its text, the text area, or its input (Ace names it by the caret's
 * row).
 */
const INPUT = { role: 'textbox', name: /Cursor at row|Server config/ } as const;
const EDITOR = [
  { name: /^\s*# Checkout service configuration\s*$/ },
  { role: 'generic', name: /^# Checkout service configuration/ },
  INPUT,
];
const TYPING = [INPUT, ...EDITOR];

/** The row (from 0) of a line of the config, as the agent counts it from the lines and line numbers it read. */
const rowOf = (text: string): number => CONFIG.split('\n').findIndex((line) => line.trim() === text);

/** From the end of a line: the last word selected and typed over. */
async function retypeLastWord(agent: Agent, value: string): Promise<void> {
  await agent.press('End');
  await agent.press('Control+Shift+ArrowLeft');
  await agent.type(TYPING, value);
}

export const aceApp: CorpusApp = {
  library: 'ace-builds 1.45.2',
  path: '/ace.html',
  packages: ['ace-builds/src-min-noconflict'],
  html: doc(
    'Server config — Ace',
    '<style>body { font-family: sans-serif; margin: 24px; max-width: 820px; } #config { height: 340px; border: 1px solid #ccc; font-size: 14px; }</style>',
    `<main>
       <h1>Checkout service config</h1>
       <div id="config"></div>
       <p><button id="save" type="button">Save config</button> <span id="status" role="status"></span></p>
     </main>
     <script src="${ACE}/ace.js"></script>
     <script>
       ace.config.set('basePath', '${ACE}');
       window.editor = ace.edit('config', { mode: 'ace/mode/yaml', value: ${JSON.stringify(CONFIG)}, textInputAriaLabel: 'Server config' });
       editor.clearSelection();
       document.getElementById('save').addEventListener('click', () => {
         window.saved = editor.getValue();
         document.getElementById('status').textContent = 'Config saved';
       });
     </script>`,
  ),
  tasks: [
    {
      id: 'port',
      ask: 'Change the server port from 8080 to 9090 and save the config.',
      async run(agent) {
        await agent.open('/ace.html');
        // The line is in sight: into the editor, to its top, down to the port's line.
        await agent.click(EDITOR);
        await agent.press('Control+Home');
        for (let row = 0; row < rowOf('port: 8080'); row += 1) await agent.press('ArrowDown');
        await retypeLastWord(agent, '9090');
        await agent.click({ role: 'button', name: 'Save config' });
      },
      async check(agent) {
        expectState(
          await agent.inspect('() => editor.getValue()'),
          CONFIG.replace('port: 8080', 'port: 9090'),
          "the editor's text",
        );
        expectState(
          await agent.inspect('() => window.saved ?? null'),
          CONFIG.replace('port: 8080', 'port: 9090'),
          'the saved config',
        );
      },
    },
    {
      id: 'log-level',
      ask: 'Set the logging level to warn and save the config.',
      async run(agent) {
        await agent.open('/ace.html');
        // The logging section is below the editor's view: the agent goes to the end of the file and reads again.
        await agent.click(EDITOR);
        await agent.press('Control+End');
        // Ace draws the lines it scrolled to on the next frame.
        await agent.waitFor('level: debug');
        if (!(await agent.snapshot()).includes('level: debug'))
          throw new TaskFailed('the logging section is not in the snapshot after scrolling to the end');
        const last = CONFIG.split('\n').length - 1;
        for (let row = last; row > rowOf('level: debug'); row -= 1) await agent.press('ArrowUp');
        await retypeLastWord(agent, 'warn');
        await agent.click({ role: 'button', name: 'Save config' });
      },
      async check(agent) {
        expectState(
          await agent.inspect('() => window.saved ?? null'),
          CONFIG.replace('level: debug', 'level: warn'),
          'the saved config',
        );
      },
    },
  ],
};
