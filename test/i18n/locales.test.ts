/**
 * Every locale is complete: each has every key of English with the same placeholders, each plural message
 * has every form its language uses (Intl.PluralRules), no sentence is left in English, and the files stay
 * sorted (so parallel work adds keys without colliding).
 */
import { describe, expect, it } from 'vitest';
import { PLURAL_CATEGORIES } from '@/lib/i18n/core';
import { localeNames, readMessages, type MessageFile } from './messages';

const REQUIRED = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt_BR', 'ja', 'ar'];
const english = readMessages('en');
const PLURAL = new RegExp(`^(.+)_(${PLURAL_CATEGORIES.join('|')})$`);

/** `$1`…`$9` and named `$name$` placeholders a message uses, sorted. */
function placeholders(message: string): string[] {
  return [...message.matchAll(/\$([1-9]|[A-Za-z_@]+\$)/g)].map((m) => m[1]!).sort();
}

function split(file: MessageFile) {
  const plain = new Map<string, string>();
  const plurals = new Map<string, Map<string, string>>();
  for (const [key, { message }] of Object.entries(file)) {
    const match = PLURAL.exec(key);
    if (match) {
      const forms = plurals.get(match[1]!) ?? new Map<string, string>();
      forms.set(match[2]!, message);
      plurals.set(match[1]!, forms);
    } else plain.set(key, message);
  }
  return { plain, plurals };
}

const base = split(english);

it('ships at least the required locales, English as the default', () => {
  expect(localeNames()).toEqual(expect.arrayContaining(REQUIRED));
});

describe.each(localeNames())('locale %s', (locale) => {
  const file = readMessages(locale);
  const { plain, plurals } = split(file);
  const tag = file.locale?.message ?? '';
  const categories = new Intl.PluralRules(tag).resolvedOptions().pluralCategories;

  it('names its own language tag and direction', () => {
    expect(tag.replace('-', '_')).toBe(locale);
    expect(['ltr', 'rtl']).toContain(file.dir?.message);
  });

  it('has every plain key of English with the same placeholders, and none of its own', () => {
    expect([...plain.keys()].sort()).toEqual([...base.plain.keys()].sort());
    for (const [key, message] of base.plain)
      expect(placeholders(plain.get(key) ?? ''), `${locale}: ${key}`).toEqual(placeholders(message));
  });

  it('has every plural form its language uses, each with the placeholders of English', () => {
    expect([...plurals.keys()].sort()).toEqual([...base.plurals.keys()].sort());
    for (const [key, forms] of plurals) {
      expect([...forms.keys()].sort(), `${locale}: ${key}`).toEqual([...categories].sort());
      const other = placeholders(base.plurals.get(key)?.get('other') ?? '');
      // A form may leave the count out ("one view" written as a word), never add or drop another one.
      for (const [form, message] of forms)
        expect(
          placeholders(message).filter((p) => p !== '1'),
          `${locale}: ${key}_${form}`,
        ).toEqual(other.filter((p) => p !== '1'));
    }
  });

  it('has no empty message and no key that differs from another only in case', () => {
    for (const [key, { message }] of Object.entries(file)) expect(message.trim(), key).not.toBe('');
    const lower = Object.keys(file).map((k) => k.toLowerCase());
    expect(new Set(lower).size).toBe(lower.length);
  });

  it('keeps its keys sorted', () => {
    const keys = Object.keys(file);
    expect(keys).toEqual([...keys].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
  });
});

describe.each(localeNames().filter((locale) => locale !== 'en'))('translation %s', (locale) => {
  it('leaves no sentence in English', () => {
    const left = Object.entries(readMessages(locale))
      .filter(([key, { message }]) => message.split(/\s+/).length >= 3 && english[key]?.message === message)
      .map(([key]) => key);
    expect(left).toEqual([]);
  });
});
