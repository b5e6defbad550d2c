/**
 * Puts every storage call of WXT's fake browser (storage.local and storage.session: get, set, remove) behind
 * a fast-check scheduler (issue 40): each call is made when the scheduler releases it, in the order it
 * picks, so the reads and writes of things started together interleave at each await point as two contexts'
 * would. For the tests of the records written under lib/async's exclusive().
 */
import type fc from 'fast-check';
import { fakeBrowser } from 'wxt/testing/fake-browser';

const AREAS = ['local', 'session'] as const;
const METHODS = ['get', 'set', 'remove'] as const;

/** Schedules the fake browser's storage calls with `s`; returns the undo. */
export function scheduleStorage(s: fc.Scheduler): () => void {
  const undo: Array<() => void> = [];
  for (const area of AREAS) {
    const storage = fakeBrowser.storage[area] as unknown as Record<
      string,
      (...args: unknown[]) => Promise<unknown>
    >;
    for (const method of METHODS) {
      const original = storage[method]!;
      storage[method] = s.scheduleFunction((...args: unknown[]) => original.apply(storage, args));
      undo.push(() => (storage[method] = original));
    }
  }
  return () => undo.forEach((restore) => restore());
}

/** Runs `work` with the storage calls scheduled by `s` until it settles, then puts them back. */
export async function withScheduledStorage<T>(s: fc.Scheduler, work: () => Promise<T>): Promise<T> {
  const undo = scheduleStorage(s);
  try {
    return await s.waitFor(work());
  } finally {
    undo();
  }
}
