/**
 * Following the watcher's revision (lib/store/items.ts watchRevisionItem) with the plain storage primitive,
 * so the popup and the dashboard can follow it from their first render.
 */
import { onStoredChange } from '@/lib/storage';

/** Calls back whenever the watcher bumps its revision after a refresh that changed the cache; returns the unwatch. */
export function onWatchRevision(callback: () => void): () => void {
  return onStoredChange({ local: ['watchRevision'] }, () => callback());
}
