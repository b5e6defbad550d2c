/**
 * The watcher in the background: the alarm, the messages, notifications and the badge. Only wiring and
 * browser.* here; the work is in refresh.ts and actions.ts. Everything it knows lives in IndexedDB and
 * storage, so a worker that stopped and started again simply carries on.
 */
import { createSerial } from '@/lib/async';
import type { ApiClient } from '@/lib/api';
import { connectSaved } from '@/lib/connection/client';
import { listenForMessages } from '@/lib/messages/runtime';
import { watchSettingsItem, type WatchSettings } from '@/lib/store/items';
import { watchSettings } from '@/lib/store/settings';
import { accountKey } from './account';
import type { ActionDeps } from './actions';
import { updateBadge } from './badge';
import { idbCache, type WatchCache } from './cache';
import { watchDb } from './db';
import { forgetLeftAccounts } from './forget';
import { notificationIconUrl } from '@/lib/icon';
import { isWatchNotification, notificationsFor } from './notify';
import { alarmPeriod } from './period';
import { refreshWatch } from './refresh';
import { watchRoutes } from './routes';
import { bumpRevision } from './revision';
import type { RefreshSummary, TrackedPush, WatchEvent } from './types';

export const WATCH_ALARM = 'watch-refresh';
export const DASHBOARD_PATH = '/dashboard.html';

export interface Connection {
  client: ApiClient;
  hasToken: boolean;
  /** Whose pushes these are (account.ts accountKey): the key the cache keeps them under. */
  account: string;
}

export interface WatcherOptions {
  clock?: () => number;
  /** The client of the saved settings, whether it can list the user's pushes, and its account. */
  connect?: () => Promise<Connection>;
  /** One account's cache (default: idbCache on the extension's IndexedDB). */
  cache?: (account: string) => WatchCache;
}

export interface Watcher {
  refresh(force: boolean): Promise<RefreshSummary>;
  /** Resolves when the startup work (alarm, badge) is done. */
  ready: Promise<void>;
  dispose(): void;
}

/** The saved settings' client, and whether it is signed in (lib/connection/target.ts isSignedIn). */
export async function connectFromSettings(): Promise<Connection> {
  const { client, signedIn, settings } = await connectSaved();
  // connectSaved throws when there is no server: a client always has an account.
  return { client, hasToken: signedIn, account: (await accountKey(settings)) as string };
}

async function ensureAlarm(settings: WatchSettings): Promise<void> {
  const period = alarmPeriod(settings.intervalMinutes);
  const existing = await browser.alarms.get(WATCH_ALARM);
  // Alarms outlive the worker: re-create only when missing or when the interval changed.
  if (existing?.periodInMinutes === period) return;
  await browser.alarms.create(WATCH_ALARM, { periodInMinutes: period, delayInMinutes: period });
}

/** One notification per push with news (notify.ts), of the pushes of the account that refreshed. */
async function showNotifications(events: WatchEvent[], pushes: TrackedPush[]): Promise<void> {
  for (const text of notificationsFor(events, pushes))
    await browser.notifications.create(text.id, {
      type: 'basic',
      iconUrl: notificationIconUrl(),
      title: text.title,
      message: text.message,
    });
}

/** Registers the watcher; called on every start of the background. */
export function setupWatcher(options: WatcherOptions = {}): Watcher {
  const clock = options.clock ?? Date.now;
  const connect = options.connect ?? connectFromSettings;
  const cacheFor = options.cache ?? ((account: string) => idbCache(watchDb, account));
  // One job at a time (a refresh, an expire, an audit read, an erase), so two never commit over each other.
  // Only coordination lives here; the state itself is in the database.
  const serial = createSerial();
  const report = (what: string) => (error: unknown) => console.error(`Watcher: ${what}`, error);
  const badge = () => watchSettingsItem.getValue().then((settings) => updateBadge(cacheFor, settings));
  // Erases the cache of servers and tokens the user left (forget.ts), queued behind any job still running on
  // the old settings, so nothing it commits outlives the erase.
  const forget = () =>
    serial(() => forgetLeftAccounts(watchDb)).then((erased) => (erased > 0 ? bumpRevision() : undefined));

  async function refresh(force: boolean): Promise<RefreshSummary> {
    const { summary, events, cache } = await serial(async () => {
      const { client, hasToken, account } = await connect();
      // Before every refresh too, whatever changed the settings: the one step no path skips.
      await forgetLeftAccounts(watchDb);
      const cache = cacheFor(account);
      // A refresh the user asked for also reads the expired list; scheduled ones read it daily (the budget).
      const server = client.baseUrl;
      const result = await refreshWatch({ client, cache, clock, server, hasToken, force, fullSync: force });
      return { ...result, cache };
    });
    // Pages show the watcher's state too ("Last refreshed", the last error, the back-off): every refresh
    // that ran moved it on, changed or not. A refresh that waited wrote nothing.
    if (summary.status !== 'waiting') await bumpRevision();
    const settings = await watchSettingsItem.getValue();
    if (events.length > 0 && settings.notifications)
      await showNotifications(events, await cache.pushes(summary.server));
    await updateBadge(cacheFor, settings);
    return summary;
  }

  async function actionDeps(): Promise<ActionDeps> {
    const { client, account } = await connect();
    return { client, cache: cacheFor(account), server: client.baseUrl, clock };
  }

  const onAlarm = (alarm: Browser.Alarms.Alarm) => {
    if (alarm.name === WATCH_ALARM) refresh(false).catch(report('scheduled refresh failed'));
  };
  const onClicked = (id: string) => {
    if (!isWatchNotification(id)) return; // another feature's (quick push: "Try again" on Firefox)
    browser.tabs
      .create({ url: browser.runtime.getURL(DASHBOARD_PATH as '/') })
      .then(() => browser.notifications.clear(id))
      .catch(report('could not open the dashboard'));
  };
  browser.alarms.onAlarm.addListener(onAlarm);
  browser.notifications.onClicked.addListener(onClicked);
  const unwatch = watchSettingsItem.watch((settings) => {
    Promise.all([ensureAlarm(settings), updateBadge(cacheFor, settings)]).catch(
      report('settings change failed'),
    );
  });
  // A server, token or demo mode saved (options, popup): the pushes of the one left go at once.
  const unwatchServer = watchSettings(() => {
    forget().then(badge).catch(report('erasing a left server failed'));
  });
  const unlisten = listenForMessages(watchRoutes({ refresh, serial, actionDeps, badge }));
  const ready = forget()
    .then(() => watchSettingsItem.getValue())
    .then((settings) => Promise.all([ensureAlarm(settings), updateBadge(cacheFor, settings)]))
    .then(() => undefined);
  ready.catch(report('startup failed'));
  return {
    refresh,
    ready,
    dispose() {
      browser.alarms.onAlarm.removeListener(onAlarm);
      browser.notifications.onClicked.removeListener(onClicked);
      unwatch();
      unwatchServer();
      unlisten();
    },
  };
}
