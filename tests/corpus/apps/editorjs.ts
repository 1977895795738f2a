/**
 * Release notes in Editor.js: a block editor (each block its own contenteditable) with header and list tools, saved as
 * JSON.
 */
import type { Agent } from '../agent.js';
import { doc, expectNoMarks, expectState, type CorpusApp } from './app.js';

const EJ = '/node_modules/@editorjs';

const BLOCKS = [
  { type: 'header', data: { text: 'Release notes', level: 2 } },
  { type: 'paragraph', data: { text: 'Version 3 brings a faster search.' } },
  {
    type: 'list',
    data: {
      style: 'unordered',
      meta: {},
      items: [
        { content: 'Search is twice as fast', meta: {}, items: [] },
        { content: 'Dark theme', meta: {}, items: [] },
      ],
    },
  },
  { type: 'paragraph', data: { text: 'Upgrade from the settings page.' } },
];

/** The blocks as saved: type and data, the ids Editor.js gives them left out. */
const SAVED = '() => window.saved ? window.saved.blocks.map(({ type, data }) => ({ type, data })) : null';

async function expectSaved(agent: Agent, blocks: unknown[]): Promise<void> {
  expectState(await agent.inspect(SAVED), blocks, 'the saved blocks');
  expectNoMarks(await agent.inspect<string>('() => JSON.stringify(window.saved)'), 'the saved JSON');
}

export const editorjsApp: CorpusApp = {
  library: '@editorjs/editorjs 2.31.7 + header 2.8.9 + list 2.0.9',
  path: '/editorjs.html',
  packages: ['@editorjs/editorjs/dist', '@editorjs/header/dist', '@editorjs/list/dist'],
  html: doc(
    'Release notes — Editor.js',
    '<style>body { font-family: sans-serif; margin: 24px; max-width: 760px; } #notes { border: 1px solid #ccc; padding: 0 48px; }</style>',
    `<main>
       <h1>Edit release notes</h1>
       <div id="notes"></div>
       <p><button id="save" type="button">Save notes</button> <span id="status" role="status"></span></p>
     </main>
     <script src="${EJ}/editorjs/dist/editorjs.umd.js"></script>
     <script src="${EJ}/header/dist/header.umd.js"></script>
     <script src="${EJ}/list/dist/editorjs-list.umd.js"></script>
     <script>
       window.editor = new EditorJS({
         holder: 'notes',
         tools: { header: { class: Header, inlineToolbar: true }, list: { class: EditorjsList, inlineToolbar: true } },
         data: { blocks: ${JSON.stringify(BLOCKS)} },
       });
       document.getElementById('save').addEventListener('click', async () => {
         window.saved = await editor.save();
         document.getElementById('status').textContent = 'Notes saved';
       });
     </script>`,
  ),
  tasks: [
    {
      id: 'heading',
      ask: 'Rename the heading "Release notes" to "Release notes for version 3" and save.',
      async run(agent) {
        await agent.open('/editorjs.html');
        await agent.click({ role: 'heading', name: 'Release notes' });
        await agent.press('End');
        await agent.type({ role: 'heading', name: 'Release notes' }, ' for version 3');
        await agent.click({ role: 'button', name: 'Save notes' });
      },
      async check(agent) {
        await expectSaved(agent, [
          { type: 'header', data: { text: 'Release notes for version 3', level: 2 } },
          ...BLOCKS.slice(1),
        ]);
      },
    },
    {
      id: 'paragraph',
      ask: 'Add a paragraph "Thanks to all contributors." at the end of the notes and save.',
      async run(agent) {
        await agent.open('/editorjs.html');
        await agent.click({ name: 'Upgrade from the settings page.' });
        await agent.press('End');
        await agent.press('Enter');
        await agent.type({ name: 'Upgrade from the settings page.' }, 'Thanks to all contributors.');
        await agent.click({ role: 'button', name: 'Save notes' });
      },
      async check(agent) {
        await expectSaved(agent, [...BLOCKS, { type: 'paragraph', data: { text: 'Thanks to all contributors.' } }]);
      },
    },
  ],
};
