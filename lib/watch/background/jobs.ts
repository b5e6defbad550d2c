/**
 * The watcher's jobs, run one at a time so two never commit over each other: a refresh of every followed
 * server (then its notifications and the badge), the erase of the accounts the user left, and the pages'
 * requests (routes.ts). Only coordination lives here; the state itself is in the database, and the work in
 * refresh/ (all.ts), forget.ts and actions.ts.
 */
import { createSerial, type Serial } from '@/lib/async';
import { readSettings } from '@/lib/settings';
import type { ActionDeps } from '../actions';
import type { WatchCache } from '../cache';
import type { WatchDatabase } from '../schema';
import { forgetLeftAccounts } from '../forget';
import { mergeSummaries, refreshFollowed } from '../refresh';
import { bumpRevision } from '../revision';
import type { RefreshSummary } from '../types';
import { updateBadge } from './badge';
import { depsFor, type Connection } from './connections';
import { notifyResults } from './notify';
import { anyStale, anyUnread } from './stale';

export interface JobDeps {
  clock: () => number;
  /** The servers followed now, the default one first. */
  followed: () => Promise<Connection[]>;
  cacheFor: (account: string) => WatchCache;
  open: () => Promise<WatchDatabase>;
}

export interface WatcherJobs {
  serial: Serial;
  refresh(force: boolean): Promise<RefreshSummary>;
  /** A refresh when a followed account was never read (stale.ts anyUnread). */
  refreshUnread(): Promise<void>;
  /** A refresh when a followed account is stale (stale.ts anyStale); null when none is. */
  refreshIfStale(): Promise<RefreshSummary | null>;
  /** Erases the cache of servers and tokens the user left; bumps the revision when it erased any. */
  forget(): Promise<void>;
  actionDeps(server?: string): Promise<ActionDeps>;
}

/** The watcher's jobs on one queue (see the module comment). */
export function watcherJobs({ clock, followed, cacheFor, open }: JobDeps): WatcherJobs {
  const serial = createSerial();
  // Queued behind any job still running on the old settings, so nothing it commits outlives the erase.
  const forget = () =>
    serial(() => forgetLeftAccounts(open)).then(async (erased) => {
      if (erased > 0) await bumpRevision();
    });

  async function refresh(force: boolean): Promise<RefreshSummary> {
    const results = await serial(async () => {
      const connections = await followed();
      // Before every refresh too, whatever changed the settings: the one step no path skips.
      await forgetLeftAccounts(open);
      return refreshFollowed(connections, { cacheFor, clock, force });
    });
    const summary = mergeSummaries(results.map((result) => result.summary));
    // Pages show the watcher's state too ("Last refreshed", the last error, the back-off): every refresh
    // that ran moved it on, changed or not. A refresh that waited wrote nothing.
    if (summary.status !== 'waiting') await bumpRevision();
    const { preferences } = await readSettings();
    // On the queue: two refreshes back to back never notify one event each.
    await serial(() => notifyResults(results, preferences));
    await updateBadge(cacheFor, preferences.watch);
    return summary;
  }

  return {
    serial,
    refresh,
    forget,
    async refreshUnread() {
      if (await anyUnread(await followed(), cacheFor)) await refresh(false);
    },
    refreshIfStale: async () =>
      (await anyStale(await followed(), cacheFor, clock())) ? refresh(false) : null,
    actionDeps: async (server) => depsFor(await followed(), server, cacheFor, clock),
  };
}
