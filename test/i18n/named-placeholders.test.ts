/**
 * Chrome refuses to load the extension when a message holds `$name$` without a `placeholders` entry for it
 * ("Invalid locale file …: Variable $1$ used but not defined"), and "$1$2" reads as such a variable. Every
 * named placeholder a message uses must be defined next to it.
 */
import { describe, expect, it } from 'vitest';
import { localeNames, readMessages } from './messages';

describe.each(localeNames())('locale %s', (locale) => {
  it('defines every $name$ its messages use', () => {
    const undefinedNames = Object.entries(readMessages(locale)).flatMap(([key, entry]) =>
      [...entry.message.matchAll(/\$([A-Za-z0-9_@]+)\$/g)]
        .map((match) => match[1]!.toLowerCase())
        .filter((name) => !Object.keys(entry.placeholders ?? {}).some((p) => p.toLowerCase() === name))
        .map((name) => `${key}: $${name}$`),
    );
    expect(undefinedNames).toEqual([]);
  });
});
