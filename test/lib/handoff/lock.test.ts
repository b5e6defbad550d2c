/**
 * The hand-off's record under two contexts at once (issue 40): the popup keeps a result and notes each copy
 * while the background erases it (its 10 minutes up, or its server gone). Every storage call is released
 * in an order fast-check's scheduler picks (test/scheduled-storage.ts); whatever the order, what is left is
 * what one after the other leaves: each write holds the record's lock (lib/async's exclusive; without it
 * the first test finds an order that breaks it), and a result kept while an erase decided on the one before it
 * is written again if that erase removed it (keep writes first, in its own turn, then checks under the lock).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { HANDOFF_TTL_MS, handoffOf, handoffStore, type Handoff } from '@/lib/handoff';
import { withScheduledStorage } from '../../scheduled-storage';

const SERVER = 'https://pwpush.example';
const T0 = Date.UTC(2026, 10, 29, 8, 0, 0);

const result = (savedAt: number): Handoff =>
  handoffOf(
    {
      push: {
        expires_at: '2026-12-06T08:00:00Z',
        expire_after_days: 7,
        expire_after_views: 1,
        views_remaining: 1,
        retrieval_step: false,
      },
    },
    {
      server: SERVER,
      demo: false,
      link: `${SERVER}/p/tok${savedAt}`,
      passphrase: 'zq-lock-passphrase',
      secret: 'zq-lock-secret',
      savedAt,
    },
  );

const store = () => handoffStore({ now: () => T0 });
const stored = async () => (await fakeBrowser.storage.session.get(null)).popupHandoff ?? null;

describe('the hand-off, the popup and the background at once (issue 40)', () => {
  it('a copy noted while the background erases the result (its server removed): nothing is left', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), async (s) => {
        fakeBrowser.reset();
        await store().keep(result(T0));
        // The popup notes a copy of the link; the background's read finds the server gone and erases.
        await withScheduledStorage(s, () => Promise.all([store().copied('link'), store().read([])]));
        // Without the lock, the copy's write, from a read taken before the erase, put the result back.
        expect(await stored()).toBeNull();
      }),
      { numRuns: 40, seed: 40 },
    );
  });

  it('a result kept while the background erases the expired one before it: the new one stays', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), async (s) => {
        fakeBrowser.reset();
        await handoffStore({ now: () => T0 - HANDOFF_TTL_MS }).keep(result(T0 - HANDOFF_TTL_MS));
        // The alarm fired for the old result as the popup keeps a new push's.
        await withScheduledStorage(s, () => Promise.all([store().read([SERVER]), store().keep(result(T0))]));
        // Without the lock, the erase decided on the expired result removed the new one. (Its alarm follows
        // what is stored: the background's, handoff.test.ts.)
        expect(await stored()).toEqual(result(T0));
      }),
      { numRuns: 40, seed: 40 },
    );
  });
});
