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
import type { ActionDeps } from './actions';
import { idbCache, type WatchCache } from './cache';
import { watchDb } from './db';
import { notificationIconUrl } from '@/lib/icon';
import { isWatchNotification, notificationsFor } from './notify';
import { refreshWatch } from './refresh';
import { watchRoutes } from './routes';
import { bumpRevision } from './revision';
import { countUnseen } from './seen';
import type { RefreshSummary } from './types';

export const WATCH_ALARM = 'watch-refresh';
export const DASHBOARD_PATH = '/dashboard.html';

export interface Connection {
  client: ApiClient;
  hasToken: boolean;
}

export interface WatcherOptions {
  clock?: () => number;
  /** The client of the saved settings, and whether it can list the user's pushes. */
  connect?: () => Promise<Connection>;
  cache?: WatchCache;
}

export interface Watcher {
  refresh(force: boolean): Promise<RefreshSummary>;
  /** Resolves when the startup work (alarm, badge) is done. */
  ready: Promise<void>;
  dispose(): void;
}

/** The saved settings' client, and whether it is signed in (lib/connection/target.ts isSignedIn). */
export async function connectFromSettings(): Promise<Connection> {
  const { client, signedIn } = await connectSaved();
  return { client, hasToken: signedIn };
}

function badgeApi() {
  // Firefox MV2 builds have browserAction; Chrome MV3 has action.
  return browser.action ?? browser.browserAction;
}

async function updateBadge(cache: WatchCache, settings: WatchSettings): Promise<void> {
  let count: number;
  if (settings.badge === 'unseen') count = await countUnseen();
  else {
    const server = (await cache.state()).server;
    const pushes = server === null ? [] : await cache.pushes(server);
    count = pushes.filter((push) => !push.expired).length;
  }
  await badgeApi().setBadgeText({ text: count > 0 ? String(count) : '' });
}

async function ensureAlarm(settings: WatchSettings): Promise<void> {
  const existing = await browser.alarms.get(WATCH_ALARM);
  // Alarms outlive the worker: re-create only when missing or when the interval changed.
  if (existing?.periodInMinutes === settings.intervalMinutes) return;
  await browser.alarms.create(WATCH_ALARM, {
    periodInMinutes: settings.intervalMinutes,
    delayInMinutes: settings.intervalMinutes,
  });
}

/** Registers the watcher; called on every start of the background. */
export function setupWatcher(options: WatcherOptions = {}): Watcher {
  const clock = options.clock ?? Date.now;
  const connect = options.connect ?? connectFromSettings;
  const cache = options.cache ?? idbCache(watchDb);
  // One job at a time (a refresh, an expire, an audit read), so two never commit over each other. Only
  // coordination lives here; the state itself is in the database.
  const serial = createSerial();
  const report = (what: string) => (error: unknown) => console.error(`Watcher: ${what}`, error);
  const badge = () => watchSettingsItem.getValue().then((settings) => updateBadge(cache, settings));

  async function refresh(force: boolean): Promise<RefreshSummary> {
    const { summary, events } = await serial(async () => {
      const { client, hasToken } = await connect();
      // A refresh the user asked for also reads the expired list; scheduled ones read it daily (the budget).
      return refreshWatch({ client, cache, clock, server: client.baseUrl, hasToken, force, fullSync: force });
    });
    // Pages show the watcher's state too ("Last refreshed", the last error, the back-off): every refresh
    // that ran moved it on, changed or not. A refresh that waited wrote nothing.
    if (summary.status !== 'waiting') await bumpRevision();
    const settings = await watchSettingsItem.getValue();
    if (events.length > 0 && settings.notifications) {
      const texts = notificationsFor(events, await cache.pushes(summary.server));
      for (const text of texts)
        await browser.notifications.create(text.id, {
          type: 'basic',
          iconUrl: notificationIconUrl(),
          title: text.title,
          message: text.message,
        });
    }
    await updateBadge(cache, settings);
    return summary;
  }

  async function actionDeps(): Promise<ActionDeps> {
    const { client } = await connect();
    return { client, cache, server: client.baseUrl, clock };
  }

  const onAlarm = (alarm: Browser.alarms.Alarm) => {
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
    Promise.all([ensureAlarm(settings), updateBadge(cache, settings)]).catch(
      report('settings change failed'),
    );
  });
  const unlisten = listenForMessages(watchRoutes({ refresh, serial, actionDeps, badge }));
  const ready = watchSettingsItem
    .getValue()
    .then((settings) => Promise.all([ensureAlarm(settings), updateBadge(cache, settings)]))
    .then(() => undefined);
  ready.catch(report('startup failed'));
  return {
    refresh,
    ready,
    dispose() {
      browser.alarms.onAlarm.removeListener(onAlarm);
      browser.notifications.onClicked.removeListener(onClicked);
      unwatch();
      unlisten();
    },
  };
}
