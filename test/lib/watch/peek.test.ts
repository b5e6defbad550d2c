/**
 * The popup's quick read of its recent list (lib/watch/peek.ts) answers as read.ts listTrackedPushes, with
 * plain IndexedDB calls; where only read.ts can answer (an upgrade, version 1 records, a refusal) it does.
 */
import { openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_BASE_URL } from '@/lib/demo/constants';
import { watchDb } from '@/lib/watch/db';
import { WATCH_DB_NAME } from '@/lib/watch/schema';
import { recentTrackedPushes } from '@/lib/watch/peek';
import { listTrackedPushes } from '@/lib/watch/read';
import { recordCreatedPush } from '@/lib/watch/record';
import { trackedPush } from '../../components/dashboard/tracked-push';
import { BASE, resetWatchDb, signInAlice } from './helpers';

const push = (server: string, urlToken: string, createdAt: string) =>
  trackedPush({ server, url_token: urlToken, html_url: `${server}/p/${urlToken}`, created_at: createdAt });

beforeEach(resetWatchDb);
afterEach(() => vi.restoreAllMocks());

const names = async () => (await indexedDB.databases()).map((db) => db.name);

describe('recentTrackedPushes', () => {
  it('is empty where nothing was ever recorded, and leaves no database behind', async () => {
    expect(await recentTrackedPushes(DEMO_BASE_URL)).toEqual([]);
    expect(await names()).not.toContain(WATCH_DB_NAME);
    // The watcher's own open still creates the database from nothing.
    expect((await watchDb()).version).toBe(2);
  });

  it("lists the server's pushes of the followed accounts, newest first, as read.ts does", async () => {
    const account = await signInAlice();
    const db = await watchDb();
    await db.put('pushes', { ...push(BASE, 'old', '2026-01-01T10:00:00Z'), account });
    await db.put('pushes', { ...push(BASE, 'new', '2026-01-01T11:00:00Z'), account });
    await db.put('pushes', { ...push(BASE, 'left', '2026-01-01T12:00:00Z'), account: 'https://x#gone' });
    await db.put('pushes', { ...push('https://other.example', 'o', '2026-01-01T12:00:00Z'), account });
    const open = vi.spyOn(indexedDB, 'open');
    const quick = await recentTrackedPushes(BASE);
    expect(quick.map((p) => p.url_token)).toEqual(['new', 'old']);
    expect(quick).toEqual(await listTrackedPushes(BASE));
    expect(open).toHaveBeenCalledTimes(1); // read.ts's connection was already open: only the quick read opened
  });

  it("reads the demo's pushes in demo mode", async () => {
    await recordCreatedPush(
      { ...push(DEMO_BASE_URL, 'd1', '2026-01-01T10:00:00Z'), expire_after_days: 1 } as never,
      { server: DEMO_BASE_URL, kind: 'text' },
    );
    const quick = await recentTrackedPushes(DEMO_BASE_URL);
    expect(quick.map((p) => p.url_token)).toEqual(['d1']);
    expect(quick).toEqual(await listTrackedPushes(DEMO_BASE_URL));
  });

  it('leaves a version 1 cache to read.ts, which upgrades it and adopts its records', async () => {
    const v1 = await openDB(WATCH_DB_NAME, 1, {
      upgrade(db) {
        db.createObjectStore('pushes', { keyPath: ['server', 'url_token'] }).createIndex(
          'by-server',
          'server',
        );
        db.createObjectStore('audit', { keyPath: ['server', 'url_token'] });
        db.createObjectStore('events', { keyPath: 'id' }).createIndex('by-push', ['server', 'url_token']);
        db.createObjectStore('state');
      },
    });
    await v1.put('pushes', push(BASE, 'kept', '2026-01-01T10:00:00Z'));
    v1.close();
    await signInAlice();
    expect((await recentTrackedPushes(BASE)).map((p) => p.url_token)).toEqual(['kept']);
    expect((await watchDb()).version).toBe(2);
  });

  it("passes the browser's refusal on in words, through read.ts", async () => {
    vi.spyOn(indexedDB, 'open').mockImplementation(() => {
      throw new DOMException('refused', 'InvalidStateError');
    });
    await expect(recentTrackedPushes(BASE)).rejects.toMatchObject({ code: 'storage-unavailable' });
  });
});
