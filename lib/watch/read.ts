/**
 * Reading the cache, from pages and the background alike (the extension's own IndexedDB 'secret-push').
 * Pages reload when the local storage item 'watchRevision' changes. Only the followed accounts' records
 * (account.ts: each saved server with its token, or the demo) are ever read: a page never shows the
 * pushes of a server or token the user left, even before the watcher erased them.
 */
import type { Settings } from '@/lib/store/settings';
import { accountKey, currentAccount, currentAccounts, followedAccounts } from './account';
import { stateKey } from './cache';
import { unstamp, watchDb } from './db';
import { INITIAL_STATE, type TrackedPush, type WatcherState, type WatchEvent } from './types';

const newestFirst = (a: { created_at: string }, b: { created_at: string }) =>
  b.created_at.localeCompare(a.created_at);
const newestEvents = (a: WatchEvent, b: WatchEvent) => b.at.localeCompare(a.at) || b.id.localeCompare(a.id);

/** The records of every account followed now (account.ts followedAccounts), without their account key. */
async function followedRecords(store: 'pushes' | 'events'): Promise<Array<TrackedPush | WatchEvent>> {
  const db = await watchDb();
  const accounts = await currentAccounts();
  const lists = await Promise.all(
    accounts.map(({ account }) =>
      store === 'pushes'
        ? db.getAllFromIndex('pushes', 'by-account', account)
        : db.getAllFromIndex('events', 'by-account', account),
    ),
  );
  return lists.flat().map((record) => unstamp<TrackedPush | WatchEvent>(record));
}

/** The followed accounts' tracked pushes (every saved server's, or the demo's), newest first; of one server when given. */
export async function listTrackedPushes(server?: string): Promise<TrackedPush[]> {
  const all = (await followedRecords('pushes')) as TrackedPush[];
  return all.filter((push) => server === undefined || push.server === server).sort(newestFirst);
}

/** The followed accounts' events, newest first. */
export async function listEvents(): Promise<WatchEvent[]> {
  const all = (await followedRecords('events')) as WatchEvent[];
  return all.sort(newestEvents);
}

/**
 * The watcher's state of the default server (or the demo): last refresh, back-off, and `needsToken` (true
 * when the server cannot list the pushes because no API token is set: pages then say that views need one).
 */
export async function readWatcherState(): Promise<WatcherState> {
  const { account } = await currentAccount();
  if (account === null) return INITIAL_STATE;
  return (await (await watchDb()).get('state', stateKey(account))) ?? INITIAL_STATE;
}

/** What a page shows of the cache: read.ts's three lists at once (see readTracked). */
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
