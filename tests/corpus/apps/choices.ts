/** A booking form whose select and multi-select are Choices.js widgets (the native selects are hidden). */
import { doc, expectState, type CorpusApp } from './app.js';

const CH = '/node_modules/choices.js/public/assets';
const COUNTRIES: [string, string][] = [
  ['ar', 'Argentina'],
  ['au', 'Australia'],
  ['br', 'Brazil'],
  ['ca', 'Canada'],
  ['fr', 'France'],
  ['jp', 'Japan'],
  ['ke', 'Kenya'],
  ['mx', 'Mexico'],
];
const LANGUAGES: [string, string][] = [
  ['en', 'English'],
  ['fr', 'French'],
  ['de', 'German'],
  ['es', 'Spanish'],
  ['ja', 'Japanese'],
];

const options = (pairs: [string, string][]): string =>
  pairs.map(([value, label]) => `<option value="${value}">${label}</option>`).join('');

export const choicesApp: CorpusApp = {
  library: 'choices.js 11.2.4',
  path: '/choices.html',
  packages: ['choices.js/public/assets'],
  html: doc(
    'Book a trip — Choices.js',
    `<link rel="stylesheet" href="${CH}/styles/choices.min.css"><style>body { font-family: sans-serif; margin: 24px; max-width: 520px; }</style>`,
    `<main>
       <h1>Book a trip</h1>
       <form id="trip">
         <label for="country">Destination country</label>
         <select id="country" name="country"><option value="">Choose a country</option>${options(COUNTRIES)}</select>
         <label for="languages">Languages</label>
         <select id="languages" name="languages" multiple>${options(LANGUAGES)}</select>
         <button type="submit">Book</button>
       </form>
       <p id="result" role="status"></p>
     </main>
     <script src="${CH}/scripts/choices.min.js"></script>
     <script>
       window.country = new Choices('#country', { shouldSort: false });
       window.languages = new Choices('#languages', { removeItemButton: true, shouldSort: false });
       document.getElementById('trip').addEventListener('submit', (event) => {
         event.preventDefault();
         const data = new FormData(event.target);
         window.booked = { country: data.get('country'), languages: data.getAll('languages') };
         document.getElementById('result').textContent = 'Booked';
       });
     </script>`,
  ),
  tasks: [
    {
      id: 'country',
      ask: 'Set the destination country to Canada.',
      async run(agent) {
        await agent.open('/choices.html');
        await agent.click([
          { role: 'combobox', name: 'Destination country' },
          { role: 'combobox', name: /Choose a country/ },
        ]);
        await agent.click({ role: 'option', name: /^Canada/ });
      },
      async check(agent) {
        expectState(
          await agent.inspect('() => [country.getValue(true), document.getElementById("country").value]'),
          ['ca', 'ca'],
          'the country chosen',
        );
        expectState(
          await agent.inspect(
            '() => document.querySelector("#country").closest(".choices").querySelector(".choices__list--single").textContent.trim()',
          ),
          'Canada',
          'the country shown',
        );
      },
    },
    {
      id: 'languages',
      ask: 'Add French and German to the languages and book the trip.',
      async run(agent) {
        await agent.open('/choices.html');
        const languages = [
          { role: 'combobox', name: 'Languages' },
          { role: 'searchbox', name: 'Languages' },
          { role: 'textbox', name: 'Languages' },
        ];
        await agent.click(languages);
        await agent.click({ role: 'option', name: /^French/ });
        await agent.click({ role: 'option', name: /^German/ }, { via: languages });
        // The list stays open over the form until it is closed.
        await agent.press('Escape');
        await agent.click({ role: 'button', name: 'Book' });
      },
      async check(agent) {
        expectState(
          await agent.inspect('() => window.booked ?? null'),
          { country: '', languages: ['fr', 'de'] },
          'the booking sent',
        );
      },
    },
  ],
};
