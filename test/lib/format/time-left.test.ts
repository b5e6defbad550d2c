import { describe, expect, it } from 'vitest';
import { formatTimeLeft } from '@/lib/format/time-left';

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86400;

describe('formatTimeLeft', () => {
  it.each([
    [7 * DAY, '7 days'],
    [6 * DAY + 23 * HOUR, '7 days'],
    [13 * DAY + 23 * HOUR, '14 days'],
    [23 * HOUR, '23 hours'],
    [56 * MINUTE + 24, '56 minutes'],
    [MINUTE, '1 minute'],
    [9, '1 minute'],
  ])('says %i seconds as "%s", one unit', (seconds, words) => {
    expect(formatTimeLeft(seconds, 'en')).toBe(words);
  });

  it.each([
    ['de', 7 * DAY, '7 Tage'],
    ['de', 23 * HOUR, '23 Stunden'],
    ['fr', 56 * MINUTE, '56 minutes'],
    ['ja', 7 * DAY, '7 日'],
  ])('speaks %s: %i seconds is "%s"', (locale, seconds, words) => {
    expect(formatTimeLeft(seconds, locale)).toBe(words);
  });

  it('writes Arabic in its own words (and its plural for 3–10), with no Latin letter', () => {
    const text = formatTimeLeft(7 * DAY, 'ar');
    expect(text).toContain('أيام');
    expect(text).not.toMatch(/[a-z]/i);
  });

  it('has a compact form of one short unit, in each language', () => {
    expect(formatTimeLeft(23 * HOUR, 'en', { compact: true })).toBe('23 hr');
    expect(formatTimeLeft(56 * MINUTE, 'en', { compact: true })).toBe('56 min');
    expect(formatTimeLeft(7 * DAY, 'de', { compact: true })).toBe('7 Tg.');
  });

  it('never goes below one minute, even once the time is up', () => {
    expect(formatTimeLeft(-5, 'en')).toBe('1 minute');
  });
});
