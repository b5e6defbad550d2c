import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  outputDir: '../../test-results/playwright',
  // Two browsers at once, one per core: each test launches its own Chromium with its own profile, mock host
  // (port 0) and clipboard (headless Chromium keeps the clipboard in its own process), so nothing is shared.
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: { trace: 'retain-on-failure' },
});
