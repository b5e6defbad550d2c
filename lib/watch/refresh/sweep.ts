/**
 * The attempts sweep. A wrong passphrase changes nothing in the lists (neither the view count nor
 * updated_at moves), and neither does a failed view of a push already expired (its count stays at 0), so no
 * diff notices them. Each refresh therefore also reads the audit logs of at most SWEEP_PER_RUN pushes the
 * lists cannot speak for: active passphrase-protected pushes, and pushes that expired within RECENT_MS (a
 * recipient who comes back to a used link). The longest-unread first (never read first); none read within
 * its minimum age: SWEEP_RECENT_AGE_MS for a push created or expired within RECENT_MS, SWEEP_MIN_AGE_MS for
 * an older one; no minimum on a refresh the user asked for. So a failed attempt on a recent push is
 * reported within about max(P / SWEEP_PER_RUN runs, 1 minute), with P such pushes, at a fixed cost of at
 * most SWEEP_PER_RUN audit requests per run.
 */
import { auditNews, iso, openedFrom, readAuditIfShown, readByRefresh } from './audits';
import type { CacheChange, WatchCache } from '../cache';
import type { DiffInput, DiffResult } from './types';
import { sameTracked } from '../tracked';
import type { CachedAudit, TrackedPush } from '../types';

export const SWEEP_PER_RUN = 3;
export const SWEEP_MIN_AGE_MS = 10 * 60_000;
export const SWEEP_RECENT_AGE_MS = 60_000;
export const RECENT_MS = 24 * 3_600_000;

export interface SweepPick {
  push: TrackedPush;
  /** The cached log; undefined when no one read it yet (a push met on the first sync: history). */
  cached: CachedAudit | undefined;
}

const since = (at: string | null, now: number) => (at === null ? Infinity : now - Date.parse(at));

/** Whether the lists cannot tell what happens to `push`, so only its audit can (see the module comment). */
function sweepable(push: TrackedPush, now: number): boolean {
  if (push.audit_denied || push.deleted) return false;
  if (!push.expired) return push.has_passphrase;
  return since(push.expired_on, now) < RECENT_MS;
}

/** How long after a refresh read its log a push may be read again. */
function minAge(push: TrackedPush, now: number, force: boolean): number {
  if (force) return 0;
  const recent = since(push.created_at, now) < RECENT_MS || since(push.expired_on, now) < RECENT_MS;
  return recent ? SWEEP_RECENT_AGE_MS : SWEEP_MIN_AGE_MS;
}

/** The pushes whose audit this refresh sweeps, longest-unread first, at most SWEEP_PER_RUN. */
export async function pickSweep(
  candidates: TrackedPush[],
  cache: WatchCache,
  server: string,
  now: number,
  force = false,
): Promise<SweepPick[]> {
  const due: Array<SweepPick & { checked: number }> = [];
  for (const push of candidates) {
    if (!sweepable(push, now)) continue;
    const cached = await cache.audit(server, push.url_token);
    const checked = cached?.checked_at ? Date.parse(cached.checked_at) : Number.NEGATIVE_INFINITY;
    if (now - checked < minAge(push, now, force)) continue;
    due.push({ push, cached, checked });
  }
  due.sort((a, b) => a.checked - b.checked);
  return due.slice(0, SWEEP_PER_RUN).map(({ push, cached }) => ({ push, cached }));
}

/**
 * The attempts sweep of one refresh (diff.ts): the audits of a few pushes the lists cannot speak for, for failed
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
