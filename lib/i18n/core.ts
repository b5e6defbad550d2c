/**
 * The pure core of the extension's words: given a getMessage (browser.i18n's, or a table's in tests), pick a
 * plural form with Intl.PluralRules and format numbers with Intl.NumberFormat in the language the messages
 * are written in. No browser API here, so it is tested over any message table.
 */

/** Intl.PluralRules' categories; a plural message is stored as `<key>_<category>` for each its language uses. */
export const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
export type PluralCategory = (typeof PLURAL_CATEGORIES)[number];

/** What a substitution may be: text as given, or a number written the reader's way. */
export type Substitution = string | number;

/** browser.i18n.getMessage's shape: '' for a key the locale does not have. */
export type GetMessage = (key: string, substitutions?: string[]) => string;

export interface Translator {
  /** BCP 47 tag of the language the messages are in ("de", "pt-BR"): the locale every Intl call uses. */
  locale: string;
  dir: 'ltr' | 'rtl';
  text(key: string, substitutions: readonly Substitution[]): string;
  plural(key: string, count: number, substitutions: readonly Substitution[]): string;
}

/**
 * A translator over `getMessage`. The locale and direction are messages too (`locale`, `dir`), so they always
 * agree with the words the browser picked, whatever its own UI language is.
 */
export function createTranslator(getMessage: GetMessage): Translator {
  const locale = getMessage('locale') || 'en';
  const dir = getMessage('dir') === 'rtl' ? 'rtl' : 'ltr';
  // Made on first use: most pages open without a number or a plural to write, and making them costs.
  let numbers: Intl.NumberFormat | undefined;
  let rules: Intl.PluralRules | undefined;
  const write = (value: Substitution) =>
    typeof value === 'number' ? (numbers ??= new Intl.NumberFormat(locale)).format(value) : value;
  const lookup = (key: string, substitutions: readonly Substitution[]) =>
    getMessage(key, substitutions.map(write));

  return {
    locale,
    dir,
    // A missing key shows the key rather than nothing: a blank button is worse than a wrong word.
    text: (key, substitutions) => lookup(key, substitutions) || key,
    plural: (key, count, substitutions) => {
      const all = [count, ...substitutions];
      return (
        lookup(`${key}_${(rules ??= new Intl.PluralRules(locale)).select(count)}`, all) ||
        lookup(`${key}_other`, all) ||
        key
      );
    },
  };
}
