/**
 * A staff table on DataTables 2 (jQuery) with the Select extension: a checkbox per row, a search box, pages of 10 and a
 * "Delete selected" button.
 */
import { doc, expectState, type CorpusApp } from './app.js';

const NAMES = [
  'Airi Satou',
  'Angelica Ramos',
  'Ashton Cox',
  'Bradley Greer',
  'Brenden Wagner',
  'Brielle Williamson',
  'Bruno Nash',
  'Caesar Vance',
  'Cara Stevens',
  'Cedric Kelly',
  'Charde Marshall',
  'Colleen Hurst',
  'Dai Rios',
  'Donna Snider',
  'Doris Wilder',
  'Finn Camacho',
  'Fiona Green',
  'Garrett Winters',
  'Gavin Cortez',
  'Gavin Joyce',
  'Gloria Little',
  'Haley Kennedy',
  'Hermione Butler',
  'Herrod Chandler',
  'Hope Fuentes',
  'Howard Hatfield',
  'Jackson Bradshaw',
  'Jena Gaines',
  'Jenette Caldwell',
  'Jennifer Acosta',
  'Jennifer Chang',
  'Jonas Alexander',
  'Lael Greer',
  'Martena Mccray',
  'Michael Bruce',
  'Michael Silva',
  'Michelle House',
  'Olivia Liang',
  'Paul Byrd',
  'Prescott Bartlett',
  'Quinn Flynn',
  'Rhona Davidson',
  'Sakura Yamamoto',
  'Serge Baldwin',
  'Shad Decker',
  'Shou Itou',
  'Sonya Frost',
  'Suki Burks',
  'Tatyana Fitzpatrick',
  'Thor Walton',
];
const OFFICES = ['Tokyo', 'London', 'San Francisco', 'Edinburgh', 'New York', 'Sydney', 'Singapore'];
const POSITIONS = ['Accountant', 'Developer', 'Sales Assistant', 'Support Engineer', 'Designer', 'Office Manager'];

/** 50 people, in name order; offices are spread unevenly. */
export const STAFF = NAMES.map((name, index) => ({
  id: index + 1,
  name,
  position: POSITIONS[(index * 5) % POSITIONS.length] ?? '',
  office: OFFICES[((index * index + index) % 13) % OFFICES.length] ?? '',
  age: 22 + ((index * 17) % 41),
}));

const LEFT = '() => table.rows().data().toArray().map((row) => row.name)';
const without = (gone: (person: (typeof STAFF)[number]) => boolean): string[] =>
  STAFF.filter((person) => !gone(person)).map((person) => person.name);

const SEARCH = [
  { role: 'searchbox', name: /Search/ },
  { role: 'textbox', name: /Search/ },
];
const rowBox = (name: string) => ({
  role: 'checkbox',
  name: 'Select row',
  within: { role: 'row', name: new RegExp(name) },
});

export const datatablesApp: CorpusApp = {
  library: 'datatables.net 2.3.8 + select 3.1.3 (jquery 3.7.1)',
  path: '/datatables.html',
  packages: [
    'jquery/dist',
    'datatables.net/js',
    'datatables.net-dt/css',
    'datatables.net-dt/js',
    'datatables.net-select/js',
    'datatables.net-select-dt/css',
    'datatables.net-select-dt/js',
  ],
  html: doc(
    'Staff — DataTables',
    `<link rel="stylesheet" href="/node_modules/datatables.net-dt/css/dataTables.dataTables.min.css">
     <link rel="stylesheet" href="/node_modules/datatables.net-select-dt/css/select.dataTables.min.css">
     <style>body { font-family: sans-serif; margin: 24px; max-width: 900px; }</style>`,
    `<main>
       <h1>Staff</h1>
       <p><button id="delete" type="button">Delete selected</button> <span id="status" role="status"></span></p>
       <table id="staff" class="display">
         <thead><tr><th></th><th>Name</th><th>Position</th><th>Office</th><th>Age</th></tr></thead>
       </table>
     </main>
     <script src="/node_modules/jquery/dist/jquery.min.js"></script>
     <script src="/node_modules/datatables.net/js/dataTables.min.js"></script>
     <script src="/node_modules/datatables.net-dt/js/dataTables.dataTables.min.js"></script>
     <script src="/node_modules/datatables.net-select/js/dataTables.select.min.js"></script>
     <script src="/node_modules/datatables.net-select-dt/js/select.dataTables.min.js"></script>
     <script>
       window.table = new DataTable('#staff', {
         data: ${JSON.stringify(STAFF)},
         rowId: 'id',
         columns: [
           { data: null, orderable: false, searchable: false, render: DataTable.render.select() },
           { data: 'name' }, { data: 'position' }, { data: 'office' }, { data: 'age' },
         ],
         order: [[1, 'asc']],
         select: { style: 'multi', selector: 'td:first-child', headerCheckbox: true },
       });
       $('#delete').on('click', () => {
         const rows = table.rows({ selected: true });
         const count = rows.count();
         rows.remove().draw(false);
         $('#status').text(count + ' deleted');
       });
     </script>`,
  ),
  tasks: [
    {
      id: 'delete-two',
      ask: 'Delete Garrett Winters and Cedric Kelly from the staff table.',
      async run(agent) {
        await agent.open('/datatables.html');
        // They are on different pages: search for each, tick the row, then delete both at once.
        await agent.fill(SEARCH, 'Garrett Winters');
        await agent.click(rowBox('Garrett Winters'));
        await agent.fill(SEARCH, 'Cedric Kelly');
        await agent.click(rowBox('Cedric Kelly'));
        await agent.click({ role: 'button', name: 'Delete selected' });
      },
      async check(agent) {
        expectState(
          await agent.inspect(LEFT),
          without((person) => ['Garrett Winters', 'Cedric Kelly'].includes(person.name)),
          'the staff left',
        );
      },
    },
    {
      id: 'delete-paged',
      ask: 'Remove Airi Satou and Thor Walton from the staff table.',
      async run(agent) {
        await agent.open('/datatables.html');
        // The first is on the first page, the last on the last page: the selection stays while paging.
        await agent.click(rowBox('Airi Satou'));
        await agent.click([
          { role: 'button', name: /^Last/ },
          { role: 'link', name: /^Last/ },
          { role: 'button', name: '5' },
        ]);
        await agent.click(rowBox('Thor Walton'));
        await agent.click({ role: 'button', name: 'Delete selected' });
      },
      async check(agent) {
        expectState(
          await agent.inspect(LEFT),
          without((person) => ['Airi Satou', 'Thor Walton'].includes(person.name)),
          'the staff left',
        );
      },
    },
    {
      id: 'delete-office',
      ask: 'Everyone in the Sydney office has left: remove them all from the table.',
      async run(agent) {
        await agent.open('/datatables.html');
        await agent.fill(SEARCH, 'Sydney');
        await agent.click({ role: 'checkbox', name: /Select all/ });
        await agent.click({ role: 'button', name: 'Delete selected' });
      },
      async check(agent) {
        expectState(
          await agent.inspect(LEFT),
          without((person) => person.office === 'Sydney'),
          'the staff left',
        );
      },
    },
  ],
};
