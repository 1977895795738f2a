/** A deployment config edited as JSON in CodeMirror 6 (bundled from npm) and saved when it parses. */
import { doc, expectState, type CorpusApp } from './app.js';

const CONFIG = { service: 'checkout', replicas: 2, regions: ['eu-west'] };

export const jsonEditorApp: CorpusApp = {
  library: 'codemirror 6.0.2 + @codemirror/lang-json 6.0.2',
  path: '/json-editor.html',
  bundle: {
    file: 'json-editor.js',
    source: `
      import { EditorView, basicSetup } from 'codemirror';
      import { json } from '@codemirror/lang-json';
      window.view = new EditorView({
        doc: ${JSON.stringify(JSON.stringify(CONFIG, null, 2))},
        extensions: [basicSetup, json(), EditorView.contentAttributes.of({ 'aria-label': 'Deployment config' })],
        parent: document.getElementById('config'),
      });
      document.getElementById('save').addEventListener('click', () => {
        const status = document.getElementById('status');
        try {
          window.saved = JSON.parse(window.view.state.doc.toString());
          status.textContent = 'Saved';
        } catch (error) {
          status.textContent = 'Invalid JSON: ' + error.message;
        }
      });`,
  },
  html: doc(
    'Deployment config — CodeMirror',
    '<style>body { font-family: sans-serif; margin: 24px; max-width: 760px; } #config { border: 1px solid #ccc; }</style>',
    `<main>
       <h1>Deployment config</h1>
       <div id="config"></div>
       <p><button id="save" type="button">Save config</button> <span id="status" role="status"></span></p>
     </main>
     <script type="module" src="/build/json-editor.js"></script>`,
  ),
  tasks: [
    {
      id: 'replicas',
      ask: 'Set replicas to 5 and add the region "us-east", then save the config.',
      async run(agent) {
        await agent.open('/json-editor.html');
        await agent.fill(
          { role: 'textbox', name: 'Deployment config' },
          JSON.stringify({ ...CONFIG, replicas: 5, regions: ['eu-west', 'us-east'] }, null, 2),
        );
        await agent.click({ role: 'button', name: 'Save config' });
      },
      async check(agent) {
        expectState(
          await agent.inspect('() => window.saved ?? null'),
          { service: 'checkout', replicas: 5, regions: ['eu-west', 'us-east'] },
          'the saved config',
        );
      },
    },
  ],
};
