/**
 * A notes app that saves its DOM: pell's contenteditable editor, whose innerHTML the app stores in
 * localStorage as the note and renders back into the list of saved notes.
 */
import { doc, expectNoMarks, expectState, type CorpusApp } from './app.js';

export const notesApp: CorpusApp = {
  library: 'pell 1.0.6',
  path: '/notes.html',
  packages: ['pell/dist'],
  html: doc(
    'Notes — pell',
    '<link rel="stylesheet" href="/node_modules/pell/dist/pell.min.css"><style>body { font-family: sans-serif; margin: 24px; max-width: 760px; } .pell-content { height: 160px; }</style>',
    `<main>
       <h1>Notes</h1>
       <div id="editor"></div>
       <p><button id="save" type="button">Save note</button></p>
       <h2>Saved notes</h2>
       <ul id="saved"></ul>
     </main>
     <script src="/node_modules/pell/dist/pell.min.js"></script>
     <script>
       const notes = () => JSON.parse(localStorage.getItem('notes') ?? '[]');
       const render = () => { document.getElementById('saved').innerHTML = notes().map((html) => '<li>' + html + '</li>').join(''); };
       const editor = pell.init({
         element: document.getElementById('editor'),
         defaultParagraphSeparator: 'p',
         actions: ['bold', 'italic', 'heading1', 'heading2', 'paragraph', 'ulist'],
         onChange: (html) => localStorage.setItem('draft', html),
       });
       editor.content.setAttribute('aria-label', 'Note');
       document.getElementById('save').addEventListener('click', () => {
         localStorage.setItem('notes', JSON.stringify([...notes(), editor.content.innerHTML]));
         editor.content.innerHTML = '';
         localStorage.removeItem('draft');
         render();
       });
       render();
     </script>`,
  ),
  tasks: [
    {
      id: 'note',
      ask: 'Write a note with the heading "Groceries" and the line "Oat milk" under it, and save it.',
      async run(agent) {
        await agent.open('/notes.html');
        await agent.inspect('() => { localStorage.clear(); return true; }');
        await agent.click({ name: 'Note' });
        await agent.click([
          { role: 'button', name: 'Heading 1' },
          { role: 'button', name: 'H1' },
        ]);
        await agent.type({ name: 'Note' }, 'Groceries');
        await agent.press('Enter');
        await agent.type({ name: 'Note' }, 'Oat milk');
        await agent.click({ role: 'button', name: 'Save note' });
      },
      async check(agent) {
        const saved = await agent.inspect<string[]>("() => JSON.parse(localStorage.getItem('notes') ?? '[]')");
        expectState(saved, ['<h1>Groceries</h1><p>Oat milk</p>'], 'the saved notes');
        expectNoMarks(saved.join(''), 'the saved notes');
      },
    },
  ],
};
