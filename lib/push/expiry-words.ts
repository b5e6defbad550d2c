/**
 * The "Copy message" text: the link, then when it stops working, in words a recipient understands, and
 * whether a passphrase (sent separately) is needed. In the UI language: the sender writes to people who
 * usually share it.
 */
import { durationSeconds } from '@/lib/durations';
import { formatIn } from '@/lib/format/relative';
import { plural, t, uiLocale } from '@/lib/i18n';
import { secondsUntil } from '@/lib/format/time';

const DAY_S = 86400;

/** The parts of a Push (either edition) that say when it expires. */
export interface ExpiryFacts {
  expires_at?: string | null;
  expire_after_duration?: number | null;
  expire_after_days?: number | null;
  expire_after_views?: number | null;
  /** Preferred over expire_after_views: a push shared later may have used some views already. */
  views_remaining?: number | null;
}

/**
 * How long is left, as "in 3 days": from expires_at against `now` when known, else the pro duration (named
 * as its choice is, "in 1 week"), else oss days.
 */
function timeLeft(facts: ExpiryFacts, now: number, locale: string): string | 'expired' | undefined {
  const seconds = secondsUntil(facts.expires_at, now);
  if (seconds !== undefined) return seconds <= 0 ? 'expired' : formatIn(seconds, locale);
  const duration =
    facts.expire_after_duration == null ? undefined : durationSeconds(facts.expire_after_duration);
  if (duration) return formatIn(duration, locale, { exact: true });
  if (facts.expire_after_days != null && facts.expire_after_days > 0) {
    return formatIn(facts.expire_after_days * DAY_S, locale);
  }
  return undefined;
}

/** e.g. "Expires in 3 days or after 5 views, whichever comes first." */
export function expiryInWords(facts: ExpiryFacts, now: number, locale: string = uiLocale()): string {
  const time = timeLeft(facts, now, locale);
  const views = facts.views_remaining ?? facts.expire_after_views;
  if (time === 'expired' || views === 0) return t('push_linkExpired');
  if (time && views != null) return plural('push_expiresInOrAfterViews', views, time);
  if (time) return t('push_expiresIn', time);
  if (views != null) return plural('push_expiresAfterViews', views);
  return '';
}

/** What the message says about a passphrase: that one is needed and comes another way. */
export function passphraseLine(): string {
  return t('push_passphraseLine');
}

/**
 * The link and, on the next lines, its expiry and (when the push has one) that a passphrase is needed and
 * comes separately: what "Copy message" puts on the clipboard. The passphrase itself is never in it.
 */
export function copyMessage(
  link: string,
  facts: ExpiryFacts,
  now: number,
  locale: string = uiLocale(),
  { passphrase = false }: { passphrase?: boolean } = {},
): string {
  const words = expiryInWords(facts, now, locale);
  return [link, words, passphrase ? passphraseLine() : ''].filter(Boolean).join('\n');
}
