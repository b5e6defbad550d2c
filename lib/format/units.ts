/**
 * Spans of time as whole units, largest first: the arithmetic every "time left" style shares.
 */
export const UNITS = ['day', 'hour', 'minute', 'second'] as const;
export type TimeUnit = (typeof UNITS)[number];

const SECONDS: Record<TimeUnit, number> = { day: 86400, hour: 3600, minute: 60, second: 1 };

/** One unit of a span and how many of it, e.g. { unit: 'hour', value: 3 }. */
export interface SpanPart {
  unit: TimeUnit;
  value: number;
}

/** Whole days, hours, minutes and seconds in a whole number of seconds, largest first. */
export function splitSeconds(total: number): SpanPart[] {
  let rest = total;
  return UNITS.map((unit) => {
    const value = Math.floor(rest / SECONDS[unit]);
    rest -= value * SECONDS[unit];
    return { unit, value };
  });
}

/**
 * A span rounded to the one whole unit people say: minutes (at least 1) under an hour, hours under a day,
 * then days. Each step rounds first, so 59.5 minutes is 1 hour and 23.6 hours 1 day.
 */
export function roundToOneUnit(seconds: number): SpanPart {
  const minutes = Math.max(1, Math.round(seconds / SECONDS.minute));
  if (minutes < 60) return { unit: 'minute', value: minutes };
  const hours = Math.round(seconds / SECONDS.hour);
  if (hours < 24) return { unit: 'hour', value: hours };
  return { unit: 'day', value: Math.round(seconds / SECONDS.day) };
}

/** A unit people name a set length in, including the calendar's week and (30-day) month. */
export type LengthUnit = TimeUnit | 'week' | 'month';

const LENGTHS: ReadonlyArray<[LengthUnit, number]> = [
  ['month', 30 * SECONDS.day],
  ['week', 7 * SECONDS.day],
  ['day', SECONDS.day],
  ['hour', SECONDS.hour],
  ['minute', SECONDS.minute],
  ['second', SECONDS.second],
];

/**
 * A set length (an expiry choice, not a countdown) in the largest unit it is a whole number of: 7 days is
 * 1 week, 60 days 2 months, 45 minutes 45 minutes.
 */
export function exactLength(seconds: number): { unit: LengthUnit; value: number } {
  const [unit, size] = LENGTHS.find(([, size]) => seconds >= size && seconds % size === 0) ?? ['second', 1];
  return { unit, value: seconds / size };
}
