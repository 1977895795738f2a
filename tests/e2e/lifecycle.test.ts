import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserClosedError, FirefoxClient, LaunchError } from '../../src/index.js';
import { launchFirefox, type FirefoxProcess } from '../../src/firefox/session/launch.js';
import { eventually, groupAlive } from '../helpers/processes.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

/** Starts a Node process that launches Firefox and reports its pid and profile. */
async function launchInChild(): Promise<{ child: ReturnType<typeof spawn>; pid: number; profileDir: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/fixtures/launch-child.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`child exited with ${code} before reporting`)));
  });
  const { pid, profileDir } = JSON.parse(line) as { pid: number; profileDir: string };
  return { child, pid, profileDir };
}

describe('the launched Firefox is cleaned up whatever happens to its owner', () => {
  for (const signal of ['SIGKILL', 'SIGTERM', 'SIGINT'] as const) {
    it(`when the owning process gets ${signal}`, async () => {
      const { child, pid, profileDir } = await launchInChild();
      expect(groupAlive(pid)).toBe(true);
      expect(existsSync(profileDir)).toBe(true);
      child.kill(signal);
      expect(await eventually(() => !groupAlive(pid), 10_000)).toBe(true);
      expect(await eventually(() => !existsSync(profileDir), 5000)).toBe(true);
    });
  }

  it('when Firefox itself dies: pending commands fail at once and the profile is deleted', async () => {
    const client = await FirefoxClient.launch();
    const pid = client.browser.pid ?? 0;
    const profileDir = client.browser.profileDir ?? '';
    const pending = client.page.evaluate('() => new Promise(() => {})');
    process.kill(-pid, 'SIGKILL');
    await expect(pending).rejects.toThrow(BrowserClosedError);
    await expect(client.userContext.listPages()).rejects.toThrow(/connection is closed/);
    expect(await eventually(() => !existsSync(profileDir), 5000)).toBe(true);
    await client.close();
  });
});

describe('connecting to a running Firefox by wsEndpoint', () => {
  let firefox: FirefoxProcess;

  beforeAll(async () => {
    firefox = await launchFirefox();
  });

  afterAll(async () => {
    await firefox.shutdown();
  });

  it('drives it, and close() leaves it running for the next client', async () => {
    const first = await FirefoxClient.connect({ wsEndpoint: firefox.wsEndpoint });
    expect(first.browser.sessionKind).toBe('connected');
    await first.page.navigate(server.url('/a.html'));
    expect((await first.userContext.listPages())[0]).toMatchObject({ title: 'Page A', selected: true });
    await first.close();
    expect(groupAlive(firefox.pid)).toBe(true);

    // The endpoint as Firefox prints it, with /session: the first session ended, so a new one opens.
    const second = await FirefoxClient.connect({ wsEndpoint: `${firefox.wsEndpoint}/session` });
    expect((await second.userContext.listPages())[0]?.url).toBe(server.url('/a.html'));
    await second.close();
    expect(groupAlive(firefox.pid)).toBe(true);
  });

  it('says clearly when nothing listens at the endpoint', async () => {
    const port = new URL(server.origin).port;
    await expect(FirefoxClient.connect({ wsEndpoint: `ws://127.0.0.1:${port}` })).rejects.toThrow(LaunchError);
    await expect(FirefoxClient.connect({ wsEndpoint: 'http://127.0.0.1:1' })).rejects.toThrow(/must use ws:\/\//);
  });
});
