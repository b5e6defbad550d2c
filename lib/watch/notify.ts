/**
 * The words of a notification: the push as pushLabel names it (label.ts, as the dashboard does) and what
 * happened. Never the secret: the cache holds none to leak.
 */
import { plural, t } from '@/lib/i18n';
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
  if (left === 0) return ` — ${t('watch_noViewsLeft')}`;
  return ` — ${total === undefined ? plural('watch_viewsLeft', left) : plural('watch_viewsLeftOf', total, left)}`;
}

/**
 * What happened, in a sentence of the UI language, e.g. "Viewed from 203.0.113.4 — 2 of 5 views left"
 * (the notification is the browser's, so it speaks the browser's language like every page).
 */
export function eventMessage(event: WatchEvent, push?: Pick<TrackedPush, 'expire_after_views'>): string {
  switch (event.kind) {
    case 'viewed': {
      const what = event.ip ? t('watch_viewedFrom', event.ip) : t('watch_viewed');
      return what + viewsPart(event.views_left, push?.expire_after_views);
    }
    case 'failed_passphrase':
      return event.ip ? t('watch_failedPassphraseFrom', event.ip) : t('watch_failedPassphrase');
    case 'failed_view':
      return event.ip ? t('watch_failedViewFrom', event.ip) : t('watch_failedView');
    case 'expired':
      if (event.reason === 'views') return t('watch_expiredViews');
      if (event.reason === 'time') return t('watch_expiredTime');
      return t('watch_expired');
    case 'deleted':
      return t('watch_deleted');
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
      title: t('app_name'),
      message: plural('watch_moreChanges', rest),
    });
  return texts;
}
