/**
 * One refresh's reading and diffing, without browser.*: the lists of the server against the cache, the audit
 * logs of the pushes that changed, and the records and events that result. Writes nothing: the caller
 * commits the change in one transaction, so a failure half-way leaves the cache as it was.
 *
 * Request budget: the active list in full (about N/50 requests), the expired list only on a full sync (the
 * first refresh of a server, then once a day), one audit read per push that changed (new with views already
 * used, views changed, or gone from the active list: expired or deleted, the audit tells which and the views
 * used on the way), and at most one more for the passphrase sweep (sweep.ts). Pristine pushes cost nothing.
 *
 * A push recorded here ('local') that is gone from the active list is read like any other (it may have been
 * used up or deleted before the refresh that would have listed it); when the server refuses its audit (it was
 * created anonymously), it is marked audit_denied and followed by time from then on, at no further cost.
 */
import type { ApiClient, AuditEntry, Page, Push } from '@/lib/api';
import { walkPages } from '@/lib/api/pagination';
import { isAppError } from '@/lib/errors';
import { auditNews } from './audit-events';
import type { CacheChange, WatchCache } from './cache';
import { byTime, expiredEvent, iso, settleGone, viewsWithoutAudit } from './gone';
import { pickSweep } from './sweep';
import { sameTracked, toTracked } from './tracked';
import type { CachedAudit, TrackedPush, WatcherState } from './types';

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
  /** Read the expired list too, whenever it was last read (a refresh the user asked for). */
  fullSync?: boolean;
}

export interface DiffResult {
  change: CacheChange;
  requests: { list: number; audit: number };
  /** Set when both lists were read: the new fullSyncAt of the server. */
  fullSyncAt?: number;
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

async function walk(fetchPage: (page: number) => Promise<Page<Push>>, count: () => void): Promise<Push[]> {
  return walkPages((page) => {
    count();
    return fetchPage(page);
  });
}

/** The cached log after a refresh read it: every entry is reported from now on. */
function readByRefresh(server: string, urlToken: string, entries: AuditEntry[], now: number): CachedAudit {
  return {
    server,
    url_token: urlToken,
    entries,
    fetched_at: iso(now),
    reported: entries.length,
    checked_at: iso(now),
  };
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
  const full =
    firstSync || input.fullSync === true || now - lastFull >= (input.fullSyncEveryMs ?? FULL_SYNC_EVERY_MS);
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
  const unchanged: TrackedPush[] = []; // active, known before, and nothing in the lists moved: sweepable
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
    else {
      keep(record, previous);
      if (previous) unchanged.push(record);
      else if (!firstSync && record.has_passphrase && !(await cache.audit(server, record.url_token)))
        // New since the last refresh: every entry of its log is news to the sweep (none is history).
        change.audits.push({ server, url_token: push.url_token, entries: [], fetched_at: push.created_at });
    }
  }

  const expiredByToken = new Map(expired.map((push) => [push.url_token, push]));
  for (const previous of cachedList) {
    if (activeTokens.has(previous.url_token) || previous.expired) continue;
    const listed = expiredByToken.get(previous.url_token);
    if (previous.source === 'local' && !listed && previous.audit_denied) {
      // Created here anonymously: the server shows this token nothing of it, so it is followed by time.
      const timed = byTime([previous], now);
      change.pushes.push(...timed.pushes);
      change.events.push(...timed.events);
      continue;
    }
    // A push recorded here leaves the active list for the same reasons as any other: its audit tells which.
    const record = listed
      ? toTracked(listed, server, 'server', previous)
      : { ...previous, source: 'server' as const };
    targets.push({ push: record, previous, gone: true, listed: listed !== undefined });
  }
  // History from the expired list: recorded quietly (or refreshed), never an event; except a push created
  // since the lists were last read in full, which came and went between two reads of the expired list: what
  // happened to it is news, and its audit tells who opened it.
  for (const push of expired) {
    const previous = cached.get(push.url_token);
    if (previous && !previous.expired) continue; // a target above
    const record = toTracked(push, server, 'server', previous);
    if (!previous && !firstSync && Date.parse(push.created_at) > lastFull)
      targets.push({ push: record, gone: true, listed: true });
    else keep(record, previous);
  }

  for (const target of targets) await settleTarget(input, target, change, requests);
  await sweep(input, unchanged, change, requests);
  return { change, requests, ...(full ? { fullSyncAt: now } : {}) };
}

/** Reads one changed push's audit and records what it says. */
async function settleTarget(
  input: DiffInput,
  target: Target,
  change: CacheChange,
  requests: DiffResult['requests'],
): Promise<void> {
  const { client, cache, server, now } = input;
  const token = target.push.url_token;
  requests.audit++;
  const entries = await readAudit(client, token);
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
  const settled = settleGone(target.push, entries, news, now);
  const record = { ...settled.record, updated_at: iso(now) };
  change.pushes.push(record);
  change.events.push(expiredEvent(record, settled.kind, record.expired_on ?? iso(now), settled.reason));
}

/**
 * The passphrase sweep (sweep.ts): one unchanged passphrase push's audit, for failed attempts the lists
 * cannot show. A log no refresh read before (history from the first sync) only sets the baseline.
 */
async function sweep(
  input: DiffInput,
  unchanged: TrackedPush[],
  change: CacheChange,
  requests: DiffResult['requests'],
): Promise<void> {
  const { client, cache, server, now } = input;
  const pick = await pickSweep(unchanged, cache, server, now);
  if (!pick) return;
  const token = pick.push.url_token;
  requests.audit++;
  const entries = await readAudit(client, token);
  if (entries === null) {
    // Refused or gone: remember the attempt, so the sweep moves on to the others; the lists will tell.
    change.audits.push({
      ...(pick.cached ?? { server, url_token: token, entries: [], fetched_at: iso(now), reported: 0 }),
      checked_at: iso(now),
    });
    return;
  }
  if (pick.cached) change.events.push(...auditNews(pick.push, entries, pick.cached, pick.push).events);
  change.audits.push(readByRefresh(server, token, entries, now));
}
