import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_PUSH_DEFAULTS, deviceTokenItem, sessionTokenItem } from '@/lib/store/items';
import { saveServerSettings, saveSettings, setTokenPlace } from '@/lib/store/save';
import { loadSettings } from '@/lib/store/settings';

const SERVER = { kind: 'self-hosted', url: 'https://pwpush.example.com' } as const;
const ORIGIN = 'https://pwpush.example.com';
const DEFAULTS = { ...DEFAULT_PUSH_DEFAULTS, expireAfterViews: 2 };

let localWrites: Array<Record<string, unknown>>;

beforeEach(() => {
  localWrites = [];
  const set = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
  vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation(async (items) => {
    localWrites.push(items);
    return set(items);
  });
});

describe('saveSettings', () => {
  it('writes a server, its device token, demo mode and the defaults in one storage.local write', async () => {
    await saveServerSettings({ server: SERVER, token: 'tok', tokenPlace: 'device' }, { defaults: DEFAULTS });
    expect(localWrites).toEqual([
      {
        server: SERVER,
        demoMode: false,
        pushDefaults: DEFAULTS,
        tokenPlace: 'device',
        token: 'tok',
        tokenOrigin: ORIGIN,
      },
    ]);
    expect(await loadSettings()).toMatchObject({ server: SERVER, token: 'tok', defaults: DEFAULTS });
  });

  it('writes a session token in storage.session first, the settings in one local write, then clears the device', async () => {
    await saveSettings({ token: { value: 'old', place: 'device', origin: ORIGIN } });
    localWrites = [];
    await saveServerSettings({ server: SERVER, token: 'tok', tokenPlace: 'session' });
    expect(localWrites).toEqual([
      { server: SERVER, demoMode: false, tokenPlace: 'session', tokenOrigin: ORIGIN },
    ]);
    expect(await sessionTokenItem.getValue()).toBe('tok');
    expect(await fakeBrowser.storage.local.get('token')).toEqual({});
  });

  it('removes a cleared token from both places', async () => {
    await saveSettings({ token: { value: 'old', place: 'session', origin: ORIGIN } });
    await saveSettings({ token: { value: null, place: 'device', origin: ORIGIN } });
    expect(await fakeBrowser.storage.local.get('token')).toEqual({});
    expect(await fakeBrowser.storage.session.get('token')).toEqual({});
    expect(await deviceTokenItem.getValue()).toBeNull();
  });

  it('changes only what it is given', async () => {
    await saveServerSettings({ server: SERVER, token: 'tok', tokenPlace: 'device' });
    await saveSettings({ defaults: DEFAULTS });
    expect(await loadSettings()).toMatchObject({
      demoMode: false,
      server: SERVER,
      token: 'tok',
      defaults: DEFAULTS,
    });
  });
});

describe('setTokenPlace', () => {
  it('moves the token and saves the other changes in the same write', async () => {
    await saveSettings({ token: { value: 'tok', place: 'device', origin: ORIGIN } });
    localWrites = [];
    await setTokenPlace('session', { defaults: DEFAULTS });
    expect(localWrites).toEqual([{ pushDefaults: DEFAULTS, tokenPlace: 'session', tokenOrigin: ORIGIN }]);
    expect(await loadSettings()).toMatchObject({ token: 'tok', tokenPlace: 'session', defaults: DEFAULTS });
  });
});
