/**
 * Watcher run (issues 19 and 22): an account of 10,000 active pushes on the Node host over HTTP, read by the
 * watcher's real refresh core on its real IndexedDB cache (fake-indexeddb in Node), one scheduled run a
 * minute on the host's and the watcher's shared clock. Requests are counted on the wire, not by the
 * watcher's own tally. What README "What the watcher reads" promises is what is checked:
 *
 * - every run makes at most LIST_BUDGET list requests, and one audit read per push whose listing changed
 *   (plus the attempts sweep's SWEEP_PER_RUN at most, which has nothing to read here: no passphrases);
 * - the first sync has read every push within runsToVisitAll(P, ROTATION_PAGES) runs (29 at 10,000);
 * - three pushes are viewed, on page 1, in the middle and at the end of the list. A first view shows at the
 *   next run on page 1 and within runsToVisitAll(P) runs (40) deeper. Each is then viewed again: a push
 *   viewed in the last day shows at the next run on page 1, and deeper within k runs for k pages with such
 *   views (the activity tier's turns).
 *
 * The 10,000 pushes are one created through the API and copies of it written straight into the mock's
 * store, one second apart and older (as test/lib/watch/helpers.ts `seed` does), which is quicker than 10,000
 * creates through the API. The mock serves a list page from its own index (lib/mock/lists.ts).
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { createApiClient, PAGE_SIZE, type ApiClient } from '@/lib/api';
import { createMockBackend, openMockStore, type MockStore } from '@/lib/mock';
import { listenHttp } from '@/lib/mock/host/http-host';
import { idbCache } from '@/lib/watch/cache';
import { watchDb } from '@/lib/watch/db';
import { refreshWatch } from '@/lib/watch/refresh';
import { HOT_ACTIVE_PAGES, LIST_BUDGET, ROTATION_PAGES, runsToVisitAll } from '@/lib/watch/refresh/schedule';
import { SWEEP_PER_RUN } from '@/lib/watch/refresh/sweep';
import { ms, type Row } from './rows';

const USER = { email: 'bench-watch@example.com', token: 'bench-watch-token-0123' };
const MINUTE = 60_000;

/** One run's cost on the wire and what it found. */
export interface RunCost {
  list: number;
  audit: number;
  /** Pushes with a view event this run. */
  found: number;
  ms: number;
}

/** A viewed push: its page, and after how many runs each view was found (undefined: not within `bound`). */
export interface Viewed {
  page: number;
  first: { runs: number | undefined; bound: number };
  again: { runs: number | undefined; bound: number };
}

export interface WatcherFigures {
  pushes: number;
  /** Runs of the first sync, and whether every push was cached after them. */
  syncRuns: number;
  syncedAll: boolean;
  viewed: Viewed[];
  /** Every run, the first sync's included. */
  runs: RunCost[];
}

/** The Node host, as startMockHost builds it, keeping its store for seeding and its clock for the test. */
async function startHost(
  clock: () => number,
): Promise<{ baseUrl: string; store: MockStore; close(): Promise<void> }> {
  const http = await listenHttp({ port: 0 });
  const store = await openMockStore({ indexedDB: new IDBFactory() });
  http.serve(
    createMockBackend({ store, baseUrl: http.baseUrl, edition: 'pro', users: [USER], clock, rateLimit: 0 }),
  );
  return { baseUrl: http.baseUrl, store, close: () => http.close() };
}

/** One push through the API and `count - 1` copies in the store, each a second older; tokens newest first. */
async function seed(client: ApiClient, store: MockStore, count: number): Promise<string[]> {
  const { push } = await client.createPush({ payload: 'bench secret', name: 'bench', expire_after_views: 5 });
  const stored = (await store.getPush(push.url_token))!;
  const { id: _id, ...creation } = (await store.auditOf(push.url_token))[0]!;
  const life = stored.expires_at - stored.created_at;
  const tokens = [push.url_token];
  const copies = [];
  for (let i = 1; i < count; i++) {
    const at = stored.created_at - i * 1000;
    const url_token = `benchseed${String(i).padStart(5, '0')}`;
    const copy = { ...stored, url_token, seq: stored.seq - i, created_at: at, updated_at: at };
    copies.push({
      push: { ...copy, expires_at: at + life, erase_at: at + life },
      audit: [{ ...creation, url_token, created_at: at }],
    });
    tokens.push(url_token);
  }
  await store.commit(...copies);
  return tokens;
}

/** Runs until every token in `wanted` had a view event, at most `bound` runs; the run each was found at. */
async function findViews(
  run: () => Promise<Set<string>>,
  wanted: string[],
  bound: number,
): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (let i = 1; i <= bound && found.size < wanted.length; i++)
    for (const token of await run()) if (wanted.includes(token) && !found.has(token)) found.set(token, i);
  return found;
}

export async function measureWatcher(pushes = 10_000): Promise<WatcherFigures> {
  let now = Date.now();
  const host = await startHost(() => now);
  const counts = { list: 0, audit: 0 };
  const countingFetch: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (/\/api\/v2\/pushes\/(active|expired)(\.json)?$/.test(url.pathname)) counts.list++;
    if (/\/audit(\.json)?$/.test(url.pathname)) counts.audit++;
    return fetch(input, init);
  };
  try {
    const client = createApiClient({ baseUrl: host.baseUrl, token: USER.token, fetch: countingFetch });
    const tokens = await seed(client, host.store, pushes);
    const cache = idbCache(watchDb, 'bench-watch');
    const deps = { client, cache, clock: () => now, server: host.baseUrl, hasToken: true };
    const runs: RunCost[] = [];
    // One scheduled run a minute after the last; the pushes it found viewed.
    const run = async () => {
      now += MINUTE;
      Object.assign(counts, { list: 0, audit: 0 });
      const started = performance.now();
      const { summary, events } = await refreshWatch(deps);
      if (summary.status !== 'done')
        throw new Error(`refresh ${summary.status}: ${summary.error?.message ?? ''}`);
      const viewed = new Set(events.filter((e) => e.kind === 'viewed').map((e) => e.url_token));
      runs.push({ ...counts, found: viewed.size, ms: performance.now() - started });
      process.stdout.write(runs.length % 10 ? '.' : String(runs.length));
      return viewed;
    };
    const view = async (urlToken: string) => {
      const response = await fetch(`${host.baseUrl}/api/v2/pushes/${urlToken}`, {
        headers: { 'User-Agent': 'bench-recipient/1.0' },
      });
      if (!response.ok) throw new Error(`retrieval failed: ${response.status}`);
    };

    const syncRuns = runsToVisitAll(pushes, ROTATION_PAGES);
    for (let i = 0; i < syncRuns; i++) await run();
    const syncedAll = (await cache.pushes(host.baseUrl)).length === pushes;

    const picked = [10, Math.floor(pushes / 2), pushes - 10].map((index) => tokens[index]!);
    const page = (token: string) => Math.floor(tokens.indexOf(token) / PAGE_SIZE) + 1;
    const deep = runsToVisitAll(pushes);
    for (const token of picked) await view(token);
    const first = await findViews(run, picked, deep);
    // Viewed in the last day now, as the cache knows: the next run finds each again on page 1, and the
    // activity tier's turns within k runs deeper, for k pages with such views (README "How fresh").
    for (const token of picked) await view(token);
    const again = await findViews(run, picked, deep);
    const turns = new Set(picked.map(page).filter((p) => p > HOT_ACTIVE_PAGES)).size;
    const viewed = picked.map((token) => ({
      page: page(token),
      first: { runs: first.get(token), bound: page(token) === 1 ? 1 : deep },
      again: { runs: again.get(token), bound: page(token) === 1 ? 1 : turns },
    }));
    return { pushes, syncRuns, syncedAll, viewed, runs };
  } finally {
    await host.close();
  }
}

const onTime = (view: Viewed['first']) => view.runs !== undefined && view.runs <= view.bound;
const when = (view: Viewed['first']) =>
  view.runs === undefined ? `not within ${view.bound}` : String(view.runs);

/** The row: the worst run's list requests against LIST_BUDGET; audit reads, the first sync and freshness checked. */
export function watcherRows(w: WatcherFigures): Row[] {
  const worst = Math.max(...w.runs.map((r) => r.list));
  const audits = w.runs.reduce((sum, r) => sum + r.audit, 0);
  const found = w.runs.reduce((sum, r) => sum + r.found, 0);
  const pages = w.viewed.map((v) => v.page).join(', ');
  return [
    {
      name: 'Watcher run',
      figure: {
        value: worst,
        unit: 'requests',
        what: `list, the worst of ${w.runs.length} runs at ${w.pushes} pushes`,
      },
      budget: { kind: 'limit', max: LIST_BUDGET },
      checks: [
        {
          budget: `one audit read per view found (+ ≤ ${SWEEP_PER_RUN} sweep) a run`,
          figure: `${audits} audit reads for ${found} views found`,
          ok: w.runs.every((r) => r.audit <= r.found + SWEEP_PER_RUN),
        },
        {
          budget: `every push read within ${w.syncRuns} runs`,
          figure: w.syncedAll ? `all ${w.pushes} read in ${w.syncRuns}` : `not all read in ${w.syncRuns}`,
          ok: w.syncedAll,
        },
        {
          budget: `a first view at the next run on page 1, within ${w.viewed.at(-1)?.first.bound} deeper`,
          figure: `first views (pages ${pages}) found after ${w.viewed.map((v) => when(v.first)).join(', ')} runs`,
          ok: w.viewed.every((v) => onTime(v.first)),
        },
        {
          budget: `a push viewed in the last day at the next run on page 1, within ${w.viewed.at(-1)?.again.bound} deeper (its page's turn)`,
          figure: `second views found after ${w.viewed.map((v) => when(v.again)).join(', ')} runs`,
          ok: w.viewed.every((v) => onTime(v.again)),
        },
      ],
      note: `3 pushes viewed twice; slowest run ${ms(Math.max(...w.runs.map((r) => r.ms)))}; list requests a run: ${w.runs.map((r) => r.list).join(' ')}`,
    },
  ];
}
