/** A people table on Tabulator: header sorting, pages of 10, a debounced header filter, cell editing. */
import { doc, expectState, type CorpusApp } from './app.js';

const TB = '/node_modules/tabulator-tables/dist';

const FIRST = [
  'Ada',
  'Bob',
  'Carmen',
  'Dmitri',
  'Emeka',
  'Fatima',
  'Grace',
  'Hiro',
  'Ines',
  'Jonas',
  'Kofi',
  'Lena',
  'Mateo',
  'Noor',
  'Oskar',
];
const LAST = ['Smith', 'Garcia', 'Ivanova'];
const COUNTRIES = ['Canada', 'France', 'Ghana', 'Japan', 'Peru'];

/** 45 people; ages are distinct so a sort has one answer. */
export const PEOPLE = LAST.flatMap((last, round) =>
  FIRST.map((first, index) => ({
    id: round * FIRST.length + index + 1,
    name: `${first} ${last}`,
    age: 20 + (((round * FIRST.length + index) * 7) % 45),
    country: COUNTRIES[(index + round) % COUNTRIES.length],
  })),
);

const ROW_NAMES = `() => table.getRows('active').slice(0, 10).map((row) => row.getData().name)`;

export const gridApp: CorpusApp = {
  library: 'tabulator-tables 6.5.3',
  path: '/grid.html',
  packages: ['tabulator-tables/dist'],
  html: doc(
    'People — Tabulator',
    `<link rel="stylesheet" href="${TB}/css/tabulator.min.css"><style>body { font-family: sans-serif; margin: 24px; } #people { max-width: 640px; }</style>`,
    `<main>
       <h1>People</h1>
       <div id="people"></div>
     </main>
     <script src="${TB}/js/tabulator.min.js"></script>
     <script>
       window.table = new Tabulator('#people', {
         data: ${JSON.stringify(PEOPLE)},
         layout: 'fitColumns',
         pagination: true,
         paginationSize: 10,
         columns: [
           { title: 'Name', field: 'name', headerFilter: 'input', headerFilterPlaceholder: 'Filter names' },
           { title: 'Age', field: 'age', sorter: 'number', editor: 'number', hozAlign: 'right' },
           { title: 'Country', field: 'country' },
         ],
       });
     </script>`,
  ),
  tasks: [
    {
      id: 'sort',
      ask: 'Sort the people by age, oldest first.',
      async run(agent) {
        await agent.open('/grid.html');
        await agent.click({ role: 'columnheader', name: 'Age' });
        await agent.click({ role: 'columnheader', name: 'Age' });
      },
      async check(agent) {
        expectState(
          await agent.inspect(`() => table.getSorters().map((s) => [s.field, s.dir])`),
          [['age', 'desc']],
          'the sorters',
        );
        const oldest = [...PEOPLE].sort((a, b) => b.age - a.age)[0]?.name;
        expectState(await agent.inspect(`() => table.getRows('active')[0].getData().name`), oldest, 'the first row');
      },
    },
    {
      id: 'page',
      ask: 'Show the third page of people.',
      async run(agent) {
        await agent.open('/grid.html');
        await agent.click([
          { role: 'button', name: 'Show Page 3' },
          { role: 'button', name: '3' },
        ]);
      },
      async check(agent) {
        expectState(await agent.inspect('() => table.getPage()'), 3, 'the page shown');
      },
    },
    {
      id: 'filter',
      ask: 'Show only the people whose name contains "Garcia".',
      async run(agent) {
        await agent.open('/grid.html');
        await agent.fill(
          [
            { role: 'textbox', name: 'Filter names' },
            { role: 'searchbox', name: 'Filter names' },
          ],
          'Garcia',
        );
      },
      async check(agent) {
        expectState(await agent.inspect(`() => table.getHeaderFilterValue('name')`), 'Garcia', 'the name filter');
        expectState(
          await agent.inspect(ROW_NAMES),
          PEOPLE.filter((p) => p.name.includes('Garcia'))
            .slice(0, 10)
            .map((p) => p.name),
          'the rows shown',
        );
      },
    },
    {
      id: 'edit',
      ask: "Change Bob Smith's age to 41.",
      async run(agent) {
        await agent.open('/grid.html');
        const bob = PEOPLE.find((p) => p.name === 'Bob Smith');
        await agent.click({ role: 'gridcell', name: String(bob?.age), within: { role: 'row', name: /Bob Smith/ } });
        await agent.fill(
          [
            { role: 'spinbutton', name: /.*/, within: { role: 'row', name: /Bob Smith/ } },
            { role: 'textbox', name: /.*/, within: { role: 'row', name: /Bob Smith/ } },
          ],
          '41',
        );
        await agent.press('Enter');
      },
      async check(agent) {
        expectState(
          await agent.inspect(`() => table.getData().find((p) => p.name === 'Bob Smith').age`),
          41,
          "Bob Smith's age",
        );
      },
    },
  ],
};
