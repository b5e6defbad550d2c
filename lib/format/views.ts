/**
 * Counts of views, with the noun agreeing with its number through Intl.PluralRules.
 */

function viewsNoun(count: number, locale: string): string {
  return new Intl.PluralRules(locale).select(count) === 'one' ? 'view' : 'views';
}

/** "5 views", "1 view". */
export function viewCount(count: number, locale: string): string {
  return `${new Intl.NumberFormat(locale).format(count)} ${viewsNoun(count, locale)}`;
}

/**
 * "3 of 5 views left" (the noun agrees with the total: "1 of 1 view left"), or "3 views left" when the total
 * is not known.
 */
export function viewsLeft(remaining: number, total: number | undefined, locale: string): string {
  const number = new Intl.NumberFormat(locale);
  if (total === undefined) return `${viewCount(remaining, locale)} left`;
  return `${number.format(remaining)} of ${viewCount(total, locale)} left`;
}
