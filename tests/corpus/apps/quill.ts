/** A memo in Quill: a contenteditable editor with a toolbar and a header picker, saved as semantic HTML. */
import type { Agent } from '../agent.js';
import { doc, expectNoMarks, expectState, type CorpusApp } from './app.js';

// Quill 2's semantic HTML writes every space as &nbsp;: read back with plain spaces.
const SAVED =
  "() => window.saved ? { html: window.saved.html.replaceAll('&nbsp;', ' '), root: window.saved.root } : null";

/** The memo as saved is `html`, and the editor's document holds nothing of ours. */
async function expectSavedMemo(agent: Agent, html: string): Promise<void> {
  const saved = await agent.inspect<{ html: string; root: string } | null>(SAVED);
  expectState(saved?.html, html, 'the saved memo');
  expectNoMarks(saved?.root ?? '', "the editor's document");
}

export const quillApp: CorpusApp = {
  library: 'quill 2.0.3',
  path: '/quill.html',
  packages: ['quill/dist'],
  html: doc(
    'Memo — Quill',
    '<link rel="stylesheet" href="/node_modules/quill/dist/quill.snow.css"><style>body { font-family: sans-serif; margin: 24px; max-width: 760px; } #editor { height: 220px; }</style>',
    `<main>
       <h1>Memo</h1>
       <div id="editor"><p>Meeting moved to Thursday.</p><p>Bring the budget sheet.</p></div>
       <p><button id="save" type="button">Save memo</button> <span id="status" role="status"></span></p>
     </main>
     <script src="/node_modules/quill/dist/quill.js"></script>
     <script>
       window.quill = new Quill('#editor', { theme: 'snow', modules: { toolbar: [[{ header: [1, 2, false] }], ['bold', 'italic'], [{ list: 'bullet' }]] } });
       quill.root.setAttribute('aria-label', 'Memo');
       document.getElementById('save').addEventListener('click', () => {
         window.saved = { html: quill.getSemanticHTML(), root: quill.root.innerHTML };
         document.getElementById('status').textContent = 'Memo saved';
       });
     </script>`,
  ),
  tasks: [
    {
      id: 'heading',
      ask: 'Add the line "Action items" at the end of the memo as a Heading 2, then save it.',
      async run(agent) {
        await agent.open('/quill.html');
        await agent.click({ role: 'paragraph', name: 'Bring the budget sheet.' });
        await agent.press('End');
        await agent.press('Enter');
        await agent.type({ name: 'Memo' }, 'Action items');
        await agent.click([
          { role: 'combobox', name: /heading|header/i },
          { role: 'button', name: /heading|header|Normal/i },
        ]);
        await agent.click([
          { role: 'option', name: /Heading 2/i },
          { role: 'button', name: /Heading 2/i },
        ]);
        await agent.click({ role: 'button', name: 'Save memo' });
      },
      async check(agent) {
        await expectSavedMemo(
          agent,
          '<p>Meeting moved to Thursday.</p><p>Bring the budget sheet.</p><h2>Action items</h2>',
        );
      },
    },
    {
      id: 'bold',
      ask: 'Write "Urgent: " in bold at the start of the memo and save it.',
      async run(agent) {
        await agent.open('/quill.html');
        await agent.click({ role: 'paragraph', name: 'Meeting moved to Thursday.' });
        await agent.press('Home');
        await agent.click({ role: 'button', name: /^bold$/i });
        await agent.type({ name: 'Memo' }, 'Urgent: ');
        await agent.click({ role: 'button', name: 'Save memo' });
      },
      async check(agent) {
        await expectSavedMemo(
          agent,
          '<p><strong>Urgent: </strong>Meeting moved to Thursday.</p><p>Bring the budget sheet.</p>',
        );
      },
    },
    {
      id: 'bold-phrase',
      ask: 'Make "budget sheet" bold and save the memo.',
      async run(agent) {
        await agent.open('/quill.html');
        await agent.selectText({ role: 'paragraph', name: 'Bring the budget sheet.' }, 'budget sheet');
        await agent.click({ role: 'button', name: /^bold$/i });
        await agent.click({ role: 'button', name: 'Save memo' });
      },
      async check(agent) {
        await expectSavedMemo(
          agent,
          '<p>Meeting moved to Thursday.</p><p>Bring the <strong>budget sheet</strong>.</p>',
        );
      },
    },
  ],
};
