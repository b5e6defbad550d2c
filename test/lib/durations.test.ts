import { describe, expect, it } from 'vitest';
import {
  DAYS_MAX,
  DAYS_MIN,
  DEFAULT_DAYS,
  DEFAULT_DURATION,
  DEFAULT_VIEWS,
  DURATIONS,
  VIEWS_MAX,
  VIEWS_MIN,
  daysToDuration,
  durationSeconds,
  durationLabel,
  durationToDays,
} from '@/lib/durations';

// Contract §6, written out: value, label, seconds, days rounded up.
const TABLE: Array<[number, string, number, number]> = [
  [0, '15 minutes', 900, 1],
  [1, '30 minutes', 1_800, 1],
  [2, '45 minutes', 2_700, 1],
  [3, '1 hour', 3_600, 1],
  [4, '6 hours', 21_600, 1],
  [5, '12 hours', 43_200, 1],
  [6, '1 day', 86_400, 1],
  [7, '2 days', 172_800, 2],
  [8, '3 days', 259_200, 3],
  [9, '4 days', 345_600, 4],
  [10, '5 days', 432_000, 5],
  [11, '6 days', 518_400, 6],
  [12, '1 week', 604_800, 7],
  [13, '2 weeks', 1_209_600, 14],
  [14, '3 weeks', 1_814_400, 21],
  [15, '1 month', 2_592_000, 30],
  [16, '2 months', 5_184_000, 60],
  [17, '3 months', 7_776_000, 90],
];

describe('DURATIONS', () => {
  it('has exactly the 18 rows of the contract, in order', () => {
    expect(DURATIONS.map((d) => [d.value, d.label, d.seconds])).toEqual(
      TABLE.map(([value, label, seconds]) => [value, label, seconds]),
    );
  });

  it.each(TABLE)('%i (%s): %i seconds, %i days rounded up', (value, _label, seconds, days) => {
    expect(durationSeconds(value)).toBe(seconds);
    expect(durationToDays(value)).toBe(days);
  });

  it.each([-1, 18, 1.5, Number.NaN])('knows no duration %d', (value) => {
    expect(durationSeconds(value)).toBeUndefined();
    expect(() => durationToDays(value)).toThrow(RangeError);
  });

  it('has the contract defaults and ranges', () => {
    expect([DEFAULT_DURATION, DAYS_MIN, DAYS_MAX, DEFAULT_DAYS]).toEqual([12, 1, 90, 7]);
    expect([VIEWS_MIN, VIEWS_MAX, DEFAULT_VIEWS]).toEqual([1, 100, 5]);
  });
});

describe('daysToDuration (pro legacy days)', () => {
  it.each([
    [1, 6],
    [2, 7],
    [3, 8],
    [4, 9],
    [5, 10],
    [6, 11],
    [7, 12],
    [8, 13],
    [14, 13],
    [15, 14],
    [21, 14],
    [22, 15],
    [30, 15],
    [31, 16],
    [60, 16],
    [61, 17],
    [90, 17],
  ])('%i days → %i', (days, value) => {
    expect(daysToDuration(days)).toBe(value);
  });

  it('never maps to a sub-day duration, and caps at 3 months', () => {
    expect(daysToDuration(0)).toBe(6);
    expect(daysToDuration(365)).toBe(17);
  });
});

describe('durationLabel', () => {
  it('says each duration in English as the table does', () => {
    expect(DURATIONS.map((d) => durationLabel(d.value, 'en'))).toEqual(DURATIONS.map((d) => d.label));
  });

  it('says it in the largest whole unit, in the language asked for', () => {
    expect(durationLabel(12, 'de')).toBe('1 Woche');
    expect(durationLabel(16, 'de')).toBe('2 Monate');
    expect(durationLabel(0, 'ja')).toBe('15 分');
    expect(durationLabel(7, 'ar')).toBe('يومان');
  });
});
