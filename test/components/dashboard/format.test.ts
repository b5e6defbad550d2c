import { describe, expect, it } from 'vitest';
import { auditKindWords, formatCountdown, shortTime } from '@/components/dashboard/format';
import { viewsLeft } from '@/lib/format/views';

const NOW = Date.parse('2026-01-01T12:00:00Z');
const after = (seconds: number) => new Date(NOW + seconds * 1000).toISOString();

describe('formatCountdown', () => {
  it.each([
    [42, '42s'],
    [60, '1m 00s'],
    [7 * 60 + 3, '7m 03s'],
    [5 * 3600 + 7 * 60 + 3, '5h 07m 03s'],
    [86400, '1d 0h 00m 00s'],
    [2 * 86400 + 3 * 3600 + 4 * 60 + 5, '2d 3h 04m 05s'],
  ])('shows %i seconds left as %j', (seconds, expected) => {
    expect(formatCountdown(after(seconds), NOW)).toBe(expected);
  });

  it('ticks down by one second as the clock moves', () => {
    const at = after(61);
    expect(formatCountdown(at, NOW)).toBe('1m 01s');
    expect(formatCountdown(at, NOW + 1000)).toBe('1m 00s');
    expect(formatCountdown(at, NOW + 2000)).toBe('59s');
  });

  it('rounds a part-second up, so "0s" means the time is really up', () => {
    expect(formatCountdown(after(0.2), NOW)).toBe('1s');
    expect(formatCountdown(after(0), NOW)).toBe('0s');
    expect(formatCountdown(after(-30), NOW)).toBe('0s');
  });

  it.each([null, '', 'not a date'])('has no countdown for the end %j', (expiresAt) => {
    expect(formatCountdown(expiresAt, NOW)).toBeNull();
  });
});

describe('viewsLeft', () => {
  it.each([
    [3, 5, '3 of 5 views left'],
    [0, 5, '0 of 5 views left'],
    [1, 1, '1 of 1 view left'],
  ])('shows %i of %i as %j', (remaining, total, expected) => {
    expect(viewsLeft(remaining, total)).toBe(expected);
  });
});

describe('auditKindWords', () => {
  it('names the known kinds and passes an unknown one through', () => {
    expect(auditKindWords('view')).toBe('Viewed');
    expect(auditKindWords('failed_passphrase')).toBe('Wrong passphrase');
    expect(auditKindWords('something_new')).toBe('something_new');
  });
});

describe('shortTime', () => {
  // Local times, so the day boundaries hold in any time zone the tests run in.
  const now = new Date(2026, 5, 15, 12, 0).getTime();
  const time = { hour: '2-digit', minute: '2-digit' } as const;
  const cases: Array<[string, Date, Intl.DateTimeFormatOptions]> = [
    ['today: the time alone', new Date(2026, 5, 15, 9, 5), time],
    [
      'another day of the year: day and time',
      new Date(2026, 4, 2, 18, 30),
      { month: 'short', day: 'numeric', ...time },
    ],
    [
      'another year: with the year',
      new Date(2025, 11, 31, 23, 59),
      { year: 'numeric', month: 'short', day: 'numeric', ...time },
    ],
  ];
  it.each(cases)('%s, as toLocaleString writes it in each language', (_, at, options) => {
    for (const locale of ['en', 'de', 'ar'])
      expect(shortTime(at.toISOString(), now, locale)).toBe(at.toLocaleString(locale, options));
  });

  it('shows what it cannot read as it came', () => {
    expect(shortTime('yesterday', now, 'en')).toBe('yesterday');
  });
});
