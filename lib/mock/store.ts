/**
 * The mock service's database: one DBSchema for pushes, audit entries and file bytes. Opened in one place;
 * every write of a request is one transaction, so a failure never leaves half a change behind.
 */
import { wrap, type DBSchema, type IDBPDatabase } from 'idb';
import { addLists, listKey, ownerSeqRange, shelfRange, type ListKey, type Shelf } from './lists';
import type { AuditRecord, FileRecord, PushRecord } from './types';

export interface MockDB extends DBSchema {
  pushes: {
    key: string;
    value: PushRecord;
    indexes: { 'by-owner-seq': [string, number]; 'by-expiry': number };
  };
  audit: { key: number; value: AuditRecord; indexes: { 'by-push': string } };
  files: { key: string; value: FileRecord; indexes: { 'by-push': string } };
  /** The owners' lists (lists.ts): the url_token under its place in them. */
  lists: { key: ListKey; value: string };
}

/**
 * 1: the three stores; 2: the sparse 'by-expiry' index over live pushes' erase_at; 3: the 'lists' store and
 * the 'by-owner-seq' index, so a list page and a create cost a page's reads, not the owner's every push.
 */
export const MOCK_DB_VERSION = 3;

/** One page of an owner's list and how many pushes the whole list holds. */
export interface ListPage {
  total: number;
  pushes: PushRecord[];
}

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
  /**
   * `limit` pushes of the owner's active or expired list from `offset` on, newest first (created_at, then
   * seq), with the list's length. Reads the page's records only, however long the list.
   */
  listPage(owner: string, shelf: Shelf, offset: number, limit: number): Promise<ListPage>;
  /** The highest seq among the owner's pushes, or null when the owner has none. */
  lastSeq(owner: string): Promise<number | null>;
  auditOf(urlToken: string): Promise<AuditRecord[]>;
  getFile(id: string): Promise<FileRecord | undefined>;
  /**
   * The bytes of every stored file. Counted once, at the first call (a scan of the files), then kept up to
   * date by every write, so a host with a cap on what it stores pays nothing more per upload.
   */
  storedBytes(): Promise<number>;
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
    if (event.oldVersion < 3) addLists(db, upgrade.objectStore('pushes'));
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

/** A stored file's size in bytes (its Blob, or an ArrayBuffer in databases written before). */
export const fileSize = (file: Pick<FileRecord, 'data'>): number =>
  file.data instanceof Blob ? file.data.size : file.data.byteLength;

/** What a files store deleted from it needs to report the bytes it freed. */
interface FilesWriter {
  index(name: 'by-push'): { getAll(key: string): Promise<FileRecord[]> };
  delete(id: string): Promise<unknown>;
}

/**
 * The files' total bytes, counted at the first read (a scan of the files) and from then kept up to date by
 * the writes; until then nothing is counted, and erasure reads no sizes.
 */
function fileBytes(db: IDBPDatabase<MockDB>) {
  let bytes: number | undefined;
  let counting: Promise<number> | undefined;
  return {
    read(): Promise<number> {
      if (bytes !== undefined) return Promise.resolve(bytes);
      counting ??= (async () => {
        let total = 0;
        let cursor = await db.transaction('files').store.openCursor();
        while (cursor) {
          total += fileSize(cursor.value);
          cursor = await cursor.continue();
        }
        // Writes committed while the scan ran are in it (it reads after them) or counted from now on.
        bytes = total;
        return total;
      })();
      return counting;
    },
    /** A committed write's change of the total. */
    add(delta: number): void {
      if (bytes !== undefined) bytes += delta;
    },
    /** Deletes every file of `urlToken`; returns the bytes freed while the total is kept, else 0 (unread). */
    async erase(files: FilesWriter, urlToken: string): Promise<number> {
      let freed = 0;
      for (const file of await files.index('by-push').getAll(urlToken)) {
        if (bytes !== undefined) freed += fileSize(file);
        await files.delete(file.id);
      }
      return freed;
    },
  };
}

function createStore(db: IDBPDatabase<MockDB>): MockStore {
  const bytes = fileBytes(db);
  return {
    db,
    getPush: (urlToken) => db.get('pushes', urlToken),
    listPage: (owner, shelf, offset, limit) => listPage(db, shelfRange(owner, shelf), offset, limit),
    async lastSeq(owner) {
      const index = db.transaction('pushes').store.index('by-owner-seq');
      const last = await index.openKeyCursor(ownerSeqRange(owner), 'prev');
      return last ? last.key[1] : null;
    },
    auditOf: (urlToken) => db.getAllFromIndex('audit', 'by-push', urlToken),
    getFile: (id) => db.get('files', id),
    storedBytes: () => bytes.read(),
    async commit(...changes) {
      const tx = db.transaction(['pushes', 'audit', 'files', 'lists'], 'readwrite');
      const pushes = tx.objectStore('pushes');
      const files = tx.objectStore('files');
      let delta = 0;
      try {
        for (const change of changes) {
          await relist(tx.objectStore('lists'), await pushes.get(change.push.url_token), change.push);
          await pushes.put(change.push);
          for (const entry of change.audit ?? []) await tx.objectStore('audit').add(entry);
          for (const file of change.addFiles ?? []) {
            await files.put(file);
            delta += fileSize(file);
          }
          if (change.eraseFiles) delta -= await bytes.erase(files, change.push.url_token);
        }
      } catch (error) {
        // The transaction aborts with this same error; report it once, from here.
        tx.done.catch(() => undefined);
        throw error;
      }
      await tx.done;
      bytes.add(delta);
    },
    async expireDue(now, expire) {
      const tx = db.transaction(['pushes', 'files', 'lists'], 'readwrite');
      const files = tx.objectStore('files');
      let count = 0;
      let freed = 0;
      try {
        // Ascending by expiry instant: stop at the first push that is not due yet.
        let cursor = await tx.objectStore('pushes').index('by-expiry').openCursor();
        while (cursor && cursor.key <= now) {
          const expired = expire(cursor.value);
          await relist(tx.objectStore('lists'), cursor.value, expired);
          await cursor.update(expired);
          freed += await bytes.erase(files, cursor.value.url_token);
          count++;
          cursor = await cursor.continue();
        }
      } catch (error) {
        tx.done.catch(() => undefined); // the transaction aborts with this same error, reported here
        throw error;
      }
      await tx.done;
      bytes.add(-freed);
      return count;
    },
    close: () => db.close(),
  };
}

/** What relist needs of the 'lists' store, in any read-write transaction that holds it. */
interface ListsWriter {
  put(urlToken: string, key: ListKey): Promise<unknown>;
  delete(key: ListKey): Promise<unknown>;
}

/** Moves a push's key in its owner's lists from where the stored record had it to where `after` has it. */
async function relist(lists: ListsWriter, before: PushRecord | undefined, after: PushRecord): Promise<void> {
  const from = before && listKey(before);
  if (from) await lists.delete(from);
  const to = listKey(after);
  if (to) await lists.put(after.url_token, to);
}

/**
 * Reads the list's first `offset + limit` keys (no record) and then the page's pushes: all in one
 * transaction, so the page and the total agree.
 */
async function listPage(
  db: IDBPDatabase<MockDB>,
  range: IDBKeyRange,
  offset: number,
  limit: number,
): Promise<ListPage> {
  const tx = db.transaction(['lists', 'pushes']);
  const lists = tx.objectStore('lists');
  const total = await lists.count(range);
  const keys = offset < total ? (await lists.getAllKeys(range, offset + limit)).slice(offset) : [];
  const pushes = await Promise.all(keys.map((key) => tx.objectStore('pushes').get(key[4])));
  // relist() writes a key only with its push, in the same transaction: a key without one is a bug.
  if (pushes.some((push) => push === undefined)) throw new Error('mock store: a listed push is missing');
  return { total, pushes: pushes as PushRecord[] };
}
