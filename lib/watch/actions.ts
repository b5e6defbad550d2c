/**
 * What pages ask of the watcher besides a refresh: expire pushes now, read a push's whole audit log. Pure
 * like the refresh core (injected client and cache); the background runs them one at a time with refreshes.
 */
import type { ApiClient, AuditEntry } from '@/lib/api';
import { toAppError, type AppErrorData } from '@/lib/errors';
import { auditNews } from './audit-events';
import type { WatchCache } from './cache';
import { toTracked } from './tracked';
import type { TrackedPush } from './types';

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
 * The whole audit log of one push, every page, stored in the cache. Entries not reported yet become events
 * marked seen (the user is looking at them), so a later refresh does not notify them again.
 */
export async function readAudit(
  deps: ActionDeps,
  urlToken: string,
): Promise<{ entries: AuditEntry[]; added: number }> {
  const entries = await deps.client.auditAll(urlToken);
  const previous = (await deps.cache.pushes(deps.server)).find((push) => push.url_token === urlToken);
  const cachedAudit = await deps.cache.audit(deps.server, urlToken);
  // A push the cache does not track has nothing to report: its log is only stored.
  const events = previous ? auditNews(previous, entries, cachedAudit, previous).events : [];
  const added = await deps.cache.commit(
    {
      pushes: [],
      audits: [
        {
          server: deps.server,
          url_token: urlToken,
          entries,
          fetched_at: new Date(deps.clock()).toISOString(),
        },
      ],
      events: events.map((event) => ({ ...event, seen: true })),
    },
    await deps.cache.state(),
  );
  return { entries, added: added.length };
}
