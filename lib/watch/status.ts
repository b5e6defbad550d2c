/**
 * Whether recipients opened a push, and whether someone failed to, in one line (issue 37): the dashboard's
 * row and the popup's recent list say it from here, so the two never tell a push's story two ways. "Not
 * opened", "Opened 2 times · last 10:42 · Firefox on Linux", "Not opened · 1 wrong passphrase 06:16 · Safari
 * on iOS". Pure: the clock comes in as `now`.
 */
import { shortTime } from '@/lib/format/time';
import { plural, t, uiLocale } from '@/lib/i18n';
import type { TrackedPush } from './types';
import { userAgentName } from './user-agent';

/** Between the parts of a status, as the rows join them. */
const SEPARATOR = ' · ';

type StatusFacts = Pick<TrackedPush, 'source' | 'expire_after_views' | 'views_remaining' | 'opened'>;

/**
 * A push's status in its two parts: whether it was opened, and the failed attempts (wrong passphrases, tries
 * after it expired), if any.
 */
export interface OpenedStatusParts {
  opened: string;
  failed?: string;
}

/**
 * The push's status in words, in parts (a page may mark the failed one), or null for a push followed by time
 * only (no token): nobody can tell. Where its audit log was never read, the lists' view count stands in,
 * without a time or a browser.
 */
export function openedStatusParts(push: StatusFacts, now: number): OpenedStatusParts | null {
  if (push.source === 'local') return null;
  const locale = uiLocale();
  const opened = push.opened ?? { count: push.expire_after_views - push.views_remaining };
  const said: string[] = [];
  if (opened.count <= 0) said.push(t('dash_notOpened'));
  else {
    said.push(plural('dash_openedTimes', opened.count));
    if (opened.last_at) said.push(t('dash_openedLast', shortTime(opened.last_at, now, locale)));
    if (opened.user_agent) said.push(userAgentName(opened.user_agent));
  }
  const failed: string[] = [];
  const attempts = [
    ['dash_wrongPassphrases', opened.wrong_passphrase],
    ['dash_lateAttempts', opened.after_expiry],
  ] as const;
  for (const [words, attempt] of attempts) {
    if (!attempt) continue;
    failed.push(plural(words, attempt.count, shortTime(attempt.last_at, now, locale)));
    if (attempt.user_agent) failed.push(userAgentName(attempt.user_agent));
  }
  if (failed.length === 0) return { opened: said.join(SEPARATOR) };
  return { opened: said.join(SEPARATOR), failed: failed.join(SEPARATOR) };
}

/** The push's status as one line, or null for a push followed by time only. */
export function openedStatus(push: StatusFacts, now: number): string | null {
  const parts = openedStatusParts(push, now);
  if (!parts) return null;
  return parts.failed ? `${parts.opened}${SEPARATOR}${parts.failed}` : parts.opened;
}
