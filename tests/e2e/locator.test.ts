/**
 * page.locate(): elements by role and name, found afresh each time they act, in a real Firefox on
 * pages served on 127.0.0.1. Every check reads the app's own state, not the answer's words.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { LocatorError } from '../../src/index.js';
import { useFirefox, useSite } from '../helpers/fixtures.js';
import { page } from '../helpers/server.js';

const LOG = `<p id="log"></p><script>const log = (text) => { document.getElementById('log').textContent += text + ';'; };</script>`;

const FORM = page(
  'Orders',
  `${LOG}
   <label>Email <input id="email" oninput="log('email=' + this.value)"></label>
   <section aria-label="Billing"><h2>Billing</h2><button onclick="log('billing saved')">Save</button></section>
   <section aria-label="Shipping"><h2>Shipping</h2><button onclick="log('shipping saved')">Save</button></section>
   <ul>${[1, 2, 3].map((n) => `<li>Order ${n} <button onclick="log('deleted ${n}')">Delete</button></li>`).join('')}</ul>
   <div id="again"><button onclick="log('first render'); document.getElementById('again').innerHTML = '<button onclick=&quot;log(\\'second render\\')&quot;>Refresh</button>'">Refresh</button></div>
   <iframe title="Preview" src="/frame.html" style="width:300px;height:80px"></iframe>`,
);

const FRAME = page('Frame', `${LOG}<button onclick="log('inside')">Inside</button>`);

const appLog = (): Promise<string> =>
  client.page.evaluate<string>(() => document.getElementById('log')?.textContent ?? '');

const server = useSite({ '/form.html': FORM, '/frame.html': FRAME });
const client = useFirefox();

beforeAll(async () => {
  await client.page.navigate(server.url('/form.html'));
});

describe('page.locate', () => {
  it('fills a field by role and a name in any case, and the app sees the value', async () => {
    await client.page.locate({ role: 'textbox', name: 'email' }).fill('ana@example.com');
    expect(await appLog()).toContain('email=ana@example.com');
  });

  it('tells two buttons of one name apart by the region they are within', async () => {
    await client.page.locate({ role: 'button', name: 'Save', within: { role: 'region', name: 'Shipping' } }).click();
    expect(await appLog()).toContain('shipping saved');
    expect(await appLog()).not.toContain('billing saved');
  });

  it('refuses several matches, listing them, and takes the nth when told', async () => {
    const deletes = client.page.locate({ role: 'button', name: 'Delete' });
    await expect(deletes.click()).rejects.toThrow(LocatorError);
    await expect(deletes.click()).rejects.toThrow(
      /button "Delete": 3 elements match \(\S+ button "Delete", .*\)\. Say which with nth \(0–2\)/,
    );
    expect(await deletes.count()).toBe(3);
    await client.page.locate({ role: 'button', name: 'Delete', nth: 1 }).click();
    expect(await appLog()).toContain('deleted 2');
    expect(await appLog()).not.toMatch(/deleted [13]/);
    await expect(client.page.locate({ role: 'button', name: 'Delete', nth: 5 }).click()).rejects.toThrow(
      '3 elements match on the page, so there is no nth=5 (0–2)',
    );
  });

  it('refuses a name no element has, naming what the page has of that role; exact names keep their case', async () => {
    await expect(client.page.locate({ role: 'button', name: 'Publish' }).click()).rejects.toThrow(
      /button "Publish": no element matches\. The page's button elements: .*"Save"/,
    );
    await expect(
      client.page
        .locate({ role: 'button', name: 'save', exact: true, within: { role: 'region', name: 'Billing' } })
        .click(),
    ).rejects.toThrow('no element matches');
    await expect(client.page.locate({ role: 'slider' }).click()).rejects.toThrow('The page has no slider');
    expect(() => client.page.locate({ role: ' ' })).toThrow('A locator needs a role');
    expect(await appLog()).not.toContain('billing saved');
  });

  it('acts inside a frame named by its iframe', async () => {
    await client.page.locate({ role: 'button', name: 'Inside', frame: 'Preview' }).click();
    const frameLog = await client.page.evaluate(
      () => document.querySelector('iframe')?.contentDocument?.getElementById('log')?.textContent ?? '',
    );
    expect(frameLog).toBe('inside;');
    await expect(client.page.locate({ role: 'button', name: 'Inside', frame: 'Elsewhere' }).click()).rejects.toThrow(
      'in frame "Elsewhere": no element matches',
    );
  });

  it('finds the element again after the page drew it anew', async () => {
    const refresh = client.page.locate({ role: 'button', name: 'Refresh' });
    await refresh.click();
    await refresh.click();
    expect(await appLog()).toContain('first render;');
    expect(await appLog()).toContain('second render;');
  });
});
