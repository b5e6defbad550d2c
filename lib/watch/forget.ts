/**
 * Erasing what the cache holds of servers and tokens the user left: their pushes (html_url and url_token,
 * live links), audit logs and events. Every account key but the kept ones (account.ts keptAccounts: each
 * saved server with its token, and the demo) is one they left: a server removed, or a token replaced.
 */
import { loadSettings } from '@/lib/settings';
import { keptAccounts } from './account';
import { ACCOUNT_STORES, stateKey, type WatchDatabase } from './schema';

async function accountsIn(db: WatchDatabase): Promise<Set<string>> {
  const found = new Set<string>();
  for (const name of ACCOUNT_STORES) {
    const index = db.transaction(name).store.index('by-account');
    for (let cursor = await index.openKeyCursor(null, 'nextunique'); cursor; cursor = await cursor.continue())
      found.add(cursor.key);
  }
  return found;
}

/**
 * Erases every record whose account is not in `keep`, in one transaction; returns how many accounts went.
 * The watcher's state of each account that went goes with it (its back-off, last error and full-sync times).
 */
export async function forgetAccounts(db: WatchDatabase, keep: readonly string[]): Promise<number> {
  const gone = [...(await accountsIn(db))].filter((account) => !keep.includes(account));
  if (gone.length === 0) return 0;
  const tx = db.transaction([...ACCOUNT_STORES, 'state'], 'readwrite');
  for (const name of ACCOUNT_STORES)
    for (const account of gone) {
      const index = tx.objectStore(name).index('by-account');
      for (let cursor = await index.openCursor(account); cursor; cursor = await cursor.continue())
        await cursor.delete();
    }
  for (const account of gone) await tx.objectStore('state').delete(stateKey(account));
  await tx.done;
  return gone.length;
}

/** Erases the cache of every server and token the saved settings no longer name; returns the count. */
export async function forgetLeftAccounts(open: () => Promise<WatchDatabase>): Promise<number> {
  return forgetAccounts(await open(), await keptAccounts(await loadSettings()));
}
