/**
 * Workspace members in React on Headless UI (@headlessui/react, unstyled primitives): an invite form with a Listbox and
 * a Combobox, and a confirm Dialog to remove a member.
 *
 * The witness found a name Firefox does not give: while a list is open Headless UI makes the rest of
 * the page inert and aria-hidden, the fields' <label>s included, and a label hidden from readers names
 * nothing in Firefox (combobox "Team" read where Firefox names it "").
 */
import { doc, expectState, type CorpusApp } from './app.js';

const TEAMS = ['Billing', 'Design', 'Growth', 'Mobile', 'Payments', 'Platform', 'Security', 'Support'];
const MEMBERS = ['Ingrid Novak', 'Tomás Ruiz', 'Amara Okafor'];
const STATE = '() => window.members';

export const headlessuiApp: CorpusApp = {
  library: '@headlessui/react 2.2.10 + React 19.3.1',
  path: '/headlessui.html',
  bundle: {
    file: 'headlessui.js',
    source: `
      import { createElement as h, useEffect, useState } from 'react';
      import { createRoot } from 'react-dom/client';
      import { Button, Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Description, Dialog, DialogPanel, DialogTitle, Field, Input, Label, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';

      const TEAMS = ${JSON.stringify(TEAMS)};
      const ROLES = ['Viewer', 'Editor', 'Admin'];

      function App() {
        const [members, setMembers] = useState(${JSON.stringify(MEMBERS)});
        const [email, setEmail] = useState('');
        const [role, setRole] = useState('Viewer');
        const [team, setTeam] = useState(null);
        const [query, setQuery] = useState('');
        const [invited, setInvited] = useState([]);
        const [removing, setRemoving] = useState(null);
        // The app's state, where the grader reads it.
        useEffect(() => { window.members = { members, invited, role, team }; }, [members, invited, role, team]);
        const teams = query === '' ? TEAMS : TEAMS.filter((name) => name.toLowerCase().includes(query.toLowerCase()));
        return h('main', null,
          h('h1', null, 'Workspace members'),
          h('ul', { className: 'members' }, members.map((name) => h('li', { key: name },
            h('span', null, name), ' ',
            h(Button, { className: 'link', onClick: () => setRemoving(name) }, 'Remove')))),
          h('form', { className: 'invite', onSubmit: (event) => { event.preventDefault(); setInvited((before) => [...before, { email, role, team }]); } },
            h('h2', null, 'Invite someone'),
            h(Field, null, h(Label, null, 'Email'), h(Input, { type: 'email', value: email, onChange: (event) => setEmail(event.target.value) })),
            h(Field, null, h(Label, null, 'Role'),
              h(Listbox, { value: role, onChange: setRole },
                h(ListboxButton, { className: 'select' }, role),
                h(ListboxOptions, { anchor: 'bottom start', className: 'options' }, ROLES.map((name) => h(ListboxOption, { key: name, value: name, className: 'option' }, name))))),
            h(Field, null, h(Label, null, 'Team'),
              h(Combobox, { value: team, onChange: setTeam, onClose: () => setQuery('') },
                h(ComboboxInput, { displayValue: (name) => name ?? '', onChange: (event) => setQuery(event.target.value) }),
                h(ComboboxOptions, { anchor: 'bottom start', className: 'options' }, teams.map((name) => h(ComboboxOption, { key: name, value: name, className: 'option' }, name))))),
            h(Button, { type: 'submit' }, 'Send invite')),
          h(Dialog, { open: removing !== null, onClose: () => setRemoving(null) },
            h('div', { className: 'backdrop' }),
            h(DialogPanel, { className: 'panel' },
              h(DialogTitle, null, 'Remove ' + removing + '?'),
              h(Description, null, removing + ' will lose access to every project in this workspace.'),
              h('div', { className: 'actions' },
                h(Button, { onClick: () => setRemoving(null) }, 'Cancel'),
                h(Button, { onClick: () => { setMembers((before) => before.filter((name) => name !== removing)); setRemoving(null); } }, 'Remove member')))));
      }

      createRoot(document.getElementById('root')).render(h(App));
    `,
  },
  html: doc(
    'Workspace members — Headless UI',
    `<style>
       body { font-family: sans-serif; margin: 24px; }
       .members { list-style: none; padding: 0; max-width: 360px; } .members li { display: flex; justify-content: space-between; padding: 6px 0; border-bottom: 1px solid #eee; }
       .link { background: none; border: none; color: #b00; cursor: pointer; }
       .invite { display: flex; flex-direction: column; gap: 12px; max-width: 360px; }
       .invite label { display: block; font-weight: bold; margin-bottom: 4px; }
       .invite input, .select { width: 100%; box-sizing: border-box; padding: 6px; border: 1px solid #aaa; border-radius: 4px; background: white; text-align: left; }
       .options { background: white; border: 1px solid #aaa; border-radius: 4px; padding: 4px 0; min-width: 240px; list-style: none; margin: 0; }
       .option { padding: 6px 10px; cursor: default; } .option[data-focus] { background: #e8f0fe; }
       .backdrop { position: fixed; inset: 0; background: rgba(0, 0, 0, 0.3); }
       .panel { position: fixed; top: 30%; left: 50%; transform: translateX(-50%); background: white; padding: 20px; border-radius: 8px; max-width: 420px; }
       .actions { display: flex; gap: 8px; justify-content: flex-end; margin-top: 16px; }
     </style>`,
    '<div id="root"></div><script type="module" src="/build/headlessui.js"></script>',
  ),
  tasks: [
    {
      id: 'invite',
      ask: 'Invite priya@example.com as an Editor on the Payments team.',
      async run(agent) {
        await agent.open('/headlessui.html');
        await agent.waitFor('Workspace members');
        await agent.fill({ role: 'textbox', name: 'Email' }, 'priya@example.com');
        await agent.click([
          { role: 'button', name: /^Role/ },
          { role: ['combobox', 'button'], name: /Role|Viewer/ },
        ]);
        await agent.click({ role: 'option', name: 'Editor' });
        await agent.fill({ role: 'combobox', name: 'Team' }, 'Pay');
        await agent.click({ role: 'option', name: 'Payments' });
        await agent.click({ role: 'button', name: 'Send invite' });
      },
      async check(agent) {
        expectState(
          await agent.inspect(STATE),
          {
            members: MEMBERS,
            invited: [{ email: 'priya@example.com', role: 'Editor', team: 'Payments' }],
            role: 'Editor',
            team: 'Payments',
          },
          'the workspace',
        );
      },
    },
    {
      id: 'remove',
      ask: 'Remove Tomás Ruiz from the workspace.',
      async run(agent) {
        await agent.open('/headlessui.html');
        await agent.waitFor('Workspace members');
        await agent.click({ role: 'button', name: 'Remove', within: { role: 'listitem', name: /^Tomás Ruiz/ } });
        await agent.click({ role: 'button', name: 'Remove member' });
      },
      async check(agent) {
        expectState(
          await agent.inspect(STATE),
          { members: ['Ingrid Novak', 'Amara Okafor'], invited: [], role: 'Viewer', team: null },
          'the workspace',
        );
        expectState(
          await agent.inspect("() => document.querySelector('[role=dialog]') === null"),
          true,
          'the dialog closed',
        );
      },
    },
  ],
};
