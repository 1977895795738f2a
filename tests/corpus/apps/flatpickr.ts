/** A trip form with a flatpickr date and time picker (day cells are spans with an aria-label). */
import { doc, expectState, type CorpusApp } from './app.js';

const FP = '/node_modules/flatpickr/dist';

const DEPARTURE = `() => { const d = picker.selectedDates[0]; return d ? [d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes()] : null; }`;

export const flatpickrApp: CorpusApp = {
  library: 'flatpickr 4.6.13',
  path: '/flatpickr.html',
  packages: ['flatpickr/dist'],
  html: doc(
    'Book a trip — flatpickr',
    `<link rel="stylesheet" href="${FP}/flatpickr.min.css"><style>body { font-family: sans-serif; margin: 24px; }</style>`,
    `<main>
       <h1>Book a trip</h1>
       <p><label for="departure">Departure</label> <input id="departure" placeholder="Pick a date and time"></p>
       <p id="chosen" role="status"></p>
     </main>
     <script src="${FP}/flatpickr.min.js"></script>
     <script>
       window.picker = flatpickr('#departure', {
         enableTime: true,
         dateFormat: 'Y-m-d h:i K',
         defaultDate: new Date(2026, 10, 23, 9, 0),
         onChange: (dates, text) => { document.getElementById('chosen').textContent = 'Departure: ' + text; },
       });
     </script>`,
  ),
  tasks: [
    {
      id: 'date',
      ask: 'Set the departure to 25 December 2026.',
      async run(agent) {
        await agent.open('/flatpickr.html');
        await agent.click({ role: 'textbox', name: 'Departure' });
        await agent.select(
          [
            { role: 'combobox', name: 'Month' },
            { role: 'combobox', name: 'November' },
          ],
          'December',
        );
        await agent.click([{ name: 'December 25, 2026' }, { name: '25' }]);
      },
      async check(agent) {
        expectState(await agent.inspect(DEPARTURE), [2026, 12, 25, 9, 0], 'the selected departure');
        expectState(
          await agent.inspect(`() => document.getElementById('departure').value`),
          '2026-12-25 9:00 AM',
          'the departure field',
        );
      },
    },
    {
      id: 'pm',
      ask: 'Make the departure 9 in the evening instead of the morning.',
      async run(agent) {
        await agent.open('/flatpickr.html');
        await agent.click({ role: 'textbox', name: 'Departure' });
        await agent.click({ name: 'AM' });
      },
      async check(agent) {
        expectState(await agent.inspect(DEPARTURE), [2026, 11, 23, 21, 0], 'the selected departure');
      },
    },
  ],
};
