/**
 * A sprint board in React on @hello-pangea/dnd: three columns of cards that move with the mouse or, from a focused
 * card, with Space and the arrow keys.
 */
import { doc, expectState, type CorpusApp } from './app.js';

const BOARD = {
  todo: ['Write release notes', 'Update the onboarding emails', 'Fix login timeout'],
  doing: ['Migrate billing to v2', 'Audit access logs'],
  done: ['Ship dark mode'],
};
const TITLES = { todo: 'To do', doing: 'In progress', done: 'Done' };
const STATE = '() => window.board';

export const pangeaDndApp: CorpusApp = {
  library: '@hello-pangea/dnd 18.0.1 + React 19.3.1',
  path: '/pangea-dnd.html',
  bundle: {
    file: 'pangea-dnd.js',
    source: `
      import { createElement as h, useEffect, useState } from 'react';
      import { createRoot } from 'react-dom/client';
      import { DragDropContext, Droppable, Draggable } from '@hello-pangea/dnd';

      const TITLES = ${JSON.stringify(TITLES)};

      function App() {
        const [board, setBoard] = useState(${JSON.stringify(BOARD)});
        // The app's state, where the grader reads it.
        useEffect(() => { window.board = board; }, [board]);
        const onDragEnd = ({ source, destination }) => {
          if (!destination) return;
          setBoard((before) => {
            const next = { ...before, [source.droppableId]: [...before[source.droppableId]] };
            const [card] = next[source.droppableId].splice(source.index, 1);
            next[destination.droppableId] = [...(destination.droppableId === source.droppableId ? next[source.droppableId] : before[destination.droppableId])];
            next[destination.droppableId].splice(destination.index, 0, card);
            if (destination.droppableId === source.droppableId) next[source.droppableId] = next[destination.droppableId];
            return next;
          });
        };
        return h('main', null,
          h('h1', null, 'Sprint 14'),
          h(DragDropContext, { onDragEnd },
            h('div', { className: 'board' }, Object.keys(TITLES).map((column) =>
              h('section', { key: column, className: 'column', 'aria-labelledby': column + '-title' },
                h('h2', { id: column + '-title' }, TITLES[column]),
                h(Droppable, { droppableId: column }, (provided) =>
                  h('ul', { ref: provided.innerRef, ...provided.droppableProps, className: 'cards' },
                    board[column].map((card, index) => h(Draggable, { key: card, draggableId: card, index }, (drag) =>
                      h('li', { ref: drag.innerRef, ...drag.draggableProps, ...drag.dragHandleProps, className: 'card' }, card))),
                    provided.placeholder)))))));
      }

      createRoot(document.getElementById('root')).render(h(App));
    `,
  },
  html: doc(
    'Sprint board — @hello-pangea/dnd',
    `<style>
       body { font-family: sans-serif; margin: 24px; }
       .board { display: flex; gap: 16px; align-items: flex-start; }
       .column { width: 240px; background: #f0f2f5; border-radius: 6px; padding: 8px; }
       .column h2 { font-size: 16px; margin: 4px 4px 8px; }
       .cards { list-style: none; margin: 0; padding: 0; min-height: 120px; }
       .card { background: white; border: 1px solid #ccd; border-radius: 4px; padding: 10px; margin-bottom: 8px; }
     </style>`,
    '<div id="root"></div><script type="module" src="/build/pangea-dnd.js"></script>',
  ),
  tasks: [
    {
      id: 'move',
      ask: 'Move "Fix login timeout" to In progress.',
      async run(agent) {
        await agent.open('/pangea-dnd.html');
        await agent.waitFor('Sprint 14');
        await agent.drag({ name: 'Fix login timeout' }, [
          { role: 'list', name: /^/, within: { name: 'In progress' } },
          { role: 'heading', name: 'In progress' },
        ]);
      },
      async check(agent) {
        const board = await agent.inspect<typeof BOARD>(STATE);
        expectState(board.todo, ['Write release notes', 'Update the onboarding emails'], 'To do');
        expectState(
          board.doing.includes('Fix login timeout') && board.doing.length === 3,
          true,
          `In progress (${board.doing.join(', ')})`,
        );
      },
    },
    {
      id: 'last',
      ask: 'Move "Write release notes" to the bottom of To do.',
      async run(agent) {
        await agent.open('/pangea-dnd.html');
        await agent.waitFor('Sprint 14');
        // With the keyboard, as the cards' own description says: the card after the column's heading takes the focus
        // (a click on a card does not focus it), Space lifts it, the arrows move it, Space drops it.
        await agent.click({ role: 'heading', name: 'To do' });
        await agent.press('Tab');
        await agent.press('Space');
        await agent.press('ArrowDown');
        await agent.press('ArrowDown');
        await agent.press('Space');
      },
      async check(agent) {
        expectState(
          await agent.inspect(STATE),
          { ...BOARD, todo: ['Update the onboarding emails', 'Fix login timeout', 'Write release notes'] },
          'the board',
        );
      },
    },
  ],
};
