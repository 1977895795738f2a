/**
 * Orders in Handsontable: a virtualized grid (150 rows, about 15 drawn) with column menus that filter by value, and the
 * row count the page shows.
 */
import type { Agent } from '../agent.js';
import { doc, expectState, type CorpusApp } from './app.js';

const HOT = '/node_modules/handsontable/dist';

const CUSTOMERS = [
  'Acme',
  'Globex',
  'Initech',
  'Umbrella',
  'Hooli',
  'Stark',
  'Wayne',
  'Tyrell',
  'Cyberdyne',
  'Soylent',
  'Wonka',
  'Vandelay',
  'Oscorp',
];
const COUNTRIES = ['Canada', 'France', 'Ghana', 'Japan', 'Peru', 'Chile', 'Kenya', 'Norway'];

/** 150 orders; countries come unevenly, so a count has to be read, not guessed. */
export const ORDERS = Array.from({ length: 150 }, (_, index) => ({
  order: 1001 + index,
  customer: `${CUSTOMERS[index % CUSTOMERS.length] ?? ''} ${['Ltd', 'Inc', 'GmbH'][index % 3] ?? ''}`,
  country: COUNTRIES[(index * 5 + ((index * index) % 7)) % COUNTRIES.length] ?? '',
  amount: 40 + ((index * 37) % 960),
}));

const ofCountry = (country: string): number => ORDERS.filter((order) => order.country === country).length;

/**
 * Filters the Country column to one value, as a person does in the column's menu: clear every
 * value, search the list (it shows a few values at a time), tick the one wanted, OK.
 */
async function filterCountry(agent: Agent, country: string): Promise<void> {
  await agent.open('/handsontable.html');
  // The header's menu button is aria-hidden: select the column by its header, open its menu with the grid's keys.
  await agent.click({ role: 'columnheader', name: 'Country' });
  await agent.press('Shift+Alt+ArrowDown');
  await agent.click({ role: 'button', name: 'Clear' });
  // The search filters the list as keys come (keyup), so the agent types rather than fills.
  const search = [
    { role: 'searchbox', name: /Search/i },
    { role: 'textbox', name: /Search/i },
  ];
  await agent.click(search);
  await agent.type(search, country);
  await agent.click({
    role: 'checkbox',
    name: /^/,
    within: { name: new RegExp(`^\\W*(Unchecked|Checked)?\\W*${country}$`) },
  });
  await agent.click({ role: 'button', name: 'OK' });
}

export const handsontableApp: CorpusApp = {
  library: 'handsontable 18.1.1',
  path: '/handsontable.html',
  packages: ['handsontable/dist'],
  html: doc(
    'Orders — Handsontable',
    '<style>body { font-family: sans-serif; margin: 24px; } #orders { width: 640px; height: 420px; overflow: hidden; }</style>',
    `<main>
       <h1>Orders</h1>
       <p id="count" role="status"></p>
       <div id="orders"></div>
       <form id="answer-form">
         <label for="answer">Answer</label> <input id="answer" name="answer">
         <button type="submit">Submit answer</button>
       </form>
     </main>
     <script src="${HOT}/handsontable.full.min.js"></script>
     <script>
       const count = () => { document.getElementById('count').textContent = 'Showing ' + hot.countRows() + ' of ${ORDERS.length} orders'; };
       window.hot = new Handsontable(document.getElementById('orders'), {
         data: ${JSON.stringify(ORDERS)},
         columns: [
           { data: 'order', title: 'Order', type: 'numeric', readOnly: true },
           { data: 'customer', title: 'Customer' },
           { data: 'country', title: 'Country' },
           { data: 'amount', title: 'Amount', type: 'numeric' },
         ],
         colWidths: [90, 200, 140, 110],
         rowHeaders: true,
         filters: true,
         dropdownMenu: ['filter_by_value', 'filter_action_bar'],
         afterFilter: count,
         height: 420,
         licenseKey: 'non-commercial-and-evaluation',
       });
       count();
       document.getElementById('answer-form').addEventListener('submit', (event) => {
         event.preventDefault();
         window.answered = document.getElementById('answer').value.trim();
       });
     </script>`,
  ),
  tasks: [
    {
      id: 'count',
      ask: 'How many orders come from Peru? Put the number in the Answer box and submit it.',
      async run(agent) {
        await filterCountry(agent, 'Peru');
        // The answer is what the page says after filtering: read it, do not guess it.
        const counted = /Showing (\d+) of/.exec(await agent.snapshot())?.[1] ?? 'unknown';
        await agent.fill({ role: 'textbox', name: 'Answer' }, counted);
        await agent.click({ role: 'button', name: 'Submit answer' });
      },
      async check(agent) {
        expectState(
          await agent.inspect('() => window.answered ?? null'),
          String(ofCountry('Peru')),
          'the answer submitted',
        );
      },
    },
    {
      id: 'filter',
      ask: 'Show only the orders from Japan.',
      async run(agent) {
        await filterCountry(agent, 'Japan');
      },
      async check(agent) {
        const shown = await agent.inspect<string[]>(
          '() => Array.from({ length: hot.countRows() }, (_, row) => hot.getDataAtRowProp(row, "country"))',
        );
        expectState([...new Set(shown)], ['Japan'], 'the countries shown');
        expectState(shown.length, ofCountry('Japan'), 'the rows shown');
      },
    },
  ],
};
