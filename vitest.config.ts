import { defineConfig } from 'vitest/config';
import LongestFirst from './tests/sequencer.js';

export default defineConfig({
  test: {
    // Most of an e2e file's time is spent waiting on Firefox, not on a core: three files at a time keep the 2 cores
    // busy. Each file shares one Firefox among its tests.
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['tests/global-setup.ts'],
    reporters: ['default', './tests/summary-reporter.ts'],
    include: ['tests/**/*.test.ts'],
    sequence: { sequencer: LongestFirst },
  },
});
