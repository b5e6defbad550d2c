/**
 * Instants: how far away one is, and how it reads in a locale.
 */

import { dateTimeFormat } from './intl';

/** Seconds from `now` (ms) until the ISO instant `iso`; undefined when there is none or it does not parse. */
export function secondsUntil(iso: string | null | undefined, now: number): number | undefined {
  if (!iso) return undefined;
  const at = Date.parse(iso);
  return Number.isNaN(at) ? undefined : (at - now) / 1000;
}

/** A timestamp as date and time in `locale` (as toLocaleString shows it); the raw text when it does not parse. */
export function formatDateTime(iso: string, locale: string | undefined): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  return dateTimeFormat(locale, {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).format(at);
}

const TIME = { hour: '2-digit', minute: '2-digit' } as const;
const DAY_TIME = { month: 'short', day: 'numeric', ...TIME } as const;
const DATE_TIME = { year: 'numeric', ...DAY_TIME } as const;

/**
 * A short time on one line: "10:42" today, "Nov 27, 10:42" on another day (same year), with the year
 * otherwise; raw when unparsable. `withDay`: the day is said today too ("Nov 29, 10:42"), for an instant
 * read days later (when a push was created). With formatters made once (intl.ts): toLocaleString made one
 * at every call, 0.17 ms each, in every opened push's row.
 */
export function shortTime(iso: string, now: number, locale: string, { withDay = false } = {}): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const today = new Date(now);
  const options =
    !withDay && at.toDateString() === today.toDateString()
      ? TIME
      : at.getFullYear() === today.getFullYear()
        ? DAY_TIME
        : DATE_TIME;
  return dateTimeFormat(locale, options).format(at);
}
