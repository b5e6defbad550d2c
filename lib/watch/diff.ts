/**
 * One refresh's reading and diffing, without browser.*: the lists of the server against the cache, the audit
 * logs of the pushes that changed, and the records and events that result. Writes nothing: the caller
 * commits the change in one transaction, so a failure half-way leaves the cache as it was.
 *
 * Request budget: the active list in full (about N/50 requests), the expired list only on a full sync (the
 * first refresh of a server, then once a day), and one audit read per push that changed: new with views
 * already used, views changed, or gone from the active list (expired or deleted: the audit tells which,
 * and the views used on the way). Pristine pushes cost nothing more.
 *
 * Failed passphrases leave no trace in the lists (neither the view count nor updated_at moves), so they are
 * found when the audit is read anyway: at the next view (a recipient who mistyped usually succeeds next),
 * at expiry, or when a page asks for the push's audit ('watch-audit'). Reading every passphrase push's audit
 * on every refresh would cost one request per such push per minute, far beyond the budget.
 */
import type { ApiClient, AuditEntry, Page, Push } from '@/lib/api';
import { walkPages } from '@/lib/api/pagination';
import { isAppError } from '@/lib/errors';
import { auditNews } from './audit-events';
import type { CacheChange, WatchCache } from './cache';
import { sameTracked, toTracked } from './tracked';
import type { CachedAudit, TrackedPush, WatcherState, WatchEvent } from './types';

export type WatchClient = Pick<ApiClient, 'activePage' | 'expiredPage' | 'auditAll'>;

export const FULL_SYNC_EVERY_MS = 24 * 3_600_000;

export interface DiffInput {
  client: WatchClient;
  cache: WatchCache;
  server: string;
  hasToken: boolean;
  now: number;
  state: WatcherState;
  fullSyncEveryMs?: number;
}

export interface DiffResult {
  change: CacheChange;
  requests: { list: number; audit: number };
  /** Set when both lists were read: the new fullSyncAt of the server. */
  fullSyncAt?: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

function expiredEvent(
  push: TrackedPush,
  kind: 'expired' | 'deleted',
  at: string,
  reason?: 'views' | 'time',
): WatchEvent {
  const event: WatchEvent = {
    id: `${push.server}|${push.url_token}|${kind}`,
    server: push.server,
    url_token: push.url_token,
    kind,
    at,
    seen: false,
  };
  if (reason) event.reason = reason;
  return event;
}

/** Without a token the server lists nothing: pushes are followed by time alone. */
function byTime(cached: TrackedPush[], now: number): CacheChange {
  const change: CacheChange = { pushes: [], audits: [], events: [] };
  for (const push of cached) {
    if (push.expired || push.expires_at === null || Date.parse(push.expires_at) > now) continue;
    const record = { ...push, expired: true, expired_on: push.expires_at, updated_at: iso(now) };
    change.pushes.push(record);
    change.events.push(expiredEvent(record, 'expired', push.expires_at, 'time'));
  }
  return change;
}

interface Target {
  push: TrackedPush; // the record as the lists show it now (or the cached one, for a push gone from them)
  previous?: TrackedPush;
  gone: boolean; // left the active list
  listed: boolean; // found in the expired list (exact fields)
}

/** The whole audit log, or null when the server will not show it: gone (404) or not the owner's (403). */
async function readAudit(client: WatchClient, urlToken: string): Promise<AuditEntry[] | null> {
  try {
    return await client.auditAll(urlToken);
  } catch (error) {
    // The lists still tell what changed, only without the IP details.
    if (isAppError(error, 'not-found') || isAppError(error, 'forbidden')) return null;
    throw error;
  }
}

/** What became of a push that left the active list and was not in an expired list we read. */
function settleGone(
  target: Target,
  entries: AuditEntry[] | null,
  news: ReturnType<typeof auditNews> | null,
  now: number,
) {
  const prev = target.push;
  if (entries === null)
    return {
      record: { ...prev, expired: true, deleted: true, views_remaining: 0, expired_on: iso(now) },
      kind: 'deleted' as const,
    };
  if (news?.deletedAt)
    return {
      record: { ...prev, expired: true, deleted: true, views_remaining: 0, expired_on: news.deletedAt },
      kind: 'deleted' as const,
    };
  const counted = news?.counted ?? 0;
  if (counted >= prev.expire_after_views)
    return {
      record: { ...prev, expired: true, views_remaining: 0, expired_on: news?.lastCountedAt ?? iso(now) },
      kind: 'expired' as const,
      reason: 'views' as const,
    };
  const views_remaining = Math.max(prev.expire_after_views - counted, 0);
  return {
    record: { ...prev, expired: true, views_remaining, expired_on: prev.expires_at ?? iso(now) },
    kind: 'expired' as const,
    reason: 'time' as const,
  };
}

async function walk(fetchPage: (page: number) => Promise<Page<Push>>, count: () => void): Promise<Push[]> {
  return walkPages((page) => {
    count();
    return fetchPage(page);
  });
}

/** Reads the server and diffs it against the cache. Throws on transient failures (nothing is written). */
export async function diffServer(input: DiffInput): Promise<DiffResult> {
  const { client, cache, server, now, state } = input;
  const cachedList = await cache.pushes(server);
  const requests = { list: 0, audit: 0 };
  if (!input.hasToken) return { change: byTime(cachedList, now), requests };

  const cached = new Map(cachedList.map((push) => [push.url_token, push]));
  const lastFull = state.fullSyncAt[server];
  const firstSync = lastFull === undefined;
  const full = firstSync || now - lastFull >= (input.fullSyncEveryMs ?? FULL_SYNC_EVERY_MS);
  const active = await walk(
    (page) => client.activePage(page),
    () => requests.list++,
  );
  const expired = full
    ? await walk(
        (page) => client.expiredPage(page),
        () => requests.list++,
      )
    : [];

  const change: CacheChange = { pushes: [], audits: [], events: [] };
  const targets: Target[] = [];
  const keep = (record: TrackedPush, previous?: TrackedPush) => {
    if (!previous || !sameTracked(record, previous)) change.pushes.push(record);
  };

  const activeTokens = new Set<string>();
  for (const push of active) {
    activeTokens.add(push.url_token);
    const previous = cached.get(push.url_token);
    const record = toTracked(push, server, 'server', previous);
    const viewsUsed = push.views_remaining < push.expire_after_views;
    // A push met on the first sync is history: it is recorded, and only later changes are news.
    const news = previous
      ? previous.views_remaining !== push.views_remaining || (previous.expired && !push.expired)
      : !firstSync && viewsUsed;
    if (news) targets.push({ push: record, previous, gone: false, listed: true });
    else keep(record, previous);
  }

  const expiredByToken = new Map(expired.map((push) => [push.url_token, push]));
  for (const previous of cachedList) {
    if (activeTokens.has(previous.url_token) || previous.expired) continue;
    const listed = expiredByToken.get(previous.url_token);
    if (previous.source === 'local' && !listed) {
      // Created here but not listed: anonymous (the server does not list it for this token): by time.
      const timed = byTime([previous], now);
      change.pushes.push(...timed.pushes);
      change.events.push(...timed.events);
      continue;
    }
    const record = listed ? toTracked(listed, server, 'server', previous) : previous;
    targets.push({ push: record, previous, gone: true, listed: listed !== undefined });
  }
  // History from the expired list: recorded quietly (or refreshed), never an event.
  for (const push of expired) {
    const previous = cached.get(push.url_token);
    if (previous && !previous.expired) continue; // a target above
    keep(toTracked(push, server, 'server', previous), previous);
  }

  for (const target of targets) {
    const token = target.push.url_token;
    requests.audit++;
    const entries = await readAudit(client, token);
    const cachedAudit = await cache.audit(server, token);
    const news = entries === null ? null : auditNews(target.push, entries, cachedAudit, target.previous);
    if (entries !== null)
      change.audits.push({ server, url_token: token, entries, fetched_at: iso(now) } satisfies CachedAudit);
    if (news) change.events.push(...news.events);
    else change.events.push(...viewsWithoutAudit(target));
    if (!target.gone) {
      change.pushes.push(target.push);
      continue;
    }
    if (target.listed) {
      const record = target.push;
      change.pushes.push(record);
      const at = record.expired_on ?? iso(now);
      change.events.push(
        record.deleted
          ? expiredEvent(record, 'deleted', at)
          : expiredEvent(record, 'expired', at, record.views_remaining === 0 ? 'views' : 'time'),
      );
      continue;
    }
    const settled = settleGone(target, entries, news, now);
    const record = { ...settled.record, updated_at: iso(now) };
    change.pushes.push(record);
    change.events.push(expiredEvent(record, settled.kind, record.expired_on ?? iso(now), settled.reason));
  }
  return { change, requests, ...(full ? { fullSyncAt: now } : {}) };
}

/** When the audit cannot be read (not the owner's, or gone): one 'viewed' event per view the lists show used. */
function viewsWithoutAudit(target: Target): WatchEvent[] {
  const before = target.previous ? target.previous.views_remaining : target.push.expire_after_views;
  const events: WatchEvent[] = [];
  for (let left = before - 1; left >= target.push.views_remaining; left--) {
    const used = target.push.expire_after_views - left;
    events.push({
      id: `${target.push.server}|${target.push.url_token}|views|${used}`,
      server: target.push.server,
      url_token: target.push.url_token,
      kind: 'viewed',
      at: target.push.updated_at,
      views_left: left,
      seen: false,
    });
  }
  return events;
}
