// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDuration } from '@/lib/format/duration';

const DAY = 86400;

describe("formatDuration 'words'", () => {
  it.each([
    [20, '1 minute'],
    [15 * 60, '15 minutes'],
    [59.5 * 60, '1 hour'],
    [6 * 3600 - 30, '6 hours'],
    [23.6 * 3600, '1 day'],
    [3 * DAY - 5, '3 days'],
    [90 * DAY, '90 days'],
  ])('reads %d seconds as %s in English', (seconds, words) => {
    expect(formatDuration(seconds, { locale: 'en', style: 'words' })).toBe(words);
  });

  it.each([
    [15 * 60, '15 Minuten'],
    [3600, '1 Stunde'],
    [3 * DAY, '3 Tage'],
  ])('reads %d seconds as %s in German', (seconds, words) => {
    expect(formatDuration(seconds, { locale: 'de', style: 'words' })).toBe(words);
  });

  describe('where the platform has Intl.DurationFormat', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it('lets it say the span, with the locale and the rounded unit', () => {
      const calls: unknown[] = [];
      class FakeDurationFormat {
        constructor(locale: string, options: unknown) {
          calls.push(locale, options);
        }
        format(duration: Record<string, number>) {
          return JSON.stringify(duration);
        }
      }
      vi.stubGlobal('Intl', { ...Intl, DurationFormat: FakeDurationFormat });
      expect(formatDuration(3 * DAY - 5, { locale: 'de', style: 'words' })).toBe('{"days":3}');
      expect(calls).toEqual(['de', { style: 'long' }]);
    });
  });
});

describe("formatDuration 'compact'", () => {
  it.each([
    [3 * DAY + 3 * 3600 + 30 * 60, '3d 3h'],
    [2 * 3600 + 5 * 60 + 30, '2h 5m'],
    [4 * 60 + 9, '4m 9s'],
    [9.9, '0m 9s'],
  ])('shows %d seconds as %s in English', (seconds, text) => {
    expect(formatDuration(seconds, { locale: 'en', style: 'compact' })).toBe(text);
  });

  it("writes the units, the numbers and the list in the locale's own symbols", () => {
    expect(formatDuration(1234 * DAY + 3600, { locale: 'en', style: 'compact' })).toBe('1,234d 1h');
    expect(formatDuration(1234 * DAY + 3600, { locale: 'de', style: 'compact' })).toBe('1.234 T, 1h');
    // No Latin letter in Arabic: the day and hour symbols are Arabic ones.
    expect(formatDuration(6 * DAY + 23 * 3600, { locale: 'ar', style: 'compact' })).not.toMatch(/[a-z]/i);
  });
});

describe("formatDuration 'clock'", () => {
  it.each([
    [42, '42s'],
    [7 * 60 + 3, '7m 03s'],
    [DAY, '1d 0h 00m 00s'],
    [0.2, '1s'],
    [-30, '0s'],
  ])('shows %d seconds as %s in English', (seconds, text) => {
    expect(formatDuration(seconds, { locale: 'en', style: 'clock' })).toBe(text);
  });

  it('uses the locale’s unit names and list', () => {
    expect(formatDuration(7 * 60 + 3, { locale: 'de', style: 'clock' })).toBe('7 Min., 03 Sek.');
  });
});
