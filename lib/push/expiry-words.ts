/**
 * The "Copy message" text: the link, then when it stops working, in words a recipient understands, and
 * whether a passphrase (sent separately) is needed.
 */
import { DURATIONS } from '@/lib/durations';
import { formatDuration } from '@/lib/format/duration';
import { uiLocale } from '@/lib/i18n';
import { secondsUntil } from '@/lib/format/time';
import { viewCount } from '@/lib/format/views';

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

/** How long is left: from expires_at against `now` when known, else the pro label, else oss days. */
function timeLeft(facts: ExpiryFacts, now: number, locale: string): string | 'expired' | undefined {
  const seconds = secondsUntil(facts.expires_at, now);
  if (seconds !== undefined)
    return seconds <= 0 ? 'expired' : formatDuration(seconds, { locale, style: 'words' });
  const label =
    facts.expire_after_duration == null ? undefined : DURATIONS[facts.expire_after_duration]?.label;
  if (label) return label;
  if (facts.expire_after_days != null && facts.expire_after_days > 0) {
    return formatDuration(facts.expire_after_days * DAY_S, { locale, style: 'words' });
  }
  return undefined;
}

/** e.g. "Expires in 3 days or after 5 views, whichever comes first." */
export function expiryInWords(facts: ExpiryFacts, now: number, locale: string = uiLocale()): string {
  const time = timeLeft(facts, now, locale);
  const views = facts.views_remaining ?? facts.expire_after_views;
  if (time === 'expired' || views === 0) return 'This link has expired.';
  const after = views == null ? undefined : `after ${viewCount(views, locale)}`;
  if (time && after) return `Expires in ${time} or ${after}, whichever comes first.`;
  if (time) return `Expires in ${time}.`;
  if (after) return `Expires ${after}.`;
  return '';
}

/** What the message says about a passphrase: that one is needed and comes another way. */
export const PASSPHRASE_LINE = 'You need a passphrase to open it: I will send it to you separately.';

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
  return [link, words, passphrase ? PASSPHRASE_LINE : ''].filter(Boolean).join('\n');
}
