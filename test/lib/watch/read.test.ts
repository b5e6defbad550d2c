/**
 * The one read of the cache (lib/watch/read.ts): the followed accounts' pushes, events and watcher state by
 * plain IndexedDB calls; where only db.ts can make it answer (an upgrade, version 1 records or state, a
 * refusal) db.ts opens the cache first.
 */
import { openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { DEMO_BASE_URL } from '@/lib/demo/constants';
import { loadSettings } from '@/lib/settings';
import { closeWatchDb, watchDb } from '@/lib/watch/db';
import { listTrackedPushes, readTracked } from '@/lib/watch/read';
import { recordCreatedPush } from '@/lib/watch/record';
import { stateKey, WATCH_DB_NAME, WATCH_DB_VERSION } from '@/lib/watch/schema';
import { INITIAL_STATE, type WatchEvent } from '@/lib/watch/types';
import { trackedPush } from '../../components/dashboard/tracked-push';
import { BASE, resetWatchDb, signInAlice } from './helpers';

const push = (server: string, urlToken: string, createdAt: string) =>
  trackedPush({ server, url_token: urlToken, html_url: `${server}/p/${urlToken}`, created_at: createdAt });

const event = (id: string, at: string, server = BASE): WatchEvent => ({
  id,
  server,
  url_token: 'a',
  kind: 'viewed',
  at,
  seen: false,
});

beforeEach(resetWatchDb);
afterEach(() => vi.restoreAllMocks());

const names = async () => (await indexedDB.databases()).map((db) => db.name);

/** A version 1 cache (no account keys), as the extension's first releases left it. */
async function version1Cache() {
  return openDB(WATCH_DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('pushes', { keyPath: ['server', 'url_token'] }).createIndex('by-server', 'server');
      db.createObjectStore('audit', { keyPath: ['server', 'url_token'] });
      db.createObjectStore('events', { keyPath: 'id' }).createIndex('by-push', ['server', 'url_token']);
      db.createObjectStore('state');
    },
  });
}

describe('readTracked', () => {
  it("reads the followed accounts' pushes and events, newest first, and the watcher's state", async () => {
    const account = await signInAlice();
    const db = await watchDb();
    await db.put('pushes', { ...push(BASE, 'old', '2026-01-01T10:00:00Z'), account });
    await db.put('pushes', { ...push(BASE, 'new', '2026-01-01T11:00:00Z'), account });
    await db.put('pushes', { ...push('https://other.example', 'o', '2026-01-01T12:00:00Z'), account });
    await db.put('pushes', { ...push(BASE, 'left', '2026-01-01T12:00:00Z'), account: 'https://x#gone' });
    await db.put('events', { ...event('e1', '2026-01-01T10:00:00Z'), account });
    await db.put('events', { ...event('e2', '2026-01-01T11:00:00Z'), account });
    await db.put('events', { ...event('gone', '2026-01-01T12:00:00Z'), account: 'https://x#gone' });
    const state = { ...INITIAL_STATE, server: BASE, lastAttemptAt: 1_767_000_000_000 };
    await db.put('state', state, stateKey(account));
    const settings = await loadSettings();

    const all = await readTracked(settings);
    expect(all.pushes.map((p) => p.url_token)).toEqual(['o', 'new', 'old']);
    expect(all.pushes[0]).not.toHaveProperty('account');
    expect(all.events.map((e) => e.id)).toEqual(['e2', 'e1']);
    expect(all.watcher).toEqual(state);
    expect((await readTracked(settings, { server: BASE })).pushes.map((p) => p.url_token)).toEqual([
      'new',
      'old',
    ]);
  });

  it('answers an empty cache with no pushes, no events and the initial state', async () => {
    await watchDb();
    const settings = await loadSettings();
    expect(await readTracked(settings)).toEqual({
      pushes: [],
      events: [],
      watcher: INITIAL_STATE,
      whole: true,
    });
  });

  it('reads with plain IndexedDB calls, opening the cache once, when it is current', async () => {
    const account = await signInAlice();
    await (await watchDb()).put('pushes', { ...push(BASE, 'a', '2026-01-01T10:00:00Z'), account });
    closeWatchDb();
    const open = vi.spyOn(indexedDB, 'open');
    expect((await readTracked(await loadSettings())).pushes.map((p) => p.url_token)).toEqual(['a']);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['by one getAll from the newest end (IndexedDB 3.0: Chrome 141 on)', false],
    ['by a cursor where getAll takes no direction (Firefox, Chrome 120 to 140)', true],
  ])(
    "reads only each account's newest `first` pushes, by the creation index, and says whether that was all: %s",
    async (_how, older) => {
      // fake-indexeddb has IndexedDB 3.0's getAllRecords (and getAll's direction): taken away, it is as old.
      const getAllRecords = Object.getOwnPropertyDescriptor(IDBIndex.prototype, 'getAllRecords');
      expect(getAllRecords).toBeDefined();
      if (older) delete (IDBIndex.prototype as { getAllRecords?: unknown }).getAllRecords;
      onTestFinished(() => void Object.defineProperty(IDBIndex.prototype, 'getAllRecords', getAllRecords!));
      const account = await signInAlice();
      const db = await watchDb();
      // Stored in an order unlike their creation: the index, not the store's key, gives the newest.
      const times = [
        '2026-01-01T10:00:00Z',
        '2026-01-03T10:00:00Z',
        '2026-01-02T10:00:00Z',
        '2026-01-05T10:00:00Z',
      ];
      for (const [i, at] of times.entries()) await db.put('pushes', { ...push(BASE, `p${i}`, at), account });
      await db.put('pushes', { ...push(BASE, 'left', '2026-02-01T10:00:00Z'), account: 'https://x#gone' });
      await db.put('events', { ...event('e1', '2026-01-01T10:00:00Z'), account });
      const settings = await loadSettings();
      const whole = await readTracked(settings);

      const cursor = vi.spyOn(IDBIndex.prototype, 'openCursor');
      const first = await readTracked(settings, { first: 2 });
      expect(cursor.mock.calls.length > 0).toBe(older);
      cursor.mockRestore();
      expect(first.pushes.map((p) => p.url_token)).toEqual(['p3', 'p1']);
      expect(first.pushes[0]).not.toHaveProperty('account');
      expect(first.whole).toBe(false);
      expect(first.events).toEqual(whole.events);
      expect(first.watcher).toEqual(whole.watcher);
      // More asked for than there are: every push, as the whole read has them.
      expect(await readTracked(settings, { first: 5 })).toEqual(whole);
      expect(whole.whole).toBe(true);
      expect(whole.pushes.map((p) => p.url_token)).toEqual(['p3', 'p1', 'p2', 'p0']);
    },
  );

  it("gives version 1's one watcher state to its account before reading it", async () => {
    const v1 = await version1Cache();
    const state = { ...INITIAL_STATE, server: BASE, failures: 3 };
    await v1.put('state', state, 'watcher');
    v1.close();
    await signInAlice();
    expect((await readTracked(await loadSettings())).watcher).toEqual(state);
    expect(await (await watchDb()).getAllKeys('state')).not.toContain('watcher');
  });
});

describe('listTrackedPushes (the popup)', () => {
  it('is empty where nothing was ever recorded, and leaves no database behind', async () => {
    expect(await listTrackedPushes(DEMO_BASE_URL)).toEqual([]);
    expect(await names()).not.toContain(WATCH_DB_NAME);
    // The watcher's own open still creates the database from nothing.
    expect((await watchDb()).version).toBe(WATCH_DB_VERSION);
  });

  it("lists the server's pushes of the followed accounts, newest first", async () => {
    const account = await signInAlice();
    const db = await watchDb();
    await db.put('pushes', { ...push(BASE, 'old', '2026-01-01T10:00:00Z'), account });
    await db.put('pushes', { ...push(BASE, 'new', '2026-01-01T11:00:00Z'), account });
    await db.put('pushes', { ...push(BASE, 'left', '2026-01-01T12:00:00Z'), account: 'https://x#gone' });
    await db.put('pushes', { ...push('https://other.example', 'o', '2026-01-01T12:00:00Z'), account });
    expect((await listTrackedPushes(BASE)).map((p) => p.url_token)).toEqual(['new', 'old']);
    expect((await listTrackedPushes()).map((p) => p.url_token)).toEqual(['o', 'new', 'old']);
  });

  it("reads only the server's newest `first`, walking past another server's pushes of the same account", async () => {
    const account = await signInAlice();
    const db = await watchDb();
    for (const [token, hour] of [
      ['a', 10],
      ['b', 11],
      ['c', 12],
    ] as const)
      await db.put('pushes', { ...push(BASE, token, `2026-01-01T${hour}:00:00Z`), account });
    // Newer than every push of BASE, under the same account (one origin, one token).
    await db.put('pushes', { ...push('https://other.example', 'o', '2026-01-01T13:00:00Z'), account });
    expect((await listTrackedPushes(BASE, 2)).map((p) => p.url_token)).toEqual(['c', 'b']);
    expect((await listTrackedPushes(undefined, 2)).map((p) => p.url_token)).toEqual(['o', 'c']);
    expect((await listTrackedPushes(BASE, 5)).map((p) => p.url_token)).toEqual(['c', 'b', 'a']);
  });

  it("reads the demo's pushes in demo mode", async () => {
    await recordCreatedPush(
      { ...push(DEMO_BASE_URL, 'd1', '2026-01-01T10:00:00Z'), expire_after_days: 1 } as never,
      { server: DEMO_BASE_URL, kind: 'text' },
    );
    expect((await listTrackedPushes(DEMO_BASE_URL)).map((p) => p.url_token)).toEqual(['d1']);
  });

  it('leaves a version 1 cache to db.ts, which upgrades it and adopts its records', async () => {
    const v1 = await version1Cache();
    await v1.put('pushes', push(BASE, 'kept', '2026-01-01T10:00:00Z'));
    await v1.put('pushes', push('https://left.example', 'erased', '2026-01-01T10:00:00Z'));
    v1.close();
    await signInAlice();
    expect((await listTrackedPushes()).map((p) => p.url_token)).toEqual(['kept']);
    expect((await watchDb()).version).toBe(WATCH_DB_VERSION);
  });

  it("passes the browser's refusal on in words, through db.ts", async () => {
    vi.spyOn(indexedDB, 'open').mockImplementation(() => {
      throw new DOMException('refused', 'InvalidStateError');
    });
    await expect(listTrackedPushes(BASE)).rejects.toMatchObject({ code: 'storage-unavailable' });
  });
});
