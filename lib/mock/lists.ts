/**
 * The owners' lists (docs/api-contract.md §7: active and expired, newest first) as their own store, so a
 * list page reads only its own records. Each owned push has one key [owner, shelf, -created_at, -seq,
 * url_token]: negated, so the keys' ascending order is the lists' order and a page is read with getAllKeys
 * (one pass; fake-indexeddb's cursors walk the range again from its start at every step). store.ts keeps
 * the key in step with every write of the push, in the same transaction.
 */
import type { PushRecord } from './types';

/** Which of the owner's lists a push is on: live pushes are active, erased or deleted ones expired. */
export type Shelf = 'active' | 'expired';

export type ListKey = [
  owner: string,
  shelf: Shelf,
  minusCreatedAt: number,
  minusSeq: number,
  urlToken: string,
];

/** The push's place in its owner's lists; null for an anonymous push, which no list shows. */
export function listKey(push: PushRecord): ListKey | null {
  if (push.owner === undefined) return null;
  const shelf: Shelf = push.expired ? 'expired' : 'active';
  return [push.owner, shelf, -push.created_at, -push.seq, push.url_token];
}

/** Every key of one owner's list: an array sorts after any number, so [..., []] closes the range. */
export function shelfRange(owner: string, shelf: Shelf): IDBKeyRange {
  return IDBKeyRange.bound([owner, shelf], [owner, shelf, []]);
}

/** Every [owner, seq] key of one owner in the 'by-owner-seq' index. */
export function ownerSeqRange(owner: string): IDBKeyRange {
  return IDBKeyRange.bound([owner], [owner, []]);
}

/**
 * Version 3 of the database: the 'lists' store, filled from the pushes already stored, and the
 * 'by-owner-seq' index (the next seq is one read) in place of 'by-owner' (which only served whole-list reads).
 */
export function addLists(db: IDBDatabase, pushes: IDBObjectStore): void {
  pushes.deleteIndex('by-owner');
  pushes.createIndex('by-owner-seq', ['owner', 'seq']);
  const lists = db.createObjectStore('lists');
  const cursor = pushes.openCursor();
  cursor.addEventListener('success', () => {
    const at = cursor.result;
    if (!at) return;
    const push = at.value as PushRecord;
    const key = listKey(push);
    if (key) lists.put(push.url_token, key);
    at.continue();
  });
}
