/**
 * The watcher in the background: the alarm, the messages, notifications and the badge. Only wiring and
 * browser.* here; the work is in refresh.ts and actions.ts. Everything it knows lives in IndexedDB and
 * storage, so a worker that stopped and started again simply carries on.
 */
import { createSerial } from '@/lib/async';
import { AppError } from '@/lib/errors';
import type { ApiClient } from '@/lib/api';
import { connectFollowed, connectSaved } from '@/lib/connection/client';
import { eraseExpiredDemoPushes } from '@/lib/demo/erase';
import { listenForMessages } from '@/lib/messages/runtime';
import { onStoredChange, readSettings, watchInterval, watchSettings } from '@/lib/settings';
import { watchSettingsItem, type WatchSettings } from '@/lib/store/items';
import { accountKey, currentAccounts } from './account';
import type { ActionDeps } from './actions';
import { updateBadge } from './badge';
import { idbCache, type WatchCache } from './cache';
import { watchDb } from './db';
import { forgetLeftAccounts } from './forget';
import { notificationIconUrl } from '@/lib/icon';
import { isWatchNotification, notificationsFor, WATCH_NOTICE_PREFIX } from './notify';
import { DASHBOARD_PATH, pushOfNotification, pushPath } from './push-address';
import { alarmPeriod } from './period';
import { mergeSummaries, refreshFollowed, type ServerRefresh } from './refresh-all';
import { watchRoutes } from './routes';
import { bumpRevision } from './revision';
import { exposeWatchForE2E } from './e2e-hook';
import { anyStale } from './stale';
import { oncePerSession } from './startup';
import { FAILED_ATTEMPTS, type RefreshSummary, type TrackedPush, type WatchEvent } from './types';
import { failedAlertsOn } from '@/lib/store/failed-alerts';
import type { Alarms } from 'webextension-polyfill';

export const WATCH_ALARM = 'watch-refresh';
export { DASHBOARD_PATH };

export interface Connection {
  client: ApiClient;
  hasToken: boolean;
  /** Whose pushes these are (account.ts accountKey): the key the cache keeps them under. */
  account: string;
}

export interface WatcherOptions {
  clock?: () => number;
  /**
   * The servers to follow: each one's client, whether it can list the user's pushes, and its account
   * (default: connectFollowed, every saved server with a token and the default one, or the demo). The first
   * is the default server's.
   */
  connect?: () => Promise<Connection | Connection[]>;
  /** One account's cache (default: idbCache on the extension's IndexedDB). */
  cache?: (account: string) => WatchCache;
  /**
   * Erases the expired demo pushes' payloads at rest (default: lib/demo/erase.ts on the demo database), in
   * every mode: once a real server is connected no request reaches the demo service to do it.
   */
  eraseDemo?: () => Promise<unknown>;
}

export interface Watcher {
  refresh(force: boolean): Promise<RefreshSummary>;
  /** Resolves when the startup work (alarm, badge) is done, or known done earlier in this browser session. */
  ready: Promise<void>;
  dispose(): void;
}

async function toConnection({ client, signedIn, settings }: Awaited<ReturnType<typeof connectSaved>>) {
  // A client always has a server, so always an account.
  return { client, hasToken: signedIn, account: (await accountKey(settings)) as string };
}

/** Every server the watcher follows (lib/connection/client.ts connectFollowed), the default one first. */
export async function connectAllFromSettings(): Promise<Connection[]> {
  return Promise.all((await connectFollowed()).map(toConnection));
}

async function ensureAlarm(settings: WatchSettings): Promise<void> {
  // An organization's interval wins over the user's (lib/settings/policy.ts).
  const policy = (await readSettings()).settings.policy ?? {};
  const period = alarmPeriod(watchInterval(settings.intervalMinutes, policy));
  const existing = await browser.alarms.get(WATCH_ALARM);
  // Alarms outlive the worker: re-create only when missing or when the interval changed.
  if (existing?.periodInMinutes === period) return;
  await browser.alarms.create(WATCH_ALARM, { periodInMinutes: period, delayInMinutes: period });
}

/** Sets the alarm again when the organization's policy changes (its interval wins over the user's). */
function followPolicy(report: (error: unknown) => void): () => void {
  return onStoredChange({ local: ['policy'] }, () => {
    watchSettingsItem.getValue().then(ensureAlarm).catch(report);
  });
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

/** The client and cache of the server `server` (a push's base URL); the default server's when absent. */
function depsFor(
  connections: Connection[],
  server: string | undefined,
  cacheFor: (account: string) => WatchCache,
  clock: () => number,
): ActionDeps {
  const match =
    server === undefined ? connections[0] : connections.find((one) => one.client.baseUrl === server);
  // Never the default server's client for another server's push: its url_token means nothing there.
  if (!match) throw new AppError('internal', 'That server is no longer followed.'); // i18n-ignore
  return { client: match.client, cache: cacheFor(match.account), server: match.client.baseUrl, clock };
}

/** Sets the alarm and the badge again when the watch settings change (interval, badge). */
function followWatchSettings(cacheFor: (account: string) => WatchCache, report: (error: unknown) => void) {
  return watchSettingsItem.watch((settings) => {
    Promise.all([ensureAlarm(settings), updateBadge(cacheFor, settings)]).catch(report);
  });
}

/** Notifications of the events a refresh added, as the settings want them. */
async function notifyResults(results: ServerRefresh[], settings: WatchSettings): Promise<void> {
  const failedAlerts = await failedAlertsOn();
  // Failed attempts have a setting of their own (alerts.ts); views and expiries follow `notifications`.
  const wanted = (event: WatchEvent) =>
    FAILED_ATTEMPTS.has(event.kind) ? failedAlerts : settings.notifications;
  for (const { events, cache, summary } of results) {
    const shown = events.filter(wanted);
    if (shown.length > 0) await showNotifications(shown, await cache.pushes(summary.server));
  }
}

/** A notification's click: that push's own address (push-address.ts); the dashboard for the summing-up one. */
async function openNotified(id: string): Promise<void> {
  const push = pushOfNotification(id, WATCH_NOTICE_PREFIX);
  await browser.tabs.create({ url: browser.runtime.getURL((push ? pushPath(push) : DASHBOARD_PATH) as '/') });
  await browser.notifications.clear(id);
}

/**
 * Whether a followed account was never refreshed: a server connected or added, or a token changed (its key
 * hashes the server and the token, account-key.ts), whose pushes are then read at once, not at the next
 * alarm. Only accounts the saved settings still name: a connection read before a removal is not refreshed.
 */
async function anyUnread(connections: Connection[], cacheFor: (account: string) => WatchCache) {
  const current = new Set((await currentAccounts()).map((one) => one.account));
  const unread = connections.filter((one) => current.has(one.account));
  const states = await Promise.all(unread.map((one) => cacheFor(one.account).state()));
  return states.some((state) => state.lastAttemptAt === null);
}

const cachesOf = (connections: Connection[], cacheFor: (account: string) => WatchCache) =>
  connections.map((one) => ({ cache: cacheFor(one.account), server: one.client.baseUrl }));

/**
 * The startup work: erases the accounts left and the expired demo pushes (a session shorter than the alarm's
 * period would otherwise never erase them), then sets the alarm and draws the badge.
 */
async function startUp(
  forget: () => Promise<unknown>,
  cacheFor: (account: string) => WatchCache,
  eraseDemo: () => Promise<unknown>,
) {
  await Promise.all([forget(), eraseDemo()]);
  const settings = await watchSettingsItem.getValue();
  await Promise.all([ensureAlarm(settings), updateBadge(cacheFor, settings)]);
}

/**
 * The expired demo pushes' eraser, never failing: a database the browser refuses (Firefox's private
 * windows) must not stop the watcher's startup or its alarm.
 */
function demoEraser(erase: () => Promise<unknown>): () => Promise<unknown> {
  // Logged for developers. i18n-ignore
  return () =>
    erase().catch((error: unknown) => console.error('Watcher: erasing expired demo pushes failed', error));
}

/** Listens to the alarm's ticks and to notifications' clicks (also the journeys' seam for a click). */
function listenForTicksAndClicks(
  onAlarm: (alarm: Alarms.Alarm) => void,
  onClicked: (id: string) => void,
): () => void {
  browser.alarms.onAlarm.addListener(onAlarm);
  browser.notifications.onClicked.addListener(onClicked);
  exposeWatchForE2E({ notificationClicked: onClicked });
  return () => {
    browser.alarms.onAlarm.removeListener(onAlarm);
    browser.notifications.onClicked.removeListener(onClicked);
  };
}

/** Registers the watcher; called on every start of the background. */
export function setupWatcher(options: WatcherOptions = {}): Watcher {
  const clock = options.clock ?? Date.now;
  const connect = options.connect ?? connectAllFromSettings;
  const cacheFor = options.cache ?? ((account: string) => idbCache(watchDb, account));
  // One job at a time (a refresh, an expire, an audit read, an erase), so two never commit over each other.
  // Only coordination lives here; the state itself is in the database.
  const serial = createSerial();
  // `what` names the failed step for a developer's console, never for a person: those strings stay English.
  const report = (what: string) => (error: unknown) => console.error(`Watcher: ${what}`, error);
  const eraseDemo = demoEraser(options.eraseDemo ?? (() => eraseExpiredDemoPushes({ clock })));
  const badge = () => watchSettingsItem.getValue().then((settings) => updateBadge(cacheFor, settings));
  // Erases the cache of servers and tokens the user left (forget.ts), queued behind any job still running on
  // the old settings, so nothing it commits outlives the erase.
  const forget = () =>
    serial(() => forgetLeftAccounts(watchDb)).then((erased) => (erased > 0 ? bumpRevision() : undefined));

  const followed = async () => [await connect()].flat();

  async function refresh(force: boolean): Promise<RefreshSummary> {
    const results = await serial(async () => {
      const connections = await followed();
      // Before every refresh too, whatever changed the settings: the one step no path skips.
      await forgetLeftAccounts(watchDb);
      return refreshFollowed(connections, { cacheFor, clock, force });
    });
    const summary = mergeSummaries(results.map((result) => result.summary));
    // Pages show the watcher's state too ("Last refreshed", the last error, the back-off): every refresh
    // that ran moved it on, changed or not. A refresh that waited wrote nothing.
    if (summary.status !== 'waiting') await bumpRevision();
    const settings = await watchSettingsItem.getValue();
    await notifyResults(results, settings);
    await updateBadge(cacheFor, settings);
    return summary;
  }

  const refreshUnread = async () => {
    if (await anyUnread(await followed(), cacheFor)) await refresh(false);
  };
  const refreshIfStale = async () =>
    (await anyStale(cachesOf(await followed(), cacheFor), clock())) ? refresh(false) : null;

  const actionDeps = async (server?: string): Promise<ActionDeps> =>
    depsFor(await followed(), server, cacheFor, clock);

  const onAlarm = (alarm: Alarms.Alarm) => {
    if (alarm.name !== WATCH_ALARM) return;
    refresh(false).catch(report('scheduled refresh failed')); // i18n-ignore
    void eraseDemo(); // not behind the refresh: a server that does not answer keeps no demo payload at rest
  };
  const onClicked = (id: string) => {
    if (!isWatchNotification(id)) return; // another feature's (quick push: "Try again" on Firefox)
    openNotified(id).catch(report('could not open the dashboard')); // i18n-ignore
  };
  const unlistenBrowser = listenForTicksAndClicks(onAlarm, onClicked);
  const unwatch = followWatchSettings(cacheFor, report('settings change failed')); // i18n-ignore
  const unwatchPolicy = followPolicy(report('policy change failed')); // i18n-ignore
  // A server, token or demo mode saved (options, popup): the pushes of the one left go at once, and those of
  // one never read are read at once.
  const unwatchServer = watchSettings(() => {
    forget()
      .then(badge)
      .catch(report('erasing a left server failed')) // i18n-ignore
      .then(refreshUnread)
      .catch(report('refreshing a new server failed')); // i18n-ignore
  });
  const unlisten = listenForMessages(watchRoutes({ refresh, refreshIfStale, serial, actionDeps, badge }));
  // Once per browser session, not at every wake (startup.ts says why that is safe).
  const ready = oncePerSession(() => startUp(forget, cacheFor, eraseDemo));
  ready.catch(report('startup failed')); // i18n-ignore
  return {
    refresh,
    ready,
    dispose() {
      [unlistenBrowser, unwatch, unwatchPolicy, unwatchServer, unlisten].forEach((stop) => stop());
    },
  };
}
