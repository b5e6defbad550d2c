/**
 * The popup's plain read of its settings (lib/store/peek.ts) answers exactly as the store's loadSettings, on
 * the very keys and fallbacks of items.ts, and leaves a version 1 list to the store's migration.
 */
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { copyOnCreateItem, demoModeItem, demoTokenItem, deviceTokensItem, policyItem, pushDefaultsItem, serversItem, sessionTokensItem, watchRevisionItem } from '@/lib/store/items';
import {
  onSettingsChange,
  onWatchRevision,
  PEEKED_LOCAL,
  PEEKED_SESSION,
  peekSettings,
} from '@/lib/settings';
import { saveServerSettings } from '@/lib/settings';
import { loadSettings, watchSettings } from '@/lib/settings';

const SERVER = { kind: 'self-hosted', url: 'https://pwpush.example.com' } as const;
const ORG = 'https://push.org.example';

describe('peekSettings', () => {
  it("reads the items' own keys and fallbacks", () => {
    const items = [
      ['server', serversItem],
      ['demoMode', demoModeItem],
      ['pushDefaults', pushDefaultsItem],
      ['demoToken', demoTokenItem],
      ['serverTokens', deviceTokensItem],
      ['policy', policyItem],
      ['copyOnCreate', copyOnCreateItem],
      ['watchRevision', watchRevisionItem],
    ] as const;
    for (const [key, item] of items) {
      expect(item.key).toBe(`local:${key}`);
      expect(PEEKED_LOCAL[key]).toEqual(item.fallback);
    }
    expect(Object.keys(PEEKED_LOCAL).sort()).toEqual(items.map(([key]) => key).sort());
    expect(sessionTokensItem.key).toBe('session:serverTokens');
    expect(PEEKED_SESSION.serverTokens).toEqual(sessionTokensItem.fallback);
  });

  it('answers as loadSettings on a fresh install', async () => {
    expect(await peekSettings()).toEqual({ settings: await loadSettings(), copyOnCreate: true });
  });

  it('answers as loadSettings with servers, tokens in both places, defaults and copy-on-create off', async () => {
    await saveServerSettings({ server: SERVER, token: 'device-token', tokenPlace: 'device' });
    const other = { kind: 'self-hosted', url: 'https://two.example' } as const;
    await saveServerSettings({ server: other, token: 'session-token', tokenPlace: 'session' });
    await pushDefaultsItem.setValue({ ...PEEKED_LOCAL.pushDefaults, passphrase: true, expireAfterViews: 2 });
    await copyOnCreateItem.setValue(false);
    const { settings, copyOnCreate } = await peekSettings();
    expect(settings).toEqual(await loadSettings());
    expect(settings.servers.map((server) => server.token).sort()).toEqual(['device-token', 'session-token']);
    expect(copyOnCreate).toBe(false);
  });

  it("applies the organization's policy as loadSettings does", async () => {
    await saveServerSettings({ server: SERVER, token: 'device-token', tokenPlace: 'device' });
    await policyItem.setValue({
      policy: { serverUrl: ORG, lockServer: true, allowedKinds: ['text', 'url'] },
      notes: [],
    });
    const { settings } = await peekSettings();
    expect(settings).toEqual(await loadSettings());
    expect(settings.server?.url).toBe(ORG);
    expect(settings.policy?.allowedKinds).toEqual(['text', 'url']);
  });

  it("leaves a version 1 list to the store's migration, which moves its token", async () => {
    await fakeBrowser.storage.local.set({ server: SERVER, token: 'v1-token', tokenOrigin: SERVER.url });
    const { settings } = await peekSettings();
    expect(settings.server?.url).toBe(SERVER.url);
    expect(settings.token).toBe('v1-token');
    expect(settings).toEqual(await loadSettings());
  });
});

describe('onWatchRevision', () => {
  it('calls back when the watcher bumps its revision, and no more once unwatched', async () => {
    const callback = vi.fn();
    const unwatch = onWatchRevision(callback);
    await demoModeItem.setValue(false);
    expect(callback).not.toHaveBeenCalled();
    await watchRevisionItem.setValue(1);
    expect(callback).toHaveBeenCalledTimes(1);
    unwatch();
    await watchRevisionItem.setValue(2);
    expect(callback).toHaveBeenCalledTimes(1);
  });
});

describe('onSettingsChange', () => {
  it('calls back on a change to any item the settings are built from, as watchSettings reloads on', async () => {
    const plain = vi.fn();
    const store = vi.fn();
    const unwatch = onSettingsChange(plain);
    const unwatchStore = watchSettings(store);
    const changes: Array<() => Promise<void>> = [
      () => demoModeItem.setValue(false),
      () => saveServerSettings({ server: SERVER, token: 'device-token', tokenPlace: 'device' }),
      () => deviceTokensItem.setValue({ [SERVER.url]: { value: 'other', origin: SERVER.url } }),
      () => sessionTokensItem.setValue({ [SERVER.url]: { value: 'session', origin: SERVER.url } }),
      () => pushDefaultsItem.setValue({ ...PEEKED_LOCAL.pushDefaults, expireAfterViews: 3 }),
      () => policyItem.setValue({ policy: { serverUrl: ORG, lockServer: true }, notes: [] }),
    ];
    for (const [index, change] of changes.entries()) {
      await change();
      expect(plain).toHaveBeenCalledTimes(index + 1);
    }
    await vi.waitFor(() => expect(store).toHaveBeenCalled());
    await watchRevisionItem.setValue(1);
    await copyOnCreateItem.setValue(false);
    expect(plain).toHaveBeenCalledTimes(changes.length);
    unwatch();
    unwatchStore();
    await demoModeItem.setValue(true);
    expect(plain).toHaveBeenCalledTimes(changes.length);
  });
});
