/**
 * Words for the recent-pushes list. Pure, with the clock passed in, so the ticking list and its tests agree.
 * Pushes are named by pushLabel (lib/watch/label.ts), as everywhere else.
 */
import { formatTimeLeft } from '@/lib/format/time-left';
import { plural, t, uiLocale } from '@/lib/i18n';
import { secondsUntil } from '@/lib/format/time';
import { viewsLeft as viewsLeftWords } from '@/lib/format/views';
import type { TrackedPush } from '@/lib/watch/types';
import { openedStatus } from '@/lib/watch/view';

export const RECENT_COUNT = 5;

/** "3 of 5 views left"; for a push tracked by time only (no token), the limit, since views are not known. */
export function viewsLeft(push: TrackedPush): string {
  if (push.source === 'local') return plural('popup_upToViews', push.expire_after_views);
  return viewsLeftWords(push.views_remaining, push.expire_after_views);
}

/** "7 days left", "23 hours left", "56 minutes left" (lib/format/time-left.ts), or the end state. */
export function timeLeft(push: TrackedPush, now: number): string {
  if (push.deleted) return t('popup_deleted');
  if (hasEnded(push, now)) return t('popup_expired');
  const seconds = secondsUntil(push.expires_at, now);
  if (seconds === undefined) return '';
  return t('popup_timeLeft', formatTimeLeft(seconds, uiLocale()));
}

/** Deleted, expired, or past its time: its link no longer works, so nothing of it is offered. */
export function hasEnded(push: TrackedPush, now: number): boolean {
  if (push.deleted || push.expired) return true;
  const seconds = secondsUntil(push.expires_at, now);
  return seconds !== undefined && seconds < 1;
}

/**
 * A recent push's line: whether it was opened (or a wrong passphrase entered) in the dashboard's words, from
 * the same formatter (lib/watch/status.ts, issue 37), then its views and time left: "Opened once · last
 * 06:16 · Safari on macOS · 4 of 5 views left · 2 days left". An ended push: its end state first.
 */
export function recentFacts(push: TrackedPush, now: number): string {
  const status = openedStatus(push, now);
  const time = timeLeft(push, now);
  const parts = hasEnded(push, now) ? [time, status] : [status, viewsLeft(push), time];
  return parts.filter(Boolean).join(' · ');
}
