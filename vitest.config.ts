import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // Each e2e file shares one Firefox; two files at a time fit the 2-core machines.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['tests/global-setup.ts'],
    reporters: ['default', './tests/summary-reporter.ts'],
  },
});
