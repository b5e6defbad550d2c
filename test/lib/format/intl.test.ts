/** lib/format/intl.ts: one formatter per locale and options, made once and formatting as a new one would. */
import { describe, expect, it } from 'vitest';
import { dateTimeFormat, listFormat, numberFormat, relativeTimeFormat } from '@/lib/format/intl';

describe('Intl formatters made once', () => {
  it('hands out the same formatter for the same locale and options, another for others', () => {
    const options = { year: 'numeric', month: 'numeric' } as const;
    expect(dateTimeFormat('de', options)).toBe(dateTimeFormat('de', { ...options }));
    expect(dateTimeFormat('de', options)).not.toBe(dateTimeFormat('fr', options));
    expect(relativeTimeFormat('en', { numeric: 'auto' })).not.toBe(
      relativeTimeFormat('en', { numeric: 'always' }),
    );
  });

  it('formats as a formatter made on the spot', () => {
    const at = Date.UTC(2026, 0, 2, 3, 4, 5);
    expect(dateTimeFormat('de', { day: 'numeric', month: 'short' }).format(at)).toBe(
      new Intl.DateTimeFormat('de', { day: 'numeric', month: 'short' }).format(at),
    );
    expect(relativeTimeFormat('fr', { numeric: 'always' }).format(-2, 'day')).toBe('il y a 2 jours');
    expect(numberFormat('en', { style: 'unit', unit: 'day', unitDisplay: 'long' }).format(7)).toBe('7 days');
    expect(listFormat('en', { type: 'unit', style: 'long' }).format(['1 h', '2 min'])).toBe('1 h, 2 min');
  });
});
