import { describe, expect, it } from 'vitest';
import { formatSentOf, formatSize } from '@/lib/format/size';

describe('formatSize', () => {
  it.each([
    [0, '0 bytes'],
    [512, '512 bytes'],
    [1536, '1.5 kB'],
    [20 * 1024, '20 kB'],
    [5 * 1024 * 1024, '5 MB'],
    [3 * 1024 ** 3, '3 GB'],
  ])('shows %d bytes as %s in English', (bytes, text) => {
    expect(formatSize(bytes, 'en')).toBe(text);
  });

  it("writes the number and the unit in the language's own way", () => {
    expect(formatSize(1536, 'de')).toBe('1,5 kB');
    // French puts a narrow no-break space between the number and the unit.
    expect(formatSize(5 * 1024 * 1024, 'fr')).toBe('5\u202fMo');
    expect(formatSize(1.5 * 1024 * 1024, 'fr')).toBe('1,5\u202fMo');
    expect(formatSize(1, 'en')).toBe('1 byte');
  });
});

describe('formatSentOf', () => {
  const MIB = 1024 * 1024;

  it('says the sent part in the total’s unit, and the share rounded down', () => {
    expect(formatSentOf(2.4 * MIB, 5 * MIB, 'en')).toEqual({ sent: '2.4', total: '5 MB', percent: '48%' });
    expect(formatSentOf(0, 5 * MIB, 'en')).toEqual({ sent: '0', total: '5 MB', percent: '0%' });
    // 99.9 % sent is not "100%": that says all of it left.
    expect(formatSentOf(5 * MIB - 5000, 5 * MIB, 'en').percent).toBe('99%');
    expect(formatSentOf(5 * MIB, 5 * MIB, 'en')).toEqual({ sent: '5', total: '5 MB', percent: '100%' });
    expect(formatSentOf(300, 512, 'en')).toEqual({ sent: '300', total: '512 bytes', percent: '58%' });
    expect(formatSentOf(0, 0, 'en').percent).toBe('0%');
  });

  it("writes the numbers in the language's own way", () => {
    expect(formatSentOf(2.4 * MIB, 5 * MIB, 'de')).toEqual({
      sent: '2,4',
      total: '5 MB',
      percent: '48\u00a0%',
    });
    expect(formatSentOf(2.4 * MIB, 5 * MIB, 'fr').sent).toBe('2,4');
  });
});
