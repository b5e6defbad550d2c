import { describe, expect, it } from 'vitest';
import { formatSize } from '@/lib/push/size';

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
