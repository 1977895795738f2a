/**
 * Workspace settings in React on MUI (@mui/material with emotion, bundled from npm): a Select, an Autocomplete and a
 * confirm Dialog.
 */
import { doc, expectState, type CorpusApp } from './app.js';

const PLANS = ['Free', 'Team', 'Business', 'Enterprise'];
const COUNTRIES = [
  'Australia',
  'Brazil',
  'Canada',
  'France',
  'Germany',
  'India',
  'Italy',
  'Japan',
  'Jordan',
  'Kenya',
  'Mexico',
  'Spain',
];
const STATE = '() => window.workspace';

export const muiApp: CorpusApp = {
  library: '@mui/material 9.5.0 + React 19.3.1',
  path: '/mui.html',
  bundle: {
    file: 'mui.js',
    // No JSX: the corpus bundles this source with the plain js loader.
    source: `
      import { createElement as h, useEffect, useState } from 'react';
      import { createRoot } from 'react-dom/client';
      import { Autocomplete, Button, Container, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, FormControl, InputLabel, MenuItem, Select, Stack, TextField, Typography } from '@mui/material';

      function App() {
        const [plan, setPlan] = useState('Free');
        const [country, setCountry] = useState(null);
        const [confirming, setConfirming] = useState(false);
        const [deleted, setDeleted] = useState(false);
        // The app's state, where the grader reads it.
        useEffect(() => { window.workspace = { plan, country, deleted }; }, [plan, country, deleted]);
        return h(Container, { maxWidth: 'sm', sx: { py: 3 } },
          h(Typography, { variant: 'h4', component: 'h1', gutterBottom: true }, 'Workspace settings'),
          h(Typography, { sx: { mb: 2 } }, deleted ? 'This workspace was deleted.' : 'Workspace "Orbit" · 6 members'),
          h(Stack, { spacing: 3 },
            h(FormControl, { fullWidth: true },
              h(InputLabel, { id: 'plan-label' }, 'Plan'),
              h(Select, { labelId: 'plan-label', id: 'plan', value: plan, label: 'Plan', onChange: (event) => setPlan(event.target.value) },
                ${JSON.stringify(PLANS)}.map((name) => h(MenuItem, { key: name, value: name }, name)))),
            h(Autocomplete, {
              id: 'country',
              options: ${JSON.stringify(COUNTRIES)},
              value: country,
              onChange: (_event, value) => setCountry(value),
              renderInput: (params) => h(TextField, { ...params, label: 'Billing country' }),
            }),
            h(Button, { variant: 'outlined', color: 'error', onClick: () => setConfirming(true), disabled: deleted }, 'Delete workspace')),
          h(Dialog, { open: confirming, onClose: () => setConfirming(false), 'aria-labelledby': 'confirm-title' },
            h(DialogTitle, { id: 'confirm-title' }, 'Delete this workspace?'),
            h(DialogContent, null, h(DialogContentText, null, 'Orbit and its 6 members will lose access to every project. This cannot be undone.')),
            h(DialogActions, null,
              h(Button, { onClick: () => setConfirming(false), autoFocus: true }, 'Cancel'),
              h(Button, { color: 'error', onClick: () => { setDeleted(true); setConfirming(false); } }, 'Delete'))));
      }

      createRoot(document.getElementById('root')).render(h(App));
    `,
  },
  html: doc(
    'Workspace settings — MUI',
    '<style>body { margin: 0; font-family: Roboto, Helvetica, Arial, sans-serif; }</style>',
    '<div id="root"></div><script type="module" src="/build/mui.js"></script>',
  ),
  tasks: [
    {
      id: 'plan',
      ask: 'Upgrade the workspace to the Business plan.',
      async run(agent) {
        await agent.open('/mui.html');
        await agent.waitFor('Workspace settings');
        await agent.click([
          { role: 'combobox', name: 'Plan' },
          { role: ['combobox', 'button'], name: /^Plan/ },
        ]);
        await agent.click({ role: 'option', name: 'Business' });
      },
      async check(agent) {
        expectState(await agent.inspect(STATE), { plan: 'Business', country: null, deleted: false }, 'the workspace');
        expectState(
          await agent.inspect("() => document.querySelector('[role=listbox]') === null"),
          true,
          'the plan list closed',
        );
      },
    },
    {
      id: 'country',
      ask: 'Set the billing country to Japan.',
      async run(agent) {
        await agent.open('/mui.html');
        await agent.waitFor('Workspace settings');
        await agent.fill({ role: 'combobox', name: 'Billing country' }, 'Ja');
        await agent.click({ role: 'option', name: 'Japan' });
      },
      async check(agent) {
        expectState(await agent.inspect(STATE), { plan: 'Free', country: 'Japan', deleted: false }, 'the workspace');
        expectState(
          await agent.inspect("() => document.getElementById('country').value"),
          'Japan',
          'the country shown',
        );
      },
    },
    {
      id: 'delete',
      ask: 'Delete this workspace.',
      async run(agent) {
        await agent.open('/mui.html');
        await agent.waitFor('Workspace settings');
        await agent.click({ role: 'button', name: 'Delete workspace' });
        await agent.click({
          role: 'button',
          name: 'Delete',
          within: { role: 'dialog', name: /Delete this workspace/ },
        });
      },
      async check(agent) {
        expectState(await agent.inspect(STATE), { plan: 'Free', country: null, deleted: true }, 'the workspace');
        expectState(
          await agent.inspect("() => document.querySelector('[role=dialog]') === null"),
          true,
          'the dialog closed',
        );
      },
    },
  ],
};
