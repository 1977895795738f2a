import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { eventually, firefoxProcesses, ourProfiles } from './helpers/processes.js';

/**
 * Checks the promise that no browser process (Firefox, or the Chromium and chromedriver of the
 * WebDriver test) or temporary profile outlives a test run: whatever the tests started must be
 * gone (after a short grace) when they end, or the run fails. Profiles are told apart by name
 * only, so a test run beside another one on the same machine may see its profiles; CI runs alone.
 */
export default function setup(): () => Promise<void> {
  // The tests run the engine from source: bundle it as it is now.
  execFileSync(process.execPath, ['scripts/build-engine.js'], { stdio: 'inherit' });
  // Every Firefox the tests start inherits this, which tells it apart from other runs on the machine.
  const marker = `FIREFOX_BIDI_MCP_TEST_RUN=${randomUUID()}`;
  process.env.FIREFOX_BIDI_MCP_TEST_RUN = marker.split('=')[1];
  const profilesBefore = new Set(ourProfiles());
  return async () => {
    const leftovers = (): { processes: string[]; profiles: string[] } => ({
      processes: [...firefoxProcesses(marker, true)].map(([pid, cmd]) => `${pid}: ${cmd.slice(0, 160)}`),
      profiles: ourProfiles().filter((name) => !profilesBefore.has(name)),
    });
    await eventually(() => {
      const left = leftovers();
      return left.processes.length === 0 && left.profiles.length === 0;
    }, 10_000);
    const left = leftovers();
    if (left.processes.length > 0 || left.profiles.length > 0) {
      throw new Error(
        `The test run left a browser behind:\n${[...left.processes, ...left.profiles.map((name) => `profile ${name}`)].join('\n')}`,
      );
    }
  };
}
