/**
 * The watcher's cache as a shape (issue 19): the database's name and version, its stores and indexes (one
 * DBSchema), the account stamp every record carries, and the state store's keys. Types and constants only,
 * with no import of idb's code, so everything that touches the database sits above it: db.ts opens it,
 * migrate.ts upgrades it, cache.ts, forget.ts and seen.ts write it, and read.ts reads it with plain
 * IndexedDB calls (the pages' one read loads neither idb nor the migrations).
 */
import type { DBSchema, IDBPDatabase } from 'idb';
import type { CachedAudit, TrackedPush, WatcherState, WatchEvent } from './types';

/** The extension's own database (the demo service keeps its data in 'secret-push-mock'). */
export const WATCH_DB_NAME = 'secret-push';
/**
 * 2: every record carries its account key (account.ts), indexed 'by-account'. 3: pushes are also indexed
 * 'by-account-created' ([account, created_at]), so a page reads an account's newest pushes first without
 * reading them all (issue 22: the dashboard's first screen at 10,000 pushes).
 */
export const WATCH_DB_VERSION = 3;

/** The stores whose records belong to an account. */
export const ACCOUNT_STORES = ['pushes', 'audit', 'events'] as const;

/** Never a real key (those start with an origin, or are 'demo'): version 1 records awaiting adoption (migrate.ts). */
export const LEGACY_ACCOUNT = 'legacy';
/** Where the one watcher state of version 1 was kept, until migrate.ts gives it to its account. */
export const LEGACY_STATE_KEY = 'watcher';

/**
 * Each account keeps its own watcher state (back-off, errors, full-sync times), so a server that fails never
 * holds back another's refresh.
 */
export function stateKey(account: string): string {
  return `watcher:${account}`;
}

/** A record as stored: with the account key it belongs to (the refresh core never sees it). */
export type Stored<T> = T & { account: string };

/** The record without its account key, as the refresh core and the pages know it. */
export function unstamp<T extends object>(record: Stored<T>): T {
  const copy: Partial<Stored<T>> = { ...record };
  delete copy.account;
  return copy as T;
}

/** The pushes' index in order of creation within each account (version 3): [account, created_at]. */
export const PUSHES_BY_CREATED = 'by-account-created';

/** The whole database: pushes and audits by [server, url_token], events by id, states by stateKey. */
export interface WatchDB extends DBSchema {
  pushes: {
    key: [string, string];
    value: Stored<TrackedPush>;
    indexes: { 'by-server': string; 'by-account': string; 'by-account-created': [string, string] };
  };
  audit: { key: [string, string]; value: Stored<CachedAudit>; indexes: { 'by-account': string } };
  events: {
    key: string;
    value: Stored<WatchEvent>;
    indexes: { 'by-push': [string, string]; 'by-account': string };
  };
  state: { key: string; value: WatcherState };
}

export type WatchDatabase = IDBPDatabase<WatchDB>;
