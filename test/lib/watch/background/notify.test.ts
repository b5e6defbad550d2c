import { describe, expect, it } from 'vitest';
import { pushLabel } from '@/lib/watch/label';
import {
  eventMessage,
  isWatchNotification,
  MAX_NOTIFICATIONS,
  notificationsFor,
} from '@/lib/watch/background/notify';
import type { TrackedPush, WatchEvent } from '@/lib/watch/types';

/** An iPhone's Safari, as the audit log keeps it. */
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

const push = (over: Partial<TrackedPush> = {}): TrackedPush => ({
  server: 'https://s.example',
  url_token: 'abcdef123456',
  html_url: 'https://s.example/p/abcdef123456',
  name: '',
  note: '',
  created_at: '2026-01-01T00:00:00Z',
  expires_at: null,
  expire_after_views: 5,
  views_remaining: 2,
  expired: false,
  deleted: false,
  expired_on: null,
  has_passphrase: false,
  retrieval_step: false,
  deletable_by_viewer: true,
  source: 'server',
  updated_at: '2026-01-01T00:00:00Z',
  ...over,
});
const event = (over: Partial<WatchEvent> = {}): WatchEvent => ({
  id: 'e1',
  server: 'https://s.example',
  url_token: 'abcdef123456',
  kind: 'viewed',
  at: '2026-01-01T00:00:00Z',
  seen: false,
  ...over,
});

describe('pushLabel', () => {
  it.each([
    [{ name: 'Router password', note: 'ignored' }, 'Router password'],
    [{ name: '  ', note: 'Guest Wi-Fi\nfor the weekend' }, 'Guest Wi-Fi for the weekend'],
    [
      { name: '', note: 'A very long note that goes on and on about many things' },
      'A very long note that goes on and on abo…',
    ],
    [
      { name: '', note: '', kind: 'url' as const, subject: 'wiki.example.com' },
      /^URL · wiki\.example\.com · Jan 1, \d/,
    ],
  ])('names %o as %s', (fields, label) => {
    if (typeof label === 'string') expect(pushLabel(push(fields))).toBe(label);
    else expect(pushLabel(push(fields))).toMatch(label);
  });

  it('calls an unnamed push of unknown kind by when it was made, not by its token (issue 11)', () => {
    expect(pushLabel(push({ name: '', note: '' }))).toMatch(/^Push · (Dec 31|Jan 1), \d/);
  });

  it('is the title of the notification of a push without a name', () => {
    const [text] = notificationsFor([event()], [push({ note: 'Guest Wi-Fi' })]);
    expect(text?.title).toBe(pushLabel(push({ note: 'Guest Wi-Fi' })));
  });

  it('is "Push" for a push the cache no longer holds: no part of its token (issue 37)', () => {
    const [text] = notificationsFor([event()], []);
    expect(text?.title).toBe('Push');
    expect(JSON.stringify(text)).not.toContain('abcdef');
  });
});

describe('eventMessage', () => {
  it('never names the IP, only the device (issue 37)', () => {
    for (const kind of ['viewed', 'failed_passphrase', 'failed_view'] as const)
      expect(eventMessage(event({ kind, ip: '203.0.113.4', user_agent: IPHONE }), push())).not.toContain(
        '203.0.113.4',
      );
  });

  it.each([
    [
      event({ ip: '203.0.113.4', user_agent: IPHONE, views_left: 2 }),
      'Viewed in Safari on iOS — 2 of 5 views left',
    ],
    [event({ ip: '203.0.113.4', views_left: 2 }), 'Viewed — 2 of 5 views left'],
    [event({ views_left: 0 }), 'Viewed — no views left'],
    [
      event({ kind: 'failed_passphrase', ip: '203.0.113.66', user_agent: IPHONE }),
      'Wrong passphrase entered in Safari on iOS',
    ],
    [event({ kind: 'failed_passphrase', ip: '203.0.113.66', user_agent: '  ' }), 'Wrong passphrase entered'],
    [
      event({ kind: 'failed_view', ip: '203.0.113.66', user_agent: 'curl/8.5.0' }),
      'Someone tried to open it after it expired, in curl',
    ],
    [event({ kind: 'expired', reason: 'views' }), 'Expired — all views used'],
    [event({ kind: 'expired', reason: 'time' }), 'Expired — its time ran out'],
    [event({ kind: 'deleted' }), 'Deleted — the link no longer opens'],
  ])('says %o as %s', (e, text) => {
    expect(eventMessage(e, push())).toBe(text);
  });
});

describe('notificationsFor', () => {
  it('sums up what does not fit', () => {
    const events = Array.from({ length: 8 }, (_, i) => event({ id: `e${i}` }));
    const texts = notificationsFor(events, [push({ name: 'Keys' })]);
    expect(texts).toHaveLength(MAX_NOTIFICATIONS);
    expect(texts[0]).toMatchObject({ title: 'Keys', message: 'Viewed' });
    expect(texts[0]?.id).toMatch(/^watch:[A-Za-z0-9_-]{22}\|/);
    expect(texts.at(-1)?.message).toBe('4 more changes to your pushes');
  });

  it("gives every notification an id of the watcher's own, and no other feature's", () => {
    const events = Array.from({ length: 8 }, (_, i) => event({ id: `e${i}` }));
    const ids = notificationsFor(events, []).map((text) => text.id);
    expect(ids.every(isWatchNotification)).toBe(true);
    expect(isWatchNotification('quick-push:failed:1')).toBe(false);
  });
});
