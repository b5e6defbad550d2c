import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

// Unit tests (WXT fake browser, fake-indexeddb) and service tests over real HTTP against the Node host, in two
// projects of one run (one report): components and pages (*.test.tsx) and the few .ts tests listed below run
// in happy-dom; every other .ts test runs in node, which skips happy-dom's setup for each file (about a
// quarter of the run's time when every file had it).

/** .ts tests that need a page: a document, navigator.clipboard or happy-dom's page fetch. */
const DOM_TESTS = [
  'test/entrypoints/dashboard/useExport.test.ts',
  'test/lib/api/upload-redirect.test.ts',
  'test/lib/api/upload.test.ts',
  'test/lib/clipboard/background.test.ts',
  'test/lib/clipboard/offscreen.test.ts',
  'test/lib/clipboard/read.test.ts',
  'test/lib/clipboard/write.test.ts',
  'test/lib/download.test.ts',
  'test/lib/upload/file-client.test.ts',
];
const NOT_UNIT = ['node_modules/**'];

export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    root: new URL('..', import.meta.url).pathname,
    setupFiles: ['test/setup.ts'],
    restoreMocks: true,
    testTimeout: 15_000,
    // Vitest's default in a run is one worker less than the cores: a single worker on a 2-core machine.
    maxWorkers: Math.max(availableParallelism(), 2),
    projects: [
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'happy-dom',
          include: ['test/**/*.test.tsx', ...DOM_TESTS],
          exclude: NOT_UNIT,
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          exclude: [...NOT_UNIT, ...DOM_TESTS],
        },
      },
    ],
  },
});
