/**
 * An inventory of 20,000 products in a virtual ARIA table, as two Vue virtual scrollers draw it: its data, its look and
 * its tasks.
 */
import type { AppTask } from './app.js';
import { expectState } from './app.js';
import { pageUntil } from './react-window.js';

export const PRODUCTS = 20_000;
const ADJECTIVES = [
  'Walnut',
  'Oak',
  'Brass',
  'Linen',
  'Marble',
  'Copper',
  'Wool',
  'Glass',
  'Bamboo',
  'Steel',
  'Cedar',
  'Clay',
  'Velvet',
];
const THINGS = [
  'desk lamp',
  'side table',
  'bookshelf',
  'throw',
  'vase',
  'mirror',
  'stool',
  'planter',
  'clock',
  'tray',
  'rug',
];
const CATEGORIES = ['Lighting', 'Furniture', 'Decor', 'Textiles', 'Storage'];
/** The one product with the least stock, deep in the list. */
const SCARCEST = 13_337;

/** Page source: the products and the app's state (window.inventory), where the grader reads it. */
export const INVENTORY_STATE_SOURCE = `
  const ADJECTIVES = ${JSON.stringify(ADJECTIVES)};
  const THINGS = ${JSON.stringify(THINGS)};
  const CATEGORIES = ${JSON.stringify(CATEGORIES)};
  const products = Array.from({ length: ${PRODUCTS} }, (_, index) => {
    const n = index + 1;
    return {
      sku: 'SKU-' + String(n).padStart(5, '0'),
      name: ADJECTIVES[n % ADJECTIVES.length] + ' ' + THINGS[(n * 5) % THINGS.length],
      category: CATEGORIES[(n * 3) % CATEGORIES.length],
      stock: n === ${SCARCEST} ? 1 : 5 + ((n * 7919) % 991),
    };
  });
  const state = reactive({ products, sort: 'sku', editing: null, draft: '' });
  window.inventory = state;
  const sorted = computed(() => state.sort === 'stock-asc' ? [...state.products].sort((a, b) => a.stock - b.stock) : state.products);
  const edit = (product) => { state.editing = product.sku; state.draft = String(product.stock); };
  const save = (event) => {
    event.preventDefault();
    const product = state.products.find((p) => p.sku === state.editing);
    product.stock = Number(state.draft);
    state.editing = null;
  };
  const cell = (text, extra = {}) => h('div', { role: 'cell', ...extra }, text);
  /** A product's row, the index-th of the table's data rows. */
  const productRow = (item, index, extra = {}) => h('div', { role: 'row', 'aria-rowindex': index + 2, class: 'row', ...extra }, [
    cell(item.sku), cell(item.name), cell(item.category), cell(String(item.stock), { class: 'num' }),
    h('div', { role: 'cell' }, h('button', { type: 'button', onClick: () => edit(item) }, 'Edit')),
  ]);
  /** The page around the table's body (the scroller, drawing its rows). */
  const page = (body) => h('main', null, [
    h('h1', null, 'Inventory'),
    h('p', null, '${PRODUCTS.toLocaleString('en-US')} products'),
    h('div', { role: 'table', 'aria-label': 'Products', 'aria-rowcount': ${PRODUCTS + 1}, class: 'table' }, [
      h('div', { role: 'rowgroup' }, h('div', { role: 'row', 'aria-rowindex': 1, class: 'row head' }, [
        h('div', { role: 'columnheader' }, 'SKU'),
        h('div', { role: 'columnheader' }, 'Product'),
        h('div', { role: 'columnheader' }, 'Category'),
        h('div', { role: 'columnheader', 'aria-sort': state.sort === 'stock-asc' ? 'ascending' : 'none' },
          h('button', { type: 'button', onClick: () => { state.sort = state.sort === 'stock-asc' ? 'sku' : 'stock-asc'; } }, 'Stock')),
        h('div', { role: 'columnheader' }, h('span', { class: 'visually-hidden' }, 'Actions')),
      ])),
      body,
    ]),
    state.editing && h('form', { class: 'panel', 'aria-label': 'Edit ' + state.editing, onSubmit: save }, [
      h('h2', null, 'Edit ' + state.editing),
      h('label', { for: 'stock' }, 'Stock'), ' ',
      h('input', { id: 'stock', type: 'number', min: 0, value: state.draft, onInput: (event) => { state.draft = event.target.value; } }), ' ',
      h('button', { type: 'submit' }, 'Save'), ' ',
      h('button', { type: 'button', onClick: () => { state.editing = null; } }, 'Cancel'),
    ]),
    h('form', { id: 'answer-form', onSubmit: (event) => { event.preventDefault(); window.answered = new FormData(event.target).get('answer').trim(); } }, [
      h('label', { for: 'answer' }, 'Answer'), ' ', h('input', { id: 'answer', name: 'answer' }), ' ',
      h('button', { type: 'submit' }, 'Submit answer'),
    ]),
  ]);
`;

export const INVENTORY_STYLE = `<style>
  body { font-family: sans-serif; margin: 24px; }
  .table { width: 780px; border: 1px solid #ccc; }
  .scroller { height: 440px; overflow-y: auto; }
  .row { display: grid; grid-template-columns: 110px 240px 140px 100px 1fr; align-items: center; height: 40px; padding: 0 12px; box-sizing: border-box; border-bottom: 1px solid #eee; }
  .row.head { font-weight: bold; background: #f4f4f4; }
  .num { text-align: right; padding-right: 24px; }
  .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  .panel, #answer-form { margin-top: 16px; }
</style>`;

const STATE = '() => ({ sort: inventory.sort, editing: inventory.editing, stock45: inventory.products[44].stock })';

/** The tasks on the inventory served at `path`. */
export function inventoryTasks(path: string): AppTask[] {
  return [
    {
      id: 'stock',
      ask: 'Set the stock of SKU-00045 to 12.',
      async run(agent) {
        await agent.open(path);
        await agent.waitFor('Inventory');
        // Into the table, then page down through it until the product shows.
        await agent.click({ role: 'table', name: 'Products' });
        await pageUntil(agent, /SKU-00045/, 'PageDown', 6);
        await agent.click({ role: 'button', name: 'Edit', within: { role: 'row', name: /SKU-00045/ } });
        await agent.fill({ role: 'spinbutton', name: 'Stock' }, '12');
        await agent.click({ role: 'button', name: 'Save' });
      },
      async check(agent) {
        expectState(await agent.inspect(STATE), { sort: 'sku', editing: null, stock45: 12 }, 'the inventory');
      },
    },
    {
      id: 'scarcest',
      ask: 'Which product has the least stock? Put its SKU in the Answer box and submit it.',
      async run(agent) {
        await agent.open(path);
        await agent.waitFor('Inventory');
        await agent.click({ role: 'button', name: 'Stock' });
        // The first row after sorting by stock: read in the answer, or in the page again when the answer does not show
        // the rows.
        if (!/SKU-\d{5}/.test(agent.lastAnswer)) await agent.snapshot();
        const sku = /SKU-\d{5}/.exec(agent.lastAnswer)?.[0] ?? 'unknown';
        await agent.fill({ role: 'textbox', name: 'Answer' }, sku);
        await agent.click({ role: 'button', name: 'Submit answer' });
      },
      async check(agent) {
        expectState(
          await agent.inspect('() => window.answered ?? null'),
          `SKU-${String(SCARCEST).padStart(5, '0')}`,
          'the answer submitted',
        );
        expectState(
          await agent.inspect(STATE),
          { sort: 'stock-asc', editing: null, stock45: 5 + ((45 * 7919) % 991) },
          'the inventory',
        );
      },
    },
  ];
}
