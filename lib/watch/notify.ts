/**
 * The words of a notification: the push as pushLabel names it (label.ts, as the dashboard does) and what
 * happened. Never the secret: the cache holds none to leak.
 */
import { uiLocale } from '@/lib/i18n';
import { viewsLeft } from '@/lib/format/views';
import { pushLabel } from './label';
import type { TrackedPush, WatchEvent } from './types';

/**
 * Every notification the watcher raises has an id with this prefix, so its click handler leaves the
 * others alone (quick push's 'quick-push:' ones mean "Try again" on Firefox).
 */
export const WATCH_NOTICE_PREFIX = 'watch:';

export function isWatchNotification(id: string): boolean {
  return id.startsWith(WATCH_NOTICE_PREFIX);
}

/** Beyond this many events in one refresh, the rest are summed up in one notification. */
export const MAX_NOTIFICATIONS = 5;

export interface NotificationText {
  id: string;
  title: string;
  message: string;
}

function viewsPart(left: number | undefined, total: number | undefined): string {
  if (left === undefined) return '';
  if (left === 0) return ' — no views left';
  return ` — ${viewsLeft(left, total, uiLocale())}`;
}

/** What happened, in a sentence, e.g. "Viewed from 203.0.113.4 — 2 of 5 views left". */
export function eventMessage(event: WatchEvent, push?: Pick<TrackedPush, 'expire_after_views'>): string {
  const from = event.ip ? ` from ${event.ip}` : '';
  switch (event.kind) {
    case 'viewed':
      return `Viewed${from}${viewsPart(event.views_left, push?.expire_after_views)}`;
    case 'failed_passphrase':
      return `Wrong passphrase entered${from}`;
    case 'expired':
      if (event.reason === 'views') return 'Expired — all views used';
      if (event.reason === 'time') return 'Expired — its time ran out';
      return 'Expired';
    case 'deleted':
      return 'Deleted — the link no longer opens';
  }
}

/** The notifications for a batch of new events: one each, the rest summed up after MAX_NOTIFICATIONS. */
export function notificationsFor(events: WatchEvent[], pushes: TrackedPush[]): NotificationText[] {
  const byToken = new Map(pushes.map((push) => [`${push.server}|${push.url_token}`, push]));
  const shown = events.slice(
    0,
    events.length > MAX_NOTIFICATIONS ? MAX_NOTIFICATIONS - 1 : MAX_NOTIFICATIONS,
  );
  const texts = shown.map((event) => {
    const push = byToken.get(`${event.server}|${event.url_token}`);
    return {
      id: `${WATCH_NOTICE_PREFIX}${event.id}`,
      title: pushLabel(push ?? { name: '', note: '', url_token: event.url_token }),
      message: eventMessage(event, push),
    };
  });
  const rest = events.length - shown.length;
  if (rest > 0)
    texts.push({
      id: `${WATCH_NOTICE_PREFIX}more|${events[events.length - 1]!.id}`,
      title: 'Secret Push',
      message: `${rest} more changes to your pushes`,
    });
  return texts;
}
