/**
 * The keyboard shortcuts in Firefox (MV2): the popup's command is `_execute_browser_action` there
 * (`_execute_action` is MV3's name, which an MV2 manifest would not bind to the toolbar button), next to
 * quick push's `push-selection`, each with its suggested key bound.
 */
import { describe, expect, it } from 'vitest';
import { useFirefox } from './setup';

const firefox = useFirefox();

describe('Firefox: the keyboard shortcuts', () => {
  it('lists _execute_browser_action (MV2) and push-selection, each with its shortcut', async () => {
    const page = await firefox().options();
    const { manifest, commands } = await page.evaluate(async () => ({
      manifest: browser.runtime.getManifest(),
      commands: await browser.commands.getAll(),
    }));
    expect(manifest.manifest_version).toBe(2);
    expect(Object.keys(manifest.commands ?? {})).not.toContain('_execute_action');
    expect(commands.map(({ name, shortcut }) => ({ name, shortcut }))).toEqual(
      expect.arrayContaining([
        { name: '_execute_browser_action', shortcut: 'Alt+Shift+O' },
        { name: 'push-selection', shortcut: 'Alt+Shift+S' },
      ]),
    );
    expect(commands).toHaveLength(2);
  });
});
