/**
 * The watcher in the background: wiring only. It connects the alarm (alarm.ts), the notifications
 * (notify.ts), the badge (badge.ts), the settings' changes and the pages' messages (routes.ts) to the
 * watcher's jobs (jobs.ts), and runs the startup work once per session (startup.ts). Everything it knows
 * lives in IndexedDB and storage, so a worker that stopped and started again simply carries on.
 */
import { eraseExpiredDemoPushes } from '@/lib/demo/background';
import { listenForMessages } from '@/lib/messages/runtime';
import { followSettings } from '@/lib/settings';
import { idbCache, type WatchCache } from '../cache';
import { followSent } from '../outbox';
import { watchDb } from '../db';
import type { RefreshSummary } from '../types';
import { ensureAlarm, onAlarmTick } from './alarm';
import { badgeRedrawer, updateBadge } from './badge';
import { connectAllFromSettings, type Connection } from './connections';
import { watcherJobs } from './jobs';
import { openNotificationsOnClick } from './notify';
import { expired, watchRoutes } from './routes';
import { expirePushes, type ExpireResult } from '../actions';
import { demoEraser, oncePerSession, startUp } from './startup';

export { WATCH_ALARM } from './alarm';
export { connectAllFromSettings, type Connection } from './connections';

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
  /**
   * Expires these pushes of `server` on it (one job of the watcher's queue, the cache updated), without
   * telling the pages: `expiredSome` does, once a caller's many calls are done (lib/expire-all).
   */
  expire(server: string, urlTokens: string[]): Promise<ExpireResult>;
  /** Pages read the cache again and the badge is redrawn, after pushes were expired. */
  expiredSome(): Promise<void>;
  /** Resolves when the startup work (alarm, badge) is done, or known done earlier in this browser session. */
  ready: Promise<void>;
  dispose(): void;
}

/** Registers the watcher; called on every start of the background. */
export function setupWatcher(options: WatcherOptions = {}): Watcher {
  const clock = options.clock ?? Date.now;
  const connect = options.connect ?? connectAllFromSettings;
  const cacheFor = options.cache ?? ((account: string) => idbCache(watchDb, account));
  const followed = async () => [await connect()].flat();
  const jobs = watcherJobs({ clock, followed, cacheFor, open: watchDb });
  // `what` names the failed step for a developer's console, never for a person: those strings stay English.
  const report = (what: string) => (error: unknown) => console.error(`Watcher: ${what}`, error);
  const eraseDemo = demoEraser(options.eraseDemo ?? (() => eraseExpiredDemoPushes({ clock })));
  const badge = badgeRedrawer(cacheFor);

  const stops = [
    onAlarmTick(() => {
      jobs.refresh(false).catch(report('scheduled refresh failed')); // i18n-ignore
      void eraseDemo(); // not behind the refresh: a server that does not answer keeps no demo payload at rest
    }),
    openNotificationsOnClick(report('could not open the dashboard')), // i18n-ignore
    // One follower of the settings, told which part changed (a policy changes both). The watcher's
    // preferences (the interval, the badge's choice, the organization's interval): the alarm and the badge
    // follow, and no server is asked. A server, token or demo mode saved (options, popup): the pushes of the
    // one left go at once, and those of one never read are read at once. The work is returned
    // (lib/storage.ts onStoredChange says why).
    followSettings(
      ({ preferences: { watch } }, changed) =>
        Promise.all([
          changed.includes('watch') &&
            Promise.all([ensureAlarm(watch), updateBadge(cacheFor, watch)]).catch(
              report('settings change failed'), // i18n-ignore
            ),
          changed.includes('requests') &&
            jobs
              .forget()
              .then(badge)
              .catch(report('erasing a left server failed')) // i18n-ignore
              .then(jobs.refreshUnread)
              .catch(report('refreshing a new server failed')), // i18n-ignore
        ]),
      { part: ['watch', 'requests'] },
    ),
    listenForMessages(watchRoutes({ ...jobs, badge })),
    // The pushes the popup created: recorded here, so its link showed without waiting for the database.
    followSent(report('recording a created push failed')), // i18n-ignore
  ];
  // Once per browser session, not at every wake (startup.ts says why that is safe).
  const ready = oncePerSession(() => startUp(jobs.forget, cacheFor, eraseDemo));
  ready.catch(report('startup failed')); // i18n-ignore
  return {
    refresh: jobs.refresh,
    expire: (server, urlTokens) =>
      jobs.serial(async () => expirePushes(await jobs.actionDeps(server), urlTokens)),
    expiredSome: () => expired(true, badge),
    ready,
    dispose: () => stops.forEach((stop) => stop()),
  };
}
