/**
 * What the lists alone cannot say, settled from an audit log (or from the clock): how a push that left the
 * active list ended, the views of a push whose audit cannot be read, and the expiry of pushes followed by
 * time only. Pure functions of their inputs.
 */
import type { AuditEntry } from '@/lib/api';
import type { AuditNews } from './audit-events';
import type { CacheChange } from './cache';
import type { TrackedPush, WatchEvent } from './types';

export const iso = (ms: number) => new Date(ms).toISOString();

export function expiredEvent(
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

/** Pushes followed by time alone (no token, or an audit the server refuses): expired once their time is up. */
export function byTime(cached: TrackedPush[], now: number): CacheChange {
  const change: CacheChange = { pushes: [], audits: [], events: [] };
  for (const push of cached) {
    if (push.expired || push.expires_at === null || Date.parse(push.expires_at) > now) continue;
    const record = { ...push, expired: true, expired_on: push.expires_at, updated_at: iso(now) };
    change.pushes.push(record);
    change.events.push(expiredEvent(record, 'expired', push.expires_at, 'time'));
  }
  return change;
}

export interface Settled {
  record: TrackedPush;
  kind: 'expired' | 'deleted';
  reason?: 'views' | 'time';
}

/**
 * What became of a push that left the active list and was not in an expired list we read: its audit says
 * deleted (an 'expire' entry) or how many views were used; no audit at all (gone from the server) reads as
 * deleted.
 */
export function settleGone(
  prev: TrackedPush,
  entries: AuditEntry[] | null,
  news: AuditNews | null,
  now: number,
): Settled {
  if (entries === null)
    return {
      record: { ...prev, expired: true, deleted: true, views_remaining: 0, expired_on: iso(now) },
      kind: 'deleted',
    };
  if (news?.deletedAt)
    return {
      record: { ...prev, expired: true, deleted: true, views_remaining: 0, expired_on: news.deletedAt },
      kind: 'deleted',
    };
  const counted = news?.counted ?? 0;
  if (counted >= prev.expire_after_views)
    return {
      record: { ...prev, expired: true, views_remaining: 0, expired_on: news?.lastCountedAt ?? iso(now) },
      kind: 'expired',
      reason: 'views',
    };
  const views_remaining = Math.max(prev.expire_after_views - counted, 0);
  return {
    record: { ...prev, expired: true, views_remaining, expired_on: prev.expires_at ?? iso(now) },
    kind: 'expired',
    reason: 'time',
  };
}

/** When the audit cannot be read (not the owner's, or gone): one 'viewed' event per view the lists show used. */
export function viewsWithoutAudit(push: TrackedPush, previous: TrackedPush | undefined): WatchEvent[] {
  const before = previous ? previous.views_remaining : push.expire_after_views;
  const events: WatchEvent[] = [];
  for (let left = before - 1; left >= push.views_remaining; left--) {
    const used = push.expire_after_views - left;
    events.push({
      id: `${push.server}|${push.url_token}|views|${used}`,
      server: push.server,
      url_token: push.url_token,
      kind: 'viewed',
      at: push.updated_at,
      views_left: left,
      seen: false,
    });
  }
  return events;
}
