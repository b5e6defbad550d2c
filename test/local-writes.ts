/**
 * Every storage.local.set a test makes, as the items it wrote (each goes on to the real fake storage), for
 * tests that hold a save to one write or none.
 */
import { beforeEach, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

/** Records each test's local writes in the array returned (emptied before each test; empty it to start over). */
export function useLocalWrites(): Array<Record<string, unknown>> {
  const writes: Array<Record<string, unknown>> = [];
  beforeEach(() => {
    writes.length = 0;
    const set = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
    vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation(async (items) => {
      writes.push(items);
      return set(items);
    });
  });
  return writes;
}
