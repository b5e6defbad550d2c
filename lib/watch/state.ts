/**
 * What state a tracked push is in, in one place for the dashboard and the exports. Time is judged against
 * `now` as well as the cached flags, so a push whose countdown ran out reads "expired" before the next refresh.
 */
import type { TrackedPush } from '@/lib/watch/types';

export type PushState = 'active' | 'expired-views' | 'expired-time' | 'deleted' | 'expired';

export const STATE_WORDS: Record<PushState, string> = {
  active: 'Active',
  'expired-views': 'Expired: no views left',
  'expired-time': 'Expired: time ran out',
  deleted: 'Expired: deleted',
  expired: 'Expired',
};

type StateFacts = Pick<TrackedPush, 'expired' | 'deleted' | 'views_remaining' | 'expires_at' | 'source'>;

export function pushState(push: StateFacts, now: number): PushState {
  if (push.deleted) return 'deleted';
  const at = push.expires_at ? Date.parse(push.expires_at) : NaN;
  const timeUp = !Number.isNaN(at) && at <= now;
  // A push tracked by time only has no view count the extension can trust.
  if (push.source !== 'local' && push.views_remaining <= 0) return 'expired-views';
  if (timeUp) return 'expired-time';
  return push.expired ? 'expired' : 'active';
}

export const isActive = (push: StateFacts, now: number) => pushState(push, now) === 'active';
