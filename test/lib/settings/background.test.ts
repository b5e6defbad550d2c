import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { refreshPolicy, registerSettings } from '@/lib/settings/background';
import {
  loadSettings,
  NO_POLICY,
  readSettings,
  saveSettings,
  type ServerChoice,
  type TokenPlace,
} from '@/lib/settings';
import { onStoredChange } from '@/lib/storage';
import { DEMO_DB_NAME } from '@/lib/demo/constants';
import { databaseNames, demoService } from '../demo/demo-service';

const ORIGIN = 'https://pwpush.example.com';
const SERVER = { kind: 'self-hosted', url: ORIGIN } as const;
const OTHER = { kind: 'hosted', url: 'https://eu.pwpush.com' } as const;

/** Connect's save: the server with its token, bound to the server's origin. */
const saveServer = (server: ServerChoice, value: string | null, place: TokenPlace) =>
  saveSettings({
    type: 'server',
    entry: { server, token: { value, place, origin: new URL(server.url).origin } },
  });

const local = (key: string) => fakeBrowser.storage.local.get(key).then((stored) => stored[key]);
const session = (key: string) => fakeBrowser.storage.session.get(key).then((stored) => stored[key]);
const storedPolicy = () => local('policy');
/** Calls back on every write of the stored policy copy. */
const watchPolicy = (callback: () => void) => onStoredChange({ local: ['policy'] }, callback);
const loadUserSettings = async () => (await readSettings()).user;

describe('refreshPolicy', () => {
  it('keeps no policy when the browser has no managed storage (Firefox without policies.json)', async () => {
    vi.spyOn(fakeBrowser.storage.managed, 'get').mockRejectedValue(
      new Error('Managed storage manifest not found'),
    );
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    expect(await refreshPolicy()).toEqual(NO_POLICY);
    expect(await storedPolicy()).toEqual(NO_POLICY);
  });

  it('stores the checked policy and its notes for every page', async () => {
    await fakeBrowser.storage.managed.set({ lockServer: true, tokenPlace: 'cloud' });
    await refreshPolicy();
    expect(await storedPolicy()).toEqual({
      policy: { lockServer: true },
      notes: [{ key: 'tokenPlace', value: '"cloud"' }],
    });
  });

  it('moves every token kept on the device into the session when the organization requires it', async () => {
    await saveServer(SERVER, 'secret-token', 'device');
    await saveServer(OTHER, 'other-token', 'session');
    await fakeBrowser.storage.managed.set({ tokenPlace: 'session' });
    await refreshPolicy();
    expect(await local('serverTokens')).toEqual({});
    expect(await session('serverTokens')).toEqual({
      [SERVER.url]: { value: 'secret-token', origin: ORIGIN },
      [OTHER.url]: { value: 'other-token', origin: OTHER.url },
    });
    expect((await loadUserSettings()).defaultServer).toBe(SERVER.url);
  });

  it('leaves the tokens where they are when the organization allows any place', async () => {
    await saveServer(SERVER, 'secret-token', 'device');
    await fakeBrowser.storage.managed.set({ tokenPlace: 'any' });
    await refreshPolicy();
    expect(await local('serverTokens')).toEqual({
      [SERVER.url]: { value: 'secret-token', origin: ORIGIN },
    });
  });

  it('writes nothing when the policy read at a start is the one already stored', async () => {
    await fakeBrowser.storage.managed.set({ lockServer: true });
    await refreshPolicy();
    const changes = vi.fn();
    const unwatch = watchPolicy(changes);
    await refreshPolicy();
    await registerSettings();
    unwatch();
    expect(changes).not.toHaveBeenCalled();
    expect(await storedPolicy()).toEqual({ policy: { lockServer: true }, notes: [] });
  });

  it('writes nothing when the stored copy comes back with its keys in another order (Chrome sorts them)', async () => {
    await fakeBrowser.storage.managed.set({ lockServer: true, allowDemoMode: false });
    await fakeBrowser.storage.local.set({
      policy: { notes: [], policy: { allowDemoMode: false, lockServer: true } },
    });
    const changes = vi.fn();
    const unwatch = watchPolicy(changes);
    await refreshPolicy();
    unwatch();
    expect(changes).not.toHaveBeenCalled();
  });

  it('writes the policy when it changed since the last start', async () => {
    await fakeBrowser.storage.managed.set({ lockServer: true });
    await refreshPolicy();
    const changes = vi.fn();
    const unwatch = watchPolicy(changes);
    await fakeBrowser.storage.managed.set({ lockServer: false });
    await refreshPolicy();
    unwatch();
    expect(changes).toHaveBeenCalledTimes(1);
    expect(await storedPolicy()).toEqual({ policy: { lockServer: false }, notes: [] });
  });

  it('follows a change of the managed values while running', async () => {
    await registerSettings();
    await fakeBrowser.storage.managed.set({ allowDemoMode: false });
    await expect.poll(storedPolicy).toEqual({ policy: { allowDemoMode: false }, notes: [] });
  });
});

describe('the policy first', () => {
  it('writes the policy copy on the first start even when there is no policy', async () => {
    await fakeBrowser.storage.local.remove('policy');
    expect((await readSettings()).policyRead).toBe(false);
    await registerSettings();
    expect(await storedPolicy()).toEqual(NO_POLICY);
    expect((await readSettings()).policyRead).toBe(true);
  });

  it('migrates a version 1 list at every start before it reads the policy', async () => {
    await fakeBrowser.storage.local.set({ server: SERVER, token: 'v1-token', tokenOrigin: ORIGIN });
    await registerSettings();
    expect(await local('server')).toEqual({
      servers: [{ ...SERVER, tokenPlace: 'device' }],
      defaultUrl: SERVER.url,
    });
    expect(await local('serverTokens')).toEqual({ [SERVER.url]: { value: 'v1-token', origin: ORIGIN } });
    expect(await local('token')).toBeUndefined();
  });

  it('reads the settings once at a start, and writes a new policy with the list it migrated in one write', async () => {
    await fakeBrowser.storage.local.set({ server: SERVER, token: 'v1-token', tokenOrigin: ORIGIN });
    await fakeBrowser.storage.managed.set({ tokenPlace: 'device' });
    // The start read the settings three times (issue 22): the migration, the policy's, and its save's.
    const reads = vi.spyOn(fakeBrowser.storage.local, 'get');
    const writes = vi.spyOn(fakeBrowser.storage.local, 'set');
    await registerSettings();
    expect(reads).toHaveBeenCalledTimes(1);
    expect(writes).toHaveBeenCalledTimes(1);
    expect(writes.mock.calls[0]![0]).toMatchObject({
      policy: { policy: { tokenPlace: 'device' }, notes: [] },
      server: { servers: [{ ...SERVER, tokenPlace: 'device' }], defaultUrl: SERVER.url },
      serverTokens: { [SERVER.url]: { value: 'v1-token', origin: ORIGIN } },
    });
  });

  it("erases the tokens of the servers a locked policy hides, and keeps the organization's", async () => {
    await saveServer(SERVER, 'secret-token', 'device');
    await saveServer(OTHER, 'other-token', 'session');
    await saveServer({ kind: 'self-hosted', url: 'https://org.example' }, 'org-token', 'device');
    await fakeBrowser.storage.managed.set({ serverUrl: 'https://org.example', lockServer: true });
    await refreshPolicy();
    expect(await local('serverTokens')).toEqual({
      'https://org.example': { value: 'org-token', origin: 'https://org.example' },
    });
    expect(await session('serverTokens')).toEqual({});
    expect(await loadSettings()).toMatchObject({
      server: { url: 'https://org.example' },
      token: 'org-token',
    });
  });
});

describe('loadSettings under a policy', () => {
  it("reads the settings in force, and readSettings' user the user's own", async () => {
    await saveServer(SERVER, 'mine', 'device');
    await saveSettings({ type: 'demo', on: true });
    await fakeBrowser.storage.local.set({
      policy: { policy: { serverUrl: 'https://org.example', allowDemoMode: false }, notes: [] },
    });
    expect(await loadSettings()).toMatchObject({
      demoMode: false,
      server: { url: 'https://org.example' },
      token: null,
      defaultServer: 'https://org.example',
      policy: { serverUrl: 'https://org.example', allowDemoMode: false },
    });
    const own = await loadUserSettings();
    expect(own).toMatchObject({ demoMode: true, server: { url: ORIGIN }, token: 'mine' });
    expect(own.policy).toBeUndefined();
  });

  it("leaves demo mode for the organization's server when the user saved none", async () => {
    await fakeBrowser.storage.local.set({
      policy: { policy: { serverUrl: 'https://org.example' }, notes: [] },
    });
    await saveSettings({ type: 'demo', on: false });
    expect(await loadSettings()).toMatchObject({ demoMode: false, server: { url: 'https://org.example' } });
  });
});

describe('refreshPolicy and the demo service', () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
  });

  it('deletes the demo database, pushes and all, when the organization forbids demo mode', async () => {
    const demo = await demoService();
    await demo.create({ payload: 'a demo secret', expire_after_duration: '6' });
    demo.store.close();
    await fakeBrowser.storage.managed.set({ allowDemoMode: false });
    await refreshPolicy();
    expect(await databaseNames()).not.toContain(DEMO_DB_NAME);
  });

  it('keeps the demo database while demo mode is allowed', async () => {
    const demo = await demoService();
    await demo.create({ payload: 'a demo secret', expire_after_duration: '6' });
    demo.store.close();
    await fakeBrowser.storage.managed.set({ allowDemoMode: true });
    await refreshPolicy();
    expect(await databaseNames()).toContain(DEMO_DB_NAME);
  });
});
