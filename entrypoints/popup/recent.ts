/**
 * Words for the recent-pushes list. Pure, with the clock passed in, so the ticking list and its tests agree.
 * Pushes are named by pushLabel (lib/watch/label.ts), as everywhere else.
 */
import type { TrackedPush } from '@/lib/watch/types';

export const RECENT_COUNT = 5;

/** "3 of 5 views left"; for a push tracked by time only (no token), the limit, since views are not known. */
export function viewsLeft(push: TrackedPush): string {
  const total = push.expire_after_views;
  const unit = total === 1 ? 'view' : 'views';
  if (push.source === 'local') return `up to ${total} ${unit}`;
  return `${push.views_remaining} of ${total} ${unit} left`;
}

/** "2 d 4 h left", "3 h 12 min left", "4 min 9 s left", or the push's end state. */
export function timeLeft(push: TrackedPush, now: number): string {
  if (push.deleted) return 'Deleted';
  if (push.expired) return 'Expired';
  if (!push.expires_at) return '';
  const seconds = Math.floor((Date.parse(push.expires_at) - now) / 1000);
  if (Number.isNaN(seconds)) return '';
  if (seconds <= 0) return 'Expired';
  const days = Math.floor(seconds / 86400);
  const hours = Math.floor((seconds % 86400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `${days} d ${hours} h left`;
  if (hours > 0) return `${hours} h ${minutes} min left`;
  return `${minutes} min ${seconds % 60} s left`;
}
