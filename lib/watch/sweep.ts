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
import type { WatchCache } from './cache';
import type { CachedAudit, TrackedPush } from './types';

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
