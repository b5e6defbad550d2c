import type { Push } from './schemas';

/**
 * True when a push can no longer be read: the server expired it (by views, time or a delete). An expired
 * retrieval is a 200 with `expired: true` and `payload: null`, not an error (reference §5.3); a purged push
 * is a 404 'not-found' AppError. Callers treat both as gone. The last successful view still says
 * `expired: false` with `views_remaining: 0`, and carries the payload, so it is not gone.
 */
export function isGone(push: Pick<Push, 'expired' | 'deleted'>): boolean {
  return push.expired || push.deleted;
}
