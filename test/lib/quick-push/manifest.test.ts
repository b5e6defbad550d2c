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
    expect(Object.keys(commands ?? {}).sort()).toEqual(
      [popup, 'push-selection', 'push-clipboard', 'copy-last-link'].sort(),
    );
    // Firefox: Alt+Shift+S is the English History menu's access key (wxt.config.ts).
    expect(commands?.['push-selection']?.suggested_key?.default).toBe(
      browser === 'firefox' ? 'Alt+Shift+P' : 'Alt+Shift+S',
    );
    expect(commands?.['push-clipboard']?.suggested_key?.default).toBe('Alt+Shift+Y');
    expect(commands?.['copy-last-link']?.suggested_key?.default).toBe('Alt+Shift+K');
    expect(commands?.[popup]?.suggested_key?.default).toBe('Alt+Shift+O');
    // Chrome assigns at most four suggested keys.
    expect(Object.values(commands ?? {}).filter((command) => command.suggested_key)).toHaveLength(4);
    expect(permissions).toEqual(
      expect.arrayContaining(['contextMenus', 'notifications', 'clipboardWrite', 'activeTab', 'scripting']),
    );
  });

  it.each([
    ['chrome', 3],
    ['firefox', 2],
  ] as const)(
    '%s MV%d: reading the clipboard is optional, asked for on first use, never at install',
    (browser, version) => {
      const built = manifest(browser, version) as { permissions?: string[]; optional_permissions?: string[] };
      expect(built.permissions).not.toContain('clipboardRead');
      expect(built.optional_permissions).toContain('clipboardRead');
    },
  );

  it('asks for offscreen documents on Chrome only', () => {
    expect(manifest('chrome', 3).permissions).toContain('offscreen');
    expect(manifest('firefox', 2).permissions).not.toContain('offscreen');
  });
});
