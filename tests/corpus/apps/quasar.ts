/**
 * A shipping form on Quasar's UMD build (Vue 3): a QSelect drawn in a div, an inline QDate and a QTable with row
 * selection.
 */
import { doc, expectState, type CorpusApp } from './app.js';

const ROWS = [
  { id: 1, parcel: 'PX-1041', to: 'Lyon', weight: 2.4 },
  { id: 2, parcel: 'PX-1042', to: 'Porto', weight: 0.8 },
  { id: 3, parcel: 'PX-1043', to: 'Ghent', weight: 5.1 },
  { id: 4, parcel: 'PX-1044', to: 'Turin', weight: 1.2 },
];
const STATE = '() => JSON.parse(JSON.stringify({ region: vm.region, pickup: vm.pickup, held: vm.held }))';

export const quasarApp: CorpusApp = {
  library: 'quasar 2.27.0 + vue 3.5.45',
  path: '/quasar.html',
  packages: ['quasar/dist', 'vue/dist'],
  html: doc(
    'New shipment — Quasar',
    '<link rel="stylesheet" href="/node_modules/quasar/dist/quasar.prod.css">',
    `<div id="q-app"></div>
     <script src="/node_modules/vue/dist/vue.global.prod.js"></script>
     <script src="/node_modules/quasar/dist/quasar.umd.prod.js"></script>
     <script>
       const app = Vue.createApp({
         data: () => ({
           region: null,
           regions: ['Northern Europe', 'Western Europe', 'Southern Europe', 'Eastern Europe', 'North America'],
           // A fixed month, so the tasks name the same days whenever they run.
           pickup: '2026/03/10',
           rows: ${JSON.stringify(ROWS)},
           columns: [
             { name: 'parcel', label: 'Parcel', field: 'parcel', align: 'left' },
             { name: 'to', label: 'Destination', field: 'to', align: 'left' },
             { name: 'weight', label: 'Weight (kg)', field: 'weight' },
           ],
           selected: [],
           held: [],
         }),
         methods: {
           hold() {
             this.held = this.selected.map((row) => row.parcel).sort();
             this.selected = [];
             Quasar.Notify.create({ message: 'Parcels held: ' + this.held.join(', ') });
           },
         },
         template: \`
           <q-layout view="hHh lpR fFf"><q-page-container><q-page padding>
             <h1 class="text-h5 q-mt-none">New shipment</h1>
             <div class="q-gutter-md" style="max-width: 640px">
               <q-select v-model="region" :options="regions" label="Region" outlined></q-select>
               <div>
                 <div id="pickup-label" class="text-subtitle2">Pickup date</div>
                 <q-date v-model="pickup" minimal aria-labelledby="pickup-label"></q-date>
               </div>
               <q-table title="Parcels" :rows="rows" :columns="columns" row-key="id" selection="multiple" v-model:selected="selected" hide-pagination :rows-per-page-options="[0]" flat bordered></q-table>
               <q-btn color="primary" label="Hold selected parcels" @click="hold"></q-btn>
             </div>
           </q-page></q-page-container></q-layout>\`,
       });
       app.use(Quasar, { plugins: { Notify: Quasar.Notify } });
       window.vm = app.mount('#q-app');
     </script>`,
  ),
  tasks: [
    {
      id: 'region',
      ask: 'Set the region to Western Europe.',
      async run(agent) {
        await agent.open('/quasar.html');
        await agent.click([
          { role: 'combobox', name: 'Region' },
          { role: 'combobox', name: /Region/ },
        ]);
        await agent.click({ role: 'option', name: 'Western Europe' });
      },
      async check(agent) {
        expectState(
          await agent.inspect(STATE),
          { region: 'Western Europe', pickup: '2026/03/10', held: [] },
          'the shipment',
        );
      },
    },
    {
      id: 'pickup-date',
      ask: 'Make the pickup date March 21.',
      async run(agent) {
        await agent.open('/quasar.html');
        await agent.click([
          { role: 'button', name: '21 March 2026' },
          { role: 'button', name: /^21$/ },
        ]);
      },
      async check(agent) {
        expectState(await agent.inspect(STATE), { region: null, pickup: '2026/03/21', held: [] }, 'the shipment');
      },
    },
    {
      id: 'hold-parcels',
      ask: 'Hold the parcels going to Porto and Turin.',
      async run(agent) {
        await agent.open('/quasar.html');
        for (const city of ['Porto', 'Turin'])
          await agent.click({ role: 'checkbox', name: /^/, within: { role: 'row', name: new RegExp(city) } });
        await agent.click({ role: 'button', name: 'Hold selected parcels' });
      },
      async check(agent) {
        expectState(
          await agent.inspect(STATE),
          { region: null, pickup: '2026/03/10', held: ['PX-1042', 'PX-1044'] },
          'the shipment',
        );
      },
    },
  ],
};
