import { describe, expect, it } from 'vitest';
import { viewCount, viewsLeft } from '@/lib/format/views';
import { speak } from '../../i18n/speak';

describe('viewCount', () => {
  it.each([
    [1, '1 view'],
    [0, '0 views'],
    [5, '5 views'],
  ])('counts %i as %s', (count, text) => {
    expect(viewCount(count)).toBe(text);
  });

  // The messages' language decides the words, the number's form and the plural rule (issue 12).
  it('writes the number as the messages’ language does', () => {
    expect(viewCount(1500)).toBe('1,500 views');
    speak('de');
    expect(viewCount(1500)).toBe('1.500 Aufrufe');
  });

  it('lets the language’s plural rules choose the noun (French counts 0 as one)', () => {
    speak('fr');
    expect(viewCount(0)).toBe('0 vue');
    expect(viewCount(2)).toBe('2 vues');
  });

  it('has every Arabic form', () => {
    speak('ar');
    expect([0, 1, 2, 3, 11, 100].map((n) => viewCount(n))).toEqual([
      'لا مشاهدات',
      'مشاهدة واحدة',
      'مشاهدتان',
      '3 مشاهدات',
      '11 مشاهدة',
      '100 مشاهدة',
    ]);
  });
});

describe('viewsLeft', () => {
  it.each([
    [3, 5, '3 of 5 views left'],
    [1, 1, '1 of 1 view left'],
    [3, undefined, '3 views left'],
    [1, undefined, '1 view left'],
  ])('says %i of %s as %s', (remaining, total, text) => {
    expect(viewsLeft(remaining, total)).toBe(text);
  });

  it('writes the numbers and the words in the messages’ language', () => {
    speak('de');
    expect(viewsLeft(1200, 5000)).toBe('1.200 von 5.000 Aufrufen übrig');
    expect(viewsLeft(1, 1)).toBe('1 von 1 Aufruf übrig');
  });
});
