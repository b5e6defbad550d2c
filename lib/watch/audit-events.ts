/**
 * Which audit entries are news, and the events they make. The audit log only grows (oldest first), so after
 * a refresh read it, the entries beyond its `reported` pointer are new. Before the first read, the cached
 * view count says how many counted entries were already known: the entries after the last of those are new.
 */
import type { AuditEntry } from '@/lib/api';
import type { CachedAudit, OpenedSummary, TrackedPush, WatchEvent } from './types';

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

/** Recipients' views in a whole log: 'view' entries only (owner_view is the sender's, failed_view opened nothing). */
export function openedFrom(entries: AuditEntry[]): OpenedSummary {
  const views = entries.filter((entry) => entry.kind === 'view');
  const last = views[views.length - 1];
  const opened: OpenedSummary = { count: views.length };
  if (last) opened.last_at = last.created_at;
  if (last?.user_agent) opened.user_agent = last.user_agent;
  return opened;
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
