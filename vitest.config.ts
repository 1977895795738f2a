import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Tests that time what they watch (the CLI's daemon start-up, a wheel scroll coming to rest) run
 * after the rest, alone, so no corpus run beside them starves them of the 2 cores.
 */
const RUN_ALONE = ['tests/e2e/cli.test.ts', 'tests/e2e/snapshot-views.test.ts'];

export default defineConfig({
  test: {
    // Each e2e file shares one Firefox; two files at a time fit the 2-core machines.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['tests/global-setup.ts'],
    reporters: ['default', './tests/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'main',
          include: ['tests/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...RUN_ALONE],
          sequence: { groupOrder: 0 },
        },
      },
      { extends: true, test: { name: 'alone', include: RUN_ALONE, sequence: { groupOrder: 1 } } },
    ],
  },
});
