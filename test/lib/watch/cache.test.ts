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

describe('commit (a refresh computed its change before the server answered)', () => {
  it('keeps what only this browser knows of a push recorded meanwhile: its subject, kind and opened', async () => {
    const cache = idbCache(watchDb, 'mine');
    // A quick push recorded while the refresh waited for its list page.
    const recorded = {
      ...push(BASE, 'q1'),
      subject: 'wiki.example.com',
      kind: 'url' as const,
      opened: { count: 1 },
    };
    await cache.commit({ pushes: [recorded], audits: [], events: [] }, await cache.state());
    // The refresh's record of it, made from the cache as read before: none of those facts.
    const { subject: _s, kind: _k, opened: _o, ...listed } = recorded;
    await cache.commit(
      { pushes: [{ ...listed, views_remaining: 4 }], audits: [], events: [] },
      await cache.state(),
    );
    const [stored] = await cache.pushes(BASE);
    expect(stored).toMatchObject({
      subject: 'wiki.example.com',
      kind: 'url',
      opened: { count: 1 },
      views_remaining: 4,
    });
  });

  it("takes nothing from another account's record of the same push", async () => {
    const theirs = idbCache(watchDb, 'theirs');
    await theirs.commit(
      { pushes: [{ ...push(BASE, 'q2'), subject: 'theirs.example' }], audits: [], events: [] },
      await theirs.state(),
    );
    const mine = idbCache(watchDb, 'mine');
    await mine.commit({ pushes: [push(BASE, 'q2')], audits: [], events: [] }, await mine.state());
    expect((await mine.pushes(BASE))[0]?.subject).toBeUndefined();
  });
});
