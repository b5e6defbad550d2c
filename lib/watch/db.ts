/**
 * Opening the watcher's cache: the extension's own IndexedDB database, whose shape is schema.ts's. Opened and
 * upgraded here only (read.ts reads it as it is, and comes here only when it needs an upgrade). Pages and the
 * background share it: extension pages and the worker have the same origin.
 */
import { shared } from '@/lib/async';
import { AppError } from '@/lib/errors';
import { openDB } from 'idb';
import { adoptLegacy, upgradeWatchDb } from './migrate';
import { WATCH_DB_NAME, WATCH_DB_VERSION, type WatchDatabase, type WatchDB } from './schema';

/**
 * An open the browser refused outright becomes AppError 'storage-unavailable'. Firefox ESR 153 refuses
 * IndexedDB to extension pages in a private window with InvalidStateError ("A mutation operation was
 * attempted on a database that did not allow mutations"); SecurityError is how browsers refuse storage a
 * user blocked. Any other failure is passed on as it is.
 */
export function storageRefused(error: unknown): unknown {
  const refused =
    error instanceof DOMException && (error.name === 'InvalidStateError' || error.name === 'SecurityError');
  return refused
    ? new AppError('storage-unavailable', 'IndexedDB is not available here.', { cause: error })
    : error;
}

/** Opens the database; a refusal by the browser (thrown, or its request's error) is storageRefused's. */
async function open(): Promise<WatchDatabase> {
  try {
    return await openDB<WatchDB>(WATCH_DB_NAME, WATCH_DB_VERSION, {
      upgrade: upgradeWatchDb,
      // A newer version opened in another context: step aside so its upgrade can run.
      blocking() {
        closeWatchDb();
      },
    });
  } catch (error) {
    throw storageRefused(error);
  }
}

const opening = shared(async () => {
  const db = await open();
  try {
    await adoptLegacy(db);
  } catch (error) {
    db.close(); // the next call opens it again and retries the adoption
    throw error;
  }
  return db;
});
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
