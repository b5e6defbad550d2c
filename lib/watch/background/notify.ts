/**
 * The watcher's notifications: which events a refresh shows (as the settings want them), their words (the
 * push as pushLabel names it, label.ts, as the dashboard does, and what happened), and where a click leads
 * (that push's own address, push-address.ts). Never the secret: the cache holds none to leak.
 */
import { notificationIconUrl } from '@/lib/icon';
import { plural, t } from '@/lib/i18n';
import type { Preferences } from '@/lib/settings';
import type { WatchCache } from '../cache';
import { pushLabel } from '../label';
import { userAgentName } from '../user-agent';
import { DASHBOARD_PATH, keyPath, moreNoticeId, pushOfNotification, watchNoticeId } from '../push-address';
import { FAILED_ATTEMPTS, type RefreshSummary, type TrackedPush, type WatchEvent } from '../types';
import { exposeWatchForE2E } from './e2e-hook';

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
 * What happened, in a sentence of the UI language, e.g. "Viewed in Safari on iOS — 2 of 5 views left"
 * (the notification is the browser's, so it speaks the browser's language like every page). The recipient
 * is named by their device, from the audit log's user agent (issue 37); never by their IP address, which
 * only the audit log's own view shows.
 */
export function eventMessage(event: WatchEvent, push?: Pick<TrackedPush, 'expire_after_views'>): string {
  const device = event.user_agent?.trim() ? userAgentName(event.user_agent) : undefined;
  switch (event.kind) {
    case 'viewed': {
      const what = device ? t('watch_viewedOn', device) : t('watch_viewed');
      return what + viewsPart(event.views_left, push?.expire_after_views);
    }
    case 'failed_passphrase':
      return device ? t('watch_failedPassphraseOn', device) : t('watch_failedPassphrase');
    case 'failed_view':
      return device ? t('watch_failedViewOn', device) : t('watch_failedView');
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
      id: watchNoticeId(WATCH_NOTICE_PREFIX, event),
      // A push the cache no longer holds is "Push", not "Push <token start>": no notification shows a token.
      title: push ? pushLabel(push) : t('push_kindPush'),
      message: eventMessage(event, push),
    };
  });
  const rest = events.length - shown.length;
  if (rest > 0)
    texts.push({
      id: moreNoticeId(WATCH_NOTICE_PREFIX, events[events.length - 1]!),
      title: t('app_name'),
      message: plural('watch_moreChanges', rest),
    });
  return texts;
}

/**
 * One notification per push with news, of the pushes of the account that refreshed. One already on screen
 * is not created again (Chrome would clear it and show it anew): a worker stopped after showing it and
 * before noting it shown leaves it in the list to notify.
 */
async function showNotifications(events: WatchEvent[], pushes: TrackedPush[]): Promise<void> {
  const onScreen = new Set(Object.keys(await browser.notifications.getAll()));
  for (const text of notificationsFor(events, pushes)) {
    if (onScreen.has(text.id)) continue;
    await browser.notifications.create(text.id, {
      type: 'basic',
      iconUrl: notificationIconUrl(),
      title: text.title,
      message: text.message,
    });
  }
}

/** One account's refresh (or wait), with its cache: what it committed and has not notified yet is there. */
export interface RefreshNews {
  cache: WatchCache;
  summary: Pick<RefreshSummary, 'server'>;
}

/**
 * Notifications of the events committed and not notified yet, as the preferences in force want them: those
 * the last refresh added, and any a worker stopped before it showed them (cache.ts commit keeps them). Each
 * is then noted as notified, shown or not wanted. The caller runs it on the watcher's one-at-a-time queue.
 */
export async function notifyResults(
  results: RefreshNews[],
  { watch, failedAlerts }: Pick<Preferences, 'watch' | 'failedAlerts'>,
): Promise<void> {
  // Failed attempts have a setting of their own; views and expiries follow `watch.notifications`.
  const wanted = (event: WatchEvent) =>
    FAILED_ATTEMPTS.has(event.kind) ? failedAlerts : watch.notifications;
  for (const { cache, summary } of results) {
    const events = await cache.unnotified();
    if (events.length === 0) continue;
    const shown = events.filter(wanted);
    if (shown.length > 0) await showNotifications(shown, await cache.pushes(summary.server));
    await cache.notified(events.map((event) => event.id));
  }
}

/** A notification's click: that push's own address (push-address.ts); the dashboard for the summing-up one. */
async function openNotified(id: string): Promise<void> {
  const key = pushOfNotification(id, WATCH_NOTICE_PREFIX);
  await browser.tabs.create({ url: browser.runtime.getURL((key ? keyPath(key) : DASHBOARD_PATH) as '/') });
  await browser.notifications.clear(id);
}

/**
 * Opens what the watcher's notifications are about when clicked (also the journeys' seam for a click, as no
 * driver clicks a native notification); returns the unlisten.
 */
export function openNotificationsOnClick(report: (error: unknown) => void): () => void {
  // Returns its work's promise (the browsers ignore it): a caller, the journeys' seam or a test, can await it.
  const onClicked = (id: string): Promise<void> | undefined => {
    if (!isWatchNotification(id)) return undefined; // another feature's (quick push: "Try again" on Firefox)
    return openNotified(id).catch(report);
  };
  browser.notifications.onClicked.addListener(onClicked);
  exposeWatchForE2E({ notificationClicked: onClicked });
  return () => browser.notifications.onClicked.removeListener(onClicked);
}
