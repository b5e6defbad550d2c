import type { TrackedPush } from '@/lib/watch/types';

/** 2026-01-01T12:00:00Z: the tests' "now". */
export const NOW = Date.parse('2026-01-01T12:00:00Z');

/** A tracked push created an hour before NOW with a day to go and 3 of 5 views left; override any field. */
export function trackedPush(overrides: Partial<TrackedPush> = {}): TrackedPush {
  return {
    server: 'https://push.example',
    url_token: 'abc123def456',
    html_url: 'https://push.example/p/abc123def456',
    name: 'Wi-Fi password',
    note: 'for the office',
    kind: 'text',
    created_at: '2026-01-01T11:00:00Z',
    expires_at: '2026-01-02T12:00:00Z',
    expire_after_views: 5,
    views_remaining: 3,
    expired: false,
    deleted: false,
    expired_on: null,
    has_passphrase: false,
    retrieval_step: false,
    deletable_by_viewer: true,
    source: 'server',
    updated_at: '2026-01-01T11:30:00Z',
    ...overrides,
  };
}
