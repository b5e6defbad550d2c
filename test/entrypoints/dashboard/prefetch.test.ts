/**
 * The dashboard's first read (entrypoints/dashboard/prefetch.ts): the settings as loadSettings reads them, and
 * the cache read for those very settings, each handed out once; later reads are the ordinary ones.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  FIRST_SCREEN,
  firstSettings,
  prefetchFirstRead,
  takePrefetchedRead,
} from '@/entrypoints/dashboard/prefetch';
import { loadSettings } from '@/lib/settings';
import { watchDb } from '@/lib/watch/db';
import { readTracked } from '@/lib/watch/read';
import { trackedPush } from '../../components/dashboard/tracked-push';
import { BASE, resetWatchDb, signInAlice } from '../../lib/watch/helpers';

beforeEach(resetWatchDb);

describe('the dashboard read started before its first render', () => {
  it('hands out the settings and the cache read for them, each once', async () => {
    const account = await signInAlice();
    const push = trackedPush({ server: BASE, url_token: 'a', html_url: `${BASE}/p/a` });
    await (await watchDb()).put('pushes', { ...push, account });

    prefetchFirstRead();
    const settings = await firstSettings();
    expect(settings).toEqual(await loadSettings());
    const prefetched = takePrefetchedRead(settings);
    expect(prefetched).toBeDefined();
    expect(await prefetched).toEqual(await readTracked(settings, { first: FIRST_SCREEN }));
    expect((await prefetched)!.pushes.map((p) => p.url_token)).toEqual(['a']);

    // Taken: a reload after it reads afresh, and the settings are read again.
    expect(takePrefetchedRead(settings)).toBeUndefined();
    expect(await firstSettings()).toEqual(settings);
  });

  it('is not used for other settings (they changed before the list was read)', async () => {
    await signInAlice();
    prefetchFirstRead();
    const settings = await firstSettings();
    expect(takePrefetchedRead({ ...settings })).toBeUndefined();
    expect(takePrefetchedRead(settings)).toBeUndefined();
  });
});
