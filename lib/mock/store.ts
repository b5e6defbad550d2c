/**
 * The mock service's database: one DBSchema for pushes, audit entries and file bytes. Opened in one place;
 * every write of a request is one transaction, so a failure never leaves half a change behind.
 */
import { wrap, type DBSchema, type IDBPDatabase } from 'idb';
import type { AuditRecord, FileRecord, PushRecord } from './types';

export interface MockDB extends DBSchema {
  pushes: { key: string; value: PushRecord; indexes: { 'by-owner': string; 'by-expiry': number } };
  audit: { key: number; value: AuditRecord; indexes: { 'by-push': string } };
  files: { key: string; value: FileRecord; indexes: { 'by-push': string } };
}

/** 1: the three stores; 2: the sparse 'by-expiry' index over live pushes' erase_at. */
export const MOCK_DB_VERSION = 2;

/** One write: the push as it now is, with what goes with it. */
export interface Change {
  push: PushRecord;
  audit?: AuditRecord[];
  addFiles?: FileRecord[];
  /** Delete every stored file of this push (erasure). */
  eraseFiles?: boolean;
}

export interface MockStore {
  /** The raw database, for tests that check what is really stored. */
  readonly db: IDBPDatabase<MockDB>;
  getPush(urlToken: string): Promise<PushRecord | undefined>;
  pushesOf(owner: string): Promise<PushRecord[]>;
  auditOf(urlToken: string): Promise<AuditRecord[]>;
  getFile(id: string): Promise<FileRecord | undefined>;
  /** Applies the changes in one transaction. */
  commit(...changes: Change[]): Promise<void>;
  /**
   * Every live push whose expiry instant is at or before `now` is replaced by `expire(push)` and its file
   * bytes are deleted, in one transaction. Reads only the due part of the 'by-expiry' index, so it is cheap
   * when nothing is due. Returns how many pushes it expired.
   */
  expireDue(now: number, expire: (push: PushRecord) => PushRecord): Promise<number>;
  close(): void;
}

/**
 * Opens (creating when needed) the mock's database; default name 'secret-push-mock'. idb checks values
 * against the global IDB classes, so in Node load `fake-indexeddb/auto` (or define those globals) first.
 */
export async function openMockStore(
  options: { indexedDB?: IDBFactory; name?: string } = {},
): Promise<MockStore> {
  const factory = options.indexedDB ?? globalThis.indexedDB;
  if (!factory) throw new Error('openMockStore: no IndexedDB in this environment; pass options.indexedDB');
  const request = factory.open(options.name ?? 'secret-push-mock', MOCK_DB_VERSION);
  // idb's openDB always uses the global factory, so open by hand and let idb wrap the request.
  request.addEventListener('upgradeneeded', (event) => {
    const db = request.result;
    const upgrade = request.transaction as IDBTransaction;
    if (event.oldVersion < 1) {
      const pushes = db.createObjectStore('pushes', { keyPath: 'url_token' });
      pushes.createIndex('by-owner', 'owner');
      const audit = db.createObjectStore('audit', { keyPath: 'id', autoIncrement: true });
      audit.createIndex('by-push', 'url_token');
      const files = db.createObjectStore('files', { keyPath: 'id' });
      files.createIndex('by-push', 'url_token');
    }
    if (event.oldVersion < 2) addExpiryIndex(upgrade.objectStore('pushes'));
  });
  const db = (await wrap(request)) as unknown as IDBPDatabase<MockDB>;
  return createStore(db);
}

/** Version 2: index live pushes by their expiry instant; pushes stored by version 1 get erase_at here. */
function addExpiryIndex(pushes: IDBObjectStore): void {
  pushes.createIndex('by-expiry', 'erase_at');
  const cursor = pushes.openCursor();
  cursor.addEventListener('success', () => {
    const at = cursor.result;
    if (!at) return;
    const push = at.value as PushRecord;
    if (!push.expired && push.erase_at === undefined) at.update({ ...push, erase_at: push.expires_at });
    at.continue();
  });
}

function createStore(db: IDBPDatabase<MockDB>): MockStore {
  return {
    db,
    getPush: (urlToken) => db.get('pushes', urlToken),
    pushesOf: (owner) => db.getAllFromIndex('pushes', 'by-owner', owner),
    auditOf: (urlToken) => db.getAllFromIndex('audit', 'by-push', urlToken),
    getFile: (id) => db.get('files', id),
    async commit(...changes) {
      const tx = db.transaction(['pushes', 'audit', 'files'], 'readwrite');
      const files = tx.objectStore('files');
      try {
        for (const change of changes) {
          await tx.objectStore('pushes').put(change.push);
          for (const entry of change.audit ?? []) await tx.objectStore('audit').add(entry);
          for (const file of change.addFiles ?? []) await files.put(file);
          if (change.eraseFiles) {
            const ids = await files.index('by-push').getAllKeys(change.push.url_token);
            for (const id of ids) await files.delete(id);
          }
        }
      } catch (error) {
        // The transaction aborts with this same error; report it once, from here.
        tx.done.catch(() => undefined);
        throw error;
      }
      await tx.done;
    },
    async expireDue(now, expire) {
      const tx = db.transaction(['pushes', 'files'], 'readwrite');
      const files = tx.objectStore('files');
      let count = 0;
      try {
        // Ascending by expiry instant: stop at the first push that is not due yet.
        let cursor = await tx.objectStore('pushes').index('by-expiry').openCursor();
        while (cursor && cursor.key <= now) {
          await cursor.update(expire(cursor.value));
          for (const id of await files.index('by-push').getAllKeys(cursor.value.url_token)) {
            await files.delete(id);
          }
          count++;
          cursor = await cursor.continue();
        }
      } catch (error) {
        tx.done.catch(() => undefined); // the transaction aborts with this same error, reported here
        throw error;
      }
      await tx.done;
      return count;
    },
    close: () => db.close(),
  };
}
