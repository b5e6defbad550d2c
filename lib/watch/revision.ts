/** The local storage item 'watchRevision': pages listen to it (storage.onChanged) to reload the cache. */
import { exclusive } from '@/lib/async';
import { watchRevisionItem } from '@/lib/store';

/**
 * Bumps the revision after a change of the cache, so open pages reload. Under a lock across contexts
 * (issue 40): two bumps at once (the background's refresh and a page's expire) each count.
 */
export function bumpRevision(): Promise<number> {
  return exclusive(`secret-push:${watchRevisionItem.key}`, async () => {
    const next = (await watchRevisionItem.getValue()) + 1;
    await watchRevisionItem.setValue(next);
    return next;
  });
}
