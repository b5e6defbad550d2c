import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { saveSettings } from '@/lib/settings';
import { accountKey, DEMO_ACCOUNT } from '@/lib/watch/account';
import { setupWatcher, type Watcher } from '@/lib/watch/background';
import { idbCache } from '@/lib/watch/cache';
import { stateKey } from '@/lib/watch/schema';
import { closeWatchDb, watchDb } from '@/lib/watch/db';
import { forgetLeftAccounts } from '@/lib/watch/forget';
import { listTrackedPushes } from '@/lib/watch/read';
import { recordCreatedPush } from '@/lib/watch/record';
import { refreshWatch } from '@/lib/watch/refresh';
import { toTracked } from '@/lib/watch/tracked';
import { INITIAL_STATE } from '@/lib/watch/types';
import { countUnseen } from '@/lib/watch/seen';
import type { Push } from '@/lib/api';
import { BOB } from '../api/harness';
import {
  ALICE,
  BASE,
  listEvents,
  MINUTE,
  resetWatchDb,
  signInAlice,
  type WatchHarness,
  watchHarness,
} from './helpers';

const OTHER = 'https://other.example';
const selfHosted = (url: string) => ({ kind: 'self-hosted' as const, url });

let h: WatchHarness;
let account: string;
let watcher: Watcher | undefined;

/** Every record of the watcher's database, as text. */
async function dump(): Promise<string> {
  const db = await watchDb();
  const stores = ['pushes', 'audit', 'events', 'state'] as const;
  return JSON.stringify(await Promise.all(stores.map((store) => db.getAll(store))));
}

/** Two pushes tracked on BASE for Alice, one of them viewed: pushes, audit logs and an event cached. */
async function trackOnBase(): Promise<Push[]> {
  const pushes = [await h.create({ name: 'Door code' }), await h.create({ name: 'Bank login' })];
  const refresh = () =>
    refreshWatch({
      client: h.owner,
      cache: idbCache(watchDb, account),
      clock: h.clock,
      server: BASE,
      hasToken: true,
    });
  await refresh();
  await h.view(pushes[0]!.url_token, { ip: '203.0.113.4' });
  h.advance(MINUTE);
  await refresh();
  const text = await dump();
  for (const push of pushes) expect(text).toContain(push.html_url);
  expect(await listEvents()).toHaveLength(1);
  return pushes;
}

const saveServer = (url: string, token: string | null) =>
  saveSettings({
    type: 'server',
    entry: { server: selfHosted(url), token: { value: token, place: 'device', origin: new URL(url).origin } },
  });
const removeServer = (url: string) => saveSettings({ type: 'remove', url });
const setDemoMode = (on: boolean) => saveSettings({ type: 'demo', on });

beforeEach(async () => {
  await resetWatchDb();
  account = await signInAlice();
  h = await watchHarness('pro');
});
afterEach(() => {
  watcher?.dispose();
  watcher = undefined;
  closeWatchDb();
});

describe('the account key', () => {
  it('is the origin with a digest of origin and token, never the token itself', async () => {
    const key = await accountKey({
      demoMode: false,
      server: selfHosted(`${BASE}/pwpush`),
      token: ALICE.token,
    });
    expect(key).toMatch(new RegExp(`^${BASE.replaceAll('.', '\\.')}#[0-9a-f]{64}$`));
    expect(key).not.toContain(ALICE.token);
    expect(key).toBe(account); // the path is not part of it: same origin, same token
  });

  it('differs for the same token on another origin, for another token, and without one', async () => {
    const keys = await Promise.all([
      accountKey({ demoMode: false, server: selfHosted(OTHER), token: ALICE.token }),
      accountKey({ demoMode: false, server: selfHosted(BASE), token: BOB.token }),
      accountKey({ demoMode: false, server: selfHosted(BASE), token: null }),
    ]);
    expect(new Set([account, ...keys]).size).toBe(4);
    expect(keys[2]).toBe(`${BASE}#anonymous`);
  });

  it('is the demo key in demo mode, and none without a server', async () => {
    expect(await accountKey({ demoMode: true, server: null, token: ALICE.token })).toBe(DEMO_ACCOUNT);
    expect(await accountKey({ demoMode: false, server: null, token: null })).toBeNull();
  });
});

describe('leaving a server', () => {
  it('erases the pushes, audit logs and events of a server removed', async () => {
    const pushes = await trackOnBase();
    await saveServer(OTHER, 'other-token');
    expect(await forgetLeftAccounts(watchDb)).toBe(0); // another server saved beside it: both are kept
    await removeServer(BASE);
    expect(await forgetLeftAccounts(watchDb)).toBe(1);
    const text = await dump();
    for (const push of pushes) {
      expect(text).not.toContain(push.html_url);
      expect(text).not.toContain(push.url_token);
    }
  });

  it('erases them when another token is saved for the same server', async () => {
    const pushes = await trackOnBase();
    await saveServer(BASE, BOB.token);
    expect(await forgetLeftAccounts(watchDb)).toBe(1);
    expect(await dump()).not.toContain(pushes[0]!.html_url);
  });

  it('keeps them when only the place of the token changes', async () => {
    await trackOnBase();
    await saveSettings({ type: 'tokenPlace', url: BASE, place: 'session' });
    expect(await forgetLeftAccounts(watchDb)).toBe(0);
    expect(await listTrackedPushes(BASE)).toHaveLength(2);
  });

  it('keeps them through demo mode and back: the server stays saved', async () => {
    await trackOnBase();
    await setDemoMode(true);
    expect(await forgetLeftAccounts(watchDb)).toBe(0);
    expect(await listTrackedPushes(BASE)).toEqual([]); // not the current account while in demo mode
    await setDemoMode(false);
    expect(await listTrackedPushes(BASE)).toHaveLength(2);
  });

  it("erases the removed server's watcher state with it, so saving it again reads it in full", async () => {
    await trackOnBase();
    const db = await watchDb();
    await db.put('state', { ...INITIAL_STATE, fullSyncAt: { [BASE]: 1 } }, stateKey(account));
    await saveServer(OTHER, 'other-token');
    await removeServer(BASE);
    await forgetLeftAccounts(watchDb);
    expect(await db.get('state', stateKey(account))).toBeUndefined();
  });
});

describe('the watcher erases the cache of a server left', () => {
  const start = () => {
    watcher = setupWatcher({
      clock: h.clock,
      connect: async () => ({ client: h.owner, hasToken: true, account }),
    });
    return watcher;
  };

  it('as soon as it is removed', async () => {
    const pushes = await trackOnBase();
    await start().ready;
    await saveServer(OTHER, 'other-token');
    await removeServer(BASE);
    await expect.poll(dump).not.toContain(pushes[0]!.html_url);
    expect(await dump()).not.toContain(pushes[1]!.html_url);
  });

  it('when it starts, for a change made while it was not running', async () => {
    const pushes = await trackOnBase();
    await removeServer(BASE);
    await start().ready;
    expect(await dump()).not.toContain(pushes[0]!.html_url);
  });

  it('before every refresh, whatever wrote the records of another account', async () => {
    await start().ready;
    const stray = await h.create({ name: 'Stray' });
    const other = idbCache(watchDb, `${OTHER}#anonymous`);
    const change = { pushes: [toTracked(stray, OTHER, 'server')], audits: [], events: [] };
    await other.commit(change, await other.state());
    expect(await dump()).toContain(`${OTHER}#anonymous`);
    await watcher!.refresh(true);
    expect(await dump()).not.toContain(`${OTHER}#anonymous`);
  });
});

describe('reads', () => {
  it("show only the current account's pushes and events", async () => {
    await trackOnBase();
    await fakeBrowser.storage.local.set({
      serverTokens: { [BASE]: { value: BOB.token, origin: new URL(BASE).origin } },
    }); // another token on the same server, not erased yet
    expect(await listTrackedPushes(BASE)).toEqual([]);
    expect(await listTrackedPushes()).toEqual([]);
    expect(await listEvents()).toEqual([]);
    await fakeBrowser.storage.local.set({
      serverTokens: { [BASE]: { value: ALICE.token, origin: new URL(BASE).origin } },
    });
    expect(await listTrackedPushes(BASE)).toHaveLength(2);
  });

  it("count only the account's unseen events for the badge", async () => {
    await trackOnBase();
    expect(await countUnseen(account)).toBe(1);
    expect(await countUnseen(`${OTHER}#anonymous`)).toBe(0);
  });

  it('record no push created on a server the settings no longer name', async () => {
    const push = await h.create({ name: 'Late' });
    await saveServer(OTHER, 'other-token');
    await removeServer(BASE);
    await recordCreatedPush(push, { server: BASE, kind: 'text' });
    expect(await dump()).not.toContain(push.html_url);
  });
});
