/**
 * Counts of views in the UI language: each sentence is one plural message (lib/i18n), so the noun, its case
 * and the number's form agree in every language ("1 of 1 view left", "noch 3 von 5 Aufrufen").
 * The messages' own language decides both the words and the number's form, so no locale is passed in.
 */
import { plural } from '@/lib/i18n';

/** "5 views", "1 view". */
export function viewCount(count: number): string {
  return plural('format_viewCount', count);
}

/**
 * "3 of 5 views left" (the noun agrees with the total: "1 of 1 view left"), or "3 views left" when the total
 * is not known.
 */
export function viewsLeft(remaining: number, total: number | undefined): string {
  if (total === undefined) return plural('format_viewsLeft', remaining);
  return plural('format_viewsLeftOf', total, remaining);
}
