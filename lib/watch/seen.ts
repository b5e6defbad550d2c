/** Unseen events: the badge counts them, and 'watch-mark-seen' clears them. */
import { watchDb } from './db';

/** Marks every event seen; returns how many were unseen. */
export async function markAllSeen(): Promise<number> {
  const db = await watchDb();
  const tx = db.transaction('events', 'readwrite');
  let count = 0;
  for (let cursor = await tx.store.openCursor(); cursor; cursor = await cursor.continue()) {
    if (cursor.value.seen) continue;
    count++;
    await cursor.update({ ...cursor.value, seen: true });
  }
  await tx.done;
  return count;
}

/** Events of this account (account.ts) not seen yet. */
export async function countUnseen(account: string): Promise<number> {
  const db = await watchDb();
  return (await db.getAllFromIndex('events', 'by-account', account)).filter((event) => !event.seen).length;
}
