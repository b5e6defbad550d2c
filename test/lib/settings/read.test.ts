import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { isAppError } from '@/lib/errors';
import { demoModeItem, demoTokenItem, deviceTokensItem, pushDefaultsItem, sessionTokensItem } from '@/lib/store/items';
import { DEFAULT_PUSH_DEFAULTS } from '@/lib/settings';
import { saveDefaults, saveSettings, saveServerSettings, setDemoMode, setTokenPlace } from '@/lib/settings';
import { loadSettings, watchSettings } from '@/lib/settings';
import type { TokenPlace } from '@/lib/settings';

const SERVER = { kind: 'self-hosted', url: 'https://pwpush.example.com' } as const;
const ORIGIN = 'https://pwpush.example.com';

/** Stores the server's token in `place` (and, by saveSettings' rule, nowhere else). */
const writeToken = (value: string | null, place: TokenPlace) =>
  saveSettings({ server: { server: SERVER, token: { value, place, origin: ORIGIN } } });

describe('loadSettings', () => {
  it('starts in demo mode with no server, no token and the shipped defaults', async () => {
    expect(await loadSettings()).toEqual({
      demoMode: true,
      server: null,
      token: null,
      tokenOrigin: null,
      tokenPlace: 'device',
      defaults: DEFAULT_PUSH_DEFAULTS,
      demoToken: null,
      servers: [],
      defaultServer: null,
    });
  });

  it('reads the token from the place the user chose', async () => {
    await writeToken('session-token', 'session');
    await deviceTokensItem.setValue({ [SERVER.url]: { value: 'device-token', origin: ORIGIN } });
    expect((await loadSettings()).token).toBe('session-token');
  });

  it('includes the demo service token for the demo client', async () => {
    await demoTokenItem.setValue('demo-token');
    expect((await loadSettings()).demoToken).toBe('demo-token');
  });
});

describe('token place', () => {
  it('keeps a device token in local storage only', async () => {
    await writeToken('abc', 'device');
    const tokens = { [SERVER.url]: { value: 'abc', origin: ORIGIN } };
    expect(await fakeBrowser.storage.local.get('serverTokens')).toEqual({ serverTokens: tokens });
    expect(await fakeBrowser.storage.session.get('serverTokens')).toEqual({});
  });

  it('moves the token to the session and clears it from the device', async () => {
    await writeToken('abc', 'device');
    await setTokenPlace('session');
    expect(await sessionTokensItem.getValue()).toEqual({ [SERVER.url]: { value: 'abc', origin: ORIGIN } });
    expect(await deviceTokensItem.getValue()).toEqual({});
    expect((await loadSettings()).token).toBe('abc');
  });

  it('moves the token back to the device and clears the session', async () => {
    await writeToken('abc', 'session');
    await setTokenPlace('device');
    expect(await deviceTokensItem.getValue()).toEqual({ [SERVER.url]: { value: 'abc', origin: ORIGIN } });
    expect(await sessionTokensItem.getValue()).toEqual({});
    expect((await loadSettings()).tokenPlace).toBe('device');
  });

  it('clears both places when the token is removed', async () => {
    await writeToken('abc', 'session');
    await writeToken(null, 'device');
    expect(await deviceTokensItem.getValue()).toEqual({});
    expect(await sessionTokensItem.getValue()).toEqual({});
  });
});

describe('saveServerSettings', () => {
  it('saves the server and token and leaves demo mode', async () => {
    await saveServerSettings({ server: SERVER, token: 'tok', tokenPlace: 'session' });
    expect(await loadSettings()).toMatchObject({
      demoMode: false,
      server: SERVER,
      token: 'tok',
      tokenPlace: 'session',
    });
    expect(await deviceTokensItem.getValue()).toEqual({});
  });
});

describe('setDemoMode', () => {
  it('keeps the saved server while demo mode is on and uses it again when turned off', async () => {
    await saveServerSettings({ server: SERVER, token: 'tok', tokenPlace: 'device' });
    await setDemoMode(true);
    expect(await loadSettings()).toMatchObject({ demoMode: true, server: SERVER, token: 'tok' });
    await setDemoMode(false);
    expect(await loadSettings()).toMatchObject({ demoMode: false, server: SERVER, token: 'tok' });
  });

  it('refuses to leave demo mode before a server is saved', async () => {
    const error = await setDemoMode(false).catch((e: unknown) => e);
    expect(isAppError(error, 'validation')).toBe(true);
    expect(await demoModeItem.getValue()).toBe(true);
  });
});

describe('saveDefaults', () => {
  it('saves valid defaults', async () => {
    const defaults = { ...DEFAULT_PUSH_DEFAULTS, expireAfterViews: 1, passphrase: true };
    await saveDefaults(defaults);
    expect(await pushDefaultsItem.getValue()).toEqual(defaults);
  });

  it('keeps the previous defaults when the new ones are out of range', async () => {
    const previous = { ...DEFAULT_PUSH_DEFAULTS, expireAfterViews: 3 };
    await pushDefaultsItem.setValue(previous);
    const error = await saveDefaults({ ...previous, expireAfterDays: 91 }).catch((e: unknown) => e);
    expect(isAppError(error, 'validation')).toBe(true);
    expect(await pushDefaultsItem.getValue()).toEqual(previous);
  });
});

describe('watchSettings', () => {
  let seen: boolean[];
  beforeEach(() => {
    seen = [];
  });

  it('reports a change made elsewhere', async () => {
    await saveServerSettings({ server: SERVER, token: null, tokenPlace: 'device' });
    await demoModeItem.setValue(true);
    const stop = watchSettings((s) => seen.push(s.demoMode));
    await demoModeItem.setValue(false);
    await expect.poll(() => seen).toEqual([false]);
    stop();
  });
});

describe("the token's origin", () => {
  it('is saved with the server the token was saved for', async () => {
    await saveServerSettings({ server: SERVER, token: 'tok', tokenPlace: 'session' });
    expect(await loadSettings()).toMatchObject({ token: 'tok', tokenOrigin: 'https://pwpush.example.com' });
  });

  it('is gone with the token, and stays with it when the token moves', async () => {
    await saveServerSettings({ server: SERVER, token: 'tok', tokenPlace: 'device' });
    await setTokenPlace('session');
    expect((await loadSettings()).tokenOrigin).toBe('https://pwpush.example.com');
    await saveServerSettings({ server: SERVER, token: null, tokenPlace: 'device' });
    expect((await loadSettings()).tokenOrigin).toBeNull();
  });
});
