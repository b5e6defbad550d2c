import { defineConfig } from 'vitest/config';

const root = new URL('../..', import.meta.url).pathname;

// Journeys in real browsers: the shared ones (test/journeys, each in Chromium through Playwright and in
// Firefox ESR through puppeteer-core over WebDriver BiDi) and Firefox's own behaviour (test/firefox). One browser at a time: the machines have 2 cores.
export default defineConfig({
  resolve: { alias: { '@': root.replace(/\/$/, '') } },
  test: {
    root,
    include: ['test/journeys/**/*.journey.ts', 'test/firefox/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 60_000,
  },
});
