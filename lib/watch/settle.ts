/**
 * The audit reads of a refresh (diff.ts): one per push that changed, to tell what happened to it, and at
 * most one for the passphrase sweep. Each only adds to the change; nothing is written here.
 */
import type { AuditEntry } from '@/lib/api';
import { isAppError } from '@/lib/errors';
import { auditNews, openedFrom } from './audit-events';
import { sameTracked } from './tracked';
import type { CacheChange } from './cache';
import type { DiffInput, DiffResult, Target, WatchClient } from './diff-types';
import { byTime, expiredEvent, iso, settleGone, viewsWithoutAudit } from './gone';
import { pickSweep, type SweepPick } from './sweep';
import type { CachedAudit, TrackedPush } from './types';

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

/** Reads one changed push's audit and records what it says. */
export async function settleTarget(
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
  const settled = settleGone(target.push, entries, news, now);
  const record = { ...settled.record, updated_at: iso(now) };
  change.pushes.push(record);
  change.events.push(expiredEvent(record, settled.kind, record.expired_on ?? iso(now), settled.reason));
}

/**
 * The attempts sweep (sweep.ts): the audits of a few pushes the lists cannot speak for, for failed
 * passphrases and failed views. A log no refresh read before (history from the first sync) only sets the
 * baseline.
 */
export async function sweep(
  input: DiffInput,
  candidates: TrackedPush[],
  change: CacheChange,
  requests: DiffResult['requests'],
): Promise<void> {
  const { cache, server, now } = input;
  for (const pick of await pickSweep(candidates, cache, server, now, input.force ?? false))
    await sweepOne(input, pick, change, requests);
}

async function sweepOne(
  input: DiffInput,
  pick: SweepPick,
  change: CacheChange,
  requests: DiffResult['requests'],
): Promise<void> {
  const { client, server, now } = input;
  const token = pick.push.url_token;
  requests.audit++;
  const entries = await readAuditIfShown(client, token);
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
  // On the freshest record of this run (the lists' own, when they changed it).
  const latest = change.pushes.findLast((push) => push.url_token === token) ?? pick.push;
  const record = { ...latest, opened: openedFrom(entries) };
  if (!sameTracked(record, latest)) change.pushes.push(record);
}
