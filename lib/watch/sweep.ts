/**
 * The passphrase sweep. A wrong passphrase changes nothing in the lists (neither the view count nor
 * updated_at moves), so no diff notices it. Each refresh therefore also reads the audit log of at most one
 * active, passphrase-protected push: the one a refresh read longest ago (never read first), and none read
 * within SWEEP_MIN_AGE_MS. One audit request per refresh at most; with P such pushes and a refresh a
 * minute, a failed passphrase is reported within about max(P minutes, SWEEP_MIN_AGE_MS).
 */
import type { WatchCache } from './cache';
import type { CachedAudit, TrackedPush } from './types';

export const SWEEP_MIN_AGE_MS = 10 * 60_000;

export interface SweepPick {
  push: TrackedPush;
  /** The cached log; undefined when no one read it yet (a push met on the first sync: history). */
  cached: CachedAudit | undefined;
}

/** The push whose audit this refresh sweeps, or null when none is due. */
export async function pickSweep(
  candidates: TrackedPush[],
  cache: WatchCache,
  server: string,
  now: number,
): Promise<SweepPick | null> {
  let best: (SweepPick & { checked: number }) | null = null;
  for (const push of candidates) {
    if (!push.has_passphrase || push.expired) continue;
    const cached = await cache.audit(server, push.url_token);
    const checked = cached?.checked_at ? Date.parse(cached.checked_at) : Number.NEGATIVE_INFINITY;
    if (now - checked < SWEEP_MIN_AGE_MS) continue;
    if (!best || checked < best.checked) best = { push, cached, checked };
  }
  return best && { push: best.push, cached: best.cached };
}
