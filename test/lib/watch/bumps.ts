/** Counts the watch revision's bumps as a page hears them (each bump writes a new value: lib/watch/revision.ts). */
import { watchRevisionItem } from '@/lib/store/items';

export function countBumps() {
  let count = 0;
  const stop = watchRevisionItem.watch(() => count++);
  return {
    get count() {
      return count;
    },
    stop,
  };
}
