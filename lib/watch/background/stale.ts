/**
 * When the watcher reads its servers before the next alarm. A page's opening calls for a refresh (issue 19)
 * when a followed account is stale: the dashboard must never sit empty, or show a cache older than the
 * watcher's own interval, while the server holds more. An account is stale when no refresh ever succeeded
 * for it, when its last success is older than the alarm's period, or when its cache holds no push at all (a
 * new account, or one the last read found empty: reading it again costs one list request). A settings change
 * calls for one when an account was never read at all (anyUnread).
 */
import { currentAccounts } from '../account';
import type { WatchCache } from '../cache';
import { periodMs } from './alarm';
import type { Connection } from './connections';

/** Whether one account's cache calls for a refresh at `now` (see the module comment). */
export async function isStale(cache: WatchCache, server: string, now: number, period: number) {
  const state = await cache.state();
  if (state.lastSuccessAt === null || now - state.lastSuccessAt >= period) return true;
  return !(await cache.hasPushes(server));
}

/** Whether any of the followed accounts is stale. */
export async function anyStale(
  connections: Connection[],
  cacheFor: (account: string) => WatchCache,
  now: number,
): Promise<boolean> {
  const period = await periodMs();
  const stale = await Promise.all(
    connections.map((one) => isStale(cacheFor(one.account), one.client.baseUrl, now, period)),
  );
  return stale.includes(true);
}

/**
 * Whether a followed account was never refreshed: a server connected or added, or a token changed (its key
 * hashes the server and the token, account-key.ts), whose pushes are then read at once, not at the next
 * alarm. Only accounts the saved settings still name: a connection read before a removal is not refreshed.
 */
export async function anyUnread(connections: Connection[], cacheFor: (account: string) => WatchCache) {
  const current = new Set((await currentAccounts()).map((one) => one.account));
  const unread = connections.filter((one) => current.has(one.account));
  const states = await Promise.all(unread.map((one) => cacheFor(one.account).state()));
  return states.some((state) => state.lastAttemptAt === null);
}
