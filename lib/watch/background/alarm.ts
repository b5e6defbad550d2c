/**
 * The watcher's alarm: its period, setting it, and setting it again when the settings or the organization's
 * policy change. The options page offers only WATCH_INTERVALS, but storage holds whatever was written there,
 * and the browsers differ below a minute: Firefox (ESR 153) keeps any period as asked (a 0.1-minute alarm
 * fires every 6 s), Chrome stretches one under 30 s to 30 s. Clamped here, both check at the same pace,
 * within the request budget of the slowest choice and the fastest.
 */
import type { Alarms } from 'webextension-polyfill';
import { onStoredChange, readSettings, watchInterval } from '@/lib/settings';
import {
  DEFAULT_WATCH_SETTINGS,
  WATCH_INTERVALS,
  watchSettingsItem,
  type WatchSettings,
} from '@/lib/store/items';

export const WATCH_ALARM = 'watch-refresh';

const FASTEST = Math.min(...WATCH_INTERVALS);
const SLOWEST = Math.max(...WATCH_INTERVALS);

/** The period, in minutes, for a stored interval: within the choices offered; the default when not a number. */
export function alarmPeriod(intervalMinutes: number): number {
  if (typeof intervalMinutes !== 'number' || !Number.isFinite(intervalMinutes))
    return DEFAULT_WATCH_SETTINGS.intervalMinutes;
  return Math.min(SLOWEST, Math.max(FASTEST, intervalMinutes));
}

/** The alarm's period in ms, as ensureAlarm sets it (the organization's interval wins over the user's). */
export async function periodMs(): Promise<number> {
  const [settings, read] = await Promise.all([watchSettingsItem.getValue(), readSettings()]);
  return alarmPeriod(watchInterval(settings.intervalMinutes, read.settings.policy ?? {})) * 60_000;
}

/** Creates the alarm, unless it exists with the period the settings (and the policy) ask for. */
export async function ensureAlarm(settings: WatchSettings): Promise<void> {
  // An organization's interval wins over the user's (lib/settings/policy.ts).
  const policy = (await readSettings()).settings.policy ?? {};
  const period = alarmPeriod(watchInterval(settings.intervalMinutes, policy));
  const existing = await browser.alarms.get(WATCH_ALARM);
  // Alarms outlive the worker: re-create only when missing or when the interval changed.
  if (existing?.periodInMinutes === period) return;
  await browser.alarms.create(WATCH_ALARM, { periodInMinutes: period, delayInMinutes: period });
}

/** Sets the alarm again when the organization's policy changes (its interval wins over the user's). */
export function followPolicy(report: (error: unknown) => void): () => void {
  return onStoredChange({ local: ['policy'] }, () => {
    watchSettingsItem.getValue().then(ensureAlarm).catch(report);
  });
}

/** Calls `onTick` at each tick of the watcher's alarm (other features' alarms are left alone). */
export function onAlarmTick(onTick: () => void): () => void {
  const listener = (alarm: Alarms.Alarm) => {
    if (alarm.name === WATCH_ALARM) onTick();
  };
  browser.alarms.onAlarm.addListener(listener);
  return () => browser.alarms.onAlarm.removeListener(listener);
}
