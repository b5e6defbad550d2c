/**
 * Spans of time on Intl, the locale an argument. Time left as people read it is lib/format/time-left.ts
 * (one unit: "7 days"); these are the other two:
 * - 'clock' (dashboard countdown): every unit from the largest non-zero one down to seconds, the lower ones
 *   two digits wide so the text keeps its width while it ticks; "2d 3h 04m 05s", "42s".
 * - 'words' (copied message): one unit, rounded as people say it; "3 days", "1 hour".
 */
import { type SpanPart, type TimeUnit, roundToOneUnit, splitSeconds } from './units';
import { listFormat, numberFormat } from './intl';

export type DurationStyle = 'clock' | 'words';

export interface DurationOptions {
  /** A BCP 47 tag, e.g. 'en' or 'de'. */
  locale: string;
  style: DurationStyle;
}

/**
 * The parts to show: up to `count` from the largest non-zero unit, but never fewer than `least` (so a
 * compact span under a minute still reads "0 min 9 s", and a clock at zero "0s").
 */
function leadingParts(parts: SpanPart[], count: number, least: number): SpanPart[] {
  const first = parts.findIndex((part) => part.value > 0);
  const start = Math.min(first === -1 ? parts.length : first, parts.length - least);
  return parts.slice(start, start + count);
}

function joinUnits(texts: string[], locale: string, style: 'narrow' | 'long'): string {
  return listFormat(locale, { type: 'unit', style }).format(texts);
}

/** One unit in `locale`'s narrow symbol, two digits wide when `padded` (a ticking clock keeps its width). */
function narrow(part: SpanPart, locale: string, padded = false): string {
  return numberFormat(locale, {
    style: 'unit',
    unit: part.unit,
    unitDisplay: 'narrow',
    minimumIntegerDigits: padded ? 2 : 1,
  }).format(part.value);
}

function clock(seconds: number, locale: string): string {
  // Ceiling: "1s" shows during the last second, "0s" only once the time is really up.
  const parts = leadingParts(splitSeconds(Math.max(0, Math.ceil(seconds))), 4, 1);
  const texts = parts.map((part, index) =>
    narrow(part, locale, index > 0 && (part.unit === 'minute' || part.unit === 'second')),
  );
  return joinUnits(texts, locale, 'narrow');
}

/** Intl.DurationFormat, where the platform has it (Node 20 and some browsers do not). */
interface DurationFormatLike {
  format(duration: Partial<Record<`${TimeUnit}s`, number>>): string;
}
type DurationFormatCtor = new (locale: string, options: { style: 'long' }) => DurationFormatLike;

function words(seconds: number, locale: string): string {
  const part = roundToOneUnit(seconds);
  const DurationFormat = (Intl as unknown as { DurationFormat?: DurationFormatCtor }).DurationFormat;
  if (DurationFormat)
    return new DurationFormat(locale, { style: 'long' }).format({ [`${part.unit}s`]: part.value });
  return numberFormat(locale, { style: 'unit', unit: part.unit, unitDisplay: 'long' }).format(part.value);
}

/** A span of `seconds` in words of `locale`, in the given style (see the module comment). */
export function formatDuration(seconds: number, { locale, style }: DurationOptions): string {
  if (style === 'clock') return clock(seconds, locale);
  return words(seconds, locale);
}

/** A whole number of days in `locale`'s words ("1 day", "7 days"), never turned into weeks. */
export function formatDays(days: number, locale: string): string {
  return numberFormat(locale, { style: 'unit', unit: 'day', unitDisplay: 'long' }).format(days);
}
