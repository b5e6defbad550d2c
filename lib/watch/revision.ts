/** The local storage item 'watchRevision': pages listen to it (storage.onChanged) to reload the cache. */
import { watchRevisionItem } from '@/lib/store';

/**
 * Marks a change of the cache, so open pages reload. Nothing compares revisions (followers only hear that
 * it changed), so each bump writes a new random value without reading the last: two contexts bumping at once
 * (the background and the offscreen document's upload) are each heard, with no read-modify-write to lock
 * (issue 40), and a quick push's record pays one write.
 */
export async function bumpRevision(): Promise<number> {
  const [high, low] = crypto.getRandomValues(new Uint32Array(2));
  const next = (high! & 0x1fffff) * 2 ** 32 + low!; // 53 random bits: two bumps never write one value
  await watchRevisionItem.setValue(next);
  return next;
}
