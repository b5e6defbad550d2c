import { describe, expect, it } from 'vitest';
import config from '@/wxt.config';

type ManifestFn = (env: { browser: string; manifestVersion: 2 | 3; mode: string; command: string }) => {
  permissions?: string[];
  commands?: Record<string, { suggested_key?: { default?: string } }>;
};

const manifest = (browser: string, manifestVersion: 2 | 3) =>
  (config.manifest as unknown as ManifestFn)({
    browser,
    manifestVersion,
    mode: 'production',
    command: 'build',
  });

describe('quick push in the manifest', () => {
  it.each([
    ['chrome', 3, '_execute_action'],
    ['firefox', 2, '_execute_browser_action'],
  ] as const)('%s MV%d: the shortcut commands, with the popup under %s', (browser, version, popup) => {
    const { commands, permissions } = manifest(browser, version);
    expect(Object.keys(commands ?? {}).sort()).toEqual([popup, 'push-selection'].sort());
    expect(commands?.['push-selection']?.suggested_key?.default).toBe('Alt+Shift+S');
    expect(commands?.[popup]?.suggested_key?.default).toBe('Alt+Shift+O');
    expect(permissions).toEqual(
      expect.arrayContaining(['contextMenus', 'notifications', 'clipboardWrite', 'activeTab', 'scripting']),
    );
  });

  it('asks for offscreen documents on Chrome only', () => {
    expect(manifest('chrome', 3).permissions).toContain('offscreen');
    expect(manifest('firefox', 2).permissions).not.toContain('offscreen');
  });
});
