/**
 * A jQuery-era profile form: a single select with groups and search, and a multiple select of tags, both select2 over
 * native selects.
 */
import { doc, expectState, type CorpusApp } from './app.js';

const ZONES: Record<string, [string, string][]> = {
  Europe: [
    ['Europe/Lisbon', 'Lisbon'],
    ['Europe/Paris', 'Paris'],
    ['Europe/Helsinki', 'Helsinki'],
  ],
  Asia: [
    ['Asia/Kolkata', 'Kolkata'],
    ['Asia/Singapore', 'Singapore'],
    ['Asia/Tokyo', 'Tokyo'],
  ],
  Americas: [
    ['America/New_York', 'New York'],
    ['America/Chicago', 'Chicago'],
    ['America/Sao_Paulo', 'São Paulo'],
  ],
};
const SKILLS = ['Accessibility', 'Design', 'Go', 'Python', 'Rust', 'TypeScript'];

const zones = Object.entries(ZONES)
  .map(
    ([group, pairs]) =>
      `<optgroup label="${group}">${pairs.map(([value, label]) => `<option value="${value}">${label}</option>`).join('')}</optgroup>`,
  )
  .join('');
const VALUES = '() => ({ timezone: $("#timezone").val(), skills: $("#skills").val(), saved: window.saved ?? null })';

export const select2App: CorpusApp = {
  library: 'select2 4.1.0-rc.0 + jquery 3.7.1',
  path: '/select2.html',
  packages: ['select2/dist', 'jquery/dist'],
  html: doc(
    'Your profile — select2',
    `<link rel="stylesheet" href="/node_modules/select2/dist/css/select2.min.css">
     <style>body { font-family: sans-serif; margin: 24px; max-width: 520px; } form > div { margin-bottom: 16px; } label { display: block; margin-bottom: 4px; } select { width: 100%; }</style>`,
    `<main>
       <h1>Your profile</h1>
       <form id="profile">
         <div><label for="name">Name</label><input id="name" name="name" value="Sam Doe"></div>
         <div><label for="timezone">Time zone</label><select id="timezone" name="timezone"><option></option>${zones}</select></div>
         <div><label for="skills">Skills</label><select id="skills" name="skills" multiple>${SKILLS.map((skill) => `<option${skill === 'Design' ? ' selected' : ''}>${skill}</option>`).join('')}</select></div>
         <button type="submit">Save profile</button>
       </form>
       <p id="status" role="status"></p>
     </main>
     <script src="/node_modules/jquery/dist/jquery.min.js"></script>
     <script src="/node_modules/select2/dist/js/select2.min.js"></script>
     <script>
       $('#timezone').select2({ placeholder: 'Select a time zone', width: '100%' });
       $('#skills').select2({ placeholder: 'Add skills', width: '100%' });
       $('#profile').on('submit', (event) => {
         event.preventDefault();
         window.saved = { name: $('#name').val(), timezone: $('#timezone').val(), skills: $('#skills').val() };
         $('#status').text('Profile saved');
       });
     </script>`,
  ),
  tasks: [
    {
      id: 'timezone',
      ask: 'Set my time zone to Tokyo and save my profile.',
      async run(agent) {
        await agent.open('/select2.html');
        await agent.click([
          { role: 'combobox', name: 'Time zone' },
          { role: 'combobox', name: /Select a time zone/ },
        ]);
        await agent.click({ role: 'option', name: 'Tokyo' });
        await agent.click({ role: 'button', name: 'Save profile' });
      },
      async check(agent) {
        expectState(
          await agent.inspect(VALUES),
          {
            timezone: 'Asia/Tokyo',
            skills: ['Design'],
            saved: { name: 'Sam Doe', timezone: 'Asia/Tokyo', skills: ['Design'] },
          },
          'the profile',
        );
        expectState(
          await agent.inspect('() => $("#select2-timezone-container").attr("title")'),
          'Tokyo',
          'the time zone shown',
        );
      },
    },
    {
      id: 'skills',
      ask: 'Add Python and Rust to my skills, remove Design, and save.',
      async run(agent) {
        await agent.open('/select2.html');
        const skills = [
          { role: ['searchbox', 'textbox', 'combobox'], name: 'Skills' },
          { role: ['searchbox', 'textbox', 'combobox'], name: /Add skills|Search/ },
        ];
        await agent.click(skills);
        await agent.click({ role: 'option', name: 'Python' });
        await agent.click({ role: 'option', name: 'Rust' }, { via: skills });
        await agent.press('Escape');
        // select2 draws each chosen skill with a remove button (×) named "Remove item".
        await agent.click([
          { role: 'button', name: /Remove/, within: { role: 'listitem', name: /Design/ } },
          { role: 'button', name: /Remove item/ },
        ]);
        await agent.press('Escape');
        await agent.click({ role: 'button', name: 'Save profile' });
      },
      async check(agent) {
        expectState(
          await agent.inspect(VALUES),
          {
            timezone: '',
            skills: ['Python', 'Rust'],
            saved: { name: 'Sam Doe', timezone: '', skills: ['Python', 'Rust'] },
          },
          'the profile',
        );
      },
    },
  ],
};
