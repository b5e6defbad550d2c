/** The local storage item 'watchRevision': pages listen to it (storage.onChanged) to reload the cache. */
import { watchRevisionItem } from '@/lib/store';

/** Bumps the revision after a change of the cache, so open pages reload. */
export async function bumpRevision(): Promise<number> {
  const next = (await watchRevisionItem.getValue()) + 1;
  await watchRevisionItem.setValue(next);
  return next;
}
