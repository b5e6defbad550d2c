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

/** Events not seen yet. */
export async function countUnseen(): Promise<number> {
  const db = await watchDb();
  return (await db.getAll('events')).filter((event) => !event.seen).length;
}
