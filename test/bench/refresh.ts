/**
 * Watcher budget (issues 5 and 19): with 500 pushes of which 3 changed, each run costs at most 10 list
 * requests, and the runs that read every page once find the 3 changes for 3 audit requests. Runs the watcher's real refresh core on its real IndexedDB cache (fake-indexeddb in
 * Node) against the Node host over HTTP, and counts the requests on the wire, not the watcher's own tally.
 */
import 'fake-indexeddb/auto';
import { createApiClient } from '@/lib/api';
import type { Edition } from '@/lib/mock';
import { startMockHost } from '@/lib/mock/host/server';
import { idbCache } from '@/lib/watch/cache';
import { watchDb } from '@/lib/watch/db';
import { refreshWatch } from '@/lib/watch/refresh';
import { LIST_BUDGET as WATCH_LIST_BUDGET, runsToVisitAll } from '@/lib/watch/refresh/schedule';
import { ms, type BenchRow } from './rows';

export const LIST_BUDGET = WATCH_LIST_BUDGET;
export const AUDIT_BUDGET = 3;

export interface RefreshFigures {
  edition: Edition;
  pushes: number;
  changed: number;
  /** Runs within which every page is read (schedule.ts runsToVisitAll): the figures are over these. */
  runs: number;
  /** The most list requests one run made. */
  listRequests: number;
  /** Audit requests of all the runs. */
  auditRequests: number;
  events: number;
  /** The slowest run. */
  refreshMs: number;
}

export async function measureRefresh(edition: Edition, pushes = 500, changed = 3): Promise<RefreshFigures> {
  const token = 'bench-token';
  const host = await startMockHost({
    port: 0,
    edition,
    rateLimit: 0,
    users: [{ email: 'bench@example.com', token }],
  });
  const counts = { list: 0, audit: 0 };
  const countingFetch: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (/\/api\/v2\/pushes\/(active|expired)(\.json)?$/.test(url.pathname)) counts.list++;
    if (/\/audit(\.json)?$/.test(url.pathname)) counts.audit++;
    return fetch(input, init);
  };
  try {
    const client = createApiClient({ baseUrl: host.baseUrl, token, fetch: countingFetch });
    const tokens: string[] = [];
    for (let i = 0; i < pushes; i++) {
      const { push } = await client.createPush({
        payload: `bench secret ${i}`,
        name: `bench ${i}`,
        expire_after_views: 5,
      });
      tokens.push(push.url_token);
    }
    const cache = idbCache(watchDb, 'bench'); // one account: the bench never changes server
    const deps = { client, cache, clock: Date.now, server: host.baseUrl, hasToken: true, force: true };
    // The first sync, spread over the runs the budget needs (schedule.ts): records every push quietly.
    const runs = runsToVisitAll(pushes);
    for (let i = 0; i < runs; i++) await refreshWatch(deps);

    for (const urlToken of tokens.slice(0, changed)) {
      const response = await fetch(`${host.baseUrl}/api/v2/pushes/${urlToken}`, {
        headers: { 'User-Agent': 'bench-recipient/1.0' },
      });
      if (!response.ok) throw new Error(`retrieval failed: ${response.status}`);
    }
    // Every change is found within the runs that read every page; a run's figures are its worst.
    const figures = { listRequests: 0, auditRequests: 0, events: 0, refreshMs: 0 };
    counts.audit = 0;
    for (let i = 0; i < runs; i++) {
      counts.list = 0;
      const started = performance.now();
      const { summary, events } = await refreshWatch(deps);
      figures.refreshMs = Math.max(figures.refreshMs, performance.now() - started);
      if (summary.status !== 'done')
        throw new Error(`refresh ${summary.status}: ${summary.error?.message ?? ''}`);
      figures.listRequests = Math.max(figures.listRequests, counts.list);
      figures.events += events.length;
    }
    figures.auditRequests = counts.audit;
    return { edition, pushes, changed, runs, ...figures };
  } finally {
    await host.close();
  }
}

/**
 * The watcher's rows: pro within 10 list requests a run and 3 audit requests, finding exactly the changed
 * pushes within the runs that read every page; oss reported (it has no pagination headers, so a run that
 * reaches a full 10th page also reads an empty 11th).
 */
export function refreshRows(figures: RefreshFigures[]): BenchRow[] {
  return figures.map((r) => {
    const found = r.events === r.changed;
    const figure = `${r.pushes} pushes, ${r.changed} viewed: at most ${r.listRequests} list requests a run, ${r.auditRequests} audit requests and ${r.events} events over ${r.runs} runs, ${ms(r.refreshMs)} at most`;
    return r.edition === 'pro'
      ? {
          path: 'Watcher (pro)',
          figure,
          reference: `${r.changed} pushes viewed since the last refresh`,
          budget: `≤ ${LIST_BUDGET} list requests a run, ${AUDIT_BUDGET} audit requests, every change found within ${r.runs} runs`,
          within: found && r.listRequests <= LIST_BUDGET && r.auditRequests <= AUDIT_BUDGET,
        }
      : {
          path: `Watcher (${r.edition})`,
          figure,
          reference: `${r.changed} pushes viewed since the last refresh`,
          budget: 'reported; every change found',
          within: found ? undefined : false,
        };
  });
}
