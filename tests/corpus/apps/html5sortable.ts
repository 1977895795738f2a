/**
 * A reading list on html5sortable: books are sorted within a list and moved between lists by native HTML5 drag and
 * drop, and the app saves on the library's sortupdate.
 */
import type { Target } from '../agent.js';
import { doc, expectState, type CorpusApp } from './app.js';

const LISTS: Record<string, { title: string; books: string[] }> = {
  next: { title: 'Up next', books: ['Middlemarch', 'Emma', 'Dune'] },
  finished: { title: 'Finished', books: ['Persuasion'] },
};

const SAVED = `() => window.saved`;

/**
 * A book as a reader finds it: the library gives each item role=option outside any listbox, which some readings keep
 * and others read as the list item it is.
 */
function book(name: string): Target[] {
  return [
    { role: 'listitem', name },
    { role: 'option', name },
  ];
}

export const html5sortableApp: CorpusApp = {
  library: 'html5sortable 0.14.0',
  path: '/html5sortable.html',
  packages: ['html5sortable/dist'],
  html: doc(
    'Reading list — html5sortable',
    `<style>
       body { font: 16px/24px sans-serif; margin: 24px; }
       h1 { font-size: 24px; line-height: 32px; margin: 0 0 16px; } h2 { font-size: 16px; line-height: 24px; margin: 0 0 8px; }
       .lists { display: flex; gap: 16px; } section { width: 240px; }
       ul { list-style: none; margin: 0; padding: 8px; min-height: 160px; background: #efe; }
       li { height: 40px; box-sizing: border-box; padding: 8px; margin: 0 0 8px; background: #fff; border: 1px solid #9a9; cursor: move; }
       li.sortable-placeholder { background: #dfd; border-style: dashed; }
     </style>`,
    `<main>
       <h1>Reading list</h1>
       <div class="lists">
         ${Object.entries(LISTS)
           .map(
             ([key, list]) =>
               `<section><h2 id="h-${key}">${list.title}</h2><ul class="books" data-list="${key}" aria-labelledby="h-${key}">${list.books.map((book) => `<li>${book}</li>`).join('')}</ul></section>`,
           )
           .join('')}
       </div>
       <p id="status" role="status"></p>
     </main>
     <script src="/node_modules/html5sortable/dist/html5sortable.min.js"></script>
     <script>
       // The app's saved state changes only when the library reports a new order.
       const lists = [...document.querySelectorAll('ul.books')];
       const read = () => Object.fromEntries(lists.map((ul) => [ul.dataset.list, [...ul.querySelectorAll('li:not(.sortable-placeholder)')].map((li) => li.textContent)]));
       window.saved = read();
       sortable('.books', { acceptFrom: '.books', placeholderClass: 'sortable-placeholder', forcePlaceholderSize: true });
       for (const list of lists) list.addEventListener('sortupdate', (event) => {
         window.saved = read();
         document.getElementById('status').textContent = 'Saved: ' + event.detail.item.textContent + ' in ' + document.getElementById('h-' + event.detail.destination.container.dataset.list).textContent;
       });
     </script>`,
  ),
  tasks: [
    {
      id: 'read-last',
      ask: 'Middlemarch can wait: put it at the bottom of Up next, after Dune.',
      async run(agent) {
        await agent.open('/html5sortable.html');
        await agent.drag(book('Middlemarch'), book('Dune'));
      },
      async check(agent) {
        expectState(
          await agent.inspect(SAVED),
          { next: ['Emma', 'Dune', 'Middlemarch'], finished: ['Persuasion'] },
          'the saved reading list',
        );
      },
    },
    {
      id: 'finished',
      ask: 'I finished Emma: move it to Finished.',
      async run(agent) {
        await agent.open('/html5sortable.html');
        await agent.drag(book('Emma'), [...book('Persuasion'), { role: 'list', name: 'Finished' }]);
      },
      async check(agent) {
        const saved = await agent.inspect<Record<string, string[]>>(SAVED);
        expectState(saved.next, ['Middlemarch', 'Dune'], 'the saved Up next list');
        expectState([...(saved.finished ?? [])].sort(), ['Emma', 'Persuasion'], 'the saved Finished list');
      },
    },
  ],
};
