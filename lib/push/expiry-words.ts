/**
 * The "Copy message" text: the link, then when it stops working, in words a recipient understands.
 */
import { DURATIONS } from '@/lib/durations';

const MINUTE_S = 60;
const HOUR_S = 3600;
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

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/**
 * A span rounded to the nearest whole unit people say: minutes under an hour, hours under a day, then days.
 * Each step rounds first, so 59.5 minutes reads "1 hour" and 23.6 hours "1 day".
 */
export function spanInWords(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / MINUTE_S));
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.round(seconds / HOUR_S);
  if (hours < 24) return plural(hours, 'hour');
  return plural(Math.round(seconds / DAY_S), 'day');
}

/** How long is left: from expires_at against `now` when known, else the pro label, else oss days. */
function timeLeft(facts: ExpiryFacts, now: number): string | 'expired' | undefined {
  if (facts.expires_at) {
    const at = Date.parse(facts.expires_at);
    if (!Number.isNaN(at)) return at <= now ? 'expired' : spanInWords((at - now) / 1000);
  }
  const label =
    facts.expire_after_duration == null ? undefined : DURATIONS[facts.expire_after_duration]?.label;
  if (label) return label;
  if (facts.expire_after_days != null && facts.expire_after_days > 0) {
    return plural(facts.expire_after_days, 'day');
  }
  return undefined;
}

/** e.g. "Expires in 3 days or after 5 views, whichever comes first." */
export function expiryInWords(facts: ExpiryFacts, now: number): string {
  const time = timeLeft(facts, now);
  const views = facts.views_remaining ?? facts.expire_after_views;
  if (time === 'expired' || views === 0) return 'This link has expired.';
  const after = views == null ? undefined : `after ${plural(views, 'view')}`;
  if (time && after) return `Expires in ${time} or ${after}, whichever comes first.`;
  if (time) return `Expires in ${time}.`;
  if (after) return `Expires ${after}.`;
  return '';
}

/** The link and, on the next line, its expiry: what "Copy message" puts on the clipboard. */
export function copyMessage(link: string, facts: ExpiryFacts, now: number): string {
  const words = expiryInWords(facts, now);
  return words ? `${link}\n${words}` : link;
}
