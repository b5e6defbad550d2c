/**
 * The extension's messages.json files read from disk, and browser.i18n.getMessage's substitution rules over
 * them (named `$name$` placeholders, then `$1`…`$9`, `$$` for a dollar sign), so unit tests read the same
 * words the browser shows. WXT's fake browser does not implement i18n.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type MessageFile = Record<
  string,
  { message: string; description?: string; placeholders?: Record<string, { content: string }> }
>;

// Vitest runs from the repository's root (test/vitest.config.ts root); happy-dom's import.meta.url is not a file URL.
export const LOCALES_DIR = join(process.cwd(), 'public/_locales/');

export function localeNames(): string[] {
  return readdirSync(LOCALES_DIR).sort();
}

export function readMessages(locale: string): MessageFile {
  return JSON.parse(readFileSync(`${LOCALES_DIR}${locale}/messages.json`, 'utf8')) as MessageFile;
}

/** getMessage over one locale's file; keys are case-insensitive, as in the browsers. */
export function getMessageFrom(file: MessageFile) {
  const byKey = new Map(Object.entries(file).map(([key, value]) => [key.toLowerCase(), value]));
  return (key: string, substitutions: string | string[] = []): string => {
    const entry = byKey.get(key.toLowerCase());
    if (!entry) return '';
    const subs = Array.isArray(substitutions) ? substitutions : [substitutions];
    const named = Object.fromEntries(
      Object.entries(entry.placeholders ?? {}).map(([name, p]) => [name.toLowerCase(), p.content]),
    );
    const withNamed = entry.message.replace(
      /\$([A-Za-z0-9_@]+)\$/g,
      (all, name: string) => named[name.toLowerCase()] ?? all,
    );
    return withNamed.replace(/\$(\$|[1-9])/g, (_all, what: string) =>
      what === '$' ? '$' : (subs[Number(what) - 1] ?? ''),
    );
  };
}
