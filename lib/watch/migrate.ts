/**
 * The cache's migrations, from any older version to schema.ts's (db.ts runs them when it opens the cache).
 * Version 3 indexes the pushes by creation (addCreatedIndex). Version 2 gives every record the account key it
 * belongs to (account.ts). That key needs the saved settings and a digest, which cannot be awaited
 * inside the upgrade's transaction, so version 1 records are first marked LEGACY_ACCOUNT there, and adopted
 * right after the open: the saved server's get its key, the demo's the demo key, and those of any other
 * server (one the user left) are erased.
 */
import type { IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import { DEMO_BASE_URL } from '@/lib/demo/constants';
import {
  ACCOUNT_STORES,
  LEGACY_ACCOUNT,
  LEGACY_STATE_KEY,
  PUSHES_BY_CREATED,
  stateKey,
  type WatchDB,
} from './schema';

type Upgrade = IDBPTransaction<WatchDB, StoreNames<WatchDB>[], 'versionchange'>;

function createVersion1(db: IDBPDatabase<WatchDB>): void {
  const pushes = db.createObjectStore('pushes', { keyPath: ['server', 'url_token'] });
  pushes.createIndex('by-server', 'server');
  db.createObjectStore('audit', { keyPath: ['server', 'url_token'] });
  const events = db.createObjectStore('events', { keyPath: 'id' });
  events.createIndex('by-push', ['server', 'url_token']);
  db.createObjectStore('state');
}

async function addAccounts(tx: Upgrade): Promise<void> {
  for (const name of ACCOUNT_STORES) {
    const store = tx.objectStore(name);
    store.createIndex('by-account', 'account');
    for (let cursor = await store.openCursor(); cursor; cursor = await cursor.continue())
      await cursor.update({ ...cursor.value, account: LEGACY_ACCOUNT });
  }
}

/**
 * Version 3: an account's pushes in order of creation, so a page can read the newest first (read.ts). The
 * browser fills the index from the records as they are: nothing is rewritten.
 */
function addCreatedIndex(tx: Upgrade): void {
  tx.objectStore('pushes').createIndex(PUSHES_BY_CREATED, ['account', 'created_at']);
}

/** The upgrade callback of openDB: from any older version to the current one. */
export async function upgradeWatchDb(
  db: IDBPDatabase<WatchDB>,
  oldVersion: number,
  _newVersion: number | null,
  tx: Upgrade,
): Promise<void> {
  if (oldVersion < 1) createVersion1(db);
  if (oldVersion < 2) await addAccounts(tx);
  if (oldVersion < 3) addCreatedIndex(tx);
}

/**
 * Adopts what a cache of an older version left (adoptLegacyRecords, adoptLegacyState), asking whether there
 * is any in one read transaction: db.ts runs this at every open, so at every wake of the service worker,
 * where one transaction per store was four round trips to IndexedDB on the worker's one thread (issue 22).
 */
export async function adoptLegacy(db: IDBPDatabase<WatchDB>): Promise<void> {
  const tx = db.transaction([...ACCOUNT_STORES, 'state']);
  const [counts, state] = await Promise.all([
    Promise.all(ACCOUNT_STORES.map((name) => tx.objectStore(name).index('by-account').count(LEGACY_ACCOUNT))),
    tx.objectStore('state').get(LEGACY_STATE_KEY),
    tx.done,
  ]);
  if (counts.some((count) => count > 0)) await adoptLegacyRecords(db);
  if (state) await adoptLegacyState(db);
}

/** Gives the records a version 1 cache held their account key, or erases them (see the module comment). */
async function adoptLegacyRecords(db: IDBPDatabase<WatchDB>): Promise<void> {
  // Loaded only here: the refresh core (and its Node benchmark) opens the cache without any settings.
  const { DEMO_ACCOUNT, savedOwner } = await import('./account');
  const owner = await savedOwner();
  const tx = db.transaction(ACCOUNT_STORES, 'readwrite');
  for (const name of ACCOUNT_STORES) {
    const index = tx.objectStore(name).index('by-account');
    for (let cursor = await index.openCursor(LEGACY_ACCOUNT); cursor; cursor = await cursor.continue()) {
      const { server } = cursor.value;
      const account =
        server === DEMO_BASE_URL ? DEMO_ACCOUNT : server === owner.server ? owner.account : null;
      if (account === null) await cursor.delete();
      else await cursor.update({ ...cursor.value, account });
    }
  }
  await tx.done;
}

/**
 * The watcher's state was one record ('watcher') before each account kept its own (schema.ts stateKey): it
 * was the state of the account the settings named, so it becomes that account's, once.
 */
async function adoptLegacyState(db: IDBPDatabase<WatchDB>): Promise<void> {
  const { currentAccount } = await import('./account');
  const { account } = await currentAccount();
  const tx = db.transaction('state', 'readwrite');
  // Read again inside the write: another context may have adopted it since adoptLegacy looked.
  const legacy = await tx.store.get(LEGACY_STATE_KEY);
  if (legacy && account !== null && !(await tx.store.get(stateKey(account))))
    await tx.store.put(legacy, stateKey(account));
  await tx.store.delete(LEGACY_STATE_KEY);
  await tx.done;
}
