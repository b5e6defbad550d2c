/**
 * One account's view of the cache (lib/watch/cache.ts), as the refresh core and the watcher's stale check
 * see it: only that account's records, answered without reading them all where only "any?" is asked.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { idbCache } from '@/lib/watch/cache';
import { watchDb } from '@/lib/watch/db';
import { trackedPush } from '../../components/dashboard/tracked-push';
import { BASE, resetWatchDb } from './helpers';

beforeEach(resetWatchDb);

const OTHER = 'https://other.example';
const push = (server: string, urlToken: string) =>
  trackedPush({ server, url_token: urlToken, html_url: `${server}/p/${urlToken}` });

describe('hasPushes (the stale check on every dashboard open)', () => {
  it("says whether the account holds a push of the server, never another account's", async () => {
    const mine = idbCache(watchDb, 'mine');
    const theirs = idbCache(watchDb, 'theirs');
    expect(await mine.hasPushes(BASE)).toBe(false);

    await mine.commit({ pushes: [push(OTHER, 'o1')], audits: [], events: [] }, await mine.state());
    expect(await mine.hasPushes(BASE)).toBe(false);
    expect(await mine.hasPushes(OTHER)).toBe(true);

    await theirs.commit({ pushes: [push(BASE, 't1')], audits: [], events: [] }, await theirs.state());
    expect(await mine.hasPushes(BASE)).toBe(false);
    expect(await theirs.hasPushes(BASE)).toBe(true);
    // As the whole read says.
    expect((await mine.pushes(OTHER)).map((p) => p.url_token)).toEqual(['o1']);
  });
});
