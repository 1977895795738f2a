import { describe, expect, it } from 'vitest';
import { allNodes, type TakenSnapshot } from '../../src/index.js';
import { useFirefox, useSite } from '../helpers/fixtures.js';
import { eventually } from '../helpers/processes.js';
import { page } from '../helpers/server.js';

const TOKEN = 'ghp_abcdefghijklmnopqrstuvwxyz0123456789';
const RANDOM = 'aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5';

const server = useSite({
  '/secrets.html': page(
    'Secrets',
    `<label>Password <input type="password" value="prefilled-pass"></label>
       <label>API token <input id="token" value="${TOKEN}"></label>
       <label>Session <input id="session" value="${RANDOM}"></label>
       <label>API key <input id="key"></label>
       <p id="check"></p>
       <script>
         console.log('token is ${TOKEN}');
         document.getElementById('key').addEventListener('change', (e) => {
           document.getElementById('check').textContent = e.target.value === 'k-live-123456' ? 'key ok' : 'key wrong';
           console.log('key typed: ' + e.target.value);
           fetch('/api/data?api_key=' + encodeURIComponent(e.target.value));
         });
       </script>`,
  ),
});
const client = useFirefox({ secrets: { API_KEY: 'k-live-123456' } });

function names(snapshot: TakenSnapshot): string {
  return JSON.stringify(snapshot.nodes);
}

describe('redaction', () => {
  it('never shows a prefilled password, a token or a random session value', async () => {
    await client.page.navigate(server.url('/secrets.html'));
    const snapshot = await client.page.takeSnapshot();
    for (const secret of ['prefilled-pass', TOKEN, RANDOM]) {
      expect(snapshot.text).not.toContain(secret);
      expect(names(snapshot)).not.toContain(secret);
    }
    expect(snapshot.text).toMatch(/textbox "Password" type=password value="••••••••"/);
    expect(snapshot.text).toMatch(/textbox "API token" value="<redacted>"/);
    expect(client.page.getConsoleMessages().map((message) => message.text)).toContain('token is <redacted>');
    const markdown = await client.page.getPageMarkdown({ view: 'agent' });
    expect(markdown.markdown).not.toContain(TOKEN);
  });

  it('fills a field by secret name, and every output shows the name instead of the value', async () => {
    await client.page.navigate(server.url('/secrets.html'));
    const snapshot = await client.page.takeSnapshot();
    const key = [...allNodes(snapshot.nodes)].find((node) => node.name === 'API key');
    const result = await client.page.fillByUid(key?.uid ?? '', '<secret>API_KEY</secret>');
    expect(result.done).toMatchObject({ kind: 'fill', value: '<secret>API_KEY</secret>' });
    expect(JSON.stringify(result)).not.toContain('k-live-123456');
    await client.page.pressKey('Tab');
    expect(await client.page.waitForText('key ok')).toBe('key ok');
    const after = await client.page.takeSnapshot();
    expect(after.text).toContain('value="<secret>API_KEY</secret>"');
    expect(after.text).not.toContain('k-live-123456');
    expect(client.page.getConsoleMessages().map((message) => message.text)).toContain(
      'key typed: <secret>API_KEY</secret>',
    );
    expect(await eventually(() => client.page.getNetworkRequests({ urlContains: '/api/data' }).length > 0, 5000)).toBe(
      true,
    );
    expect(client.page.getNetworkRequests({ urlContains: '/api/data' })[0]?.url).toContain('api_key=<redacted>');
    expect(await client.page.evaluate(() => (document.getElementById('key') as HTMLInputElement).value)).toBe(
      '<secret>API_KEY</secret>',
    );
    await expect(client.page.fillByUid(key?.uid ?? '', '<secret>NOPE</secret>')).rejects.toThrow(
      'There is no secret named "NOPE"; the secrets are API_KEY',
    );
  });
});
