/**
 * A meeting form on Microsoft's Fluent UI web components (v2, FAST Foundation; its browser build): text field, select,
 * radio group, checkbox, tabs and switch, each a custom element with its parts in a shadow root.
 */
import { doc, expectState, type CorpusApp } from './app.js';

const MEETING = '() => window.meeting ?? null';

export const fluentApp: CorpusApp = {
  library: '@fluentui/web-components 2.6.1',
  path: '/fluent.html',
  packages: ['@fluentui/web-components/dist'],
  html: doc(
    'New meeting — Fluent UI',
    `<script type="module" src="/node_modules/@fluentui/web-components/dist/web-components.min.js"></script>
     <style>body { font-family: "Segoe UI", sans-serif; margin: 24px; } form { display: flex; flex-direction: column; gap: 16px; max-width: 480px; } fluent-tab-panel:not([hidden]) { display: flex; flex-direction: column; gap: 16px; padding-top: 12px; }</style>`,
    `<main>
       <h1>New meeting</h1>
       <form id="meeting">
         <fluent-tabs id="tabs">
           <fluent-tab id="tab-details">Details</fluent-tab>
           <fluent-tab id="tab-reminders">Reminders</fluent-tab>
           <fluent-tab-panel id="panel-details">
             <fluent-text-field id="title" value="Weekly sync">Meeting title</fluent-text-field>
             <label id="room-label" for="room">Room</label>
             <fluent-select id="room" aria-labelledby="room-label">
               <fluent-option value="Orion">Orion</fluent-option>
               <fluent-option value="Atlas">Atlas</fluent-option>
               <fluent-option value="Lyra">Lyra</fluent-option>
               <fluent-option value="Vega">Vega</fluent-option>
             </fluent-select>
             <fluent-radio-group id="duration" value="30">
               <label slot="label">Duration</label>
               <fluent-radio value="30">30 minutes</fluent-radio>
               <fluent-radio value="60">60 minutes</fluent-radio>
               <fluent-radio value="90">90 minutes</fluent-radio>
             </fluent-radio-group>
             <fluent-checkbox id="invites" checked>Send invites to attendees</fluent-checkbox>
           </fluent-tab-panel>
           <fluent-tab-panel id="panel-reminders">
             <fluent-switch id="email" checked>Email reminder</fluent-switch>
             <fluent-switch id="popup">Pop-up reminder</fluent-switch>
           </fluent-tab-panel>
         </fluent-tabs>
         <fluent-button id="schedule" appearance="accent">Schedule</fluent-button>
       </form>
     </main>
     <script>
       document.getElementById('schedule').addEventListener('click', () => {
         const value = (id) => document.getElementById(id).value;
         const checked = (id) => document.getElementById(id).checked;
         window.meeting = { title: value('title'), room: value('room'), duration: value('duration'), invites: checked('invites'), email: checked('email'), popup: checked('popup') };
       });
     </script>`,
  ),
  tasks: [
    {
      id: 'schedule',
      ask: 'Schedule a meeting called "Quarterly review" in room Atlas for 60 minutes.',
      async run(agent) {
        await agent.open('/fluent.html');
        await agent.fill({ role: 'textbox', name: 'Meeting title' }, 'Quarterly review');
        await agent.click({ role: ['combobox', 'button'], name: /^Room/ });
        await agent.click({ role: 'option', name: 'Atlas' });
        await agent.click({ role: 'radio', name: '60 minutes' });
        await agent.click({ role: 'button', name: 'Schedule' });
      },
      async check(agent) {
        expectState(
          await agent.inspect(MEETING),
          { title: 'Quarterly review', room: 'Atlas', duration: '60', invites: true, email: true, popup: false },
          'the meeting',
        );
      },
    },
    {
      id: 'reminder',
      ask: 'Turn off the email reminder for this meeting, then schedule it.',
      async run(agent) {
        await agent.open('/fluent.html');
        await agent.click({ role: 'tab', name: 'Reminders' });
        await agent.click({ role: 'switch', name: 'Email reminder' });
        await agent.click({ role: 'button', name: 'Schedule' });
      },
      async check(agent) {
        expectState(
          await agent.inspect(MEETING),
          { title: 'Weekly sync', room: 'Orion', duration: '30', invites: true, email: false, popup: false },
          'the meeting',
        );
      },
    },
  ],
};
