/**
 * What state a tracked push is in, in one place for the dashboard and the exports. It lives with the watcher
 * because it reads the watcher's record (the cached flags, and `source`: a push tracked by time only has no
 * view count). Time is judged against `now` as well, so a push whose countdown ran out reads "expired"
 * before the next refresh.
 */
import { secondsUntil } from '@/lib/format/time';
import { t, type MessageKey } from '@/lib/i18n';
import type { TrackedPush } from './types';

export type PushState = 'active' | 'expired-views' | 'expired-time' | 'deleted' | 'expired';

const STATE_WORDS: Record<PushState, MessageKey> = {
  active: 'watch_stateActive',
  'expired-views': 'watch_stateExpiredViews',
  'expired-time': 'watch_stateExpiredTime',
  deleted: 'watch_stateDeleted',
  expired: 'watch_stateExpired',
};

/** A state in words of the UI language, as the dashboard's badge shows it. */
export function stateWords(state: PushState): string {
  return t(STATE_WORDS[state]);
}

type StateFacts = Pick<TrackedPush, 'expired' | 'deleted' | 'views_remaining' | 'expires_at' | 'source'>;

/** The state of `push` at `now`: deleted, out of views, out of time, expired for a reason not known, or active. */
export function pushState(push: StateFacts, now: number): PushState {
  if (push.deleted) return 'deleted';
  const left = secondsUntil(push.expires_at, now);
  const timeUp = left !== undefined && left <= 0;
  // A push tracked by time only has no view count the extension can trust.
  if (push.source !== 'local' && push.views_remaining <= 0) return 'expired-views';
  if (timeUp) return 'expired-time';
  return push.expired ? 'expired' : 'active';
}
