/**
 * An instant as people say it relative to now: "in 6 days", "2 minutes ago", "now", on
 * Intl.RelativeTimeFormat so the locale is an argument. One unit, rounded (lib/format/units.ts), because a
 * list read at a glance needs "in 6 days", not "in 5 days 23 hours".
 */
import { secondsUntil } from './time';
import { relativeTimeFormat } from './intl';
import { exactLength, roundToOneUnit } from './units';

/** Under this many seconds either way an instant reads "now": a minute-level clock cannot say more. */
const NOW_SECONDS = 30;

/**
 * `iso` relative to `now` (ms) in `locale`; the raw text when it does not parse. `past`: the instant is known
 * to have happened (a push ended, a view, a refresh), so it never reads "in 1 minute": a page's clock moving
 * once a minute runs up to a minute behind what the watcher just recorded (issue 37: "Ended in 1 minute"
 * for a push that ended a second ago); it reads "now" until the clock has passed it.
 */
export function formatRelative(iso: string, now: number, locale: string, { past = false } = {}): string {
  const until = secondsUntil(iso, now);
  if (until === undefined) return iso;
  const seconds = past ? Math.min(until, 0) : until;
  if (Math.abs(seconds) < NOW_SECONDS)
    return relativeTimeFormat(locale, { numeric: 'auto' }).format(0, 'second');
  // 'always': "in 1 day" rather than "tomorrow", which a rounded 30 hours is not always.
  const { unit, value } = roundToOneUnit(Math.abs(seconds));
  return relativeTimeFormat(locale, { numeric: 'always' }).format(seconds < 0 ? -value : value, unit);
}

/**
 * A span from now as people say it, "in 6 days", "in 1 week", in `locale`'s words (Intl.RelativeTimeFormat
 * puts the preposition and the case right: "in 6 Tagen", "dans 6 jours"). `exact` names a set length
 * (an expiry choice) in its largest whole unit; otherwise the span is rounded to one unit.
 */
export function formatIn(seconds: number, locale: string, { exact = false } = {}): string {
  const { unit, value } = exact ? exactLength(seconds) : roundToOneUnit(seconds);
  return relativeTimeFormat(locale, { numeric: 'always' }).format(value, unit);
}
