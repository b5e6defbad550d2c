/**
 * What pages ask of the watcher besides a refresh: expire pushes now, read a push's whole audit log. Pure
 * like the refresh core (injected client and cache); the background runs them one at a time with refreshes.
 */
import type { ApiClient, AuditEntry } from '@/lib/api';
import { toAppError, type AppErrorData } from '@/lib/errors';
import { firstUnreported, openedFrom } from './refresh';
import type { WatchCache } from './cache';
import { toTracked } from './tracked';
import type { CachedAudit, TrackedPush } from './types';

export interface ActionDeps {
  client: Pick<ApiClient, 'deletePush' | 'auditAll'>;
  cache: WatchCache;
  server: string;
  clock: () => number;
}

export interface ExpireResult {
  expired: string[];
  failed: Array<{ url_token: string; error: AppErrorData }>;
}

/**
 * Deletes each push on the server (client.deletePush) and stores what the server answered. The user did it,
 * so no event is recorded: the next refresh finds the pushes already expired in the cache.
 */
export async function expirePushes(deps: ActionDeps, urlTokens: string[]): Promise<ExpireResult> {
  const cached = new Map((await deps.cache.pushes(deps.server)).map((push) => [push.url_token, push]));
  const result: ExpireResult = { expired: [], failed: [] };
  const records: TrackedPush[] = [];
  for (const token of urlTokens) {
    try {
      const push = await deps.client.deletePush(token);
      const previous = cached.get(token);
      records.push(toTracked(push, deps.server, previous?.source ?? 'server', previous));
      result.expired.push(token);
    } catch (error) {
      result.failed.push({ url_token: token, error: toAppError(error).toJSON() });
    }
  }
  if (records.length > 0)
    await deps.cache.commit({ pushes: records, audits: [], events: [] }, await deps.cache.state());
  return result;
}

/**
 * The whole audit log of one push, every page, stored in the cache. Reading it reports nothing and marks
 * nothing reported: the refresh alone raises events (and notifications) for new entries, whoever read the
 * log first, so the `reported` pointer and the refresh's `checked_at` are kept as they were.
 */
export async function readAuditIntoCache(deps: ActionDeps, urlToken: string): Promise<AuditEntry[]> {
  const entries = await deps.client.auditAll(urlToken);
  const previous = (await deps.cache.pushes(deps.server)).find((push) => push.url_token === urlToken);
  const cached = await deps.cache.audit(deps.server, urlToken);
  const audit: CachedAudit = {
    server: deps.server,
    url_token: urlToken,
    entries,
    fetched_at: new Date(deps.clock()).toISOString(),
    // Where a refresh would have started reporting had it read this log now.
    reported: firstUnreported(entries, cached, previous),
  };
  if (cached?.checked_at !== undefined) audit.checked_at = cached.checked_at;
  // The row's "Opened 2 times · last 10:42" follows what the page just read.
  const pushes = previous ? [{ ...previous, opened: openedFrom(entries) }] : [];
  await deps.cache.commit({ pushes, audits: [audit], events: [] }, await deps.cache.state());
  return entries;
}
