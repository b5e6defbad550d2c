/**
 * The one read of the settings (lib/settings/read.ts): the settings in force and the user's own from one
 * plain storage.get per area, on the keys it names, a version 1 list read as version 2 in memory, and
 * the change listeners pages follow.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { isAppError } from '@/lib/errors';
import { watchRevisionItem } from '@/lib/store/items';
import { onWatchRevision } from '@/lib/store/revision';
import {
  presetFromDefaults,
  DEFAULT_PUSH_DEFAULTS,
  followSettings,
  loadSettings,
  readSettings,
  saveSettings,
  type ServerChoice,
  type TokenPlace,
} from '@/lib/settings';
import { saveDefaults } from '@/lib/settings/defaults';
import { LOCAL, SESSION } from '@/lib/settings/read';

const SERVER = { kind: 'self-hosted', url: 'https://pwpush.example.com' } as const;
const ORIGIN = 'https://pwpush.example.com';
const ORG = 'https://push.org.example';

/** Connect's save: the server with its token, bound to the server's origin. */
const saveServer = (server: ServerChoice, value: string | null, place: TokenPlace) =>
  saveSettings({
    type: 'server',
    entry: { server, token: { value, place, origin: new URL(server.url).origin } },
  });

/** Stores the server's token in `place` (and, by the save's rule, nowhere else). */
const writeToken = (value: string | null, place: TokenPlace) => saveServer(SERVER, value, place);

const local = (key: string) => fakeBrowser.storage.local.get(key).then((stored) => stored[key]);
const session = (key: string) => fakeBrowser.storage.session.get(key).then((stored) => stored[key]);

describe('loadSettings', () => {
  it('starts in demo mode with no server, no token and the shipped defaults', async () => {
    expect(await loadSettings()).toEqual({
      demoMode: true,
      server: null,
      token: null,
      tokenOrigin: null,
      tokenPlace: 'device',
      defaults: DEFAULT_PUSH_DEFAULTS,
      // Presets (issue 39): the defaults are the first and only one.
      presets: [presetFromDefaults(DEFAULT_PUSH_DEFAULTS)],
      demoToken: null,
      servers: [],
      defaultServer: null,
      boundTokens: [],
    });
  });

  it('reads the token from the place the user chose', async () => {
    await writeToken('session-token', 'session');
    await fakeBrowser.storage.local.set({
      serverTokens: { [SERVER.url]: { value: 'device-token', origin: ORIGIN } },
    });
    expect((await loadSettings()).token).toBe('session-token');
  });

  it('includes the demo service token for the demo client', async () => {
    await fakeBrowser.storage.local.set({ demoToken: 'demo-token' });
    expect((await loadSettings()).demoToken).toBe('demo-token');
  });

  it('aims the settings at a saved server when given its url, and at the default one otherwise', async () => {
    await saveServer(SERVER, 'one', 'device');
    const other = { kind: 'self-hosted', url: 'https://two.example' } as const;
    await saveServer(other, 'two', 'session');
    expect(await loadSettings(other.url)).toMatchObject({
      server: other,
      token: 'two',
      tokenPlace: 'session',
    });
    expect(await loadSettings('https://unknown.example')).toMatchObject({ server: SERVER, token: 'one' });
    expect(await loadSettings()).toMatchObject({ server: SERVER, token: 'one' });
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
    await saveSettings({ type: 'tokenPlace', url: SERVER.url, place: 'session' });
    expect(await session('serverTokens')).toEqual({ [SERVER.url]: { value: 'abc', origin: ORIGIN } });
    expect(await local('serverTokens')).toEqual({});
    expect((await loadSettings()).token).toBe('abc');
  });

  it('moves the token back to the device and clears the session', async () => {
    await writeToken('abc', 'session');
    await saveSettings({ type: 'tokenPlace', url: SERVER.url, place: 'device' });
    expect(await local('serverTokens')).toEqual({ [SERVER.url]: { value: 'abc', origin: ORIGIN } });
    expect(await session('serverTokens')).toEqual({});
    expect((await loadSettings()).tokenPlace).toBe('device');
  });

  it('clears both places when the token is removed', async () => {
    await writeToken('abc', 'session');
    await writeToken(null, 'device');
    expect(await local('serverTokens')).toEqual({});
    expect(await session('serverTokens')).toEqual({});
  });
});

describe("Connect's save", () => {
  it('saves the server and token and leaves demo mode', async () => {
    await saveServer(SERVER, 'tok', 'session');
    expect(await loadSettings()).toMatchObject({
      demoMode: false,
      server: SERVER,
      token: 'tok',
      tokenPlace: 'session',
    });
    expect(await local('serverTokens')).toEqual({});
  });
});

describe('demo mode', () => {
  it('keeps the saved server while demo mode is on and uses it again when turned off', async () => {
    await saveServer(SERVER, 'tok', 'device');
    await saveSettings({ type: 'demo', on: true });
    expect(await loadSettings()).toMatchObject({ demoMode: true, server: SERVER, token: 'tok' });
    await saveSettings({ type: 'demo', on: false });
    expect(await loadSettings()).toMatchObject({ demoMode: false, server: SERVER, token: 'tok' });
  });

  it('refuses to leave demo mode before a server is saved', async () => {
    const error = await saveSettings({ type: 'demo', on: false }).catch((e: unknown) => e);
    expect(isAppError(error, 'validation')).toBe(true);
    expect((await readSettings()).demoMode).toBe(true);
    expect(await local('demoMode')).toBeUndefined();
  });
});

describe('saveDefaults', () => {
  it('saves valid defaults', async () => {
    const defaults = { ...DEFAULT_PUSH_DEFAULTS, expireAfterViews: 1, passphrase: true };
    await saveDefaults(defaults);
    expect(await local('pushDefaults')).toEqual(defaults);
    expect((await loadSettings()).defaults).toEqual(defaults);
  });

  it('keeps the previous defaults when the new ones are out of range', async () => {
    const previous = { ...DEFAULT_PUSH_DEFAULTS, expireAfterViews: 3 };
    await fakeBrowser.storage.local.set({ pushDefaults: previous });
    const error = await saveDefaults({ ...previous, expireAfterDays: 91 }).catch((e: unknown) => e);
    expect(isAppError(error, 'validation')).toBe(true);
    expect(await local('pushDefaults')).toEqual(previous);
  });
});

describe('copy on create', () => {
  it('is on for a fresh install', async () => {
    expect((await readSettings()).copyOnCreate).toBe(true);
  });

  it('keeps the choice to turn it off', async () => {
    await saveSettings({ type: 'copyOnCreate', on: false });
    expect(await local('copyOnCreate')).toBe(false);
    expect((await readSettings()).copyOnCreate).toBe(false);
  });
});

describe('followSettings', () => {
  let seen: boolean[];
  beforeEach(() => {
    seen = [];
  });

  it('reports a change made elsewhere, with a fresh read', async () => {
    await saveServer(SERVER, null, 'device');
    await fakeBrowser.storage.local.set({ demoMode: true });
    const stop = followSettings((read) => seen.push(read.settings.demoMode));
    await fakeBrowser.storage.local.set({ demoMode: false });
    await expect.poll(() => seen).toEqual([false]);
    stop();
  });

  it('says a read is stale in the turn the change is heard, before the fresh read arrives', async () => {
    await saveServer(SERVER, null, 'device');
    const order: string[] = [];
    const stop = followSettings(() => order.push('read'), { onStale: () => order.push('stale') });
    const storageGet = vi.spyOn(fakeBrowser.storage.local, 'get');
    storageGet.mockImplementation(() => {
      order.push('get');
      return Promise.resolve({});
    });
    await fakeBrowser.storage.local.set({ demoMode: true });
    await expect.poll(() => order).toEqual(['stale', 'get', 'read']);
    storageGet.mockRestore();
    stop();
  });
});

describe("the token's origin", () => {
  it('is saved with the server the token was saved for', async () => {
    await saveServer(SERVER, 'tok', 'session');
    expect(await loadSettings()).toMatchObject({ token: 'tok', tokenOrigin: 'https://pwpush.example.com' });
  });

  it('is gone with the token, and stays with it when the token moves', async () => {
    await saveServer(SERVER, 'tok', 'device');
    await saveSettings({ type: 'tokenPlace', url: SERVER.url, place: 'session' });
    expect((await loadSettings()).tokenOrigin).toBe('https://pwpush.example.com');
    await saveServer(SERVER, null, 'device');
    expect((await loadSettings()).tokenOrigin).toBeNull();
  });
});

describe('readSettings', () => {
  it('reads the keys it names, in one plain get per area', async () => {
    const localGet = vi.spyOn(fakeBrowser.storage.local, 'get');
    const sessionGet = vi.spyOn(fakeBrowser.storage.session, 'get');
    await readSettings();
    expect(localGet).toHaveBeenCalledTimes(1);
    expect(sessionGet).toHaveBeenCalledTimes(1);
    expect(localGet.mock.calls[0]![0]).toEqual(expect.arrayContaining(Object.values(LOCAL)));
    expect(sessionGet.mock.calls[0]![0]).toEqual(expect.arrayContaining(Object.values(SESSION)));
  });

  it('answers as loadSettings on a fresh install, with the policy read and no policy', async () => {
    const read = await readSettings();
    expect(read.settings).toEqual(await loadSettings());
    expect(read.user).toEqual(read.settings);
    expect(read).toMatchObject({ copyOnCreate: true, policyRead: true, version1: false });
    expect(read.policy).toEqual({ policy: {}, notes: [] });
    expect(read.state).toEqual({ list: { servers: [], defaultUrl: null }, device: {}, session: {} });
  });

  it('answers as loadSettings with servers, tokens in both places, defaults and copy-on-create off', async () => {
    await saveServer(SERVER, 'device-token', 'device');
    const other = { kind: 'self-hosted', url: 'https://two.example' } as const;
    await saveServer(other, 'session-token', 'session');
    await saveSettings({
      type: 'defaults',
      defaults: { ...DEFAULT_PUSH_DEFAULTS, passphrase: true, expireAfterViews: 2 },
    });
    await saveSettings({ type: 'copyOnCreate', on: false });
    const { settings, copyOnCreate, state } = await readSettings();
    expect(settings).toEqual(await loadSettings());
    expect(settings.servers.map((server) => server.token).sort()).toEqual(['device-token', 'session-token']);
    expect(settings.defaults).toMatchObject({ passphrase: true, expireAfterViews: 2 });
    expect(copyOnCreate).toBe(false);
    expect(state.list.servers.map((server) => server.url)).toEqual([SERVER.url, other.url]);
    expect(Object.keys(state.device)).toEqual([SERVER.url]);
    expect(Object.keys(state.session)).toEqual([other.url]);
  });

  it("applies the organization's policy as loadSettings does, and keeps the user's own apart", async () => {
    await saveServer(SERVER, 'device-token', 'device');
    await fakeBrowser.storage.local.set({
      policy: { policy: { serverUrl: ORG, lockServer: true, allowedKinds: ['text', 'url'] }, notes: [] },
    });
    const { settings, user } = await readSettings();
    expect(settings).toEqual(await loadSettings());
    expect(settings.server?.url).toBe(ORG);
    expect(settings.policy?.allowedKinds).toEqual(['text', 'url']);
    expect(user.server?.url).toBe(SERVER.url);
    expect(user.policy).toBeUndefined();
  });

  it('reads a version 1 list as version 2 in memory, its token moved, and leaves storage to the migration', async () => {
    await fakeBrowser.storage.local.set({ server: SERVER, token: 'v1-token', tokenOrigin: SERVER.url });
    const { settings, version1 } = await readSettings();
    expect(version1).toBe(true);
    expect(settings.server?.url).toBe(SERVER.url);
    expect(settings.token).toBe('v1-token');
    expect(settings).toEqual(await loadSettings());
    expect(await local('server')).toEqual(SERVER);
    expect(await local('token')).toBe('v1-token');
  });
});

describe('loadSettings: the whole read under the policy', () => {
  it('waits for the policy copy the background writes, and says the policy was not read until then', async () => {
    await fakeBrowser.storage.local.remove('policy');
    expect((await readSettings()).policyRead).toBe(false);
    let resolved = false;
    const read = loadSettings({ whole: true }).then((value) => {
      resolved = true;
      return value;
    });
    // A read of the same storage started after it has answered: had the policy copy been enough, so had it.
    await readSettings();
    await readSettings();
    expect(resolved).toBe(false);
    await fakeBrowser.storage.local.set({ policy: { policy: { allowDemoMode: false }, notes: [] } });
    const under = await read;
    expect(under.policyRead).toBe(true);
    expect(under.settings.demoMode).toBe(false);
  });

  it('answers at once once the policy has been read', async () => {
    expect((await loadSettings({ whole: true })).policyRead).toBe(true);
  });
});

describe('onWatchRevision', () => {
  it('calls back when the watcher bumps its revision, and no more once unwatched', async () => {
    const callback = vi.fn();
    const unwatch = onWatchRevision(callback);
    await fakeBrowser.storage.local.set({ demoMode: false });
    expect(callback).not.toHaveBeenCalled();
    await watchRevisionItem.setValue(1);
    expect(callback).toHaveBeenCalledTimes(1);
    unwatch();
    await watchRevisionItem.setValue(2);
    expect(callback).toHaveBeenCalledTimes(1);
  });
});

describe('following the settings a request is made from', () => {
  it('calls back on a change to any value the settings are built from, each time with a fresh read', async () => {
    const plain = vi.fn();
    const store = vi.fn();
    const unwatch = followSettings(plain);
    const unwatchStore = followSettings(store);
    const set = (values: Record<string, unknown>) => fakeBrowser.storage.local.set(values);
    const changes: Array<() => Promise<void>> = [
      () => set({ demoMode: false }),
      () => saveServer(SERVER, 'device-token', 'device'),
      () => set({ serverTokens: { [SERVER.url]: { value: 'other', origin: SERVER.url } } }),
      () =>
        fakeBrowser.storage.session.set({
          serverTokens: { [SERVER.url]: { value: 'session', origin: SERVER.url } },
        }),
      () => set({ pushDefaults: { ...DEFAULT_PUSH_DEFAULTS, expireAfterViews: 3 } }),
      () => set({ policy: { policy: { serverUrl: ORG, lockServer: true }, notes: [] } }),
      () => set({ copyOnCreate: false }),
      () => set({ demoToken: 'demo-token' }),
    ];
    for (const [index, change] of changes.entries()) {
      await change();
      expect(plain).toHaveBeenCalledTimes(index + 1);
    }
    await vi.waitFor(() => expect(store).toHaveBeenCalled());
    await watchRevisionItem.setValue(1);
    expect(plain).toHaveBeenCalledTimes(changes.length);
    unwatch();
    unwatchStore();
    await set({ demoMode: true });
    expect(plain).toHaveBeenCalledTimes(changes.length);
  });
});

describe('followSettings under the policy, from now', () => {
  it('calls back only with reads made once the policy is known, then with every change', async () => {
    await fakeBrowser.storage.local.remove('policy'); // a fresh install's first seconds
    const seen: boolean[] = [];
    const stop = followSettings((read) => seen.push(read.settings.demoMode), {
      underPolicy: true,
      now: true,
      onError: (error) => {
        throw error;
      },
    });
    await fakeBrowser.storage.local.set({ demoMode: false });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen).toEqual([]);
    await fakeBrowser.storage.local.set({ policy: { policy: {}, notes: [] } });
    await vi.waitFor(() => expect(seen.length).toBeGreaterThan(0));
    await fakeBrowser.storage.local.set({ demoMode: true });
    await vi.waitFor(() => expect(seen.at(-1)).toBe(true));
    expect(seen[0]).toBe(false);
    stop();
  });
});

describe('followSettings: from when, and what changed', () => {
  it('with `now`, calls back at once with a plain read, the policy read or not', async () => {
    await fakeBrowser.storage.local.remove('policy');
    const seen: boolean[] = [];
    const stop = followSettings((read) => seen.push(read.policyRead), { now: true });
    await vi.waitFor(() => expect(seen).toEqual([false]));
    stop();
  });

  it('without `now`, calls back at changes only; under the policy, none before it is read', async () => {
    await fakeBrowser.storage.local.remove('policy');
    const plain = vi.fn();
    const under = vi.fn();
    const stops = [followSettings(plain), followSettings(under, { underPolicy: true })];
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect([plain.mock.calls.length, under.mock.calls.length]).toEqual([0, 0]);
    await fakeBrowser.storage.local.set({ demoMode: false });
    expect([plain.mock.calls.length, under.mock.calls.length]).toEqual([1, 0]);
    await fakeBrowser.storage.local.set({ policy: { policy: {}, notes: [] } });
    expect([plain.mock.calls.length, under.mock.calls.length]).toEqual([2, 1]);
    stops.forEach((stop) => stop());
  });

  it('gives the `now` read that failed to onError', async () => {
    const failure = new Error('storage is gone');
    vi.spyOn(fakeBrowser.storage.local, 'get').mockRejectedValueOnce(failure);
    const callback = vi.fn();
    const onError = vi.fn();
    const stop = followSettings(callback, { now: true, onError });
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(failure));
    expect(callback).not.toHaveBeenCalled();
    stop();
  });

  it('tells a follower of several parts which of them changed (a policy is in both)', async () => {
    const changes: string[][] = [];
    const stop = followSettings((_read, changed) => changes.push([...changed]), {
      part: ['watch', 'requests'],
    });
    await saveSettings({ type: 'watch', patch: { intervalMinutes: 60 } });
    await saveServer(SERVER, 'tok', 'device');
    await fakeBrowser.storage.local.set({ policy: { policy: { watchIntervalMinutes: 5 }, notes: [] } });
    await saveSettings({ type: 'clipboardClear', seconds: 30 });
    expect(changes).toEqual([['watch'], ['requests'], ['watch', 'requests']]);
    stop();
  });

  it("follows the organization's policy alone as the part 'policy'", async () => {
    const policy = vi.fn();
    const stop = followSettings(policy, { part: 'policy' });
    await saveServer(SERVER, 'tok', 'device');
    expect(policy).not.toHaveBeenCalled();
    await fakeBrowser.storage.local.set({ policy: { policy: { allowDemoMode: false }, notes: [] } });
    expect(policy).toHaveBeenCalledTimes(1);
    stop();
  });
});
