/**
 * TodoMVC in React (react, react-dom, todomvc-app-css; source in ../todomvc/app.jsx, bundled when the corpus server
 * starts).
 */
import { doc, expectState, type CorpusApp } from './app.js';

const NEW_TODO = { role: 'textbox', name: 'What needs to be done?' } as const;

export const todomvcApp: CorpusApp = {
  library: 'React 19.3.1 TodoMVC',
  path: '/todomvc.html',
  packages: ['todomvc-app-css'],
  html: doc(
    'React • TodoMVC',
    '<link rel="stylesheet" href="/node_modules/todomvc-app-css/index.css">',
    `<section class="todoapp"></section>
     <footer class="info"><p>Double-click to edit a todo</p><p>Part of <a href="#/">TodoMVC</a></p></footer>
     <script type="module" src="/build/todomvc.js"></script>`,
  ),
  tasks: [
    {
      id: 'todos',
      ask: 'Add "Buy milk", "Walk the dog" and "Write the report", tick off "Walk the dog", then clear the completed ones.',
      async run(agent) {
        await agent.open('/todomvc.html');
        for (const title of ['Buy milk', 'Walk the dog', 'Write the report']) {
          await agent.fill(NEW_TODO, title);
          await agent.press('Enter');
        }
        // The row's checkbox has no name of its own: any checkbox inside the row.
        await agent.click({ role: 'checkbox', name: /^/, within: { role: 'listitem', name: /Walk the dog/ } });
        await agent.click({ role: 'button', name: 'Clear completed' });
      },
      async check(agent) {
        const todos = await agent.inspect<string[]>(
          "() => [...document.querySelectorAll('.todo-list li')].map((li) => li.textContent + (li.classList.contains('completed') ? ' (done)' : ''))",
        );
        expectState(todos, ['Buy milk', 'Write the report'], 'the todo list');
      },
    },
  ],
};
