/**
 * Expire everything's stored run under two contexts at once (issue 40): a page dismisses a finished run as
 * the background starts a new one (asked from another page). Every storage call is released in an order
 * fast-check's scheduler picks (test/scheduled-storage.ts); the Dismiss and the background's writes hold
 * the record's lock, so the new run is never removed by a Dismiss decided on the old one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { clearRun, readRun } from '@/lib/expire-all';
import type { ExpireRun } from '@/lib/expire-all/core';
import { storeRun } from '@/lib/expire-all/state';
import { withScheduledStorage } from '../../scheduled-storage';

const run = (status: ExpireRun['status'], started_at: number): ExpireRun => ({
  status,
  started_at,
  finished_at: status === 'done' ? started_at + 1_000 : null,
  scopes: [{ servers: null, window: 'hour' }],
  servers: ['https://pwpush.example'],
  total: 3,
  handled: status === 'done' ? 3 : 0,
  expired: status === 'done' ? 3 : 0,
  failed: [],
  waiting_until: null,
});

describe('the stored run, a page and the background at once (issue 40)', () => {
  it('Dismiss puts a finished run away and leaves a run going on', async () => {
    await storeRun(run('done', 1));
    await clearRun();
    expect(await readRun()).toBeNull();
    await storeRun(run('running', 2));
    await clearRun();
    expect(await readRun()).toEqual(run('running', 2));
  });

  it('a finished run dismissed as the background starts a new one: the new one stays', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), async (s) => {
        fakeBrowser.reset();
        await storeRun(run('done', 1));
        await withScheduledStorage(s, () => Promise.all([clearRun(), storeRun(run('running', 2))]));
        // Without the lock, the Dismiss read the finished run, the new one was written, and the Dismiss removed it.
        expect(await readRun()).toEqual(run('running', 2));
      }),
      { numRuns: 40, seed: 40 },
    );
  });
});
