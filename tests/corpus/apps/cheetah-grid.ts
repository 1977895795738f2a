/**
 * A price list in Cheetah Grid (its browser build): a data grid drawn on a canvas, nothing of its cells in the DOM,
 * keys taken through a hidden input, cells edited in place.
 */
import { doc, expectState, type CorpusApp } from './app.js';

const PRODUCTS = [
  { sku: 'LMP-01', name: 'Brass floor lamp', price: 189, stock: 12 },
  { sku: 'LMP-02', name: 'Linen pendant', price: 129, stock: 30 },
  { sku: 'TBL-01', name: 'Oak side table', price: 149, stock: 7 },
  { sku: 'TBL-02', name: 'Marble coffee table', price: 489, stock: 3 },
  { sku: 'SHF-01', name: 'Cedar bookshelf', price: 259, stock: 9 },
  { sku: 'RUG-01', name: 'Wool rug 160×230', price: 319, stock: 14 },
  { sku: 'LMP-03', name: 'Walnut desk lamp', price: 59, stock: 41 },
  { sku: 'VAS-01', name: 'Glass vase', price: 39, stock: 55 },
  { sku: 'MIR-01', name: 'Round mirror', price: 99, stock: 18 },
  { sku: 'STL-01', name: 'Bamboo stool', price: 69, stock: 22 },
];
/** Where the lamp is: its row among the records (from 0), and the Price column. */
const LAMP = PRODUCTS.findIndex((product) => product.name === 'Walnut desk lamp');

export const cheetahGridApp: CorpusApp = {
  library: 'cheetah-grid 2.1.1',
  path: '/cheetah-grid.html',
  packages: ['cheetah-grid/dist'],
  html: doc(
    'Price list — Cheetah Grid',
    '<style>body { font-family: sans-serif; margin: 24px; } section { width: 640px; } #grid { width: 640px; height: 360px; }</style>',
    `<main>
       <h1>Price list</h1>
       <section aria-label="Products"><div id="grid"></div></section>
     </main>
     <script src="/node_modules/cheetah-grid/dist/main.umd.js"></script>
     <script>
       const input = new cheetahGrid.columns.action.InlineInputEditor();
       window.grid = new cheetahGrid.ListGrid({
         parentElement: document.getElementById('grid'),
         header: [
           { field: 'sku', caption: 'SKU', width: 100 },
           { field: 'name', caption: 'Product', width: 240, action: input },
           { field: 'price', caption: 'Price (€)', width: 120, columnType: 'number', action: input },
           { field: 'stock', caption: 'Stock', width: 100, columnType: 'number', action: input },
         ],
         records: ${JSON.stringify(PRODUCTS)},
       });
     </script>`,
  ),
  tasks: [
    {
      id: 'price',
      ask: 'Change the price of the Walnut desk lamp to 49.90.',
      async run(agent) {
        await agent.open('/cheetah-grid.html');
        // The cells are drawn on a canvas: into the grid, to its first cell, then by rows and columns to the lamp's
        // price.
        await agent.click({ role: ['region', 'generic'], name: 'Products' });
        await agent.press('Control+Home');
        for (let row = 0; row < LAMP + 1; row += 1) await agent.press('ArrowDown');
        await agent.press('ArrowRight');
        await agent.press('ArrowRight');
        await agent.press('Enter');
        await agent.press('Control+a');
        await agent.type({ role: 'textbox', name: /^/ }, '49.90');
        await agent.press('Enter');
      },
      async check(agent) {
        const prices = await agent.inspect<number[]>('() => grid.records.map((record) => Number(record.price))');
        expectState(
          prices,
          PRODUCTS.map((product, index) => (index === LAMP ? 49.9 : product.price)),
          'the prices',
        );
      },
    },
  ],
};
