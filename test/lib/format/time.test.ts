import { describe, expect, it } from 'vitest';
import { formatDateTime, secondsUntil } from '@/lib/format/time';

const NOW = Date.parse('2026-01-01T12:00:00.000Z');

describe('secondsUntil', () => {
  it('measures from the clock given', () => {
    expect(secondsUntil('2026-01-01T12:01:30.000Z', NOW)).toBe(90);
    expect(secondsUntil('2026-01-01T11:59:59.500Z', NOW)).toBe(-0.5);
  });

  it.each([null, undefined, '', 'not a date'])('has no answer for %j', (iso) => {
    expect(secondsUntil(iso, NOW)).toBeUndefined();
  });
});

describe('formatDateTime', () => {
  it('writes date and time as toLocaleString does in that locale', () => {
    const iso = '2026-03-04T05:06:07.000Z';
    expect(formatDateTime(iso, 'en')).toBe(new Date(iso).toLocaleString('en'));
    expect(formatDateTime(iso, 'de')).toBe(new Date(iso).toLocaleString('de'));
    expect(formatDateTime(iso, 'de')).not.toBe(formatDateTime(iso, 'en'));
  });

  it('gives back text that is not a date', () => {
    expect(formatDateTime('soon', 'en')).toBe('soon');
  });
});
