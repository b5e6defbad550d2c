/**
 * The mock service's database: one DBSchema for pushes, audit entries and file bytes. Opened in one place;
 * every write of a request is one transaction, so a failure never leaves half a change behind.
 */
import { wrap, type DBSchema, type IDBPDatabase } from 'idb';
import type { AuditRecord, FileRecord, PushRecord } from './types';

export interface MockDB extends DBSchema {
  pushes: { key: string; value: PushRecord; indexes: { 'by-owner': string } };
  audit: { key: number; value: AuditRecord; indexes: { 'by-push': string } };
  files: { key: string; value: FileRecord; indexes: { 'by-push': string } };
}

export const MOCK_DB_VERSION = 1;

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
  request.addEventListener('upgradeneeded', () => {
    const db = request.result;
    const pushes = db.createObjectStore('pushes', { keyPath: 'url_token' });
    pushes.createIndex('by-owner', 'owner');
    const audit = db.createObjectStore('audit', { keyPath: 'id', autoIncrement: true });
    audit.createIndex('by-push', 'url_token');
    const files = db.createObjectStore('files', { keyPath: 'id' });
    files.createIndex('by-push', 'url_token');
  });
  const db = (await wrap(request)) as unknown as IDBPDatabase<MockDB>;
  return createStore(db);
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
    close: () => db.close(),
  };
}
