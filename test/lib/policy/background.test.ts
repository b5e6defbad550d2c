import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { refreshPolicy, registerPolicy } from '@/lib/policy/background';
import { NO_POLICY } from '@/lib/policy/types';
import { deviceTokensItem, policyItem, sessionTokensItem } from '@/lib/store/items';
import { saveServerSettings, setDemoMode } from '@/lib/store/save';
import { loadSettings, loadUserSettings } from '@/lib/store/settings';
import { DEMO_DB_NAME } from '@/lib/demo/constants';
import { databaseNames, demoService } from '../demo/demo-service';

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

const ORIGIN = 'https://pwpush.example.com';
const SERVER = { kind: 'self-hosted', url: ORIGIN } as const;
const OTHER = { kind: 'hosted', url: 'https://eu.pwpush.com' } as const;

describe('refreshPolicy', () => {
  it('keeps no policy when the browser has no managed storage (Firefox without policies.json)', async () => {
    vi.spyOn(fakeBrowser.storage.managed, 'get').mockRejectedValue(
      new Error('Managed storage manifest not found'),
    );
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    expect(await refreshPolicy()).toEqual(NO_POLICY);
    expect(await policyItem.getValue()).toEqual(NO_POLICY);
  });

  it('stores the checked policy and its notes for every page', async () => {
    await fakeBrowser.storage.managed.set({ lockServer: true, tokenPlace: 'cloud' });
    await refreshPolicy();
    expect(await policyItem.getValue()).toEqual({
      policy: { lockServer: true },
      notes: [{ key: 'tokenPlace', value: '"cloud"' }],
    });
  });

  it('moves every token kept on the device into the session when the organization requires it', async () => {
    await saveServerSettings({ server: SERVER, token: 'secret-token', tokenPlace: 'device' });
    await saveServerSettings({ server: OTHER, token: 'other-token', tokenPlace: 'session' });
    await fakeBrowser.storage.managed.set({ tokenPlace: 'session' });
    await refreshPolicy();
    expect(await deviceTokensItem.getValue()).toEqual({});
    expect(await sessionTokensItem.getValue()).toEqual({
      [SERVER.url]: { value: 'secret-token', origin: ORIGIN },
      [OTHER.url]: { value: 'other-token', origin: OTHER.url },
    });
    expect((await loadUserSettings()).defaultServer).toBe(SERVER.url);
  });

  it('leaves the tokens where they are when the organization allows any place', async () => {
    await saveServerSettings({ server: SERVER, token: 'secret-token', tokenPlace: 'device' });
    await fakeBrowser.storage.managed.set({ tokenPlace: 'any' });
    await refreshPolicy();
    expect(await deviceTokensItem.getValue()).toEqual({
      [SERVER.url]: { value: 'secret-token', origin: ORIGIN },
    });
  });

  it('writes nothing when the policy read at a start is the one already stored', async () => {
    await fakeBrowser.storage.managed.set({ lockServer: true });
    await refreshPolicy();
    const changes = vi.fn();
    const unwatch = policyItem.watch(changes);
    await refreshPolicy();
    await registerPolicy();
    unwatch();
    expect(changes).not.toHaveBeenCalled();
    expect(await policyItem.getValue()).toEqual({ policy: { lockServer: true }, notes: [] });
  });

  it('writes the policy when it changed since the last start', async () => {
    await fakeBrowser.storage.managed.set({ lockServer: true });
    await refreshPolicy();
    const changes = vi.fn();
    const unwatch = policyItem.watch(changes);
    await fakeBrowser.storage.managed.set({ lockServer: false });
    await refreshPolicy();
    unwatch();
    expect(changes).toHaveBeenCalledTimes(1);
    expect(await policyItem.getValue()).toEqual({ policy: { lockServer: false }, notes: [] });
  });

  it('follows a change of the managed values while running', async () => {
    await registerPolicy();
    await fakeBrowser.storage.managed.set({ allowDemoMode: false });
    await expect.poll(() => policyItem.getValue()).toEqual({ policy: { allowDemoMode: false }, notes: [] });
  });
});

describe('loadSettings under a policy', () => {
  it("reads the settings in force, and loadUserSettings the user's own", async () => {
    await saveServerSettings({ server: SERVER, token: 'mine', tokenPlace: 'device' });
    await setDemoMode(true);
    await policyItem.setValue({
      policy: { serverUrl: 'https://org.example', allowDemoMode: false },
      notes: [],
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
    await policyItem.setValue({ policy: { serverUrl: 'https://org.example' }, notes: [] });
    await setDemoMode(false);
    expect(await loadSettings()).toMatchObject({ demoMode: false, server: { url: 'https://org.example' } });
  });
});

describe('refreshPolicy and the demo service', () => {
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
