/**
 * The watcher with several saved servers (issue 12), against two real Node mock hosts on loopback (two
 * ports, two origins): it follows both with their own tokens, keeps each server's cache under its own
 * account, goes on with one while the other is down, and erases a server's pushes when it is removed.
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '@/lib/api';
import { startMockHost, type MockHost } from '@/lib/mock/host/server';
import { saveSettings } from '@/lib/settings';
import { setupWatcher, type Watcher } from '@/lib/watch/background';
import { closeWatchDb } from '@/lib/watch/db';
import { forgetLeftAccounts } from '@/lib/watch/forget';
import { watchDb } from '@/lib/watch/db';
import { listTrackedPushes } from '@/lib/watch/read';
import { listEvents } from '../lib/watch/helpers';

const ALICE = { email: 'alice@example.com', token: 'alice-token-servers-1' };
const BOB = { email: 'bob@example.com', token: 'bob-token-servers-2' };

let hosted: MockHost;
let own: MockHost;
let watcher: Watcher | undefined;

beforeEach(async () => {
  closeWatchDb();
  globalThis.indexedDB = new IDBFactory();
  hosted = await startMockHost({ port: 0, users: [ALICE], rateLimit: 0 });
  own = await startMockHost({ port: 0, users: [BOB], rateLimit: 0 });
  await saveSettings({
    type: 'server',
    entry: {
      server: { kind: 'self-hosted', url: hosted.baseUrl },
      token: { value: ALICE.token, place: 'device', origin: new URL(hosted.baseUrl).origin },
    },
  });
  await saveSettings({
    type: 'server',
    entry: {
      server: { kind: 'self-hosted', url: own.baseUrl },
      token: { value: BOB.token, place: 'session', origin: new URL(own.baseUrl).origin },
    },
  });
});

afterEach(async () => {
  watcher?.dispose();
  watcher = undefined;
  closeWatchDb();
  await Promise.all([hosted.close(), own.close()]);
});

/** A push made on a host by its user, straight through the API. */
async function pushOn(host: MockHost, token: string, name: string) {
  const client = createApiClient({ baseUrl: host.baseUrl, token });
  return (await client.createPush({ payload: `secret ${name}`, name, expire_after_views: 3 })).push;
}

async function start(): Promise<Watcher> {
  watcher = setupWatcher();
  await watcher.ready;
  return watcher;
}

describe('the watcher with two servers', () => {
  it("follows both with their own tokens, each push under its own server's account", async () => {
    const a = await pushOn(hosted, ALICE.token, 'On hosted');
    const b = await pushOn(own, BOB.token, 'On own');
    const summary = await (await start()).refresh(true);
    expect(summary.status).toBe('done');
    const all = await listTrackedPushes();
    expect(all.map((push) => [push.name, push.server]).sort()).toEqual(
      [
        ['On hosted', hosted.baseUrl],
        ['On own', own.baseUrl],
      ].sort(),
    );
    expect((await listTrackedPushes(own.baseUrl)).map((push) => push.url_token)).toEqual([b.url_token]);
    const db = await watchDb();
    const accounts = new Set((await db.getAll('pushes')).map((push) => push.account));
    expect(accounts.size).toBe(2);
    expect(
      [...accounts].every(
        (key) =>
          key.startsWith(new URL(hosted.baseUrl).origin) || key.startsWith(new URL(own.baseUrl).origin),
      ),
    ).toBe(true);
    expect(a.url_token).not.toBe(b.url_token);
  });

  it('notices a view on either server', async () => {
    const b = await pushOn(own, BOB.token, 'Viewed');
    const w = await start();
    await w.refresh(true);
    await createApiClient({ baseUrl: own.baseUrl }).retrievePush(b.url_token);
    await w.refresh(true);
    const events = await listEvents();
    expect(events).toMatchObject([{ kind: 'viewed', server: own.baseUrl, url_token: b.url_token }]);
  });

  it('goes on with one server while the other is down', async () => {
    await pushOn(hosted, ALICE.token, 'Hosted one');
    const w = await start();
    await hosted.close();
    await pushOn(own, BOB.token, 'Still followed');
    const summary = await w.refresh(true);
    expect(summary.status).toBe('failed');
    expect((await listTrackedPushes(own.baseUrl)).map((push) => push.name)).toEqual(['Still followed']);
    hosted = await startMockHost({ port: 0, users: [ALICE], rateLimit: 0 }); // afterEach closes one
  });

  it("erases a removed server's pushes and keeps the other's", async () => {
    const a = await pushOn(hosted, ALICE.token, 'Kept');
    const b = await pushOn(own, BOB.token, 'Erased');
    await (await start()).refresh(true);
    await saveSettings({ type: 'remove', url: own.baseUrl });
    await forgetLeftAccounts(watchDb);
    const text = JSON.stringify(await (await watchDb()).getAll('pushes'));
    expect(text).not.toContain(b.url_token);
    expect(text).toContain(a.url_token);
    expect((await listTrackedPushes()).map((push) => push.name)).toEqual(['Kept']);
  });
});
