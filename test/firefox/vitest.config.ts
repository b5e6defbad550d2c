import { defineConfig } from 'vitest/config';

const root = new URL('../..', import.meta.url).pathname;

// Journeys in real Firefox ESR (puppeteer-core over WebDriver BiDi, ../shared/docs/toolchain.md "Firefox"):
// one browser at a time, on the journeys' build of the Firefox extension (EXT_PATH_FIREFOX).
export default defineConfig({
  resolve: { alias: { '@': root.replace(/\/$/, '') } },
  test: {
    root,
    include: ['test/firefox/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 60_000,
  },
});
