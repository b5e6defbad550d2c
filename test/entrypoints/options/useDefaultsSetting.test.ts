import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocalWrites } from '../../local-writes';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { saveDefaultsIfValid } from '@/entrypoints/options/useDefaultsSetting';
import { DEFAULT_PUSH_DEFAULTS, loadSettings } from '@/lib/settings';

const DEFAULTS = { ...DEFAULT_PUSH_DEFAULTS, expireAfterViews: 2 };
const localWrites = useLocalWrites();

beforeEach(() => {
  vi.spyOn(fakeBrowser.permissions, 'request').mockImplementation((async () => true) as never);
});

describe('saving on the options page: the push defaults', () => {
  it('refuses defaults out of range, saying which field, and writes nothing', async () => {
    const { errors, saving } = saveDefaultsIfValid({ ...DEFAULTS, expireAfterDays: 91 });
    expect(saving).toBeUndefined();
    expect(errors).toEqual({ expireAfterDays: 'Expiry in days: enter a whole number from 1 to 90.' });
    expect(localWrites).toHaveLength(0);
  });

  it('saves valid defaults at once, in one write, asking for no permission', async () => {
    const { errors, saving } = saveDefaultsIfValid(DEFAULTS);
    expect(errors).toEqual({});
    await saving;
    expect(localWrites).toHaveLength(1);
    expect(fakeBrowser.permissions.request).not.toHaveBeenCalled();
    expect((await loadSettings()).defaults).toEqual(DEFAULTS);
  });
});
