/**
 * The watcher's budgeted schedule (issue 19) against the real mock service holding a 10,000-push account:
 * every run keeps to LIST_BUDGET list requests, every active push is read within runsToVisitAll runs, and
 * every change is found, however deep in the list. A list page costs the mock a count and a read of the
 * keys above the page (lib/mock/lists.ts), not all 10,000 records.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Push } from '@/lib/api';
import { idbCache } from '@/lib/watch/cache';
import { watchDb } from '@/lib/watch/db';
import { listTrackedPushes } from '@/lib/watch/read';
import { refreshWatch } from '@/lib/watch/refresh';
import {
  LIST_BUDGET,
  ROTATION_PAGES,
  coveredBy,
  runsToVisitAll,
  type PageRead,
} from '@/lib/watch/refresh/schedule';
import type { WatchEvent } from '@/lib/watch/types';
import { BASE, MINUTE, resetWatchDb, signInAlice, watchHarness, type WatchHarness } from './helpers';

const SIZE = 10_000;
let h: WatchHarness;
let account: string;
let tokens: string[];
/** Per token, the runs whose active pages listed it (the client's own answers, observed on the way). */
let seen: Map<string, number[]>;
let runs: number;
const lists: number[] = [];

/** One scheduled run a minute after the last; returns its events and checks its cost. */
async function run(): Promise<WatchEvent[]> {
  h.advance(MINUTE);
  h.resetCounts();
  runs++;
  const client = {
    ...h.owner,
    activePage: async (page?: number) => {
      const answer = await h.owner.activePage(page);
      for (const push of answer.items) seen.set(push.url_token, [...(seen.get(push.url_token) ?? []), runs]);
      return answer;
    },
  };
  const cache = idbCache(watchDb, account);
  const { summary, events } = await refreshWatch({
    client,
    cache,
    clock: h.clock,
    server: BASE,
    hasToken: true,
  });
  expect(summary).toMatchObject({ status: 'done', requests: { list: h.counts().list } });
  expect(h.counts().list).toBeLessThanOrEqual(LIST_BUDGET);
  lists.push(h.counts().list);
  return events;
}

async function tenThousand() {
  await resetWatchDb();
  account = await signInAlice();
  h = await watchHarness('pro');
  tokens = await h.seed(SIZE, { expire_after_views: 5 }); // newest first
  seen = new Map();
  runs = 0;
  lists.length = 0;
}

describe(`an account of ${SIZE.toLocaleString('en')} active pushes`, () => {
  beforeEach(tenThousand);

  it('is read at 10 list requests a run from the first: the newest pages at once, quietly, the older ones over the next runs', async () => {
    expect(await run()).toEqual([]);
    // Active page 1 and expired page 1 (empty: its daily read is done at once), then pages 2-9.
    expect(lists).toEqual([10]);
    let tracked = await listTrackedPushes(BASE);
    expect(tracked.map((push) => push.url_token)).toEqual(tokens.slice(0, 9 * 50));
    expect(await run()).toEqual([]); // pages 9-16: history too
    tracked = await listTrackedPushes(BASE);
    expect(tracked).toHaveLength(16 * 50);
    expect(lists).toEqual([10, 10]);
  }, 120_000);

  it('reads a push with recent views every run once its page is known: a second view deep in the list shows at the next run', async () => {
    const deep = tokens[760]!; // page 16: the last of run 2's window (9-16), the first of run 3's (16-23)
    await run();
    await run();
    await h.view(deep, { ip: '203.0.113.21' });
    expect(await run()).toMatchObject([
      { kind: 'viewed', url_token: deep, ip: '203.0.113.21', views_left: 4 },
    ]);
    await h.view(deep, { ip: '203.0.113.22' });
    // The rotation reads pages 23-29 now (one page less: the activity tier's); page 16 is read for the view.
    expect(await run()).toMatchObject([
      { kind: 'viewed', url_token: deep, ip: '203.0.113.22', views_left: 3 },
    ]);
    expect(lists).toEqual([10, 10, 10, 10]);
    expect(seen.get(tokens[29 * 50 - 1]!)).toEqual([4]);
    expect(seen.get(tokens[29 * 50]!)).toBeUndefined(); // page 30: next run's
  }, 120_000);

  it(`reads every active push within ${runsToVisitAll(SIZE, ROTATION_PAGES)} runs and finds every change, deep in the list too, never over the budget`, async () => {
    const n = runsToVisitAll(SIZE, ROTATION_PAGES);
    expect(n).toBe(29);
    const found = new Map<string, { run: number; events: WatchEvent[] }>();
    const note = (events: WatchEvent[]) => {
      for (const event of events) {
        const at = found.get(event.url_token) ?? { run: runs, events: [] };
        at.events.push(event);
        found.set(event.url_token, at);
      }
    };
    note(await run()); // the first: pages 1-9
    // Between runs 1 and 2: 49 pushes above the rotation's cursor deleted (every later push moves up by 49),
    // and a new push created, opened and gone.
    const shifted = tokens.slice(200, 249);
    for (const token of shifted) await h.owner.deletePush(token);
    const quick = await h.create({ name: 'Quick one', expire_after_views: 1 });
    await h.view(quick.url_token, { ip: '203.0.113.7' });
    while (runs < 14) note(await run());
    // Deep in the list: the two oldest pushes run 14 read (its window's last page, about page 100, which run
    // 15 reads again), one used up by its five views, one deleted by its owner; 50 newer expired pushes keep
    // both off expired page 1, so only the active pages can tell they left.
    const read14 = tokens.filter((token) => seen.get(token)?.includes(14));
    const [usedUp, deleted] = read14.slice(-2) as [string, string];
    expect(tokens.indexOf(usedUp)).toBeGreaterThan(4_900);
    for (let i = 0; i < 5; i++) await h.view(usedUp, { ip: `203.0.113.${50 + i}` });
    await h.owner.deletePush(deleted);
    while (runs < n) note(await run());

    expect(found.get(quick.url_token)).toMatchObject({
      run: 2,
      events: [
        { kind: 'viewed', ip: '203.0.113.7', views_left: 0 },
        { kind: 'expired', reason: 'views' },
      ],
    });
    for (const token of shifted)
      expect(found.get(token)).toMatchObject({ run: 2, events: [{ kind: 'deleted' }] });
    expect(found.get(usedUp)?.events.map((event) => [event.kind, event.views_left ?? event.reason])).toEqual([
      ['viewed', 4],
      ['viewed', 3],
      ['viewed', 2],
      ['viewed', 1],
      ['viewed', 0],
      ['expired', 'views'],
    ]);
    expect(found.get(usedUp)?.run).toBe(15);
    expect(found.get(deleted)).toMatchObject({ run: 15, events: [{ kind: 'deleted' }] });
    expect(found.size).toBe(shifted.length + 3); // nothing else: no active push taken for gone

    // Every push still active was on a page read within the n first runs, the shift notwithstanding.
    const gone = new Set([...shifted, usedUp, deleted]);
    const active = tokens.filter((token) => !gone.has(token));
    expect(active.filter((token) => !seen.has(token))).toEqual([]);
    const tracked = await listTrackedPushes(BASE);
    expect(tracked.filter((push) => !push.expired)).toHaveLength(active.length);
    expect(lists).toHaveLength(n);
    expect(lists.every((count) => count <= LIST_BUDGET)).toBe(true);
  }, 300_000);
});

describe('a push that moves between two page reads of one run', () => {
  beforeEach(async () => {
    await resetWatchDb();
    account = await signInAlice();
    h = await watchHarness('pro');
    seen = new Map();
    runs = 0;
    lists.length = 0;
  });

  it('is kept active, since its audit shows nothing that ended it; the deletion that moved it shows at the next run', async () => {
    const pushes: Push[] = [];
    for (let i = 0; i < 120; i++) {
      h.advance(1000);
      pushes.unshift(await h.create({ name: `Push ${i}` })); // newest first
    }
    await run();
    const [deleted, moved] = [pushes[10]!, pushes[50]!]; // page 1; the top of page 2
    let done = false;
    h.fail(async (request, forward) => {
      const url = new URL(request.url);
      if (!done && url.pathname.endsWith('/pushes/active') && url.searchParams.get('page') === '2') {
        done = true; // after page 1 was read: every later push moves up one, the top of page 2 to page 1
        await h.owner.deletePush(deleted.url_token);
      }
      return forward(request);
    });
    expect(await run()).toEqual([]);
    expect(seen.get(moved.url_token)).toEqual([1]); // on no page this run read, inside what they cover
    expect(h.counts().audit).toBe(1); // its audit: nothing ended it
    const record = (await listTrackedPushes(BASE)).find((push) => push.url_token === moved.url_token);
    expect(record).toMatchObject({ expired: false, deleted: false, views_remaining: 5 });
    expect(await run()).toMatchObject([{ kind: 'deleted', url_token: deleted.url_token }]);
  });
});

describe('coveredBy: what the pages a run read can say about a push that is not on them', () => {
  const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString();
  /** A page of pushes created at these seconds (newest first); full unless `bottom`. */
  const page = (number: number, seconds: number[], bottom = false): PageRead => ({
    page: number,
    items: seconds.map((second) => ({ created_at: at(second) }) as Push),
    end: bottom,
    bottom,
  });

  it('covers strictly between the newest push of a block of consecutive pages and its oldest', () => {
    const covered = coveredBy([page(5, [50, 40]), page(6, [30, 20])]);
    expect([covered(at(45)), covered(at(25)), covered(at(35))]).toEqual([true, true, true]);
    // Ties on an edge are not judged: a push of the same instant may sit on the page before or after.
    expect([covered(at(50)), covered(at(20)), covered(at(51)), covered(at(19))]).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('leaves a gap between two blocks that are not consecutive', () => {
    const covered = coveredBy([page(3, [90, 80]), page(7, [30, 20])]);
    expect([covered(at(85)), covered(at(50)), covered(at(25))]).toEqual([true, false, true]);
  });

  it('is open above page 1 and below the bottom of the list', () => {
    const covered = coveredBy([page(1, [90, 80]), page(2, [70], true)]);
    expect([covered(at(500)), covered(at(1)), covered(at(75))]).toEqual([true, true, true]);
    expect(coveredBy([page(1, [], true)])(at(1))).toBe(true); // an empty list: every push left it
  });

  it('says nothing from an empty page past page 1', () => {
    expect(coveredBy([page(9, [], true)])(at(1))).toBe(false);
  });
});
