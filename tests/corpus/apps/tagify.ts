/**
 * A candidate profile with a Tagify chip input (@yaireo/tagify, its browser build): skills as chips, suggestions from a
 * list, a remove button on every chip.
 */
import { doc, expectState, type CorpusApp } from './app.js';

const TAGIFY = '/node_modules/@yaireo/tagify/dist';

const SUGGESTED = [
  'JavaScript',
  'TypeScript',
  'Python',
  'SQL',
  'Go',
  'Rust',
  'Kotlin',
  'Swift',
  'GraphQL',
  'Docker',
  'Kubernetes',
  'Terraform',
];
const SKILLS = '() => tagify.value.map((tag) => tag.value)';

export const tagifyApp: CorpusApp = {
  library: '@yaireo/tagify 4.36.0',
  path: '/tagify.html',
  packages: ['@yaireo/tagify/dist'],
  html: doc(
    'Candidate profile — Tagify',
    `<link rel="stylesheet" href="${TAGIFY}/tagify.css">
     <style>body { font-family: sans-serif; margin: 24px; } form { display: flex; flex-direction: column; gap: 12px; max-width: 520px; }</style>`,
    `<main>
       <h1>Candidate profile</h1>
       <form id="profile">
         <label for="name">Full name</label>
         <input id="name" name="name" value="Ingrid Novak">
         <label for="skills">Skills</label>
         <input id="skills" name="skills" value="JavaScript, SQL, Python">
         <label for="about">About</label>
         <textarea id="about" name="about" rows="3">Backend developer, 6 years.</textarea>
       </form>
     </main>
     <script src="${TAGIFY}/tagify.js"></script>
     <script>
       window.tagify = new Tagify(document.getElementById('skills'), {
         whitelist: ${JSON.stringify(SUGGESTED)},
         dropdown: { enabled: 1, maxItems: 8 },
       });
     </script>`,
  ),
  tasks: [
    {
      id: 'skills',
      ask: 'Add TypeScript to my skills and remove SQL.',
      async run(agent) {
        await agent.open('/tagify.html');
        const input = [
          { role: ['textbox', 'combobox'], name: 'Skills' },
          { role: ['textbox', 'combobox'], name: 'Tags input field' },
        ];
        await agent.click(input);
        await agent.type(input, 'TypeS');
        await agent.click({ role: 'option', name: 'TypeScript' });
        await agent.click([
          { role: 'button', name: /\bSQL\b/ },
          { role: 'button', name: /remove/i, within: { name: /\bSQL$/ } },
        ]);
      },
      async check(agent) {
        expectState(await agent.inspect(SKILLS), ['JavaScript', 'Python', 'TypeScript'], 'the skills');
        expectState(
          await agent.inspect("() => JSON.parse(document.getElementById('skills').value).map((tag) => tag.value)"),
          ['JavaScript', 'Python', 'TypeScript'],
          'the skills the form sends',
        );
      },
    },
  ],
};
