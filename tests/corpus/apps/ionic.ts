/** An account page on Ionic's web components: a modal, an alert and a select whose overlays animate. */
import { doc, expectState, type CorpusApp } from './app.js';

const IONIC = '/node_modules/@ionic/core';

export const ionicApp: CorpusApp = {
  library: '@ionic/core 9.0.5',
  path: '/ionic.html',
  packages: ['@ionic/core/dist', '@ionic/core/css'],
  html: doc(
    'Account — Ionic',
    `<link rel="stylesheet" href="${IONIC}/css/ionic.bundle.css">
     <script type="module" src="${IONIC}/dist/ionic/ionic.esm.js"></script>`,
    `<ion-app>
       <ion-header><ion-toolbar><ion-title>Account</ion-title></ion-toolbar></ion-header>
       <ion-content class="ion-padding">
         <ion-list>
           <ion-item><ion-select id="theme" label="Theme" interface="alert" value="light">
             <ion-select-option value="light">Light</ion-select-option>
             <ion-select-option value="dark">Dark</ion-select-option>
             <ion-select-option value="system">System</ion-select-option>
           </ion-select></ion-item>
         </ion-list>
         <p>Display name: <strong id="display-name">Guest</strong></p>
         <ion-button id="edit-profile">Edit profile</ion-button>
         <ion-button id="delete" color="danger">Delete account</ion-button>
         <p id="status" role="status"></p>
         <ion-modal id="profile" trigger="edit-profile">
           <ion-header><ion-toolbar>
             <ion-buttons slot="start"><ion-button id="cancel">Cancel</ion-button></ion-buttons>
             <ion-title>Edit profile</ion-title>
             <ion-buttons slot="end"><ion-button id="done" strong="true">Done</ion-button></ion-buttons>
           </ion-toolbar></ion-header>
           <ion-content class="ion-padding"><ion-input id="name" label="Display name" label-placement="stacked" placeholder="Your name"></ion-input></ion-content>
         </ion-modal>
         <ion-alert id="confirm-delete" trigger="delete" header="Delete account?" message="This cannot be undone."></ion-alert>
       </ion-content>
     </ion-app>
     <script type="module">
       const modal = document.getElementById('profile');
       document.getElementById('cancel').addEventListener('click', () => modal.dismiss(null, 'cancel'));
       document.getElementById('done').addEventListener('click', () => {
         document.getElementById('display-name').textContent = document.getElementById('name').value;
         modal.dismiss(null, 'confirm');
       });
       document.getElementById('confirm-delete').buttons = [
         { text: 'Cancel', role: 'cancel' },
         { text: 'OK', role: 'confirm', handler: () => { document.getElementById('status').textContent = 'Account deleted'; } },
       ];
     </script>`,
  ),
  tasks: [
    {
      id: 'modal',
      ask: 'Change the display name to Ada Lovelace.',
      async run(agent) {
        await agent.open('/ionic.html');
        await agent.waitFor('Delete account');
        await agent.click({ role: 'button', name: 'Edit profile' });
        await agent.fill({ role: 'textbox', name: 'Display name' }, 'Ada Lovelace');
        await agent.click({ role: 'button', name: 'Done' });
      },
      async check(agent) {
        expectState(
          await agent.inspect("() => document.getElementById('display-name').textContent"),
          'Ada Lovelace',
          'the display name',
        );
        expectState(
          await agent.inspect("() => document.getElementById('profile').classList.contains('overlay-hidden')"),
          true,
          'the modal closed',
        );
      },
    },
    {
      id: 'select',
      ask: 'Switch the theme to Dark.',
      async run(agent) {
        await agent.open('/ionic.html');
        await agent.waitFor('Delete account');
        await agent.click([
          { role: 'combobox', name: /^Theme/ },
          { role: 'button', name: /^Theme/ },
          { role: 'listitem', name: /^Theme/ },
        ]);
        await agent.click({ role: 'radio', name: 'Dark' });
        await agent.click({ role: 'button', name: 'OK' });
      },
      async check(agent) {
        expectState(await agent.inspect("() => document.getElementById('theme').value"), 'dark', 'the theme');
        expectState(
          await agent.inspect("() => document.querySelector('ion-alert:not(#confirm-delete)') === null"),
          true,
          'the theme alert closed',
        );
      },
    },
    {
      id: 'alert',
      ask: 'Delete the account.',
      async run(agent) {
        await agent.open('/ionic.html');
        await agent.waitFor('Delete account');
        await agent.click({ role: 'button', name: 'Delete account' });
        await agent.click({ role: 'button', name: 'OK' });
      },
      async check(agent) {
        expectState(
          await agent.inspect("() => document.getElementById('status').textContent"),
          'Account deleted',
          'the status',
        );
        expectState(
          await agent.inspect("() => document.getElementById('confirm-delete').classList.contains('overlay-hidden')"),
          true,
          'the alert closed',
        );
      },
    },
  ],
};
