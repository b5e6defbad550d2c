/**
 * Time left, said one way on every page and in every language: one unit, rounded as people say it
 * (lib/format/units.ts roundToOneUnit): "7 days", "23 hours", "56 minutes". On Intl.NumberFormat's units, so
 * each language has its own words and plural ("7 Tage", "7 أيام"). The compact form is CLDR's short unit
 * ("23 hr", "23 Std.", "23 h"), for where space demands it; never mixed units such as "6d 23h".
 */
import { numberFormat } from './intl';
import { roundToOneUnit } from './units';

/** `seconds` from now in `locale`'s words: "7 days" (or, `compact`, "7 days"/"23 hr"/"56 min"). */
export function formatTimeLeft(seconds: number, locale: string, { compact = false } = {}): string {
  const { unit, value } = roundToOneUnit(Math.max(0, seconds));
  return numberFormat(locale, { style: 'unit', unit, unitDisplay: compact ? 'short' : 'long' }).format(value);
}
