/**
 * The dashboard's first read (entrypoints/dashboard/prefetch.ts): the settings as loadSettings reads them, and
 * the cache's answer for those very settings (the settings come once it has answered), each handed out once;
 * later reads are the ordinary ones.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  firstScreen,
  firstSettings,
  prefetchFirstRead,
  takePrefetchedRead,
} from '@/entrypoints/dashboard/prefetch';
import { OVERSCAN_PX } from '@/components/dashboard/useWindowedRows';
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
    // Handed out with the settings already answered, so the page's first render can draw it.
    const prefetched = takePrefetchedRead(settings);
    expect(prefetched).toEqual(await readTracked(settings, { first: firstScreen() }));
    expect(prefetched!.pushes.map((p) => p.url_token)).toEqual(['a']);

    // Taken: a reload after it reads afresh, and the settings are read again.
    expect(takePrefetchedRead(settings)).toBeUndefined();
    expect(await firstSettings()).toEqual(settings);
  });

  it('hands out the settings when the cache cannot answer, leaving the read (and its error) to the page', async () => {
    await signInAlice();
    const refused = vi.spyOn(indexedDB, 'open').mockImplementation(() => {
      throw new DOMException('refused', 'InvalidStateError'); // as Firefox's private window refuses it
    });
    prefetchFirstRead();
    const settings = await firstSettings();
    expect(settings).toEqual(await loadSettings());
    expect(takePrefetchedRead(settings)).toBeUndefined();
    refused.mockRestore();
  });

  it('opens the cache while the settings are still being read (issue 22: a round trip less)', async () => {
    await signInAlice();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const get = browser.storage.local.get.bind(browser.storage.local);
    const reading = vi
      .spyOn(browser.storage.local, 'get')
      .mockImplementation(async (...args: Parameters<typeof get>) => {
        await held;
        return get(...args);
      });
    const open = vi.spyOn(indexedDB, 'open');
    prefetchFirstRead();
    await vi.waitFor(() => expect(reading).toHaveBeenCalled());
    // The settings have not answered, and the cache is being opened already.
    expect(open).toHaveBeenCalled();
    release();
    const settings = await firstSettings();
    expect(takePrefetchedRead(settings)).toEqual(await readTracked(settings, { first: firstScreen() }));
    reading.mockRestore();
    open.mockRestore();
  });

  it('is not used for other settings (they changed before the list was read)', async () => {
    await signInAlice();
    prefetchFirstRead();
    const settings = await firstSettings();
    expect(takePrefetchedRead({ ...settings })).toBeUndefined();
    expect(takePrefetchedRead(settings)).toBeUndefined();
  });

  it('reads as many pushes as rows can show in the window and below its edge, not a fixed hundred', () => {
    // Rows are at least 49 px tall (a name and the created line under it): the first screen's rows and those
    // rendered below it (OVERSCAN_PX) are read.
    for (const height of [0, 600, 800, 1080, 2160])
      expect(firstScreen(height) * 49).toBeGreaterThanOrEqual(height + OVERSCAN_PX);
    expect(firstScreen(800)).toBeLessThan(30);
  });
});
