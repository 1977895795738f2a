import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startFirefoxPool } from './helpers/firefox-pool.js';
import { eventually, firefoxProcesses, ourProfiles } from './helpers/processes.js';

/**
 * Checks the promise that no browser process (Firefox, or the Chromium and chromedriver of the
 * WebDriver test) or temporary profile outlives a test run: whatever the tests started must be
 * gone (after a short grace) when they end, or the run fails. The run's temporary files go in a
 * folder of its own, so that the profiles of another run beside it are not taken for its own.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The tests run the engine from source: bundle it as it is now.
  execFileSync(process.execPath, ['scripts/build-engine.js'], { stdio: 'inherit' });
  // Every Firefox the tests start inherits this, which tells it apart from other runs on the machine.
  const marker = `FIREFOX_BIDI_MCP_TEST_RUN=${randomUUID()}`;
  process.env.FIREFOX_BIDI_MCP_TEST_RUN = marker.split('=')[1];
  const runFolder = mkdtempSync(join(tmpdir(), 'firefox-bidi-mcp-test-run-'));
  process.env.TMPDIR = runFolder;
  const pool = await startFirefoxPool();
  project.provide('firefoxPool', pool.url);
  return async () => {
    await pool.close();
    const leftovers = (): { processes: string[]; profiles: string[] } => ({
      processes: [...firefoxProcesses(marker, true)].map(([pid, cmd]) => `${pid}: ${cmd.slice(0, 160)}`),
      profiles: ourProfiles(),
    });
    await eventually(() => {
      const left = leftovers();
      return left.processes.length === 0 && left.profiles.length === 0;
    }, 10_000);
    const left = leftovers();
    rmSync(runFolder, { recursive: true, force: true });
    if (left.processes.length > 0 || left.profiles.length > 0) {
      // Vitest reports an error thrown here but exits with the tests' status: the run fails by this, not by the throw.
      process.exitCode = 1;
      throw new Error(
        `The test run left a browser behind:\n${[...left.processes, ...left.profiles.map((name) => `profile ${name}`)].join('\n')}`,
      );
    }
  };
}
