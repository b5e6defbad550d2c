/**
 * One refresh's reading and diffing, without browser.*: the lists of the server against the cache, the audit
 * logs of the pushes that changed, and the records and events that result. Writes nothing: the caller
 * commits the change in one transaction, so a failure half-way leaves the cache as it was.
 *
 * Request budget: at most LIST_BUDGET list requests, whatever the account's size (which pages: schedule.ts),
 * one audit read per push that changed (new with views already used, views changed, or gone from the active
 * list: expired or deleted, the audit tells which and the views used on the way), and at most SWEEP_PER_RUN
 * more for the attempts sweep (sweep.ts). Pristine pushes cost nothing.
 *
 * A push recorded here ('local') that is gone from the active list is read like any other (it may have been
 * used up or deleted before the refresh that would have listed it); when the server refuses its audit (it was
 * created anonymously), it is marked audit_denied and followed by time from then on, at no further cost.
 */
import type { ApiClient } from '@/lib/api';
import { byTime, explainTarget } from './audits';
import type { CacheChange, WatchCache } from '../cache';
import { sortLists } from './lists';
import { coveredBy, readScheduled } from './schedule';
import { sweep } from './sweep';
import type { ListSchedule, TrackedPush, WatcherState } from '../types';

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

/** Reads the server and diffs it against the cache. Throws on transient failures (nothing is written). */
export async function diffServer(input: DiffInput): Promise<DiffResult> {
  const { client, cache, server, now, state } = input;
  const cachedList = await cache.pushes(server);
  const requests = { list: 0, audit: 0 };
  if (!input.hasToken) return { change: byTime(cachedList, now), requests };

  const lastFull = state.fullSyncAt[server];
  const due =
    lastFull === undefined ||
    input.fullSync === true ||
    now - lastFull >= (input.fullSyncEveryMs ?? FULL_SYNC_EVERY_MS);
  const read = await readScheduled({
    client,
    cached: cachedList,
    previous: state.schedule?.[server],
    lastFull,
    due,
    now,
  });
  requests.list = read.requests;
  const { change, targets, unchanged } = await sortLists(input, {
    cached: cachedList,
    active: read.active.flatMap((page) => page.items),
    expired: read.expired.flatMap((page) => page.items),
    covered: coveredBy(read.active),
    historyUntil: read.schedule.historyUntil,
  });
  for (const target of targets) await explainTarget(input, target, change, requests);
  // Pushes that expired before this run: a failed view of a used link shows only in their audit.
  const alreadyExpired = cachedList.filter((push) => push.expired);
  await sweep(input, [...unchanged, ...alreadyExpired], change, requests);
  const result: DiffResult = { change, requests, schedule: read.schedule };
  if (read.fullSyncAt !== undefined) result.fullSyncAt = read.fullSyncAt;
  return result;
}
