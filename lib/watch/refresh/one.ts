/**
 * A refresh of the cache, with its schedule rules: a pure core with an injected client, cache and clock (no
 * browser.*), so a benchmark can run it in Node against the Node host. Reading and diffing: diff.ts; when
 * to try again: backoff.ts.
 */
import { toAppError } from '@/lib/errors';
import { afterFailure, afterSuccess, waitUntil } from './backoff';
import type { WatchCache } from '../cache';
import { diffServer } from './diff';
import type { WatchClient } from './types';
import type { RefreshSummary, WatchEvent } from '../types';

export interface RefreshDeps {
  client: WatchClient;
  cache: WatchCache;
  /** ms since epoch */
  clock: () => number;
  /** The client's base URL (DEMO_BASE_URL in demo mode): the cache key of its pushes. */
  server: string;
  /** False when the server cannot list this user's pushes (no API token): pushes are followed by time. */
  hasToken: boolean;
  /** Asked for by the user: skips the back-off, never the server's Retry-After. */
  force?: boolean;
  /** How often the expired list is read to its end, over as many runs as the budget needs (default: daily). */
  fullSyncEveryMs?: number;
  /** Begin a read of the expired list now (a refresh the user asked for), under the same budget. */
  fullSync?: boolean;
}

export interface RefreshResult {
  summary: RefreshSummary;
  /** The events this refresh added (already stored ones are not repeated). */
  events: WatchEvent[];
}

/**
 * Refreshes the cache of one server and records what happened. Never throws for a server failure: the
 * summary says 'failed' and the state holds the back-off; 'waiting' when a back-off or Retry-After is on.
 */
export async function refreshWatch(deps: RefreshDeps): Promise<RefreshResult> {
  const { cache, server, hasToken } = deps;
  const now = deps.clock();
  const state = await cache.state();
  const summary: RefreshSummary = {
    server,
    status: 'done',
    changed: 0,
    events: 0,
    requests: { list: 0, audit: 0 },
    needsToken: !hasToken,
  };
  const wait = waitUntil(state, now, deps.force ?? false);
  if (wait !== null) return { summary: { ...summary, status: 'waiting', nextAttemptAt: wait }, events: [] };

  let result;
  try {
    result = await diffServer({ ...deps, now, state });
  } catch (error) {
    const data = toAppError(error).toJSON();
    const failed = afterFailure(state, data, now);
    await cache.commit({ pushes: [], audits: [], events: [] }, failed);
    const summaryFailed: RefreshSummary = { ...summary, status: 'failed', error: data };
    if (failed.backoffUntil !== null) summaryFailed.nextAttemptAt = failed.backoffUntil;
    return { summary: summaryFailed, events: [] };
  }
  const next = afterSuccess(state, now, hasToken);
  next.server = server;
  if (result.fullSyncAt !== undefined) next.fullSyncAt = { ...state.fullSyncAt, [server]: result.fullSyncAt };
  if (result.schedule) next.schedule = { ...state.schedule, [server]: result.schedule };
  const events = await cache.commit(result.change, next);
  return {
    summary: {
      ...summary,
      changed: result.change.pushes.length,
      events: events.length,
      requests: result.requests,
    },
    events,
  };
}
