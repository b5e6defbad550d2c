/**
 * Intl formatters, each made once per locale and options and kept: making one costs far more than
 * formatting with it (the dashboard's first screen made two per row, a fifth of its script time).
 */
const made = new Map<string, unknown>();

function once<T>(kind: string, locale: string | undefined, options: object, make: () => T): T {
  const key = `${kind}|${locale ?? ''}|${JSON.stringify(options)}`;
  let formatter = made.get(key) as T | undefined;
  if (formatter === undefined) {
    formatter = make();
    made.set(key, formatter);
  }
  return formatter;
}

/** new Intl.DateTimeFormat(locale, options), made once. */
export function dateTimeFormat(
  locale: string | undefined,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  return once('date', locale, options, () => new Intl.DateTimeFormat(locale, options));
}

/** new Intl.RelativeTimeFormat(locale, options), made once. */
export function relativeTimeFormat(
  locale: string,
  options: Intl.RelativeTimeFormatOptions,
): Intl.RelativeTimeFormat {
  return once('relative', locale, options, () => new Intl.RelativeTimeFormat(locale, options));
}

/** new Intl.NumberFormat(locale, options), made once. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return once('number', locale, options, () => new Intl.NumberFormat(locale, options));
}

/** new Intl.ListFormat(locale, options), made once. */
export function listFormat(locale: string, options: Intl.ListFormatOptions): Intl.ListFormat {
  return once('list', locale, options, () => new Intl.ListFormat(locale, options));
}
