/**
 * An inventory in Vue on @tanstack/vue-virtual: 20,000 products in an ARIA table, about 16 rows drawn (absolutely
 * placed, in order), a sortable Stock column and an edit panel.
 */
import { doc, type CorpusApp } from './app.js';
import { INVENTORY_STATE_SOURCE, INVENTORY_STYLE, inventoryTasks } from './inventory.js';

export const vueVirtualApp: CorpusApp = {
  library: '@tanstack/vue-virtual 3.13.52 + vue 3.5.45',
  path: '/vue-virtual.html',
  bundle: {
    file: 'vue-virtual.js',
    source: `
      import { createApp, h, reactive, computed, ref } from 'vue';
      import { useVirtualizer } from '@tanstack/vue-virtual';
      ${INVENTORY_STATE_SOURCE}
      const App = {
        setup() {
          const scroller = ref(null);
          const virtualizer = useVirtualizer(computed(() => ({ count: sorted.value.length, getScrollElement: () => scroller.value, estimateSize: () => 40, overscan: 4 })));
          return () => page(h('div', { ref: scroller, role: 'rowgroup', class: 'scroller' },
            h('div', { style: { height: virtualizer.value.getTotalSize() + 'px', position: 'relative' } },
              virtualizer.value.getVirtualItems().map((row) => productRow(sorted.value[row.index], row.index, {
                key: row.key,
                style: { position: 'absolute', top: 0, left: 0, width: '100%', transform: 'translateY(' + row.start + 'px)' },
              })))));
        },
      };
      createApp(App).mount('#app');
    `,
  },
  html: doc(
    'Inventory — TanStack Virtual',
    INVENTORY_STYLE,
    '<div id="app"></div><script type="module" src="/build/vue-virtual.js"></script>',
  ),
  tasks: inventoryTasks('/vue-virtual.html'),
};
