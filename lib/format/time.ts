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
