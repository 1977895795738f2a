/**
 * A hotel booking form with Litepicker's date-range picker (its browser build): two months side by side, days drawn as
 * focusable divs with only their numbers, month arrows that are icons.
 */
import { doc, expectState, type CorpusApp } from './app.js';

const STAY =
  '() => ({ from: picker.getStartDate()?.format("YYYY-MM-DD") ?? null, to: picker.getEndDate()?.format("YYYY-MM-DD") ?? null, checkIn: document.getElementById("check-in").value, checkOut: document.getElementById("check-out").value })';

export const litepickerApp: CorpusApp = {
  library: 'litepicker 2.0.12',
  path: '/litepicker.html',
  packages: ['litepicker/dist'],
  html: doc(
    'Book a room — Litepicker',
    '<style>body { font-family: sans-serif; margin: 24px; } form { display: grid; grid-template-columns: 120px 220px; gap: 12px; align-items: center; }</style>',
    `<main>
       <h1>Book a room</h1>
       <p>Hotel Aurora, Lisbon · Double room</p>
       <form id="booking">
         <label for="check-in">Check-in</label> <input id="check-in" name="checkIn">
         <label for="check-out">Check-out</label> <input id="check-out" name="checkOut">
         <label for="guests">Guests</label> <input id="guests" name="guests" type="number" value="2" min="1" max="4">
         <span></span> <button type="submit">Book</button>
       </form>
     </main>
     <script src="/node_modules/litepicker/dist/litepicker.js"></script>
     <script>
       window.picker = new Litepicker({
         element: document.getElementById('check-in'),
         elementEnd: document.getElementById('check-out'),
         singleMode: false,
         numberOfMonths: 2,
         numberOfColumns: 2,
         format: 'YYYY-MM-DD',
         // A stay already chosen, in a fixed month, so the tasks name the same days whenever they run.
         startDate: '2026-03-10',
         endDate: '2026-03-12',
       });
       document.getElementById('booking').addEventListener('submit', (event) => { event.preventDefault(); window.booked = true; });
     </script>`,
  ),
  tasks: [
    {
      id: 'stay',
      ask: 'Change my stay to March 20 – March 24, 2026.',
      async run(agent) {
        await agent.open('/litepicker.html');
        await agent.click({ role: 'textbox', name: 'Check-in' });
        // March is the first month shown: its days come first.
        await agent.click({ name: '20' });
        await agent.click({ name: '24' });
      },
      async check(agent) {
        expectState(
          await agent.inspect(STAY),
          { from: '2026-03-20', to: '2026-03-24', checkIn: '2026-03-20', checkOut: '2026-03-24' },
          'the stay',
        );
      },
    },
  ],
};
