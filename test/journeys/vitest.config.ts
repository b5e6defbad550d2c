import { defineConfig } from 'vitest/config';

const root = new URL('../..', import.meta.url).pathname;

// Journeys in real browsers, each in Chromium through Playwright and in Firefox ESR through puppeteer-core
// over WebDriver BiDi; Firefox's own behaviour runs in them too, in tests named "Firefox only".
// Two files at a time: a journey spends most of its time waiting on a browser or a server, so two browsers
// share the 2 cores well. Each launches its own browser, profile and mock host on its own port; the one
// machine-wide thing is Chromium's managed-policy directory, so the policy journey runs alone, after them.
export default defineConfig({
  resolve: { alias: { '@': root.replace(/\/$/, '') } },
  test: {
    root,
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 60_000,
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
