/**
 * An inventory in Vue on vue-virtual-scroller's RecycleScroller: 20,000 products in an ARIA table
 * whose rows are a pool of recycled views (about 25 elements, moved and re-bound as it scrolls or
 * sorts, the unused ones parked off-screen), a sortable Stock column and an edit panel.
 *
 * For about 300 ms after each update (until its sortViews timer) the library keeps the views in the
 * DOM in another order than they are drawn (translateY), reversed after a sort: rows must be read in
 * the order they are drawn.
 */
import { doc, type CorpusApp } from './app.js';
import { INVENTORY_STATE_SOURCE, INVENTORY_STYLE, inventoryTasks } from './inventory.js';

export const vueVirtualScrollerApp: CorpusApp = {
  library: 'vue-virtual-scroller 3.0.5 + vue 3.5.45',
  path: '/vue-virtual-scroller.html',
  packages: ['vue-virtual-scroller/dist'],
  bundle: {
    file: 'vue-virtual-scroller.js',
    source: `
      import { createApp, h, reactive, computed } from 'vue';
      import { RecycleScroller } from 'vue-virtual-scroller';
      ${INVENTORY_STATE_SOURCE}
      const App = {
        setup() {
          return () => page(h(RecycleScroller, { role: 'rowgroup', class: 'scroller', items: sorted.value, itemSize: 40, keyField: 'sku' }, {
            default: ({ item, index }) => productRow(item, index),
          }));
        },
      };
      createApp(App).mount('#app');
    `,
  },
  html: doc(
    'Inventory — vue-virtual-scroller',
    `<link rel="stylesheet" href="/node_modules/vue-virtual-scroller/dist/vue-virtual-scroller.css">${INVENTORY_STYLE}`,
    '<div id="app"></div><script type="module" src="/build/vue-virtual-scroller.js"></script>',
  ),
  tasks: inventoryTasks('/vue-virtual-scroller.html'),
};
