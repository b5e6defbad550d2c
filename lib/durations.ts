/**
 * The pro edition's expiry enum (`expire_after_duration`, 0..17), per docs/api-contract.md §6. Shared by the
 * mock service, the API client and the create form, so the table exists once.
 */
import { numberFormat } from './format/intl';
export interface Duration {
  value: number;
  /** English, for the mock service and developers; people read durationLabel's words. */
  label: string;
  seconds: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const DURATIONS: readonly Duration[] = [
  { value: 0, label: '15 minutes', seconds: 15 * MINUTE },
  { value: 1, label: '30 minutes', seconds: 30 * MINUTE },
  { value: 2, label: '45 minutes', seconds: 45 * MINUTE },
  { value: 3, label: '1 hour', seconds: HOUR },
  { value: 4, label: '6 hours', seconds: 6 * HOUR },
  { value: 5, label: '12 hours', seconds: 12 * HOUR },
  { value: 6, label: '1 day', seconds: DAY },
  { value: 7, label: '2 days', seconds: 2 * DAY },
  { value: 8, label: '3 days', seconds: 3 * DAY },
  { value: 9, label: '4 days', seconds: 4 * DAY },
  { value: 10, label: '5 days', seconds: 5 * DAY },
  { value: 11, label: '6 days', seconds: 6 * DAY },
  { value: 12, label: '1 week', seconds: 7 * DAY },
  { value: 13, label: '2 weeks', seconds: 14 * DAY },
  { value: 14, label: '3 weeks', seconds: 21 * DAY },
  { value: 15, label: '1 month', seconds: 30 * DAY },
  { value: 16, label: '2 months', seconds: 60 * DAY },
  { value: 17, label: '3 months', seconds: 90 * DAY },
];

/** pro default when a create names no duration. */
export const DEFAULT_DURATION = 12;
/** oss range and default for `expire_after_days`. */
export const DAYS_MIN = 1;
export const DAYS_MAX = 90;
export const DEFAULT_DAYS = 7;
export const VIEWS_MIN = 1;
export const VIEWS_MAX = 100;
export const DEFAULT_VIEWS = 5;

export function durationSeconds(value: number): number | undefined {
  return DURATIONS[value]?.seconds;
}

const WEEK = 7 * DAY;
const MONTH = 30 * DAY;

/**
 * A duration of the table in words of `locale` ("15 minutes", "1 Woche", "3 أشهر"), by Intl in the largest
 * unit it is a whole number of: the table's months are 30 days and its weeks 7.
 */
export function durationLabel(value: number, locale: string): string {
  const seconds = durationSeconds(value) ?? 0;
  const [unit, size] = (
    [
      ['month', MONTH],
      ['week', WEEK],
      ['day', DAY],
      ['hour', HOUR],
    ] as const
  ).find(([, length]) => seconds % length === 0) ?? ['minute', MINUTE];
  return numberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(seconds / size);
}

/** Days a duration lasts, rounded up (15 minutes → 1), as `expire_after_days` reports it on pro. */
export function durationToDays(value: number): number {
  const seconds = durationSeconds(value);
  if (seconds === undefined) throw new RangeError(`No duration ${value}`); // i18n-ignore: for developers
  return Math.ceil(seconds / DAY);
}

/** The smallest duration whose length is at least `days` days (the pro mapping of legacy input). */
export function daysToDuration(days: number): number {
  const found = DURATIONS.find((d) => d.value >= 6 && d.seconds >= days * DAY);
  return found ? found.value : DURATIONS.length - 1;
}
