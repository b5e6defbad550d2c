/**
 * The watcher alarm's period. The options page offers only WATCH_INTERVALS, but storage holds whatever was
 * written there, and the browsers differ below a minute: Firefox (ESR 153) keeps any period as asked (a
 * 0.1-minute alarm fires every 6 s), Chrome stretches one under 30 s to 30 s. Clamped here, both check at
 * the same pace, within the request budget of the slowest choice and the fastest.
 */
import { DEFAULT_WATCH_SETTINGS, WATCH_INTERVALS } from '@/lib/store/items';

const FASTEST = Math.min(...WATCH_INTERVALS);
const SLOWEST = Math.max(...WATCH_INTERVALS);

/** The period, in minutes, for a stored interval: within the choices offered; the default when not a number. */
export function alarmPeriod(intervalMinutes: number): number {
  if (typeof intervalMinutes !== 'number' || !Number.isFinite(intervalMinutes))
    return DEFAULT_WATCH_SETTINGS.intervalMinutes;
  return Math.min(SLOWEST, Math.max(FASTEST, intervalMinutes));
}
