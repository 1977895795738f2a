/**
 * A plain HTML checkout form: text fields, a native select, radio buttons, a checkbox and a submit button that stores
 * the order.
 */
import { doc, expectNoMarks, expectState, type CorpusApp } from './app.js';

export const checkoutApp: CorpusApp = {
  library: 'HTML form',
  path: '/checkout.html',
  html: doc(
    'Checkout',
    '<style>body { font-family: sans-serif; margin: 24px; max-width: 520px; } label { display: block; margin: 8px 0; }</style>',
    `<main>
       <h1>Checkout</h1>
       <form id="order">
         <label>Full name <input name="name" autocomplete="name" required></label>
         <label>Email <input name="email" type="email" required></label>
         <label>Street address <input name="street" required></label>
         <label>City <input name="city" required></label>
         <label>Country <select name="country"><option value="">Choose…</option><option value="de">Germany</option><option value="fr">France</option><option value="nl">Netherlands</option></select></label>
         <fieldset><legend>Shipping</legend>
           <label><input type="radio" name="shipping" value="standard" checked> Standard (3–5 days)</label>
           <label><input type="radio" name="shipping" value="express"> Express (next day)</label>
         </fieldset>
         <label><input type="checkbox" name="terms" required> I accept the terms</label>
         <button type="submit">Place order</button>
       </form>
       <p id="status" role="status"></p>
     </main>
     <script>
       document.getElementById('order').addEventListener('submit', (event) => {
         event.preventDefault();
         localStorage.setItem('order', JSON.stringify(Object.fromEntries(new FormData(event.target))));
         document.getElementById('status').textContent = 'Order placed';
       });
     </script>`,
  ),
  tasks: [
    {
      id: 'order',
      ask: 'Order to Ada Lovelace, ada@example.com, 12 Analytical Row, Paris, France, by express shipping, accepting the terms.',
      async run(agent) {
        await agent.open('/checkout.html');
        await agent.inspect("() => { localStorage.removeItem('order'); return true; }");
        await agent.fill({ role: 'textbox', name: 'Full name' }, 'Ada Lovelace');
        await agent.fill({ role: 'textbox', name: 'Email' }, 'ada@example.com');
        await agent.fill({ role: 'textbox', name: 'Street address' }, '12 Analytical Row');
        await agent.fill({ role: 'textbox', name: 'City' }, 'Paris');
        await agent.select({ role: 'combobox', name: 'Country' }, 'France');
        await agent.click({ role: 'radio', name: /Express/ });
        await agent.click({ role: 'checkbox', name: 'I accept the terms' });
        await agent.click({ role: 'button', name: 'Place order' });
      },
      async check(agent) {
        const saved = await agent.inspect<string | null>("() => localStorage.getItem('order')");
        expectState(
          JSON.parse(saved ?? 'null'),
          {
            name: 'Ada Lovelace',
            email: 'ada@example.com',
            street: '12 Analytical Row',
            city: 'Paris',
            country: 'fr',
            shipping: 'express',
            terms: 'on',
          },
          'the stored order',
        );
        expectNoMarks(saved ?? '', 'the stored order');
      },
    },
  ],
};
