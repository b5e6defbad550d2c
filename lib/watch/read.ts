/**
 * Reading the cache, from pages and the background alike (the extension's own IndexedDB 'secret-push').
 * Pages reload when the local storage item 'watchRevision' changes. Only the followed accounts' records
 * (account.ts: each saved server with its token, or the demo) are ever read: a page never shows the
 * pushes of a server or token the user left, even before the watcher erased them.
 */
import { currentAccount, currentAccounts } from './account';
import { watchDb } from './db';
import { stateKey, unstamp } from './schema';
import { newestEvents, newestFirst } from './read-tracked';
import { INITIAL_STATE, type TrackedPush, type WatcherState, type WatchEvent } from './types';

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

export { readTracked, type TrackedSnapshot } from './read-tracked';
