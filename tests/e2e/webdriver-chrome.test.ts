import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startStdioServer, text, uidOf } from '../helpers/mcp.js';
import { eventually } from '../helpers/processes.js';
import { page, startTestServer, type TestServer } from '../helpers/server.js';

/**
 * The WebDriver path (--webdriver-url), as Selenium Grid's front door or a cloud grid would serve
 * it, proven against Debian's chromedriver and Chromium: the same W3C protocol, then BiDi over the
 * webSocketUrl the server hands back. The MCP server is driven by the SDK's real client.
 */

function onPath(name: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const available =
  onPath('chromedriver') && (onPath('chromium') || onPath('chromium-browser') || onPath('google-chrome'));
if (!available)
  console.warn(
    '[webdriver-chrome.test] skipped: chromedriver or Chromium is not installed (npm run setup:chromium installs them as root on Debian/Ubuntu).',
  );

/** Processes (chromedriver, Chromium and its helpers) whose environment holds `marker`. */
function markedProcesses(marker: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return readFileSync(`/proc/${entry}/environ`, 'latin1').includes(marker);
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const FORM = page(
  'Chrome form',
  `<h1>Sign up</h1>
   <label>Name <input id="name"></label>
   <button onclick="document.getElementById('out').textContent = 'Welcome ' + document.getElementById('name').value; console.log('signed up')">Create account</button>
   <p id="out"></p>
   <script>fetch('/api/data');</script>`,
);

describe.skipIf(!available)('--webdriver-url against chromedriver (--browser chrome)', () => {
  const marker = `chrome-test-${process.pid}-${Date.now()}`;
  let driver: ChildProcess;
  let server: TestServer;
  let client: Client;

  beforeAll(async () => {
    server = await startTestServer({ '/form.html': FORM });
    const port = await freePort();
    driver = spawn('chromedriver', [`--port=${port}`], {
      stdio: 'ignore',
      env: { ...process.env, CHROME_TEST_MARKER: marker },
    });
    // chromedriver answers /status once it listens.
    const ready = await eventually(
      () =>
        fetch(`http://127.0.0.1:${port}/status`).then(
          (response) => response.ok,
          () => false,
        ),
      10_000,
    );
    expect(ready).toBe(true);
    ({ client } = await startStdioServer(['--webdriver-url', `http://127.0.0.1:${port}`, '--browser', 'chrome']));
  });

  afterAll(async () => {
    // The setup may have stopped before each of these existed; chromedriver goes whatever else fails.
    try {
      await (client as Client | undefined)?.close();
      await (server as TestServer | undefined)?.close();
    } finally {
      (driver as ChildProcess | undefined)?.kill();
    }
  });

  it('snapshots, fills, clicks, lists console and network, takes a screenshot, and leaves no browser behind', async () => {
    await call(client, 'navigate_page', { url: server.url('/form.html') });
    const snapshot = text(await call(client, 'take_snapshot'));
    expect(snapshot).toContain('heading "Sign up"');
    expect(text(await call(client, 'fill', { uid: uidOf(snapshot, 'textbox', 'Name'), value: 'Ada' }))).toContain(
      'Filled',
    );
    expect(text(await call(client, 'click', { uid: uidOf(snapshot, 'button', 'Create account') }))).toContain(
      'Clicked',
    );
    expect(
      text(await call(client, 'evaluate_script', { function: '() => document.getElementById("out").textContent' })),
    ).toContain('Welcome Ada');
    expect(text(await call(client, 'list_console_messages'))).toContain('signed up');
    expect(text(await call(client, 'list_network_requests'))).toMatch(/GET 200 \w+ .*\/api\/data/);
    const shot = await call(client, 'take_screenshot');
    expect(
      shot.content.some((part) => part.type === 'image' && part.mimeType === 'image/png' && part.data.length > 1000),
    ).toBe(true);
    // Chromium, started by chromedriver for the session, is gone once the MCP client closes.
    const browsers = (): number[] => markedProcesses(marker).filter((pid) => pid !== driver.pid);
    expect(browsers().length).toBeGreaterThan(0);
    await client.close();
    expect(await eventually(() => browsers().length === 0, 10_000)).toBe(true);
  });
});
