/**
 * The one typed accessor for every word a person reads: `t('key', …)` and `plural('key', n, …)` over the
 * messages in public/_locales/<locale>/messages.json (English is the default locale), through browser.i18n
 * so pages, the service worker, menus and notifications all speak the browser's language.
 *
 * Keys are typed from the English file. A plural message is stored once per category of its language
 * (`viewsLeft_one`, `viewsLeft_other`; Arabic also `_zero`, `_two`, `_few`, `_many`) and asked for by its base
 * key. Substitutions are `$1`…`$9` in the message; numbers are written in the UI language.
 */
import { createTranslator, type PluralCategory, type Substitution, type Translator } from './core';

type English = typeof import('../../public/_locales/en/messages.json');
type Key = Exclude<keyof English, 'locale' | 'dir'> & string;

/** A plural message's base key: `viewsLeft` for `viewsLeft_one` + `viewsLeft_other`. */
export type PluralKey = Key extends infer K ? (K extends `${infer Base}_other` ? Base : never) : never;
/** Every other message's key. */
export type MessageKey = Exclude<Key, `${string}_${PluralCategory}`>;

let translator: Translator | undefined;

function current(): Translator {
  translator ??= createTranslator((key, substitutions) =>
    // WXT types getMessage's name as the keys it last generated (wxt prepare); the translator's keys are
    // the English file's, checked by `t` and `plural`.
    browser.i18n.getMessage(key as Parameters<typeof browser.i18n.getMessage>[0], substitutions),
  );
  return translator;
}

/** The message `key` in the UI language, with `$1`… replaced by `substitutions`. */
export function t(key: MessageKey, ...substitutions: Substitution[]): string {
  return current().text(key, substitutions);
}

/** The form of `key` that agrees with `count` in the UI language; `$1` is the count, then `substitutions`. */
export function plural(key: PluralKey, count: number, ...substitutions: Substitution[]): string {
  return current().plural(key, count, substitutions);
}

/** The BCP 47 tag of the UI language ("de", "pt-BR"): pass it to every Intl formatter (lib/format). */
export function uiLocale(): string {
  return current().locale;
}

/** The UI language's writing direction. */
export function uiDir(): 'ltr' | 'rtl' {
  return current().dir;
}

/** Sets `<html lang dir>` and the title of an extension page from the UI language. */
export function localizeDocument(doc: Document, title?: string): void {
  doc.documentElement.lang = uiLocale();
  doc.documentElement.dir = uiDir();
  if (title !== undefined) doc.title = title;
}

/** Tests only: forget the translator so the next call reads the (faked) messages again. */
export function resetTranslator(): void {
  translator = undefined;
}
