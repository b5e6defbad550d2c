/**
 * Reading the cache, from pages and the background alike (the extension's own IndexedDB 'secret-push').
 * Pages reload when the local storage item 'watchRevision' changes. Only the current account's records
 * (account.ts: the saved settings' server and token, or the demo) are ever read: a page never shows the
 * pushes of a server or token the user left, even before the watcher erased them.
 */
import { currentAccount } from './account';
import { unstamp, watchDb } from './db';
import { INITIAL_STATE, type TrackedPush, type WatcherState, type WatchEvent } from './types';

const newestFirst = (a: { created_at: string }, b: { created_at: string }) =>
  b.created_at.localeCompare(a.created_at);

/** The current account's key, or null (nothing saved: nothing to read). */
async function account(): Promise<string | null> {
  return (await currentAccount()).account;
}

/** The current account's tracked pushes, newest first; of one server (base URL) when given. */
export async function listTrackedPushes(server?: string): Promise<TrackedPush[]> {
  const key = await account();
  if (key === null) return [];
  const all = await (await watchDb()).getAllFromIndex('pushes', 'by-account', key);
  return all
    .filter((push) => server === undefined || push.server === server)
    .map(unstamp)
    .sort(newestFirst);
}

/** The current account's events, newest first. */
export async function listEvents(): Promise<WatchEvent[]> {
  const key = await account();
  if (key === null) return [];
  return (await (await watchDb()).getAllFromIndex('events', 'by-account', key))
    .map(unstamp)
    .sort((a, b) => b.at.localeCompare(a.at) || b.id.localeCompare(a.id));
}

/**
 * The watcher's state: last refresh, back-off, and `needsToken` (true when the server cannot list the
 * pushes because no API token is set: pages then say that views need one).
 */
export async function readWatcherState(): Promise<WatcherState> {
  const db = await watchDb();
  return (await db.get('state', 'watcher')) ?? INITIAL_STATE;
}
