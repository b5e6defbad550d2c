/**
 * The watcher's cache: the extension's own IndexedDB database 'secret-push' (the demo service keeps its data
 * in 'secret-push-mock'). One DBSchema, opened here only. Pages and the background share it: extension pages
 * and the worker have the same origin.
 */
import { shared } from '@/lib/async';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { CachedAudit, TrackedPush, WatcherState, WatchEvent } from './types';

export const WATCH_DB_NAME = 'secret-push';
export const WATCH_DB_VERSION = 1;

export interface WatchDB extends DBSchema {
  pushes: { key: [string, string]; value: TrackedPush; indexes: { 'by-server': string } };
  audit: { key: [string, string]; value: CachedAudit };
  events: { key: string; value: WatchEvent; indexes: { 'by-push': [string, string] } };
  state: { key: string; value: WatcherState };
}

export type WatchDatabase = IDBPDatabase<WatchDB>;

const opening = shared(() =>
  openDB<WatchDB>(WATCH_DB_NAME, WATCH_DB_VERSION, {
    upgrade(db) {
      const pushes = db.createObjectStore('pushes', { keyPath: ['server', 'url_token'] });
      pushes.createIndex('by-server', 'server');
      db.createObjectStore('audit', { keyPath: ['server', 'url_token'] });
      const events = db.createObjectStore('events', { keyPath: 'id' });
      events.createIndex('by-push', ['server', 'url_token']);
      db.createObjectStore('state');
    },
    // A newer version opened in another context: step aside so its upgrade can run.
    blocking() {
      closeWatchDb();
    },
  }),
);
/** The last connection handed out, so closeWatchDb can close it even while it is still opening. */
let latest: Promise<WatchDatabase> | undefined;

/**
 * The shared connection, opened on first use (a failed open is not kept: the next call tries again). Only
 * the connection is kept in memory; every piece of state lives in the database, so a restarted worker finds
 * everything again.
 */
export function watchDb(): Promise<WatchDatabase> {
  latest = opening();
  return latest;
}

/** Closes the shared connection (tests simulate a worker restart with it; a newer version needs it). */
export function closeWatchDb(): void {
  const current = latest;
  latest = undefined;
  opening.reset();
  current?.then(
    (db) => db.close(),
    () => undefined, // it never opened: nothing to close, and the opener already saw the error
  );
}
