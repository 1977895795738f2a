/**
 * A meeting agenda in CKEditor 5 (its browser build): a classic rich-text editor with a toolbar, read back as HTML with
 * getData().
 */
import type { Agent } from '../agent.js';
import { doc, expectNoMarks, expectState, type CorpusApp } from './app.js';

const CK = '/node_modules/ckeditor5/dist/browser';

const AGENDA =
  '<h2>Team meeting</h2><p>The review meeting is tomorrow</p><ul><li>Budget for the next quarter</li><li>Hiring plan</li></ul><p>Send questions to <a href="mailto:lead@example.com">the team lead</a>.</p>';

const EDITABLE = { role: 'textbox', name: /Editing area/ } as const;

/** The editor's data is `html`, and its editing view holds nothing of ours. */
async function expectAgenda(agent: Agent, html: string): Promise<void> {
  // CKEditor gives list items ids of its own (data-list-item-id): they are not the content.
  expectState(
    await agent.inspect(`() => editor.getData().replace(/ data-list-item-id="\\w+"/g, '')`),
    html,
    "the editor's data",
  );
  expectNoMarks(
    await agent.inspect<string>('() => editor.getData() + editor.editing.view.getDomRoot().innerHTML'),
    "the editor's content",
  );
}

export const ckeditorApp: CorpusApp = {
  library: 'ckeditor5 48.5.2',
  path: '/ckeditor.html',
  packages: ['ckeditor5/dist/browser'],
  html: doc(
    'Agenda — CKEditor 5',
    `<link rel="stylesheet" href="${CK}/ckeditor5.css"><style>body { font-family: sans-serif; margin: 24px; max-width: 760px; }</style>`,
    `<main>
       <h1>Agenda</h1>
       <div id="agenda">${AGENDA}</div>
     </main>
     <script src="${CK}/ckeditor5.umd.js"></script>
     <script>
       const { ClassicEditor, Essentials, Paragraph, Heading, Bold, Italic, Link, List } = CKEDITOR;
       ClassicEditor.create(document.getElementById('agenda'), {
         licenseKey: 'GPL',
         plugins: [Essentials, Paragraph, Heading, Bold, Italic, Link, List],
         toolbar: ['heading', '|', 'bold', 'italic', 'link', '|', 'bulletedList', 'numberedList', '|', 'undo', 'redo'],
       }).then((editor) => { window.editor = editor; });
     </script>`,
  ),
  tasks: [
    {
      id: 'bold',
      ask: 'Make the word "tomorrow" bold.',
      async run(agent) {
        await agent.open('/ckeditor.html');
        // The word ends its line: the caret goes to the end and a word is selected back.
        await agent.click({ role: 'paragraph', name: 'The review meeting is tomorrow' });
        await agent.press('End');
        await agent.press('Control+Shift+ArrowLeft');
        await agent.click({ role: 'button', name: /^Bold/ });
      },
      async check(agent) {
        await expectAgenda(agent, AGENDA.replace('is tomorrow', 'is <strong>tomorrow</strong>'));
      },
    },
    {
      id: 'bold-phrase',
      ask: 'Make "next quarter" bold.',
      async run(agent) {
        await agent.open('/ckeditor.html');
        await agent.selectText({ role: 'listitem', name: 'Budget for the next quarter' }, 'next quarter');
        await agent.click({ role: 'button', name: /^Bold/ });
      },
      async check(agent) {
        await expectAgenda(agent, AGENDA.replace('the next quarter', 'the <strong>next quarter</strong>'));
      },
    },
    {
      id: 'bullet',
      ask: 'Add "Office move" as a new item at the end of the bulleted list.',
      async run(agent) {
        await agent.open('/ckeditor.html');
        await agent.click({ role: 'listitem', name: 'Hiring plan' });
        await agent.press('End');
        await agent.press('Enter');
        await agent.type(EDITABLE, 'Office move');
      },
      async check(agent) {
        await expectAgenda(agent, AGENDA.replace('<li>Hiring plan</li>', '<li>Hiring plan</li><li>Office move</li>'));
      },
    },
  ],
};
