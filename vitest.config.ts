import { defineConfig } from 'vitest/config';
import JourneysFirst from './test/support/sequencer.js';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}', 'e2e/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // Browser journeys (axe at two widths, a staff task and then the site) take 10 to 60 s on two busy cores;
    // a test that hangs still fails, a slow one is seen in the slowest-files report.
    testTimeout: 90_000,
    hookTimeout: 180_000,
    // What a person would wait for a screen to show a result (a search, a saved list): 10 s, not Vitest's 1 s.
    // On a slow or busy machine an answer takes seconds; a wrong answer still fails, 10 s later.
    expect: { poll: { timeout: 10_000 } },
    globalSetup: ['test/global-setup.ts'],
    // Browser journeys first on a fresh clone (test/support/sequencer.ts).
    sequence: { sequencer: JourneysFirst },
    // The ten slowest files after every run (test/support/slowest-files.ts).
    reporters: ['default', './test/support/slowest-files.ts'],
  },
});
