/**
 * A travel-insurance account page on UIkit: an accordion of policy terms, a dropdown, a confirm modal and
 * notifications.
 */
import { doc, expectState, type CorpusApp } from './app.js';

const UK = '/node_modules/uikit/dist';
const STATE = '() => window.account';

export const uikitApp: CorpusApp = {
  library: 'uikit 3.25.29',
  path: '/uikit.html',
  packages: ['uikit/dist'],
  html: doc(
    'My policy — UIkit',
    `<link rel="stylesheet" href="${UK}/css/uikit.min.css">`,
    `<main class="uk-container uk-container-small uk-margin-top">
       <h1>My travel policy</h1>
       <p>Policy TR-20931 · <span id="policy-status">Active</span></p>
       <div class="uk-inline">
         <button class="uk-button uk-button-default" type="button" id="currency-button">Currency: USD</button>
         <div id="currency-menu" uk-dropdown="mode: click">
           <ul class="uk-nav uk-dropdown-nav">
             <li><a href="#" data-currency="USD">USD</a></li><li><a href="#" data-currency="EUR">EUR</a></li><li><a href="#" data-currency="GBP">GBP</a></li>
           </ul>
         </div>
       </div>
       <h2>Terms</h2>
       <ul uk-accordion>
         <li><a class="uk-accordion-title" href>Coverage</a><div class="uk-accordion-content"><p>Medical costs are covered up to 50,000 USD and lost luggage up to 1,500 USD per trip.</p></div></li>
         <li><a class="uk-accordion-title" href>Claims</a><div class="uk-accordion-content"><p>File a claim within 45 days of your return, with the receipts and a police report for theft.</p></div></li>
         <li><a class="uk-accordion-title" href>Cancellation</a><div class="uk-accordion-content"><p>You may cancel within 14 days of purchase for a full refund.</p></div></li>
       </ul>
       <h2>Reminders</h2>
       <form id="reminders" class="uk-form-stacked">
         <label class="uk-form-label" for="deadline">Claim deadline (days)</label>
         <input class="uk-input uk-form-width-small" id="deadline" type="number" min="1">
         <button class="uk-button uk-button-primary" type="submit">Save reminder</button>
       </form>
       <hr>
       <button class="uk-button uk-button-danger" type="button" id="cancel-policy">Cancel policy</button>
     </main>
     <script src="${UK}/js/uikit.min.js"></script>
     <script>
       window.account = { currency: 'USD', claimDeadlineDays: null, status: 'active' };
       document.querySelectorAll('[data-currency]').forEach((link) => link.addEventListener('click', (event) => {
         event.preventDefault();
         account.currency = link.dataset.currency;
         document.getElementById('currency-button').textContent = 'Currency: ' + account.currency;
         UIkit.dropdown('#currency-menu').hide(false);
       }));
       document.getElementById('reminders').addEventListener('submit', (event) => {
         event.preventDefault();
         account.claimDeadlineDays = Number(document.getElementById('deadline').value);
         UIkit.notification({ message: 'Reminder saved', status: 'success' });
       });
       document.getElementById('cancel-policy').addEventListener('click', () => {
         UIkit.modal.confirm('Cancel policy TR-20931? Your cover ends today.', { i18n: { ok: 'Yes, cancel it', cancel: 'Keep my policy' } }).then(() => {
           account.status = 'cancelled';
           document.getElementById('policy-status').textContent = 'Cancelled';
           UIkit.notification({ message: 'Policy cancelled', status: 'warning' });
         }, () => undefined);
       });
     </script>`,
  ),
  tasks: [
    {
      id: 'claim-deadline',
      ask: 'How many days after my return do I have to file a claim? Save that number as my claim deadline reminder.',
      async run(agent) {
        await agent.open('/uikit.html');
        await agent.click({ role: ['button', 'link'], name: 'Claims' });
        // The agent reads the number in the section it opened (in the click's answer, or a fresh snapshot).
        const rule = /claim within (\d+) days/i;
        const days = rule.exec(agent.lastAnswer)?.[1] ?? rule.exec(await agent.snapshot())?.[1];
        if (days === undefined) throw new Error(`The agent did not read the claims deadline:\n${agent.lastAnswer}`);
        await agent.fill({ role: ['spinbutton', 'textbox'], name: 'Claim deadline (days)' }, days);
        await agent.click({ role: 'button', name: 'Save reminder' });
      },
      async check(agent) {
        expectState(
          await agent.inspect(STATE),
          { currency: 'USD', claimDeadlineDays: 45, status: 'active' },
          'the account',
        );
      },
    },
    {
      id: 'currency',
      ask: 'Show my policy amounts in euros.',
      async run(agent) {
        await agent.open('/uikit.html');
        await agent.click({ role: 'button', name: /^currency/i });
        await agent.click({ role: 'link', name: 'EUR' });
      },
      async check(agent) {
        expectState(
          await agent.inspect(STATE),
          { currency: 'EUR', claimDeadlineDays: null, status: 'active' },
          'the account',
        );
        expectState(
          await agent.inspect("() => document.getElementById('currency-menu').classList.contains('uk-open')"),
          false,
          'the currency menu open',
        );
      },
    },
    {
      id: 'cancel-policy',
      ask: 'Cancel my travel policy.',
      async run(agent) {
        await agent.open('/uikit.html');
        await agent.click({ role: 'button', name: 'Cancel policy' });
        await agent.click({ role: 'button', name: 'Yes, cancel it' });
      },
      async check(agent) {
        expectState(
          await agent.inspect(STATE),
          { currency: 'USD', claimDeadlineDays: null, status: 'cancelled' },
          'the account',
        );
        expectState(
          await agent.inspect("() => document.querySelector('.uk-modal.uk-open') === null"),
          true,
          'the modal closed',
        );
      },
    },
  ],
};
