/**
 * The watcher's database where the browser refuses IndexedDB: Firefox ESR 153 does so for extension pages
 * in a private window (InvalidStateError, checked in test/journeys/quick-push.journey.ts). The pages then say why
 * in words instead of "Something went wrong".
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { describeError } from '@/lib/api/describe';
import { isAppError } from '@/lib/errors';
import { storageRefused, watchDb } from '@/lib/watch/db';
import { listTrackedPushes } from '@/lib/watch/read';
import { resetWatchDb } from './helpers';

const FIREFOX_PRIVATE = 'A mutation operation was attempted on a database that did not allow mutations.';

beforeEach(resetWatchDb);
afterEach(() => vi.restoreAllMocks());

/** The browser refuses every open, as Firefox does in a private window. */
function refuseIndexedDB(name = 'InvalidStateError') {
  return vi.spyOn(indexedDB, 'open').mockImplementation(() => {
    throw new DOMException(FIREFOX_PRIVATE, name);
  });
}

describe('watchDb where IndexedDB is refused', () => {
  it.each(['InvalidStateError', 'SecurityError'])(
    'turns %s into storage-unavailable, in words',
    async (name) => {
      refuseIndexedDB(name);
      const error = await listTrackedPushes('https://pp.example').catch((e: unknown) => e);
      expect(isAppError(error) && error.code).toBe('storage-unavailable');
      expect(describeError(error)).toBe(
        'The browser keeps no data for Secret Push in this window (Firefox refuses it in private windows). Open Secret Push in a normal window to see your pushes.',
      );
    },
  );

  it('passes any other failure on as it is', () => {
    const other = new DOMException('quota', 'QuotaExceededError');
    expect(storageRefused(other)).toBe(other);
    expect(storageRefused(new TypeError('x'))).toBeInstanceOf(TypeError);
  });

  it('does not keep the refusal: the next open tries again', async () => {
    const open = refuseIndexedDB();
    await expect(watchDb()).rejects.toMatchObject({ code: 'storage-unavailable' });
    open.mockRestore();
    await expect(watchDb()).resolves.toBeTruthy();
  });
});
