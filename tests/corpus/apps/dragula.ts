/** A small kanban board on dragula: cards are dragged within a list and between lists (mouse events, no HTML5 drag). */
import { doc, expectState, type CorpusApp } from './app.js';

const DRAGULA = '/node_modules/dragula/dist';
const LISTS: Record<string, string[]> = {
  todo: ['Call the plumber', 'Write the report', 'Buy milk'],
  doing: ['Renew passport'],
  done: ['Book flights'],
};
const TITLES: Record<string, string> = { todo: 'To do', doing: 'In progress', done: 'Done' };

const BOARD = `() => Object.fromEntries([...document.querySelectorAll('ul[data-list]')].map((ul) => [ul.dataset.list, board[ul.dataset.list]]))`;

export const dragulaApp: CorpusApp = {
  library: 'dragula 3.7.3',
  path: '/dragula.html',
  packages: ['dragula/dist'],
  html: doc(
    'Chores — dragula',
    // Whole-pixel boxes: dragula puts a card before or after the one it is dropped on by the pointer's half of it.
    `<link rel="stylesheet" href="${DRAGULA}/dragula.min.css">
     <style>
       body { font: 16px/24px sans-serif; margin: 24px; }
       h1 { font-size: 24px; line-height: 32px; margin: 0 0 16px; } h2 { font-size: 16px; line-height: 24px; margin: 0 0 8px; }
       .board { display: flex; gap: 16px; } section { width: 220px; }
       ul { list-style: none; margin: 0; padding: 8px; min-height: 160px; background: #eef; }
       li { height: 40px; box-sizing: border-box; padding: 8px; margin: 0 0 8px; background: #fff; border: 1px solid #99a; cursor: grab; }
     </style>`,
    `<main>
       <h1>Chores</h1>
       <div class="board">
         ${Object.entries(LISTS)
           .map(
             ([key, cards]) =>
               `<section><h2 id="h-${key}">${TITLES[key] ?? key}</h2><ul data-list="${key}" aria-labelledby="h-${key}">${cards.map((card) => `<li>${card}</li>`).join('')}</ul></section>`,
           )
           .join('')}
       </div>
       <p id="status" role="status"></p>
     </main>
     <script src="${DRAGULA}/dragula.min.js"></script>
     <script>
       // The app's model: each list's cards, read back from the DOM when a card is dropped.
       const lists = [...document.querySelectorAll('ul[data-list]')];
       const read = () => Object.fromEntries(lists.map((ul) => [ul.dataset.list, [...ul.children].map((li) => li.textContent)]));
       window.board = read();
       window.drake = dragula(lists).on('drop', (card, list) => {
         window.board = read();
         document.getElementById('status').textContent = card.textContent + ' moved to ' + document.getElementById('h-' + list.dataset.list).textContent;
       });
     </script>`,
  ),
  tasks: [
    {
      id: 'move-card',
      ask: 'I finished "Write the report": move it to Done.',
      async run(agent) {
        await agent.open('/dragula.html');
        await agent.drag({ role: 'listitem', name: 'Write the report' }, { role: 'list', name: 'Done' });
      },
      async check(agent) {
        const board = await agent.inspect<Record<string, string[]>>(BOARD);
        expectState(board.todo, ['Call the plumber', 'Buy milk'], 'the to-do list');
        expectState([...(board.done ?? [])].sort(), ['Book flights', 'Write the report'], 'the done list');
      },
    },
    {
      id: 'reorder',
      ask: 'Buy milk is the most urgent chore: put it at the top of the to-do list.',
      async run(agent) {
        await agent.open('/dragula.html');
        await agent.drag({ role: 'listitem', name: 'Buy milk' }, { role: 'listitem', name: 'Call the plumber' });
      },
      async check(agent) {
        expectState(
          await agent.inspect(BOARD),
          {
            todo: ['Buy milk', 'Call the plumber', 'Write the report'],
            doing: ['Renew passport'],
            done: ['Book flights'],
          },
          'the board',
        );
      },
    },
  ],
};
