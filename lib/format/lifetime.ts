/**
 * What the recipient's page says about a secret's life: the views left and when it expires, in words a
 * recipient reads at a glance ("can be viewed 2 more times", "expires in 6 days"), never "0 more times".
 */
import { plural, t } from '@/lib/i18n';
import { formatIn } from './relative';
import { formatDateTime, secondsUntil } from './time';

/** The facts a push (either edition) or the demo page gives about its life. */
export interface LifeFacts {
  views_remaining: number;
  /** pro: the expiry instant (ISO 8601); null or absent on oss and once expired. */
  expires_at?: string | null;
  /** oss: whole days left, used when there is no expires_at. */
  days_remaining?: number | null;
}

/** When it expires: "in 6 days", with the exact local time for a tooltip; undefined when unknown or past. */
export function expiresIn(
  facts: LifeFacts,
  now: number,
  locale: string,
): { words: string; exact?: string } | undefined {
  const seconds = secondsUntil(facts.expires_at, now);
  if (seconds !== undefined && facts.expires_at) {
    if (seconds <= 0) return undefined;
    return { words: formatIn(seconds, locale), exact: formatDateTime(facts.expires_at, locale) };
  }
  if (facts.days_remaining == null || facts.days_remaining <= 0) return undefined;
  return { words: formatIn(facts.days_remaining * 86_400, locale) };
}

/** After a reveal: how many more times it can be viewed, or that this was the last view. */
export function viewsAfterReveal(remaining: number): string {
  if (remaining <= 0) return t('format_lastViewUsed');
  return plural('format_viewableMoreTimes', remaining);
}

/** Before a reveal: what revealing it costs. */
export function viewsBeforeReveal(remaining: number): string {
  // "Its last view" is said for exactly one, not for every count a language's "one" form covers.
  return remaining === 1 ? t('format_revealUsesLastView') : plural('format_revealUsesOneOf', remaining);
}
