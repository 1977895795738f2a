import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { commandLines } from './tests/helpers/processes.js';
import LongestFirst from './tests/sequencer.js';
import { readFileSync } from 'node:fs';

/** The machine's CPU time so far, all cores (clock ticks, /proc/stat): all of it, and what went idle or on disk. */
function machineTicks(): { idle: number; total: number } | undefined {
  try {
    const fields = (readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '')
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    if (fields.length < 5 || fields.some((field) => !Number.isFinite(field))) return undefined;
    return { idle: (fields[3] ?? 0) + (fields[4] ?? 0), total: fields.reduce((sum, field) => sum + field, 0) };
  } catch {
    return undefined;
  }
}

/** The share of the machine's CPU time spent over the second before the run starts (0 where unknown). */
function busyShare(): number {
  const before = machineTicks();
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
  const after = machineTicks();
  if (!before || !after || after.total <= before.total) return 0;
  return 1 - (after.idle - before.idle) / (after.total - before.total);
}

/**
 * Other test runs of this kind on the machine (Linux; 0 where unknown): a second CI run started at the same moment is
 * not busy yet when this one samples the CPU.
 */
function otherRuns(): number {
  try {
    return [...commandLines()].filter(([pid, cmdline]) => {
      const args = cmdline.split('\0');
      return (
        pid !== process.pid &&
        args[0]?.endsWith('node') === true &&
        /\/vitest(\.mjs)?$/.test(args[1] ?? '') &&
        args[2] === 'run'
      );
    }).length;
  } catch {
    return 0;
  }
}

/**
 * A run is bound by the cores: four files at a time on 2 cores took as long as two (1,263-1,368 s against 1,280 s of
 * vitest, on the same tests) and made each test twice as slow, past the limits of those that wait on a clock. So a
 * file for each core left idle, shared with the other test runs on the machine (one when none is).
 */
const CORES = availableParallelism();
const BUSY = busyShare();
const OTHER_RUNS = otherRuns();
const WORKERS = Math.max(1, Math.min(CORES, Math.floor(Math.round(CORES * (1 - BUSY)) / (1 + OTHER_RUNS))));
// Said once, in the log of a run that goes slower or starves: what the run saw of the machine, and what it took.
process.stderr.write(
  `test files at a time: ${WORKERS} (${CORES} cores, ${Math.round(BUSY * 100)}% busy, ${OTHER_RUNS} other test runs)\n`,
);

export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['tests/global-setup.ts'],
    reporters: ['default', './tests/summary-reporter.ts'],
    include: ['tests/**/*.test.ts'],
    sequence: { sequencer: LongestFirst },
  },
});
