/** Release notes in TinyMCE: the document is edited in a same-origin iframe and saved with getContent(). */
import type { Agent } from '../agent.js';
import { doc, expectNoMarks, expectState, type CorpusApp } from './app.js';

const SAVED = '() => window.saved ?? null';

/** The notes as saved are `html`, with nothing of ours in them. */
async function expectSavedNotes(agent: Agent, html: string): Promise<void> {
  const saved = await agent.inspect<string | null>(SAVED);
  expectState(saved, html, 'the saved notes');
  expectNoMarks(saved ?? '', 'the saved notes');
}

export const tinymceApp: CorpusApp = {
  library: 'tinymce 8.9.2',
  path: '/tinymce.html',
  packages: ['tinymce'],
  html: doc(
    'Release notes — TinyMCE',
    '<style>body { font-family: sans-serif; margin: 24px; max-width: 760px; }</style>',
    `<main>
       <h1>Release notes</h1>
       <textarea id="notes"><p>Version 2.4 is out.</p><p>It fixes the export bug.</p></textarea>
       <p><button id="save" type="button">Save</button> <span id="status" role="status"></span></p>
     </main>
     <script src="/node_modules/tinymce/tinymce.min.js"></script>
     <script>
       tinymce.init({ selector: '#notes', license_key: 'gpl', menubar: false, plugins: 'lists', toolbar: 'blocks | bold italic | bullist', height: 300, promotion: false, branding: false, statusbar: false });
       document.getElementById('save').addEventListener('click', () => {
         window.saved = tinymce.activeEditor.getContent();
         document.getElementById('status').textContent = 'Saved';
       });
     </script>`,
  ),
  tasks: [
    {
      id: 'append',
      ask: 'Add a last paragraph "Shipped on Friday." and save the notes.',
      async run(agent) {
        await agent.open('/tinymce.html');
        // The textarea shows the text before TinyMCE has built its editor; its toolbar says the editor is there.
        await agent.waitFor('Paragraph');
        await agent.click({ role: 'paragraph', name: 'It fixes the export bug.' });
        await agent.press('End');
        await agent.press('Enter');
        await agent.type({ name: /Rich Text Area/ }, 'Shipped on Friday.');
        await agent.click({ role: 'button', name: 'Save' });
      },
      async check(agent) {
        await expectSavedNotes(
          agent,
          '<p>Version 2.4 is out.</p>\n<p>It fixes the export bug.</p>\n<p>Shipped on Friday.</p>',
        );
      },
    },
    {
      id: 'heading',
      ask: 'Make "Version 2.4 is out." a Heading 1 and save the notes.',
      async run(agent) {
        await agent.open('/tinymce.html');
        await agent.waitFor('Paragraph');
        await agent.click({ role: 'paragraph', name: 'Version 2.4 is out.' });
        await agent.click([
          { role: 'button', name: /^Block/ },
          { role: 'combobox', name: /^Block/ },
        ]);
        await agent.click({ role: ['menuitemcheckbox', 'menuitem', 'option'], name: 'Heading 1' });
        await agent.click({ role: 'button', name: 'Save' });
      },
      async check(agent) {
        await expectSavedNotes(agent, '<h1>Version 2.4 is out.</h1>\n<p>It fixes the export bug.</p>');
      },
    },
  ],
};
