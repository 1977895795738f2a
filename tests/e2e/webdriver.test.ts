import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FirefoxClient, findGeckodriver } from '../../src/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const geckodriver = findGeckodriver();
if (!geckodriver) {
  // Printed so a skipped run says why: geckodriver cannot be downloaded on machines without internet.
  console.warn(
    '[webdriver.test] skipped: no geckodriver on PATH or in GECKODRIVER_PATH; install it to test the WebDriver (Selenium) path.',
  );
}

describe.skipIf(!geckodriver)('a session through a local geckodriver (classic WebDriver + BiDi)', () => {
  let server: TestServer;
  let client: FirefoxClient;

  beforeAll(async () => {
    server = await startTestServer();
    client = await FirefoxClient.launchWithGeckodriver();
  });

  afterAll(async () => {
    await client.close();
    await server.close();
  });

  it('runs everything over BiDi once the WebDriver session exists', async () => {
    expect(client.browser.sessionKind).toBe('webdriver');
    await client.page.navigate(server.url('/console.html'));
    expect((await client.userContext.listPages())[0]).toMatchObject({ title: 'Console', selected: true });
    expect(await client.page.evaluate('() => 6 * 7')).toBe(42);
    await client.page.waitForText('Console');
    expect(client.page.getNetworkRequests({ urlContains: '/api/data' })).toHaveLength(1);
  });
});
