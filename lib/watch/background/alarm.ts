/**
 * The watcher's alarm: its period and setting it, from the watch settings in force (lib/settings: the
 * organization's interval already in the place of the user's). The options page offers only WATCH_INTERVALS,
 * but storage holds whatever was written there,
 * and the browsers differ below a minute: Firefox (ESR 153) keeps any period as asked (a 0.1-minute alarm
 * fires every 6 s), Chrome stretches one under 30 s to 30 s. Clamped here, both check at the same pace,
 * within the request budget of the slowest choice and the fastest.
 */
import type { Alarms } from 'webextension-polyfill';
import { DEFAULT_WATCH_SETTINGS, readSettings, WATCH_INTERVALS, type WatchSettings } from '@/lib/settings';

export const WATCH_ALARM = 'watch-refresh';

const FASTEST = Math.min(...WATCH_INTERVALS);
const SLOWEST = Math.max(...WATCH_INTERVALS);

/** The period, in minutes, for a stored interval: within the choices offered; the default when not a number. */
export function alarmPeriod(intervalMinutes: number): number {
  if (typeof intervalMinutes !== 'number' || !Number.isFinite(intervalMinutes))
    return DEFAULT_WATCH_SETTINGS.intervalMinutes;
  return Math.min(SLOWEST, Math.max(FASTEST, intervalMinutes));
}

/** The alarm's period in ms, as ensureAlarm sets it from the watch settings in force. */
export async function periodMs(): Promise<number> {
  return alarmPeriod((await readSettings()).preferences.watch.intervalMinutes) * 60_000;
}

/** Creates the alarm, unless it exists with the period the watch settings in force ask for. */
export async function ensureAlarm(settings: WatchSettings): Promise<void> {
  const period = alarmPeriod(settings.intervalMinutes);
  const existing = await browser.alarms.get(WATCH_ALARM);
  // Alarms outlive the worker: re-create only when missing or when the interval changed.
  if (existing?.periodInMinutes === period) return;
  await browser.alarms.create(WATCH_ALARM, { periodInMinutes: period, delayInMinutes: period });
}

/** Calls `onTick` at each tick of the watcher's alarm (other features' alarms are left alone). */
export function onAlarmTick(onTick: () => void): () => void {
  const listener = (alarm: Alarms.Alarm) => {
    if (alarm.name === WATCH_ALARM) onTick();
  };
  browser.alarms.onAlarm.addListener(listener);
  return () => browser.alarms.onAlarm.removeListener(listener);
}
