import { defineConfig } from 'vitest/config';

const root = new URL('../..', import.meta.url).pathname;

// Journeys in real browsers, driven by puppeteer-core: the shared ones (test/journeys, each in Chromium and
// in Firefox ESR) and Firefox's own behaviour (test/firefox). One browser at a time: the machines have 2 cores.
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
