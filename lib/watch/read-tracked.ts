/**
 * The dashboard's one read of the cache for the settings it holds (readTracked). Apart from read.ts, whose
 * reads load the settings themselves: this module needs only the accounts' pure keys (account-key.ts), so
 * the dashboard's first screen loads no store library (issue 13).
 */
import type { Settings } from '@/lib/settings';
import { accountKey, followedAccounts } from './account-key';
import { watchDb } from './db';
import { stateKey, unstamp } from './schema';
import { INITIAL_STATE, type TrackedPush, type WatcherState, type WatchEvent } from './types';

/** Orders pushes newest first. */
export const newestFirst = (a: { created_at: string }, b: { created_at: string }) =>
  b.created_at.localeCompare(a.created_at);
/** Orders events newest first (by id when at the same time). */
export const newestEvents = (a: WatchEvent, b: WatchEvent) =>
  b.at.localeCompare(a.at) || b.id.localeCompare(a.id);

export interface TrackedSnapshot {
  /** Newest first; of one server when given. */
  pushes: TrackedPush[];
  /** Newest first. */
  events: WatchEvent[];
  watcher: WatcherState;
}

/**
 * listTrackedPushes, listEvents and readWatcherState in one read, for `settings` the page already holds: the
 * accounts are hashed once and the three stores read in one transaction, where the three calls each read
 * the settings and opened a transaction of their own (the dashboard's first screen waited for all of them).
 */
export async function readTracked(settings: Settings, server?: string): Promise<TrackedSnapshot> {
  const [db, accounts, current] = await Promise.all([
    watchDb(),
    followedAccounts(settings),
    accountKey(settings),
  ]);
  const tx = db.transaction(['pushes', 'events', 'state']);
  const all = accounts.map(({ account }) => account);
  const [pushLists, eventLists, state] = await Promise.all([
    Promise.all(all.map((account) => tx.objectStore('pushes').index('by-account').getAll(account))),
    Promise.all(all.map((account) => tx.objectStore('events').index('by-account').getAll(account))),
    current === null ? undefined : tx.objectStore('state').get(stateKey(current)),
  ]);
  const pushes = pushLists.flat().map((record) => unstamp<TrackedPush>(record));
  return {
    pushes: pushes.filter((push) => server === undefined || push.server === server).sort(newestFirst),
    events: eventLists
      .flat()
      .map((record) => unstamp<WatchEvent>(record))
      .sort(newestEvents),
    watcher: state ?? INITIAL_STATE,
  };
}
