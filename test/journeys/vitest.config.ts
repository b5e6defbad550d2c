import { defineConfig } from 'vitest/config';

const root = new URL('../..', import.meta.url).pathname;

// Journeys in real Chromium (Playwright) and Firefox ESR (puppeteer-core over BiDi), two files at a time: a
// journey mostly waits, so two browsers share the 2 cores well. Chromium's managed-policy directory is the
// one thing they would share on the machine, so the policy journey runs alone, after them.
export default defineConfig({
  resolve: { alias: { '@': root.replace(/\/$/, '') } },
  test: {
    root,
    environment: 'node',
    testTimeout: 90_000,
    // A browser starts in a hook: Firefox may wait up to 60 s for its welcome page (browsers/firefox.ts).
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'journeys',
          include: ['test/journeys/**/*.journey.ts'],
          exclude: ['test/journeys/policy.journey.ts'],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'policy',
          include: ['test/journeys/policy.journey.ts'],
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
