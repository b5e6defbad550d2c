import { describe, expect, it } from 'vitest';
import { pushState } from '@/lib/watch/state';
import { NOW, trackedPush } from '../../components/dashboard/tracked-push';

describe('pushState', () => {
  it.each([
    ['an active push', {}, 'active'],
    ['a deleted push', { deleted: true, expired: true }, 'deleted'],
    ['a push with no views left', { views_remaining: 0, expired: true }, 'expired-views'],
    ['a push whose time ran out', { expires_at: '2026-01-01T11:59:59Z' }, 'expired-time'],
    ['a push the server says expired, cause unknown', { expired: true }, 'expired'],
    [
      'a push tracked by time only, views unknown',
      { source: 'local' as const, views_remaining: 0 },
      'active',
    ],
  ])('reads %s', (_, overrides, expected) => {
    expect(pushState(trackedPush(overrides), NOW)).toBe(expected);
  });
});
