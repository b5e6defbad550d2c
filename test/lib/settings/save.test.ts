import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { deviceTokensItem, sessionTokensItem } from '@/lib/store/items';
import { DEFAULT_PUSH_DEFAULTS } from '@/lib/settings';
import { saveServerSettings, saveSettings, setTokenPlace } from '@/lib/settings';
import { loadSettings } from '@/lib/settings';

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

const TOKENS = { [SERVER.url]: { value: 'tok', origin: ORIGIN } };
const LIST = { servers: [{ ...SERVER, tokenPlace: 'device' }], defaultUrl: SERVER.url };
const entry = (value: string | null, place: 'device' | 'session') => ({
  server: { server: SERVER, token: { value, place, origin: ORIGIN } },
});

describe('saveSettings', () => {
  it('writes a server, its device token, demo mode and the defaults in one storage.local write', async () => {
    await saveServerSettings({ server: SERVER, token: 'tok', tokenPlace: 'device' }, { defaults: DEFAULTS });
    expect(localWrites).toEqual([
      {
        server: LIST,
        server$: { v: 2 },
        serverTokens: TOKENS,
        demoMode: false,
        pushDefaults: DEFAULTS,
      },
    ]);
    expect(await loadSettings()).toMatchObject({ server: SERVER, token: 'tok', defaults: DEFAULTS });
  });

  it('writes a session token in storage.session first, the settings in one local write, then clears the device', async () => {
    await saveSettings(entry('old', 'device'));
    localWrites = [];
    await saveServerSettings({ server: SERVER, token: 'tok', tokenPlace: 'session' });
    const list = { ...LIST, servers: [{ ...SERVER, tokenPlace: 'session' }] };
    expect(localWrites).toEqual([{ server: list, server$: { v: 2 }, serverTokens: {}, demoMode: false }]);
    expect(await sessionTokensItem.getValue()).toEqual(TOKENS);
    expect(await deviceTokensItem.getValue()).toEqual({});
  });

  it('removes a cleared token from both places', async () => {
    await saveSettings(entry('old', 'session'));
    await saveSettings(entry(null, 'device'));
    expect(await deviceTokensItem.getValue()).toEqual({});
    expect(await sessionTokensItem.getValue()).toEqual({});
    expect((await loadSettings()).token).toBeNull();
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
    await saveSettings(entry('tok', 'device'));
    localWrites = [];
    await setTokenPlace('session', { defaults: DEFAULTS });
    const list = { ...LIST, servers: [{ ...SERVER, tokenPlace: 'session' }] };
    expect(localWrites).toEqual([
      { server: list, server$: { v: 2 }, serverTokens: {}, pushDefaults: DEFAULTS },
    ]);
    expect(await loadSettings()).toMatchObject({ token: 'tok', tokenPlace: 'session', defaults: DEFAULTS });
  });
});
