// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { viewCount, viewsLeft } from '@/lib/format/views';

describe('viewCount', () => {
  it.each([
    [1, '1 view'],
    [0, '0 views'],
    [5, '5 views'],
  ])('counts %i as %s', (count, text) => {
    expect(viewCount(count, 'en')).toBe(text);
  });

  it('writes the number as the locale does', () => {
    expect(viewCount(1500, 'en')).toBe('1,500 views');
    expect(viewCount(1500, 'de')).toBe('1.500 views');
  });

  it('lets the locale’s plural rules choose the noun (French counts 0 as one)', () => {
    expect(viewCount(0, 'fr')).toBe('0 view');
  });
});

describe('viewsLeft', () => {
  it.each([
    [3, 5, '3 of 5 views left'],
    [1, 1, '1 of 1 view left'],
    [3, undefined, '3 views left'],
    [1, undefined, '1 view left'],
  ])('says %i of %s as %s', (remaining, total, text) => {
    expect(viewsLeft(remaining, total, 'en')).toBe(text);
  });

  it('writes the numbers as the locale does', () => {
    expect(viewsLeft(1200, 5000, 'de')).toBe('1.200 of 5.000 views left');
  });
});
