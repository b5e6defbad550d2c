/**
 * README's "Languages" table says what ships: one row per folder of public/_locales, its direction as the
 * messages give it (`dir`), and "yes" under Complete only where the locale has every message of English.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { PLURAL_CATEGORIES } from '@/lib/i18n/core';
import { localeNames, readMessages } from './messages';

const PLURAL = new RegExp(`_(${PLURAL_CATEGORIES.join('|')})$`);

/** The rows of the first table under "## Languages": code, direction and completeness as written. */
function readmeRows(): Array<{ code: string; direction: string; complete: string }> {
  const readme = readFileSync(join(process.cwd(), 'README.md'), 'utf8');
  const section = readme.split(/^## Languages$/m)[1]?.split(/^## /m)[0] ?? '';
  return section
    .split('\n')
    .filter((line) => /^\| `/.test(line))
    .map((line) => {
      const [code, , direction, complete] = line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim());
      return { code: code!.replace(/`/g, ''), direction: direction!, complete: complete! };
    });
}

/** Whether `locale` has every message English has (a plural by its `_other` form, as forms differ). */
function complete(locale: string): boolean {
  const english = Object.keys(readMessages('en'));
  const own = new Set(Object.keys(readMessages(locale)));
  return english.every((key) => own.has(PLURAL.test(key) ? key.replace(PLURAL, '_other') : key));
}

it('lists every locale that ships, and only those', () => {
  expect(
    readmeRows()
      .map((row) => row.code)
      .sort(),
  ).toEqual(localeNames());
});

it.each(localeNames())('gives %s the direction its messages set and the completeness it has', (locale) => {
  const row = readmeRows().find((r) => r.code === locale);
  const dir = readMessages(locale).dir?.message;
  expect(row?.direction).toBe(dir === 'rtl' ? 'right to left' : 'left to right');
  expect(row?.complete).toBe(complete(locale) ? 'yes' : 'no');
});
