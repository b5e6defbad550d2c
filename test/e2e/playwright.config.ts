import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  outputDir: '../../test-results/playwright',
  // Two browsers at once, one per core: each test launches its own Chromium with its own profile, mock host
  // (port 0) and clipboard (headless Chromium keeps the clipboard in its own process), so nothing is shared.
  workers: 2,
  // As the journeys' tests: a test here runs several checks on one launch, and the 60-push dashboard test took
  // 46 to 60 s at a load of 16 on this 2-core machine.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: { trace: 'retain-on-failure' },
});
