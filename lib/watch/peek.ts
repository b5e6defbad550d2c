/**
 * The popup's recent list read with plain IndexedDB calls and the settings' one plain read, so the popup
 * opens without idb, the cache's migrations and the store. Whenever the quick read cannot answer exactly as
 * read.ts would (the cache needs an upgrade or still holds version 1 records to adopt, or the browser refused
 * it), read.ts answers, loaded only then; it also reports the refusal as it always did.
 */
import { readSettings } from '@/lib/settings/read';
import { followedAccounts } from './account-key';
import type { TrackedPush } from './types';
import { LEGACY_ACCOUNT, WATCH_DB_NAME, WATCH_DB_VERSION } from './schema';

type Stored = TrackedPush & { account?: string };

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/**
 * The cache at its current version, or: null when there is none yet (no push was ever recorded), undefined
 * when it needs an upgrade, which only watchDb (db.ts) performs. Aborting the upgrade leaves it as it was.
 */
function openCurrent(): Promise<IDBDatabase | null | undefined> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(WATCH_DB_NAME, WATCH_DB_VERSION);
    let answer: null | undefined;
    req.onupgradeneeded = (event) => {
      answer = event.oldVersion === 0 ? null : undefined;
      req.transaction?.abort();
    };
    req.onsuccess = () => {
      req.result.onversionchange = () => req.result.close(); // never hold back the watcher's upgrade
      resolve(req.result);
    };
    req.onerror = (event) => {
      event.preventDefault();
      if (req.error?.name === 'AbortError') resolve(answer);
      else reject(req.error);
    };
  });
}

/** read.ts listTrackedPushes(server) by the quick way; undefined when only read.ts can answer. */
async function quickRead(server: string): Promise<TrackedPush[] | undefined> {
  const { settings } = await readSettings();
  const [db, accounts] = await Promise.all([openCurrent(), followedAccounts(settings)]);
  if (!db) return db === null ? [] : undefined;
  try {
    const index = db.transaction('pushes').objectStore('pushes').index('by-account');
    const [legacy, ...lists] = await Promise.all([
      request(index.count(LEGACY_ACCOUNT)),
      ...accounts.map(({ account }) => request(index.getAll(account) as IDBRequest<Stored[]>)),
    ]);
    if (legacy) return undefined;
    return (lists as Stored[][])
      .flat()
      .filter((push) => push.server === server)
      .map(({ account: _account, ...push }) => push)
      .sort((a, b) => b.created_at.localeCompare(a.created_at));
  } finally {
    db.close();
  }
}

/** The tracked pushes of `server` in the followed accounts, newest first (as read.ts listTrackedPushes). */
export async function recentTrackedPushes(server: string): Promise<TrackedPush[]> {
  const quick = await quickRead(server).catch(() => undefined);
  return quick ?? (await import('./read')).listTrackedPushes(server);
}
