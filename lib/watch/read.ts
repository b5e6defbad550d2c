/**
 * Reading the cache, from pages and the background alike (the extension's own IndexedDB 'secret-push').
 * Pages reload when the local storage item 'watchRevision' changes.
 */
import { watchDb } from './db';
import { INITIAL_STATE, type TrackedPush, type WatcherState, type WatchEvent } from './types';

const newestFirst = (a: { created_at: string }, b: { created_at: string }) =>
  b.created_at.localeCompare(a.created_at);

/** The tracked pushes, newest first; of one server when given. */
export async function listTrackedPushes(server?: string): Promise<TrackedPush[]> {
  const db = await watchDb();
  const all =
    server === undefined
      ? await db.getAll('pushes')
      : await db.getAllFromIndex('pushes', 'by-server', server);
  return all.sort(newestFirst);
}

/** Every event, newest first. */
export async function listEvents(): Promise<WatchEvent[]> {
  const db = await watchDb();
  return (await db.getAll('events')).sort((a, b) => b.at.localeCompare(a.at) || b.id.localeCompare(a.id));
}

/**
 * The watcher's state: last refresh, back-off, and `needsToken` (true when the server cannot list the
 * pushes because no API token is set: pages then say that views need one).
 */
export async function readWatcherState(): Promise<WatcherState> {
  const db = await watchDb();
  return (await db.get('state', 'watcher')) ?? INITIAL_STATE;
}
