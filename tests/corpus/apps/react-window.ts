/**
 * A support queue in React on react-window: 10,000 tickets in a virtual list (about 12 rows drawn at a time), each with
 * a Done checkbox; an answer box.
 */
import type { Agent } from '../agent.js';
import { doc, expectState, type CorpusApp } from './app.js';

const SUBJECTS = [
  'Printer jams on floor 3',
  'VPN drops every hour',
  'Invoice shows the wrong VAT',
  'Cannot reset my password',
  'Laptop fan is loud',
  'Shared drive is read-only',
  'Calendar invites arrive twice',
  'Monitor flickers',
  'Badge does not open door B',
  'Expense report stuck in review',
  'Wi-Fi slow in meeting room 2',
];
const PEOPLE = [
  'Ingrid Novak',
  'Tomás Ruiz',
  'Amara Okafor',
  'Kenji Sato',
  'Lena Fischer',
  'Ravi Menon',
  'Chloé Martin',
];
export const TICKETS = 10_000;

/** The ticket numbered `n` (from 1): what the page shows of it. */
export function ticket(n: number): { subject: string; assignee: string } {
  return {
    subject: SUBJECTS[(n * 7) % SUBJECTS.length] ?? '',
    assignee: PEOPLE[(n * 3 + Math.floor(n / 11)) % PEOPLE.length] ?? '',
  };
}

/**
 * Scrolls the list with a key until a ticket shows, as a person pages through it: press, read the answer (or the page
 * again when the answer does not show it).
 */
export async function pageUntil(agent: Agent, shows: RegExp, key: string, most: number): Promise<void> {
  for (let presses = 0; presses < most && !shows.test(agent.lastAnswer); presses += 1) {
    await agent.press(key);
    if (!shows.test(agent.lastAnswer)) await agent.snapshot();
  }
}

export const reactWindowApp: CorpusApp = {
  library: 'react-window 2.5.3 + React 19.3.1',
  path: '/react-window.html',
  bundle: {
    file: 'react-window.js',
    source: `
      import { createElement as h, useEffect, useState } from 'react';
      import { createRoot } from 'react-dom/client';
      import { List } from 'react-window';

      const SUBJECTS = ${JSON.stringify(SUBJECTS)};
      const PEOPLE = ${JSON.stringify(PEOPLE)};
      const ticket = (n) => ({ subject: SUBJECTS[(n * 7) % SUBJECTS.length], assignee: PEOPLE[(n * 3 + Math.floor(n / 11)) % PEOPLE.length] });

      function Row({ index, style, ariaAttributes, done, toggle }) {
        const n = index + 1;
        const { subject, assignee } = ticket(n);
        return h('div', { ...ariaAttributes, style, className: 'row' + (done.has(n) ? ' done' : '') },
          h('span', { className: 'id' }, '#' + n),
          h('span', { className: 'subject' }, subject),
          h('span', { className: 'who' }, assignee),
          h('label', null, h('input', { type: 'checkbox', checked: done.has(n), onChange: () => toggle(n) }), ' Done'));
      }

      function App() {
        const [done, setDone] = useState(() => new Set());
        const toggle = (n) => setDone((before) => { const next = new Set(before); next.has(n) ? next.delete(n) : next.add(n); return next; });
        // The app's state, where the grader reads it.
        useEffect(() => { window.queue = { done: [...done].sort((a, b) => a - b) }; }, [done]);
        return h('main', null,
          h('h1', null, 'Support queue'),
          h('p', null, '${TICKETS.toLocaleString('en-US')} open tickets, oldest first. ', h('span', null, done.size + ' marked done')),
          h(List, { 'aria-label': 'Tickets', className: 'tickets', rowComponent: Row, rowCount: ${TICKETS}, rowHeight: 40, rowProps: { done, toggle }, style: { height: 480 } }),
          h('form', { id: 'answer-form', onSubmit: (event) => { event.preventDefault(); window.answered = new FormData(event.target).get('answer').trim(); } },
            h('label', { htmlFor: 'answer' }, 'Answer'), ' ', h('input', { id: 'answer', name: 'answer' }), ' ',
            h('button', { type: 'submit' }, 'Submit answer')));
      }

      createRoot(document.getElementById('root')).render(h(App));
    `,
  },
  html: doc(
    'Support queue — react-window',
    `<style>
       body { font-family: sans-serif; margin: 24px; }
       .tickets { width: 760px; border: 1px solid #ccc; }
       .row { display: flex; align-items: center; gap: 16px; padding: 0 12px; box-sizing: border-box; border-bottom: 1px solid #eee; }
       .row .id { width: 64px; color: #555; } .row .subject { flex: 1; } .row .who { width: 140px; }
       .row.done .subject { text-decoration: line-through; }
       form { margin-top: 16px; }
     </style>`,
    '<div id="root"></div><script type="module" src="/build/react-window.js"></script>',
  ),
  tasks: [
    {
      id: 'done',
      ask: 'Mark ticket #40 as done.',
      async run(agent) {
        await agent.open('/react-window.html');
        await agent.waitFor('Support queue');
        // Into the list, then page down through it until #40 shows.
        await agent.click({ role: 'list', name: 'Tickets' });
        await pageUntil(agent, /#40\b/, 'PageDown', 6);
        await agent.click({ role: 'checkbox', name: /Done/, within: { role: 'listitem', name: /^#40\b/ } });
      },
      async check(agent) {
        expectState(await agent.inspect('() => window.queue'), { done: [40] }, 'the tickets marked done');
      },
    },
    {
      id: 'last',
      ask: 'Who is the newest ticket in the queue assigned to? Put the name in the Answer box and submit it.',
      async run(agent) {
        await agent.open('/react-window.html');
        await agent.waitFor('Support queue');
        await agent.click({ role: 'list', name: 'Tickets' });
        const last = new RegExp(`#${TICKETS}\\b`);
        await pageUntil(agent, last, 'End', 3);
        // The name is read where the ticket shows: the first name after its number.
        const shown = agent.lastAnswer.slice(agent.lastAnswer.search(last));
        const name = new RegExp(PEOPLE.join('|')).exec(shown)?.[0] ?? 'unknown';
        await agent.fill({ role: 'textbox', name: 'Answer' }, name);
        await agent.click({ role: 'button', name: 'Submit answer' });
      },
      async check(agent) {
        expectState(
          await agent.inspect('() => window.answered ?? null'),
          ticket(TICKETS).assignee,
          'the answer submitted',
        );
      },
    },
  ],
};
