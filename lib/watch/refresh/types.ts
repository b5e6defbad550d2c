/**
 * The shapes of one refresh's read (diff.ts): the client it reads with, what it is given, each push it looks
 * into, and what it gives back. They sit below diff.ts and the parts it calls (audits, lists, sweep), which
 * all speak them, so no part imports the refresh that calls it.
 */
import type { ApiClient } from '@/lib/api';
import type { CacheChange, WatchCache } from '../cache';
import type { ListSchedule, TrackedPush, WatcherState } from '../types';

export type WatchClient = Pick<ApiClient, 'activePage' | 'expiredPage' | 'auditAll'>;

export interface DiffInput {
  client: WatchClient;
  cache: WatchCache;
  server: string;
  hasToken: boolean;
  now: number;
  state: WatcherState;
  fullSyncEveryMs?: number;
  /** Begin a read of the expired list now, whenever it was last read (a refresh the user asked for). */
  fullSync?: boolean;
  /** Asked for by the user: the attempts sweep skips its minimum ages (sweep.ts). */
  force?: boolean;
}

export interface DiffResult {
  change: CacheChange;
  requests: { list: number; audit: number };
  /** Set when the expired list's daily read reached its end: the new fullSyncAt of the server. */
  fullSyncAt?: number;
  /** Where the list reads stand for the next run (absent without a token: nothing was read). */
  schedule?: ListSchedule;
}

export interface Target {
  push: TrackedPush; // the record as the lists show it now (or the cached one, for a push gone from them)
  previous?: TrackedPush;
  gone: boolean; // left the active list
  listed: boolean; // found in the expired list (exact fields)
}
