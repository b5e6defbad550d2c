/**
 * Watcher budget (issue 5): a refresh of 500 pushes of which 3 changed costs at most 10 list requests and
 * 3 audit requests. Runs the watcher's real refresh core on its real IndexedDB cache (fake-indexeddb in
 * Node) against the Node host over HTTP, and counts the requests on the wire, not the watcher's own tally.
 */
import 'fake-indexeddb/auto';
import { createApiClient } from '@/lib/api';
import type { Edition } from '@/lib/mock';
import { startMockHost } from '@/lib/mock/host/server';
import { idbCache } from '@/lib/watch/cache';
import { watchDb } from '@/lib/watch/db';
import { refreshWatch } from '@/lib/watch/refresh';
import { ms, type BenchRow } from './rows';

export const LIST_BUDGET = 10;
export const AUDIT_BUDGET = 3;

export interface RefreshFigures {
  edition: Edition;
  pushes: number;
  changed: number;
  listRequests: number;
  auditRequests: number;
  events: number;
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
    await refreshWatch(deps); // first sync: records every push quietly
    await refreshWatch(deps); // steady state: nothing changed

    for (const urlToken of tokens.slice(0, changed)) {
      const response = await fetch(`${host.baseUrl}/api/v2/pushes/${urlToken}`, {
        headers: { 'User-Agent': 'bench-recipient/1.0' },
      });
      if (!response.ok) throw new Error(`retrieval failed: ${response.status}`);
    }
    counts.list = 0;
    counts.audit = 0;
    const started = performance.now();
    const { summary, events } = await refreshWatch(deps);
    const refreshMs = performance.now() - started;
    if (summary.status !== 'done')
      throw new Error(`refresh ${summary.status}: ${summary.error?.message ?? ''}`);
    return {
      edition,
      pushes,
      changed,
      listRequests: counts.list,
      auditRequests: counts.audit,
      events: events.length,
      refreshMs,
    };
  } finally {
    await host.close();
  }
}

/**
 * The watcher's rows: pro within 10 list + 3 audit requests, and finding exactly the changed pushes; oss
 * reported (it has no pagination headers, so with exactly 500 pushes it reads an empty 11th page).
 */
export function refreshRows(figures: RefreshFigures[]): BenchRow[] {
  return figures.map((r) => {
    const found = r.events === r.changed;
    const figure = `${r.pushes} pushes, ${r.changed} viewed: ${r.listRequests} list + ${r.auditRequests} audit requests, ${r.events} events, ${ms(r.refreshMs)}`;
    return r.edition === 'pro'
      ? {
          path: 'Watcher (pro)',
          figure,
          reference: `${r.changed} pushes viewed since the last refresh`,
          budget: `≤ ${LIST_BUDGET} list + ${AUDIT_BUDGET} audit requests, every change found`,
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
