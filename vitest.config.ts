import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}', 'e2e/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 180_000,
    globalSetup: ['test/global-setup.ts'],
    // The ten slowest files after every run (test/support/slowest-files.ts).
    reporters: ['default', './test/support/slowest-files.ts'],
  },
});
