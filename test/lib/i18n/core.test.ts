import { describe, expect, it } from 'vitest';
import { createTranslator } from '@/lib/i18n/core';
import { getMessageFrom, type MessageFile } from '../../i18n/messages';

function table(entries: Record<string, string>): MessageFile {
  return Object.fromEntries(Object.entries(entries).map(([key, message]) => [key, { message }]));
}

describe('createTranslator', () => {
  it('reads its locale and direction from the messages themselves', () => {
    const ar = createTranslator(getMessageFrom(table({ locale: 'ar', dir: 'rtl' })));
    expect([ar.locale, ar.dir]).toEqual(['ar', 'rtl']);
    const none = createTranslator(getMessageFrom({}));
    expect([none.locale, none.dir]).toEqual(['en', 'ltr']);
  });

  it('writes numbers in the UI language and substitutes them in order', () => {
    const de = createTranslator(getMessageFrom(table({ locale: 'de', sum: '$1 von $2' })));
    expect(de.text('sum', [1234.5, 'Max'])).toBe('1.234,5 von Max');
  });

  it('picks the plural form Intl.PluralRules names, falling back to other', () => {
    const ar = createTranslator(
      getMessageFrom(
        table({
          locale: 'ar',
          views_zero: 'لا مشاهدات',
          views_one: 'مشاهدة واحدة',
          views_two: 'مشاهدتان',
          views_few: '$1 مشاهدات',
          views_many: '$1 مشاهدة',
          views_other: '$1 مشاهدة*',
        }),
      ),
    );
    const n = new Intl.NumberFormat('ar');
    expect([0, 1, 2, 3, 11, 100].map((count) => ar.plural('views', count, []))).toEqual([
      'لا مشاهدات',
      'مشاهدة واحدة',
      'مشاهدتان',
      `${n.format(3)} مشاهدات`,
      `${n.format(11)} مشاهدة`,
      `${n.format(100)} مشاهدة*`,
    ]);
    const en = createTranslator(getMessageFrom(table({ locale: 'en', left_other: '$1 left of $2' })));
    expect(en.plural('left', 1, [5])).toBe('1 left of 5');
  });

  it('shows the key, not nothing, when a message is missing', () => {
    const en = createTranslator(getMessageFrom(table({ locale: 'en' })));
    expect(en.text('nope', [])).toBe('nope');
    expect(en.plural('nope', 2, [])).toBe('nope');
  });
});
