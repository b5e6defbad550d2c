import { describe, expect, it } from 'vitest';
import { pushLabel } from '@/lib/watch/label';
import {
  eventMessage,
  isWatchNotification,
  MAX_NOTIFICATIONS,
  notificationsFor,
} from '@/lib/watch/background/notify';
import type { TrackedPush, WatchEvent } from '@/lib/watch/types';

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
    [{ name: '', note: '', kind: 'url' as const, subject: 'wiki.example.com' }, 'URL · wiki.example.com'],
  ])('names %o as %s', (fields, label) => {
    expect(pushLabel(push(fields))).toBe(label);
  });

  it('calls an unnamed push of unknown kind by when it was made, not by its token (issue 11)', () => {
    expect(pushLabel(push({ name: '', note: '' }))).toMatch(/^Push · (Dec 31|Jan 1), \d/);
  });

  it('is the title of the notification of a push without a name', () => {
    const [text] = notificationsFor([event()], [push({ note: 'Guest Wi-Fi' })]);
    expect(text?.title).toBe(pushLabel(push({ note: 'Guest Wi-Fi' })));
    expect(notificationsFor([event()], [])[0]?.title).toBe('Push abcdef12');
  });
});

describe('eventMessage', () => {
  it.each([
    [event({ ip: '203.0.113.4', views_left: 2 }), 'Viewed from 203.0.113.4 — 2 of 5 views left'],
    [event({ views_left: 0 }), 'Viewed — no views left'],
    [event({ kind: 'failed_passphrase', ip: '203.0.113.66' }), 'Wrong passphrase entered from 203.0.113.66'],
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
    expect(texts[0]).toEqual({ id: 'watch:e0', title: 'Keys', message: 'Viewed' });
    expect(texts.at(-1)?.message).toBe('4 more changes to your pushes');
  });

  it("gives every notification an id of the watcher's own, and no other feature's", () => {
    const events = Array.from({ length: 8 }, (_, i) => event({ id: `e${i}` }));
    const ids = notificationsFor(events, []).map((text) => text.id);
    expect(ids.every(isWatchNotification)).toBe(true);
    expect(isWatchNotification('quick-push:failed:1')).toBe(false);
  });
});
