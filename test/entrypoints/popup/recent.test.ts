import { describe, expect, it } from 'vitest';
import type { TrackedPush } from '@/lib/watch/types';
import { recentFacts, timeLeft, viewsLeft } from '@/entrypoints/popup/recent';
import { openedStatus } from '@/lib/watch/view';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');

function tracked(patch: Partial<TrackedPush> = {}): TrackedPush {
  return {
    server: 'https://pp.example',
    url_token: 'tok',
    html_url: 'https://pp.example/p/tok',
    name: '',
    note: '',
    kind: 'text',
    created_at: '2026-03-01T10:00:00.000Z',
    expires_at: '2026-03-04T12:00:00.000Z',
    expire_after_views: 5,
    views_remaining: 3,
    expired: false,
    deleted: false,
    expired_on: null,
    has_passphrase: false,
    retrieval_step: true,
    deletable_by_viewer: true,
    source: 'server',
    updated_at: '2026-03-01T10:00:00.000Z',
    ...patch,
  };
}

describe('viewsLeft', () => {
  it.each([
    [3, 5, 'server', '3 of 5 views left'],
    [1, 1, 'server', '1 of 1 view left'],
    [5, 5, 'local', 'up to 5 views'],
  ] as const)('%i of %i (%s) reads "%s"', (left, total, source, words) => {
    expect(viewsLeft(tracked({ views_remaining: left, expire_after_views: total, source }))).toBe(words);
  });
});

describe('timeLeft', () => {
  it.each([
    ['2026-03-04T15:30:00.000Z', '3 days left'],
    ['2026-03-01T14:05:30.000Z', '2 hours left'],
    ['2026-03-01T12:04:09.000Z', '4 minutes left'],
    ['2026-03-01T11:59:59.000Z', 'Expired'],
  ])('until %s reads "%s"', (expiresAt, words) => {
    expect(timeLeft(tracked({ expires_at: expiresAt }), NOW)).toBe(words);
  });

  it('follows the clock: a minute later it says a minute less', () => {
    const push = tracked({ expires_at: '2026-03-01T12:04:09.000Z' });
    expect(timeLeft(push, NOW + 60_000)).toBe('3 minutes left');
  });

  it('shows the end state of a deleted or expired push, and nothing without an expiry time', () => {
    expect(timeLeft(tracked({ deleted: true }), NOW)).toBe('Deleted');
    expect(timeLeft(tracked({ expired: true }), NOW)).toBe('Expired');
    expect(timeLeft(tracked({ expires_at: null }), NOW)).toBe('');
  });
});

describe('recentFacts', () => {
  const SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Version/17.0 Safari/605.1.15';

  it("says whether it was opened in the dashboard row's words, then its views and time left", () => {
    const push = tracked({
      views_remaining: 4,
      opened: { count: 1, last_at: '2026-03-01T11:16:00.000Z', user_agent: SAFARI },
    });
    const facts = recentFacts(push, NOW);
    expect(facts).toMatch(
      /^Opened once · last \d\d:16(\s?[AP]M)? · Safari on macOS · 4 of 5 views left · 3 days left$/,
    );
    // One formatter: the very words the dashboard's row shows.
    expect(facts.startsWith(`${openedStatus(push, NOW)!} · `)).toBe(true);
  });

  it('says a wrong passphrase, not opened, as the row does; an ended push its end first', () => {
    const failed = tracked({
      views_remaining: 5,
      opened: {
        count: 0,
        wrong_passphrase: {
          count: 1,
          last_at: '2026-03-01T11:16:00.000Z',
          user_agent:
            'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile/15E148 Safari/604.1',
        },
      },
    });
    expect(recentFacts(failed, NOW)).toMatch(
      /^Not opened · 1 wrong passphrase \d\d:16(\s?[AP]M)? · Safari on iOS · 5 of 5 views left · 3 days left$/,
    );
    expect(recentFacts(tracked({ expired: true, views_remaining: 0 }), NOW)).toBe('Expired · Opened 5 times');
    // Followed by time only (no token): nobody can tell whether it was opened.
    expect(recentFacts(tracked({ source: 'local' }), NOW)).toBe('up to 5 views · 3 days left');
  });
});
