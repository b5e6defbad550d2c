/**
 * When a page's opening calls for a refresh (issue 19): the dashboard must never sit empty, or show a
 * cache older than the watcher's own interval, while the server holds more. A followed account is stale
 * when no refresh ever succeeded for it, when its last success is older than the alarm's period, or when
 * its cache holds no push at all (a new account, or one the last read found empty: reading it again costs
 * one list request).
 */
import { readSettings, watchInterval } from '@/lib/settings';
import { watchSettingsItem } from '@/lib/store/items';
import type { WatchCache } from './cache';
import { alarmPeriod } from './period';

/** The alarm's period in ms, as ensureAlarm sets it (the organization's interval wins over the user's). */
export async function periodMs(): Promise<number> {
  const [settings, read] = await Promise.all([watchSettingsItem.getValue(), readSettings()]);
  return alarmPeriod(watchInterval(settings.intervalMinutes, read.settings.policy ?? {})) * 60_000;
}

/** Whether one account's cache calls for a refresh at `now` (see the module comment). */
export async function isStale(cache: WatchCache, server: string, now: number, period: number) {
  const state = await cache.state();
  if (state.lastSuccessAt === null || now - state.lastSuccessAt >= period) return true;
  return (await cache.pushes(server)).length === 0;
}

/** Whether any of the followed accounts is stale. */
export async function anyStale(
  followed: Array<{ cache: WatchCache; server: string }>,
  now: number,
): Promise<boolean> {
  const period = await periodMs();
  const stale = await Promise.all(followed.map(({ cache, server }) => isStale(cache, server, now, period)));
  return stale.includes(true);
}
