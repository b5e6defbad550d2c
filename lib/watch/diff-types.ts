/**
 * The shapes of one refresh's diff (diff.ts) and of the audit reads that settle it (settle.ts).
 */
import type { ApiClient } from '@/lib/api';
import type { CacheChange, WatchCache } from './cache';
import type { TrackedPush, WatcherState } from './types';

export type WatchClient = Pick<ApiClient, 'activePage' | 'expiredPage' | 'auditAll'>;

export const FULL_SYNC_EVERY_MS = 24 * 3_600_000;

export interface DiffInput {
  client: WatchClient;
  cache: WatchCache;
  server: string;
  hasToken: boolean;
  now: number;
  state: WatcherState;
  fullSyncEveryMs?: number;
  /** Read the expired list too, whenever it was last read (a refresh the user asked for). */
  fullSync?: boolean;
  /** Asked for by the user: the attempts sweep skips its minimum ages (sweep.ts). */
  force?: boolean;
}

export interface DiffResult {
  change: CacheChange;
  requests: { list: number; audit: number };
  /** Set when both lists were read: the new fullSyncAt of the server. */
  fullSyncAt?: number;
}

export interface Target {
  push: TrackedPush; // the record as the lists show it now (or the cached one, for a push gone from them)
  previous?: TrackedPush;
  gone: boolean; // left the active list
  listed: boolean; // found in the expired list (exact fields)
}
