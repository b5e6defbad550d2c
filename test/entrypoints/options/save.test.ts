import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { SELF_HOSTED } from '@/components/settings/ServerFields';
import { serverFieldsFrom } from '@/entrypoints/options/draft';
import { startSave } from '@/entrypoints/options/save';
import { isAppError } from '@/lib/errors';
import { createMockBackend, openMockStore } from '@/lib/mock';
import { DEFAULT_PUSH_DEFAULTS } from '@/lib/store/items';
import { saveServerSettings } from '@/lib/store/save';
import { loadSettings } from '@/lib/store/settings';

const SERVER_URL = 'http://127.0.0.1:8787';
const DEFAULTS = { ...DEFAULT_PUSH_DEFAULTS, expireAfterViews: 2 };
let localWrites: number;

beforeEach(async () => {
  const store = await openMockStore({ name: `options-save-${Math.random()}` });
  const backend = createMockBackend({ store, baseUrl: SERVER_URL, edition: 'oss', users: [], rateLimit: 0 });
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => backend(new Request(input, init)));
  vi.spyOn(fakeBrowser.permissions, 'request').mockImplementation((async () => true) as never);
  localWrites = 0;
  const set = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
  vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation(async (items) => {
    localWrites += 1;
    return set(items);
  });
});

describe('startSave', () => {
  it('refuses defaults out of range before anything starts, synchronously', async () => {
    const saved = await loadSettings();
    const form = { server: serverFieldsFrom(saved), defaults: { ...DEFAULTS, expireAfterDays: 91 } };
    let thrown: unknown;
    try {
      void startSave(form, saved);
    } catch (error) {
      thrown = error;
    }
    expect(isAppError(thrown, 'validation')).toBe(true);
    expect(localWrites).toBe(0);
  });

  it('saves a new server and the defaults in one write, and reports the connection', async () => {
    const saved = await loadSettings();
    const server = { ...serverFieldsFrom(saved), choice: SELF_HOSTED, customUrl: SERVER_URL };
    const report = await startSave({ server, defaults: DEFAULTS }, saved);
    expect(report).toMatchObject({ baseUrl: SERVER_URL, edition: 'oss', token: 'none' });
    expect(localWrites).toBe(1);
    expect(await loadSettings()).toMatchObject({ demoMode: false, defaults: DEFAULTS });
  });

  it('saves only the defaults when the server fields are unchanged', async () => {
    await saveServerSettings({
      server: { kind: 'self-hosted', url: SERVER_URL },
      token: null,
      tokenPlace: 'device',
    });
    const saved = await loadSettings();
    localWrites = 0;
    expect(await startSave({ server: serverFieldsFrom(saved), defaults: DEFAULTS }, saved)).toBeUndefined();
    expect(localWrites).toBe(1);
    expect(fakeBrowser.permissions.request).not.toHaveBeenCalled();
    expect((await loadSettings()).defaults).toEqual(DEFAULTS);
  });
});
