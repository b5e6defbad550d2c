/**
 * When to try again after a failed refresh. The server's Retry-After is obeyed as given; while offline or
 * while the server fails (5xx) the wait doubles from one minute up to an hour; a success resets both.
 */
import { isAppError, type AppErrorData } from '@/lib/errors';
import type { WatcherState } from '../types';

export const BACKOFF_BASE_MS = 60_000;
export const BACKOFF_MAX_MS = 3_600_000;

/** Failures that mean "not now" rather than "never": offline, timeout, rate limit, server error. */
export function isTransient(error: unknown): boolean {
  if (!isAppError(error)) return false;
  if (error.code === 'network' || error.code === 'timeout' || error.code === 'rate-limited') return true;
  return error.status !== undefined && error.status >= 500;
}

/** The wait after the n-th consecutive failure (n ≥ 1): 1, 2, 4 … minutes, at most an hour. */
export function backoffDelay(failures: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(failures - 1, 0), BACKOFF_MAX_MS);
}

/** The state after a failed refresh at `now`. */
export function afterFailure(state: WatcherState, error: AppErrorData, now: number): WatcherState {
  const next: WatcherState = { ...state, lastAttemptAt: now, lastError: error };
  if (!isTransient(error)) return next; // a refused token or a bad answer: retrying sooner would not help
  next.failures = state.failures + 1;
  const delay = backoffDelay(next.failures);
  next.backoffUntil = now + delay;
  if (error.code === 'rate-limited') {
    // Retry-After binds on-demand refreshes too; without the header the back-off stands in for it.
    next.retryAfterUntil = now + (error.retryAfter !== undefined ? error.retryAfter * 1000 : delay);
    next.backoffUntil = Math.max(next.backoffUntil, next.retryAfterUntil);
  }
  return next;
}

/** The state after a successful refresh at `now`: back-off and Retry-After are forgotten. */
export function afterSuccess(state: WatcherState, now: number, hasToken: boolean): WatcherState {
  return {
    ...state,
    lastAttemptAt: now,
    lastSuccessAt: now,
    failures: 0,
    backoffUntil: null,
    retryAfterUntil: null,
    lastError: null,
    needsToken: !hasToken,
  };
}

/**
 * The instant before which no refresh may run, or null when one may run now. `force` (a refresh the user
 * asked for) skips the back-off but never the server's Retry-After.
 */
export function waitUntil(state: WatcherState, now: number, force: boolean): number | null {
  if (state.retryAfterUntil !== null && now < state.retryAfterUntil) return state.retryAfterUntil;
  if (!force && state.backoffUntil !== null && now < state.backoffUntil) return state.backoffUntil;
  return null;
}
