/**
 * One refresh of every server the watcher follows (issue 12), one after another, each in its own account's
 * cache with its own state, so a server that fails or asks to wait never holds back another.
 */
import type { ApiClient } from '@/lib/api';
import type { WatchCache } from '../cache';
import { refreshWatch } from './one';
import type { RefreshSummary, WatchEvent } from '../types';

export interface Followed {
  client: ApiClient;
  hasToken: boolean;
  account: string;
}

/** What one server's refresh found: its summary, its new events and the cache they are in. */
export interface ServerRefresh {
  summary: RefreshSummary;
  events: WatchEvent[];
  cache: WatchCache;
}

/** Refreshes each followed server in turn (the caller runs it in the watcher's one-at-a-time queue). */
export async function refreshFollowed(
  followed: Followed[],
  deps: { cacheFor: (account: string) => WatchCache; clock: () => number; force: boolean },
): Promise<ServerRefresh[]> {
  const results: ServerRefresh[] = [];
  for (const { client, hasToken, account } of followed) {
    const cache = deps.cacheFor(account);
    const { force, clock } = deps;
    // A refresh the user asked for also begins a read of the expired list (daily otherwise); both keep to
    // the list budget (schedule.ts), since a full read of a large account would outrun the server's rate limit.
    const server = client.baseUrl;
    const result = await refreshWatch({ client, cache, clock, server, hasToken, force, fullSync: force });
    results.push({ ...result, cache });
  }
  return results;
}

/**
 * One summary for the pages: the default server's (the first), with the counts of all. A failure of any
 * server is reported (the first one's error); 'waiting' only when every server waited.
 */
export function mergeSummaries(summaries: RefreshSummary[]): RefreshSummary {
  const [first, ...rest] = summaries as [RefreshSummary, ...RefreshSummary[]];
  const failed = summaries.find((summary) => summary.status === 'failed');
  const merged = { ...first, requests: { ...first.requests } };
  for (const other of rest) {
    merged.changed += other.changed;
    merged.events += other.events;
    merged.requests.list += other.requests.list;
    merged.requests.audit += other.requests.audit;
  }
  if (summaries.some((summary) => summary.status !== 'waiting')) merged.status = 'done';
  if (failed) Object.assign(merged, { status: 'failed', error: failed.error });
  return merged;
}
