/**
 * The settings schema's migration (lib/settings/background.ts, run by the background at every start), from each
 * shape an earlier version left in storage. Each test writes that shape into the fake browser's storage as
 * the old version did, then starts the background's migration and reads the settings as a page would.
 */
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  DEFAULT_PUSH_DEFAULTS,
  loadSettings,
  presetFromDefaults,
  readSettings,
  saveSettings,
} from '@/lib/settings';
import { registerSettings } from '@/lib/settings/background';

const URL_V1 = 'https://pwpush.example.com';
const DEFAULTS = { ...DEFAULT_PUSH_DEFAULTS, expireAfterViews: 2, passphrase: true };
const V1_KEYS = ['token', 'tokenOrigin', 'tokenPlace'];

/** Starts the extension again on what storage holds now: the background migrates, then pages read. */
async function start() {
  await registerSettings();
  return { loadSettings, listServers: async () => (await readSettings()).state.list };
}

/** What storage.local holds, without the items a test does not look at. */
async function local(...keys: string[]) {
  return fakeBrowser.storage.local.get(keys);
}

describe('settings migration, version 1 → 2', () => {
  it('a fresh install: demo mode, no server, and a first save is never migrated again', async () => {
    let store = await start();
    expect(await store.loadSettings()).toMatchObject({ demoMode: true, server: null, servers: [] });
    await saveSettings({
      type: 'server',
      entry: {
        server: { kind: 'self-hosted', url: URL_V1 },
        token: { value: 't', place: 'device', origin: URL_V1 },
      },
    });
    const written = await local('server', 'server$');
    store = await start();
    expect(await store.loadSettings()).toMatchObject({ server: { url: URL_V1 }, token: 't' });
    expect(await local('server', 'server$')).toEqual(written);
  });

  it('version 1 with a server and a device token: the one server, its token on the device, nothing lost', async () => {
    await fakeBrowser.storage.local.set({
      server: { kind: 'self-hosted', url: URL_V1, edition: 'oss' },
      demoMode: false,
      tokenPlace: 'device',
      token: 'alice-token',
      tokenOrigin: URL_V1,
      pushDefaults: DEFAULTS,
      copyOnCreate: false,
      demoToken: 'demo-token',
    });
    const store = await start();
    expect(await store.loadSettings()).toEqual({
      demoMode: false,
      server: { kind: 'self-hosted', url: URL_V1, edition: 'oss' },
      token: 'alice-token',
      tokenOrigin: URL_V1,
      tokenPlace: 'device',
      defaults: DEFAULTS,
      // Issue 39: the saved defaults became the first preset, nothing lost.
      presets: [presetFromDefaults(DEFAULTS)],
      demoToken: 'demo-token',
      servers: [
        {
          kind: 'self-hosted',
          url: URL_V1,
          edition: 'oss',
          tokenPlace: 'device',
          token: 'alice-token',
          tokenOrigin: URL_V1,
        },
      ],
      defaultServer: URL_V1,
      boundTokens: [{ value: 'alice-token', origin: URL_V1 }],
    });
    expect(await local('server', 'server$')).toEqual({
      server: {
        servers: [{ kind: 'self-hosted', url: URL_V1, edition: 'oss', tokenPlace: 'device' }],
        defaultUrl: URL_V1,
      },
      server$: { v: 2 },
    });
    expect(await local('serverTokens')).toEqual({
      serverTokens: { [URL_V1]: { value: 'alice-token', origin: URL_V1 } },
    });
    expect(await local('copyOnCreate')).toEqual({ copyOnCreate: false });
    // The old token keys go once the list is written: the token lives in one place only.
    await expect.poll(() => local(...V1_KEYS)).toEqual({});
  });

  it('version 1 with a session token: it stays in the session, never written to the device', async () => {
    await fakeBrowser.storage.local.set({
      server: { kind: 'hosted', url: 'https://eu.pwpush.com' },
      demoMode: false,
      tokenPlace: 'session',
      tokenOrigin: 'https://eu.pwpush.com',
    });
    await fakeBrowser.storage.session.set({ token: 'session-token' });
    const store = await start();
    expect(await store.loadSettings()).toMatchObject({
      server: { kind: 'hosted', url: 'https://eu.pwpush.com' },
      token: 'session-token',
      tokenOrigin: 'https://eu.pwpush.com',
      tokenPlace: 'session',
    });
    expect(await fakeBrowser.storage.session.get('serverTokens')).toEqual({
      serverTokens: { 'https://eu.pwpush.com': { value: 'session-token', origin: 'https://eu.pwpush.com' } },
    });
    // Never on the device: the device's map, if written at all, holds no token.
    expect((await local('serverTokens')).serverTokens ?? {}).toEqual({});
    await expect.poll(() => fakeBrowser.storage.session.get('token')).toEqual({});
  });

  it('version 1 with a session token the browser already dropped: the server keeps the session place', async () => {
    await fakeBrowser.storage.local.set({
      server: { kind: 'self-hosted', url: URL_V1 },
      demoMode: false,
      tokenPlace: 'session',
      tokenOrigin: URL_V1,
    });
    const store = await start();
    expect(await store.loadSettings()).toMatchObject({
      server: { url: URL_V1 },
      token: null,
      tokenOrigin: null,
      tokenPlace: 'session',
    });
  });

  it('version 1 with a token saved before its origin was recorded: bound to the server saved with it', async () => {
    await fakeBrowser.storage.local.set({
      server: { kind: 'self-hosted', url: 'https://old.example.com:8443/secrets' },
      demoMode: false,
      token: 'legacy-token',
    });
    const store = await start();
    expect(await store.loadSettings()).toMatchObject({
      token: 'legacy-token',
      tokenOrigin: 'https://old.example.com:8443',
      tokenPlace: 'device',
    });
  });

  it('version 1 in demo mode only: still demo mode, no server, the demo token kept', async () => {
    await fakeBrowser.storage.local.set({ demoMode: true, demoToken: 'demo-token', pushDefaults: DEFAULTS });
    const store = await start();
    expect(await store.loadSettings()).toMatchObject({
      demoMode: true,
      server: null,
      servers: [],
      defaultServer: null,
      demoToken: 'demo-token',
      defaults: DEFAULTS,
    });
  });

  it('version 1 in demo mode with a server kept for later: demo mode stays on, the server is the default', async () => {
    await fakeBrowser.storage.local.set({
      server: { kind: 'self-hosted', url: URL_V1 },
      demoMode: true,
      token: 'kept',
      tokenOrigin: URL_V1,
    });
    const store = await start();
    expect(await store.loadSettings()).toMatchObject({
      demoMode: true,
      defaultServer: URL_V1,
      servers: [{ url: URL_V1, token: 'kept' }],
    });
  });

  it('two contexts starting at once write the same list, once', async () => {
    await fakeBrowser.storage.local.set({ server: { kind: 'self-hosted', url: URL_V1 }, token: 'tok' });
    const [a, b] = await Promise.all([start(), start()]);
    const [first, second] = await Promise.all([a.loadSettings(), b.loadSettings()]);
    expect(first.servers).toEqual(second.servers);
    expect((await (await start()).listServers()).servers).toHaveLength(1);
  });

  it('a list already in the new shape without its version mark is taken as it is', async () => {
    const list = {
      servers: [{ kind: 'self-hosted', url: URL_V1, tokenPlace: 'device' }],
      defaultUrl: URL_V1,
    };
    await fakeBrowser.storage.local.set({ server: list });
    const store = await start();
    expect(await store.listServers()).toEqual(list);
  });

  it('a version 1 value written after the background started is read as version 2, and saved migrated', async () => {
    const store = await start();
    await saveSettings({
      type: 'server',
      entry: {
        server: { kind: 'hosted', url: 'https://pwpush.com' },
        token: { value: null, place: 'device', origin: null },
      },
    });
    await fakeBrowser.storage.local.set({
      server: { kind: 'self-hosted', url: URL_V1 },
      token: 'late',
      tokenOrigin: URL_V1,
    });
    expect(await store.loadSettings()).toMatchObject({
      server: { url: URL_V1 },
      token: 'late',
      tokenOrigin: URL_V1,
    });
    // Pages read it in memory only; the next save of the servers writes it as version 2.
    expect(await local('token')).toEqual({ token: 'late' });
    await saveSettings({ type: 'default', url: URL_V1 });
    expect(await local('server')).toEqual({
      server: { servers: [{ kind: 'self-hosted', url: URL_V1, tokenPlace: 'device' }], defaultUrl: URL_V1 },
    });
    expect(await local('serverTokens')).toEqual({
      serverTokens: { [URL_V1]: { value: 'late', origin: URL_V1 } },
    });
    await expect.poll(() => local(...V1_KEYS)).toEqual({});
    expect(await store.loadSettings()).toMatchObject({ server: { url: URL_V1 }, token: 'late' });
  });

  it('a page reads version 1 as version 2 before the background migrated it, and leaves storage as it was', async () => {
    const v1 = { server: { kind: 'self-hosted', url: URL_V1 }, token: 'tok', tokenOrigin: URL_V1 };
    await fakeBrowser.storage.local.set(v1);
    const read = await readSettings();
    expect(read.version1).toBe(true);
    expect(read.settings).toMatchObject({ server: { url: URL_V1 }, token: 'tok', tokenOrigin: URL_V1 });
    expect(await local('server', 'token', 'tokenOrigin')).toEqual(v1);
    await start();
    expect((await readSettings()).version1).toBe(false);
  });
});
