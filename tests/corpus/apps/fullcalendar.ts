/**
 * A team calendar on FullCalendar's standard bundle (daygrid + interaction): a day is clicked to add an event through a
 * form; events are dragged to another day.
 */
import { doc, expectState, type CorpusApp } from './app.js';

const EVENTS =
  '() => calendar.getEvents().map((event) => ({ title: event.title, start: event.startStr })).sort((a, b) => a.start.localeCompare(b.start))';
const START = [
  { title: 'Dentist', start: '2026-03-12' },
  { title: 'Quarterly review', start: '2026-03-24' },
];

export const fullcalendarApp: CorpusApp = {
  library: 'fullcalendar 6.1.20',
  path: '/fullcalendar.html',
  packages: ['fullcalendar'],
  html: doc(
    'Team calendar — FullCalendar',
    `<style>
       body { font-family: sans-serif; margin: 24px; } #calendar { max-width: 900px; }
       dialog form { display: flex; flex-direction: column; gap: 8px; min-width: 280px; }
     </style>`,
    `<main>
       <h1>Team calendar</h1>
       <div id="calendar"></div>
     </main>
     <dialog id="new-event" aria-labelledby="new-event-title">
       <form id="event-form" method="dialog">
         <h2 id="new-event-title">New event on <span id="new-event-date"></span></h2>
         <label for="event-name">Event name</label>
         <input id="event-name" required>
         <div><button type="submit" value="add">Add event</button> <button type="button" id="cancel">Cancel</button></div>
       </form>
     </dialog>
     <script src="/node_modules/fullcalendar/index.global.min.js"></script>
     <script>
       const dialog = document.getElementById('new-event');
       let day = null;
       // A fixed month, so the tasks name the same days whenever they run.
       window.calendar = new FullCalendar.Calendar(document.getElementById('calendar'), {
         initialView: 'dayGridMonth',
         initialDate: '2026-03-10',
         editable: true,
         events: ${JSON.stringify(START)},
         dateClick(info) {
           day = info.dateStr;
           document.getElementById('new-event-date').textContent = info.date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
           document.getElementById('event-name').value = '';
           dialog.showModal();
         },
       });
       calendar.render();
       document.getElementById('cancel').addEventListener('click', () => dialog.close());
       document.getElementById('event-form').addEventListener('submit', () => {
         calendar.addEvent({ title: document.getElementById('event-name').value, start: day, allDay: true });
       });
     </script>`,
  ),
  tasks: [
    {
      id: 'add-event',
      ask: 'Go to next month and add an event called "Team offsite" on the 14th.',
      async run(agent) {
        await agent.open('/fullcalendar.html');
        await agent.click({ role: 'button', name: /^Next/ });
        await agent.waitFor('April 2026');
        await agent.click([
          { role: 'gridcell', name: /April 14, 2026/ },
          { role: 'gridcell', name: /^14$/ },
        ]);
        await agent.fill({ role: 'textbox', name: 'Event name' }, 'Team offsite');
        await agent.click({ role: 'button', name: 'Add event' });
      },
      async check(agent) {
        expectState(
          await agent.inspect(EVENTS),
          [...START, { title: 'Team offsite', start: '2026-04-14' }],
          'the calendar events',
        );
        expectState(await agent.inspect('() => calendar.view.currentStart.getMonth()'), 3, 'the month shown (0-based)');
      },
    },
    {
      id: 'move-event',
      ask: 'The dentist moved my appointment: drag it from the 12th to the 19th.',
      async run(agent) {
        await agent.open('/fullcalendar.html');
        await agent.drag({ role: ['link', 'button', 'generic', 'listitem'], name: 'Dentist' }, [
          { role: 'gridcell', name: /March 19, 2026/ },
          { role: 'gridcell', name: /^19$/ },
        ]);
      },
      async check(agent) {
        expectState(
          await agent.inspect(EVENTS),
          [{ title: 'Dentist', start: '2026-03-19' }, START[1]],
          'the calendar events',
        );
      },
    },
  ],
};
