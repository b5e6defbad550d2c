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
