import { beforeEach, describe, expect, it } from 'vitest';
import type { AuditEntry, Push } from '@/lib/api';
import { idbCache } from '@/lib/watch/cache';
import { watchDb } from '@/lib/watch/db';
import { openedFrom, refreshWatch } from '@/lib/watch/refresh';
import { LIST_BUDGET, runsToVisitAll } from '@/lib/watch/refresh/schedule';
import { SWEEP_PER_RUN } from '@/lib/watch/refresh/sweep';
import { listTrackedPushes } from '@/lib/watch/read';
import {
  BASE,
  DAY,
  listEvents,
  MINUTE,
  readWatcherState,
  resetWatchDb,
  signInAlice,
  type WatchHarness,
  watchHarness,
} from './helpers';

let h: WatchHarness;
let account: string;
const cache = () => idbCache(watchDb, account);
const refresh = (hasToken = true) =>
  refreshWatch({ client: h.owner, cache: cache(), clock: h.clock, server: BASE, hasToken });

beforeEach(async () => {
  await resetWatchDb();
  account = await signInAlice();
  h = await watchHarness('pro');
});

async function tracked(urlToken: string) {
  return (await listTrackedPushes(BASE)).find((push) => push.url_token === urlToken);
}

describe('the first refresh', () => {
  it('records active and expired pushes quietly, without reading any audit log', async () => {
    const live = await h.create();
    const viewed = await h.create({ expire_after_views: 1 });
    await h.view(viewed.url_token);
    const { summary, events } = await refresh();
    expect(events).toEqual([]);
    expect(summary).toMatchObject({ status: 'done', requests: { list: 2, audit: 0 } });
    expect(await tracked(live.url_token)).toMatchObject({
      source: 'server',
      expired: false,
      views_remaining: 5,
    });
    expect(await tracked(viewed.url_token)).toMatchObject({ expired: true, views_remaining: 0 });
  });

  it('keeps failed passphrases from before it as history, and reports later ones', async () => {
    const push = await h.create({ passphrase: 'open sesame' });
    await h.view(push.url_token, { ip: '203.0.113.1', passphrase: 'wrong' });
    await refresh();
    h.advance(MINUTE);
    expect((await refresh()).events).toEqual([]); // the sweep sets its baseline
    await h.view(push.url_token, { ip: '203.0.113.2', passphrase: 'wrong' });
    h.advance(10 * MINUTE);
    expect((await refresh()).events).toMatchObject([{ kind: 'failed_passphrase', ip: '203.0.113.2' }]);
  });
});

describe('later refreshes', () => {
  beforeEach(async () => {
    await h.create({ name: 'Old one' });
    await refresh();
    h.resetCounts();
  });

  it('records a new push without reading its audit log while it has no views', async () => {
    const push = await h.create({ name: 'Fresh' });
    const { events } = await refresh();
    expect(events).toEqual([]);
    expect(h.counts()).toEqual({ list: 2, audit: 0, other: 0 });
    expect(await tracked(push.url_token)).toMatchObject({ name: 'Fresh', source: 'server' });
  });

  it('reports a view with the visitor IP, user agent and views left', async () => {
    const push = await h.create();
    await refresh();
    await h.view(push.url_token, { ip: '203.0.113.4', userAgent: 'Firefox/140.0' });
    await h.view(push.url_token, { ip: '203.0.113.9', userAgent: 'Safari/18' });
    h.resetCounts();
    const { events } = await refresh();
    expect(h.counts()).toEqual({ list: 2, audit: 1, other: 0 });
    expect(events).toMatchObject([
      { kind: 'viewed', ip: '203.0.113.4', user_agent: 'Firefox/140.0', views_left: 4, seen: false },
      { kind: 'viewed', ip: '203.0.113.9', user_agent: 'Safari/18', views_left: 3 },
    ]);
    expect(await tracked(push.url_token)).toMatchObject({ views_remaining: 3 });
  });

  it('reports views of a push that was new and already viewed', async () => {
    h.advance(MINUTE); // created after the first run: not history
    const push = await h.create();
    await h.view(push.url_token, { ip: '203.0.113.5' });
    const { events } = await refresh();
    expect(events).toMatchObject([{ kind: 'viewed', ip: '203.0.113.5', views_left: 4 }]);
  });

  it('finds failed passphrase attempts when the view count moves', async () => {
    const push = await h.create({ passphrase: 'open sesame' });
    await refresh();
    expect(await tracked(push.url_token)).toMatchObject({ has_passphrase: true });
    await h.view(push.url_token, { ip: '203.0.113.66', passphrase: 'wrong' });
    await h.view(push.url_token, { ip: '203.0.113.4', passphrase: 'open sesame' });
    const { events } = await refresh();
    expect(events.map((e) => [e.kind, e.ip])).toEqual([
      ['failed_passphrase', '203.0.113.66'],
      ['viewed', '203.0.113.4'],
    ]);
  });

  it('reports the last view and the expiry by views', async () => {
    const push = await h.create({ expire_after_views: 1 });
    await refresh();
    await h.view(push.url_token);
    h.resetCounts();
    const { events } = await refresh();
    expect(h.counts()).toEqual({ list: 2, audit: 1, other: 0 });
    expect(events).toMatchObject([
      { kind: 'viewed', views_left: 0 },
      { kind: 'expired', reason: 'views' },
    ]);
    expect(await tracked(push.url_token)).toMatchObject({
      expired: true,
      deleted: false,
      views_remaining: 0,
    });
  });

  it('reports an expiry by time', async () => {
    const push = await h.create({ expire_after_duration: 0 }); // 15 minutes
    await refresh();
    h.advance(16 * MINUTE);
    const { events } = await refresh();
    expect(events).toMatchObject([{ kind: 'expired', reason: 'time', url_token: push.url_token }]);
    expect(await tracked(push.url_token)).toMatchObject({
      expired: true,
      deleted: false,
      views_remaining: 5,
    });
  });

  it('reports a deletion by a recipient', async () => {
    const push = await h.create({ deletable_by_viewer: true });
    await refresh();
    await h.anonymous.deletePush(push.url_token);
    const { events } = await refresh();
    expect(events).toMatchObject([{ kind: 'deleted', url_token: push.url_token }]);
    expect(await tracked(push.url_token)).toMatchObject({ expired: true, deleted: true });
  });

  it('reports nothing twice', async () => {
    const push = await h.create({ expire_after_views: 2 });
    await refresh();
    await h.view(push.url_token);
    expect((await refresh()).events).toHaveLength(1);
    h.resetCounts();
    expect((await refresh()).events).toEqual([]);
    expect(h.counts()).toEqual({ list: 2, audit: 0, other: 0 });
    expect(await listEvents()).toHaveLength(1);
  });

  it('reports a wrong passphrase on a recent push, which changed nothing in the lists, at the next refresh', async () => {
    const a = await h.create({ name: 'A', passphrase: 'open sesame' });
    const b = await h.create({ name: 'B', passphrase: 'open sesame' });
    const audits: number[] = [];
    const step = async (ms: number) => {
      h.advance(ms);
      h.resetCounts();
      const result = await refresh();
      audits.push(h.counts().audit);
      return result.events;
    };
    expect(await step(MINUTE)).toEqual([]); // meets both
    expect(await step(MINUTE)).toEqual([]); // sweeps both: their baseline
    await h.view(a.url_token, { ip: '203.0.113.66', passphrase: 'wrong' });
    await h.view(b.url_token, { ip: '203.0.113.67', passphrase: 'wrong' });
    const found = await step(MINUTE);
    expect(found.map((e) => [e.kind, e.ip, e.url_token]).sort()).toEqual([
      ['failed_passphrase', '203.0.113.66', a.url_token],
      ['failed_passphrase', '203.0.113.67', b.url_token],
    ]);
    expect(audits).toEqual([0, 2, 2]);
    expect(await tracked(a.url_token)).toMatchObject({ views_remaining: 5, expired: false });
  });

  it(`sweeps at most ${SWEEP_PER_RUN} pushes per refresh: recent ones again after a minute, older ones after 10`, async () => {
    for (let i = 0; i < 4; i++) await h.create({ passphrase: 'open sesame' });
    const audits: number[] = [];
    const run = async () => {
      h.advance(MINUTE);
      h.resetCounts();
      await refresh();
      audits.push(h.counts().audit);
    };
    for (let i = 0; i < 5; i++) await run();
    // Met at the first; then the longest-unread three each minute, so each is read every other minute.
    expect(audits).toEqual([0, 3, 3, 3, 3]);
    h.advance(2 * DAY); // no longer recent: 10 minutes between two reads of one log
    audits.length = 0;
    for (let i = 0; i < 12; i++) await run();
    expect(audits).toEqual([3, 1, 0, 0, 0, 0, 0, 0, 0, 0, 3, 1]);
  });

  it('reports a try at a push whose last view was used, from its audit (a failed view)', async () => {
    const push = await h.create({ name: 'Used once', expire_after_views: 1 });
    await refresh(); // meets it
    await h.view(push.url_token, { ip: '203.0.113.8' });
    h.advance(MINUTE);
    expect((await refresh()).events.map((event) => event.kind)).toEqual(['viewed', 'expired']);
    await h.view(push.url_token, { ip: '203.0.113.9', userAgent: 'Firefox/140.0' });
    h.advance(MINUTE);
    expect((await refresh()).events).toMatchObject([
      { kind: 'failed_view', ip: '203.0.113.9', url_token: push.url_token },
    ]);
    h.advance(MINUTE);
    expect((await refresh()).events).toEqual([]); // reported once
  });

  it('reports a push that came and went between two refreshes at the next one, from expired page 1', async () => {
    h.advance(MINUTE);
    const push = await h.create({ name: 'Quick one', expire_after_views: 1 });
    await h.view(push.url_token, { ip: '203.0.113.7', userAgent: 'Edge/140' });
    h.resetCounts();
    // Never in the active list a run read: expired page 1, read every run, lists it; its audit tells who.
    expect((await refresh()).events).toMatchObject([
      { kind: 'viewed', ip: '203.0.113.7', user_agent: 'Edge/140', views_left: 0 },
      { kind: 'expired' },
    ]);
    expect(h.counts()).toEqual({ list: 2, audit: 1, other: 0 });
    expect(await tracked(push.url_token)).toMatchObject({
      name: 'Quick one',
      expired: true,
      views_remaining: 0,
    });
  });

  it('records a push created no later than the newest one the first run met quietly: history', async () => {
    const old = await h.create({ name: 'Older', expire_after_views: 1 }); // the first run's instant
    await h.view(old.url_token);
    h.advance(DAY);
    await refresh(); // meets it on expired page 1: history
    const asked = await refreshWatch({
      client: h.owner,
      cache: cache(),
      clock: h.clock,
      server: BASE,
      hasToken: true,
      force: true,
      fullSync: true,
    });
    expect(asked.events).toEqual([]);
  });

  it('reads the expired list to its end again after a day, and not before', async () => {
    const first = (await readWatcherState()).fullSyncAt[BASE];
    h.advance(DAY - MINUTE);
    await refresh();
    expect((await readWatcherState()).fullSyncAt[BASE]).toBe(first);
    h.advance(MINUTE);
    await refresh();
    expect(h.counts().list).toBe(4);
    expect((await readWatcherState()).fullSyncAt[BASE]).toBe(h.clock());
  });
});

describe('a cache an earlier version filled (both lists read in full, no schedule kept)', () => {
  it('keeps what it had as history and reports what came after it', async () => {
    const old = await h.create({ name: 'Old', expire_after_views: 3 });
    await refresh();
    const { schedule, ...earlier } = await cache().state();
    expect(schedule?.[BASE]).toBeDefined();
    await cache().commit({ pushes: [], audits: [], events: [] }, earlier); // as the earlier version left it
    h.advance(MINUTE);
    const fresh = await h.create({ name: 'Fresh', expire_after_views: 3 });
    await h.view(fresh.url_token, { ip: '203.0.113.30' });
    await h.view(old.url_token, { ip: '203.0.113.31' });
    const { events } = await refresh();
    expect(events.map((event) => [event.url_token, event.kind, event.ip]).sort()).toEqual(
      [
        [fresh.url_token, 'viewed', '203.0.113.30'],
        [old.url_token, 'viewed', '203.0.113.31'],
      ].sort(),
    );
    expect((await cache().state()).schedule?.[BASE]).toMatchObject({
      historyUntil: new Date(h.clock() - MINUTE).toISOString(),
    });
  });
});

describe('whether a push was opened', () => {
  it("counts recipients' views from the audit log, with the last one's time and browser; never the sender's own", async () => {
    const push = await h.create({ expire_after_views: 3 });
    await refresh(); // meets it
    expect((await tracked(push.url_token))?.opened).toBeUndefined();
    await h.owner.retrievePush(push.url_token); // the sender's own look: owner_view
    h.advance(MINUTE);
    await refresh();
    expect(await tracked(push.url_token)).toMatchObject({ views_remaining: 3 });
    expect((await tracked(push.url_token))?.opened).toBeUndefined();
    await h.view(push.url_token, { userAgent: 'Mozilla/5.0 (X11; Linux) Firefox/128' });
    h.advance(MINUTE);
    await h.owner.retrievePush(push.url_token);
    await refresh();
    expect((await tracked(push.url_token))?.opened).toEqual({
      count: 1,
      last_at: new Date(h.clock() - MINUTE).toISOString(),
      user_agent: 'Mozilla/5.0 (X11; Linux) Firefox/128',
    });
    h.advance(MINUTE);
    await refresh(); // the lists alone keep what the log said
    expect((await tracked(push.url_token))?.opened).toMatchObject({ count: 1 });
  });
  it("keeps the wrong passphrases on the push too (how many, the last one's time and browser), so its row can say them", async () => {
    const push = await h.create({ passphrase: 'open sesame', expire_after_views: 3 });
    await refresh(); // meets it
    h.advance(MINUTE);
    await refresh(); // sweeps it: its baseline
    await h.view(push.url_token, { passphrase: 'wrong', userAgent: 'Mozilla/5.0 (Macintosh) Firefox/128' });
    h.advance(MINUTE);
    await h.view(push.url_token, {
      passphrase: 'wrong again',
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile/15E148 Safari/604.1',
    });
    const wrongAt = new Date(h.clock()).toISOString();
    h.advance(MINUTE);
    expect((await refresh()).events.map((event) => event.kind)).toEqual([
      'failed_passphrase',
      'failed_passphrase',
    ]);
    expect((await tracked(push.url_token))?.opened).toEqual({
      count: 0,
      wrong_passphrase: {
        count: 2,
        last_at: wrongAt,
        user_agent:
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile/15E148 Safari/604.1',
      },
    });
  });
  it("counts the tries to open it after it expired apart, with the last one's time and browser (openedFrom)", () => {
    const entry = (kind: string, created_at: string, user_agent?: string) =>
      ({ kind, created_at, ip: '203.0.113.9', user_agent: user_agent ?? null, referrer: null }) as AuditEntry;
    expect(
      openedFrom([
        entry('creation', '2026-01-01T10:00:00Z'),
        entry('view', '2026-01-01T10:05:00Z', 'Mozilla/5.0 (X11; Linux) Firefox/128'),
        entry('failed_view', '2026-01-01T11:00:00Z', 'curl/8.5.0'),
        entry('failed_view', '2026-01-01T11:30:00Z'),
      ]),
    ).toEqual({
      count: 1,
      last_at: '2026-01-01T10:05:00Z',
      user_agent: 'Mozilla/5.0 (X11; Linux) Firefox/128',
      after_expiry: { count: 2, last_at: '2026-01-01T11:30:00Z' },
    });
  });
});

describe('the request budget: 500 pushes (10 pages), 3 of them viewed once (all still active)', () => {
  /** List requests of each run: the first sync over two runs, then the two runs that find the views. */
  async function viewThreeOfFiveHundred(edition: 'pro' | 'oss') {
    h = await watchHarness(edition);
    const pushes: Push[] = [];
    for (let i = 0; i < 500; i++) {
      h.advance(1000); // a second apart: their order by created_at is theirs alone
      pushes.push(await h.create({ name: `Push ${i}`, expire_after_views: 2 }));
    }
    const lists: number[] = [];
    const run = async () => {
      h.advance(MINUTE);
      h.resetCounts();
      const result = await refresh();
      expect(result.summary.requests).toEqual({ list: h.counts().list, audit: h.counts().audit });
      lists.push(h.counts().list);
      return result;
    };
    const n = runsToVisitAll(500);
    expect(n).toBe(2);
    for (let i = 0; i < n; i++) expect((await run()).events).toEqual([]); // the first sync: history
    expect(await listTrackedPushes(BASE)).toHaveLength(500);
    for (const i of [10, 200, 499]) await h.view(pushes[i]!.url_token); // pages 10, 6 and 1
    const events = [];
    let audits = 0;
    for (let i = 0; i < n; i++) {
      events.push(...(await run()).events);
      audits += h.counts().audit;
    }
    expect(events.map((e) => [e.kind, e.url_token, e.views_left]).sort()).toEqual(
      [10, 200, 499].map((i) => ['viewed', pushes[i]!.url_token, 1]).sort(),
    );
    expect(audits).toBe(3);
    expect(Math.max(...lists)).toBeLessThanOrEqual(LIST_BUDGET);
    return lists;
  }

  it('costs at most 10 list requests a run and one audit request per view on pro, all seen within 2 runs', async () => {
    // Hot pages (active 1, expired 1) + a window of 8 (pages 2-9); then 9-10, the end; again, and page 6 for
    // push 200, viewed in the last day (the activity tier).
    expect(await viewThreeOfFiveHundred('pro')).toEqual([10, 4, 10, 5]);
  }, 60_000);

  it('costs one more list request on the runs that reach the end on oss, which sends no pagination headers: a full 10th page means an empty 11th must be read to know the list ended', async () => {
    expect(await viewThreeOfFiveHundred('oss')).toEqual([10, 5, 10, 6]);
  }, 60_000);
});

describe('without a token', () => {
  it('asks the server nothing and says that views need a token', async () => {
    const { summary } = await refresh(false);
    expect(h.counts()).toEqual({ list: 0, audit: 0, other: 0 });
    expect(summary).toMatchObject({ status: 'done', needsToken: true });
    expect(await readWatcherState()).toMatchObject({ needsToken: true });
  });
});
