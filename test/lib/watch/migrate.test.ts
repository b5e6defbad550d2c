import { openDB } from 'idb';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_BASE_URL } from '@/lib/demo/constants';
import { saveSettings } from '@/lib/settings';
import { DEMO_ACCOUNT } from '@/lib/watch/account';
import { watchDb } from '@/lib/watch/db';
import { stateKey, WATCH_DB_NAME, WATCH_DB_VERSION } from '@/lib/watch/schema';
import { listTrackedPushes, readTracked } from '@/lib/watch/read';
import { loadSettings } from '@/lib/settings';
import { INITIAL_STATE, type CachedAudit, type WatchEvent } from '@/lib/watch/types';
import { trackedPush } from '../../components/dashboard/tracked-push';
import { BASE, resetWatchDb, signInAlice } from './helpers';

const OTHER = 'https://left.example';
const push = (server: string, urlToken: string) =>
  trackedPush({ server, url_token: urlToken, html_url: `${server}/p/${urlToken}`, name: urlToken });
const audit = (server: string, urlToken: string): CachedAudit => ({
  server,
  url_token: urlToken,
  entries: [],
  fetched_at: '2026-01-01T11:00:00Z',
});
const event = (server: string, urlToken: string): WatchEvent => ({
  id: `${server}|${urlToken}|viewed|0`,
  server,
  url_token: urlToken,
  kind: 'viewed',
  at: '2026-01-01T11:40:00Z',
  seen: false,
});
const kept = push(BASE, 'kept1');
const state = { ...INITIAL_STATE, server: BASE, lastSuccessAt: 1, fullSyncAt: { [BASE]: 1 } };

/** The cache as version 1 (today's main) created and filled it: the saved server's, the demo's, one left. */
async function createVersion1() {
  const db = await openDB(WATCH_DB_NAME, 1, {
    upgrade(v1) {
      v1.createObjectStore('pushes', { keyPath: ['server', 'url_token'] }).createIndex('by-server', 'server');
      v1.createObjectStore('audit', { keyPath: ['server', 'url_token'] });
      v1.createObjectStore('events', { keyPath: 'id' }).createIndex('by-push', ['server', 'url_token']);
      v1.createObjectStore('state');
    },
  });
  for (const [server, token] of [
    [BASE, 'kept1'],
    [DEMO_BASE_URL, 'demo1'],
    [OTHER, 'left1'],
  ] as const) {
    await db.put('pushes', server === BASE ? kept : push(server, token));
    await db.put('audit', audit(server, token));
    await db.put('events', event(server, token));
  }
  await db.put('state', state, 'watcher');
  db.close();
}

beforeEach(async () => {
  await resetWatchDb();
});

describe('the cache from version 1 to 2', () => {
  it("keeps the saved server's records under its account, whole", async () => {
    await createVersion1();
    const account = await signInAlice();
    expect(await listTrackedPushes(BASE)).toEqual([kept]);
    const db = await watchDb();
    expect(db.version).toBe(WATCH_DB_VERSION);
    expect(await db.get('audit', [BASE, 'kept1'])).toEqual({ ...audit(BASE, 'kept1'), account });
    expect(await db.getAllFromIndex('events', 'by-account', account)).toEqual([
      { ...event(BASE, 'kept1'), account },
    ]);
    // The one watcher state of version 1 becomes the saved account's own (each account keeps its own now).
    expect(await db.get('state', stateKey(account))).toEqual(state);
    expect(await db.get('state', 'watcher')).toBeUndefined();
  });

  it("gives the demo's records the demo key", async () => {
    await createVersion1();
    await signInAlice();
    const db = await watchDb();
    expect(await db.getAllFromIndex('pushes', 'by-account', DEMO_ACCOUNT)).toMatchObject([
      { url_token: 'demo1', account: DEMO_ACCOUNT },
    ]);
  });

  it('erases the records of a server the user had left, links and all', async () => {
    await createVersion1();
    await signInAlice();
    const db = await watchDb();
    const text = JSON.stringify(
      await Promise.all((['pushes', 'audit', 'events'] as const).map((store) => db.getAll(store))),
    );
    expect(text).not.toContain(OTHER);
    expect(text).toContain(`${BASE}/p/kept1`);
  });

  it('keeps the saved server while demo mode is on, and shows it again after', async () => {
    await createVersion1();
    await signInAlice();
    await saveSettings({ type: 'demo', on: true });
    expect(await listTrackedPushes(DEMO_BASE_URL)).toMatchObject([{ url_token: 'demo1' }]);
    await saveSettings({ type: 'demo', on: false });
    expect(await listTrackedPushes(BASE)).toEqual([kept]);
  });
});

describe('the cache from version 2 to 3', () => {
  /** A version 2 cache (account keys, no creation index) holding `pushes`, as the last release left it. */
  async function createVersion2(pushes: object[]) {
    const db = await openDB(WATCH_DB_NAME, 2, {
      upgrade(v2) {
        const store = v2.createObjectStore('pushes', { keyPath: ['server', 'url_token'] });
        store.createIndex('by-server', 'server');
        store.createIndex('by-account', 'account');
        v2.createObjectStore('audit', { keyPath: ['server', 'url_token'] }).createIndex(
          'by-account',
          'account',
        );
        const events = v2.createObjectStore('events', { keyPath: 'id' });
        events.createIndex('by-push', ['server', 'url_token']);
        events.createIndex('by-account', 'account');
        v2.createObjectStore('state');
      },
    });
    for (const record of pushes) await db.put('pushes', record);
    db.close();
  }

  it('indexes the pushes it holds by account and creation, so a page reads the newest first', async () => {
    const account = await signInAlice();
    const at = (day: number) => `2026-01-0${day}T10:00:00Z`;
    const stored = [3, 1, 2].map((day) => ({ ...push(BASE, `d${day}`), created_at: at(day), account }));
    await createVersion2(stored);

    // The page's read finds version 2, leaves the upgrade to db.ts, then reads by the new index.
    const first = await readTracked(await loadSettings(), { first: 2 });
    expect(first.pushes.map((p) => p.url_token)).toEqual(['d3', 'd2']);
    expect(first.whole).toBe(false);
    const db = await watchDb();
    expect(db.version).toBe(3);
    expect([...db.transaction('pushes').store.indexNames]).toContain('by-account-created');
    // Nothing rewritten: the records are as version 2 kept them.
    expect(await db.getAll('pushes')).toEqual(expect.arrayContaining(stored));
  });
});
