/**
 * Release notes in EasyMDE (its browser build, CodeMirror 5 inside): a Markdown editor that draws its lines in elements
 * and takes keys through a hidden textarea, with a toolbar.
 *
 * It found two defects: select_text on a line of the editor selected the words yet answered that it
 * did not take (the selection is read from the hidden textarea now), and the editor's text area read
 * as `textbox no-name` whose click was refused as covered (its drawn lines are its value now).
 */
import type { Target } from '../agent.js';
import { doc, expectState, type CorpusApp } from './app.js';

const EASYMDE = '/node_modules/easymde/dist';

const NOTES = [
  '# Release 4.2',
  '',
  'This release drops support for Node 16, a breaking change for older servers.',
  '',
  '## Changes',
  '',
  '- Faster search in large projects',
  '- Exports keep their column widths',
  '',
  'Thanks to everyone who reported bugs.',
].join('\n');

/**
 * The editor's text area (named by its label where the reading gives one), or a line of its text, as a person clicks
 * where the words show.
 */
const INPUT = { role: 'textbox', name: /Release notes|^$/ } as const;
/** The line of the text that starts with `words` (a reading that lists lines), or the text drawn as one block. */
const lineOf = (words: string): Target[] => [
  { role: ['pre', 'generic', 'paragraph'], name: new RegExp(`^\\s*${words}`) },
  { role: 'generic', name: /^# Release 4\.2/ },
];

export const easymdeApp: CorpusApp = {
  library: 'easymde 2.21.0',
  path: '/easymde.html',
  packages: ['easymde/dist'],
  html: doc(
    'Release notes — EasyMDE',
    `<link rel="stylesheet" href="${EASYMDE}/easymde.min.css">
     <style>body { font-family: sans-serif; margin: 24px; max-width: 860px; } .editor-toolbar button { min-width: 30px; } .editor-toolbar button::after { content: attr(aria-label); font-size: 11px; }</style>`,
    `<main>
       <h1>Release notes</h1>
       <label for="notes">Release notes</label>
       <textarea id="notes"></textarea>
     </main>
     <script src="${EASYMDE}/easymde.min.js"></script>
     <script>
       window.easyMDE = new EasyMDE({
         element: document.getElementById('notes'),
         initialValue: ${JSON.stringify(NOTES)},
         autoDownloadFontAwesome: false,
         spellChecker: false,
         status: ['lines', 'words'],
         toolbar: ['bold', 'italic', 'heading', '|', 'unordered-list', 'ordered-list', 'link', '|', 'preview'],
       });
     </script>`,
  ),
  tasks: [
    {
      id: 'heading',
      ask: 'Add a "Known issues" heading at the end of the release notes.',
      async run(agent) {
        await agent.open('/easymde.html');
        // Into the text, at its last line, then to the very end.
        await agent.click([...lineOf('Thanks to everyone'), INPUT]);
        await agent.press('Control+End');
        await agent.press('Enter');
        await agent.press('Enter');
        await agent.type([INPUT, ...lineOf('Thanks to everyone')], '## Known issues');
      },
      async check(agent) {
        expectState(await agent.inspect('() => easyMDE.value()'), `${NOTES}\n\n## Known issues`, 'the notes');
      },
    },
    {
      id: 'bold',
      ask: 'Make "breaking change" bold in the release notes.',
      async run(agent) {
        await agent.open('/easymde.html');
        await agent.selectText([...lineOf('This release drops'), INPUT], 'breaking change');
        await agent.click({ role: 'button', name: /^Bold/ });
      },
      async check(agent) {
        expectState(
          await agent.inspect('() => easyMDE.value()'),
          NOTES.replace('breaking change', '**breaking change**'),
          'the notes',
        );
      },
    },
  ],
};
