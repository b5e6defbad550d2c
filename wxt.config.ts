import { defineConfig } from 'wxt';
import preact from '@preact/preset-vite';

/**
 * Permissions are the least the features need: no host access at install. A server's origin is requested
 * when the user saves it (optional_host_permissions); demo mode needs no host at all because the mock
 * service runs inside the extension.
 */
export default defineConfig({
  // Parallel builds (tests, benchmarks) can each write their own output directory.
  outDir: process.env.WXT_OUT_DIR ?? '.output',
  vite: () => ({ plugins: [preact()] }),
  manifest: ({ browser }) => ({
    name: 'Secret Push',
    description: 'Share passwords and other secrets as one-time links, and see when they are opened.',
    permissions: [
      'storage',
      'contextMenus',
      'notifications',
      'alarms',
      'clipboardWrite',
      'activeTab',
      'scripting',
      ...(browser === 'chrome' ? ['offscreen'] : []),
    ],
    optional_host_permissions: ['https://*/*', 'http://127.0.0.1/*', 'http://localhost/*'],
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: { id: 'secret-push@example.com', data_collection_permissions: { required: ['none'] } },
          },
        }
      : {}),
  }),
  webExt: {
    binaries: { chrome: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
    chromiumArgs: ['--no-first-run', '--disable-background-networking', '--disable-sync', '--disable-quic'],
  },
});
