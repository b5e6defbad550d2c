import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

// Unit tests (WXT fake browser, fake-indexeddb, happy-dom) and service tests over real HTTP against the
// Node host (files under test/service run in the node environment).
export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['test/**/*.test.{ts,tsx}'],
    exclude: ['test/e2e/**', 'test/firefox/**', 'node_modules/**'],
    environment: 'happy-dom',
    setupFiles: ['test/setup.ts'],
    restoreMocks: true,
    testTimeout: 15_000,
  },
});
