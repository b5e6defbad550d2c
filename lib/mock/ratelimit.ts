/** The two limiters of the real server (reference §8), kept in memory: they reset when the host restarts. */

export type LimitResult = { ok: true } | { ok: false; retryAfter: number };

const MINUTE = 60_000;

/**
 * rack-attack's `req/minute/ip`: a fixed window aligned to the minute; every request counts, the ones over
 * the limit included; Retry-After is the whole seconds left in the window. A limit of 0 turns it off.
 */
export function createAddressLimiter(limit: number): (address: string, now: number) => LimitResult {
  let window = -1;
  let counts = new Map<string, number>();
  return (address, now) => {
    if (limit <= 0) return { ok: true };
    const current = Math.floor(now / MINUTE);
    if (current !== window) {
      window = current; // a new window: every address starts again, so old entries can go
      counts = new Map();
    }
    const count = (counts.get(address) ?? 0) + 1;
    counts.set(address, count);
    if (count <= limit) return { ok: true };
    const left = (current + 1) * MINUTE - now;
    return { ok: false, retryAfter: Math.max(1, Math.ceil(left / 1000)) };
  };
}

/**
 * Rails `rate_limit to: 5, within: 1.minute` keyed per push: the window opens at the first attempt and
 * every attempt (right or wrong) counts; the sixth within the window is refused.
 */
export function createAttemptLimiter(max = 5, windowMs = MINUTE): (key: string, now: number) => boolean {
  const windows = new Map<string, { start: number; count: number }>();
  return (key, now) => {
    for (const [k, w] of windows) if (now - w.start >= windowMs) windows.delete(k); // keeps the map small
    const entry = windows.get(key) ?? { start: now, count: 0 };
    entry.count++;
    windows.set(key, entry);
    return entry.count <= max;
  };
}
