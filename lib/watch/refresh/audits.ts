/**
 * What an audit read tells (and, where no audit can be read, what the clock tells): which entries of a log are
 * news and the events they make, how a push that left the active list ended, and the one audit read of a
 * push whose listing changed (explainTarget). The log only grows (oldest first), so after a refresh read it,
 * the entries beyond its `reported` pointer are new; before the first read, the cached view count says how
 * many counted entries were already known.
 */
import type { AuditEntry } from '@/lib/api';
import { isAppError } from '@/lib/errors';
import type { CacheChange } from '../cache';
import type { DiffInput, DiffResult, Target, WatchClient } from './types';
import type { CachedAudit, FailedAttempts, OpenedSummary, TrackedPush, WatchEvent } from '../types';

/** Entries that use up a view (docs/api-contract.md §5): the owner's own views do not count. */
const COUNTED = new Set(['view', 'failed_view']);

export interface AuditNews {
  events: WatchEvent[];
  /** A new 'expire' entry: someone deleted the push. */
  deletedAt: string | null;
  /** Counted entries in the whole log. */
  counted: number;
  /** When the last counted entry was written (the instant the last view was used). */
  lastCountedAt: string | null;
}

/**
 * Recipients' views in a whole log: 'view' entries only (owner_view is the sender's, failed_view opened
 * nothing); and the wrong passphrases entered, so a push's row says a failed attempt (issue 37).
 */
export function openedFrom(entries: AuditEntry[]): OpenedSummary {
  const views = entries.filter((entry) => entry.kind === 'view');
  const last = views[views.length - 1];
  const opened: OpenedSummary = { count: views.length };
  if (last) opened.last_at = last.created_at;
  if (last?.user_agent) opened.user_agent = last.user_agent;
  const wrong = attemptsOf(entries, 'failed_passphrase');
  if (wrong) opened.wrong_passphrase = wrong;
  const late = attemptsOf(entries, 'failed_view');
  if (late) opened.after_expiry = late;
  return opened;
}

/** How many entries of a failed attempt's `kind` a log holds, and the last one's time and browser; none: undefined. */
function attemptsOf(entries: AuditEntry[], kind: string): FailedAttempts | undefined {
  const attempts = entries.filter((entry) => entry.kind === kind);
  const last = attempts[attempts.length - 1];
  if (!last) return undefined;
  return {
    count: attempts.length,
    last_at: last.created_at,
    ...(last.user_agent ? { user_agent: last.user_agent } : {}),
  };
}

/**
 * Index of the first entry not reported yet: the refresh's pointer when the log was read before, else the
 * entry after the last view the cached record already counts (`previous`; none for a push seen first now).
 */
export function firstUnreported(
  entries: AuditEntry[],
  cached: CachedAudit | undefined,
  previous: Pick<TrackedPush, 'expire_after_views' | 'views_remaining'> | undefined,
): number {
  if (cached) return Math.min(cached.reported ?? cached.entries.length, entries.length);
  const knownCounted = previous ? previous.expire_after_views - previous.views_remaining : 0;
  if (knownCounted <= 0) return 0;
  let counted = 0;
  for (let i = 0; i < entries.length; i++) {
    if (COUNTED.has(entries[i]!.kind) && ++counted === knownCounted) return i + 1;
  }
  return entries.length;
}

/**
 * The events of the new entries of one push's audit log. `previous` is the cached record before this
 * refresh (undefined for a push seen for the first time: all its entries are new).
 */
export function auditNews(
  push: Pick<TrackedPush, 'server' | 'url_token' | 'expire_after_views'>,
  entries: AuditEntry[],
  cached: CachedAudit | undefined,
  previous: TrackedPush | undefined,
): AuditNews {
  const start = firstUnreported(entries, cached, previous);
  const news: AuditNews = { events: [], deletedAt: null, counted: 0, lastCountedAt: null };
  entries.forEach((entry, index) => {
    if (COUNTED.has(entry.kind)) {
      news.counted++;
      news.lastCountedAt = entry.created_at;
    }
    if (index < start) return;
    const base = {
      id: `${push.server}|${push.url_token}|audit|${index}`,
      server: push.server,
      url_token: push.url_token,
      at: entry.created_at,
      seen: false,
      ...(entry.ip ? { ip: entry.ip } : {}),
      ...(entry.user_agent ? { user_agent: entry.user_agent } : {}),
    };
    if (entry.kind === 'view')
      news.events.push({
        ...base,
        kind: 'viewed',
        views_left: Math.max(push.expire_after_views - news.counted, 0),
      });
    else if (entry.kind === 'failed_passphrase' || entry.kind === 'failed_view')
      news.events.push({ ...base, kind: entry.kind });
    else if (entry.kind === 'expire') news.deletedAt = entry.created_at;
  });
  return news;
}

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

/** How a push that left the active list ended (howItEnded). */
export interface Ending {
  record: TrackedPush;
  kind: 'expired' | 'deleted';
  reason?: 'views' | 'time';
}

/**
 * What became of a push that left the active list and was not in an expired list we read: its audit says
 * deleted (an 'expire' entry) or how many views were used; no audit at all (gone from the server) reads as
 * deleted. Null when neither they nor its time ended it: it is still active.
 */
export function howItEnded(
  prev: TrackedPush,
  entries: AuditEntry[] | null,
  news: AuditNews | null,
  now: number,
): Ending | null {
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
  if (counted < prev.expire_after_views && prev.expires_at !== null && Date.parse(prev.expires_at) > now)
    return null; // nothing ended it: it moved between two page reads of the run (see lists.ts sortGone)
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

/** The whole audit log, or null when the server will not show it: gone (404) or not the owner's (403). */
export async function readAuditIfShown(client: WatchClient, urlToken: string): Promise<AuditEntry[] | null> {
  try {
    return await client.auditAll(urlToken);
  } catch (error) {
    // The lists still tell what changed, only without the IP details.
    if (isAppError(error, 'not-found') || isAppError(error, 'forbidden')) return null;
    throw error;
  }
}

/** The cached log after a refresh read it: every entry is reported from now on. */
export function readByRefresh(
  server: string,
  urlToken: string,
  entries: AuditEntry[],
  now: number,
): CachedAudit {
  return {
    server,
    url_token: urlToken,
    entries,
    fetched_at: iso(now),
    reported: entries.length,
    checked_at: iso(now),
  };
}

/** Reads the audit of one push whose listing changed and records what happened to it. */
export async function explainTarget(
  input: DiffInput,
  target: Target,
  change: CacheChange,
  requests: DiffResult['requests'],
): Promise<void> {
  const { client, cache, server, now } = input;
  const token = target.push.url_token;
  requests.audit++;
  const entries = await readAuditIfShown(client, token);
  if (entries !== null) target = { ...target, push: { ...target.push, opened: openedFrom(entries) } };
  const local = target.previous?.source === 'local' && !target.listed;
  if (entries === null && local) {
    // Not this token's push (created anonymously): followed by time, and never asked about again.
    const record: TrackedPush = { ...target.previous!, audit_denied: true };
    const timed = byTime([record], now);
    change.pushes.push(timed.pushes[0] ?? record);
    change.events.push(...timed.events);
    return;
  }
  const cachedAudit = await cache.audit(server, token);
  const news = entries === null ? null : auditNews(target.push, entries, cachedAudit, target.previous);
  if (entries !== null) change.audits.push(readByRefresh(server, token, entries, now));
  if (news) change.events.push(...news.events);
  else change.events.push(...viewsWithoutAudit(target.push, target.previous));
  if (!target.gone) {
    change.pushes.push(target.push);
    return;
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
    return;
  }
  const ending = howItEnded(target.push, entries, news, now);
  if (!ending) {
    const views_remaining = Math.max(target.push.expire_after_views - (news?.counted ?? 0), 0);
    change.pushes.push({ ...target.push, views_remaining });
    return;
  }
  const record = { ...ending.record, updated_at: iso(now) };
  change.pushes.push(record);
  change.events.push(expiredEvent(record, ending.kind, record.expired_on ?? iso(now), ending.reason));
}
