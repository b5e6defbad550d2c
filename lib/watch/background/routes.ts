/**
 * The background's answers to the watcher's messages (lib/watch/messages.ts). The messages are privileged,
 * so the messaging core lets only our own pages and contexts reach these handlers.
 */
import type { Serial } from '@/lib/async';
import { handle, type Route } from '@/lib/messages/runtime';
import { expirePushes, readAuditIntoCache, type ActionDeps } from '../actions';
import { watchMessages } from '../messages';
import { bumpRevision } from '../revision';
import { markAllSeen } from '../seen';
import type { RefreshSummary } from '../types';

/** What the handlers need from the running watcher (jobs.ts, and badge.ts's redraw). */
export interface WatcherParts {
  refresh(force: boolean): Promise<RefreshSummary>;
  /** A refresh when a cache is empty or older than the interval (stale.ts); null when none is. */
  refreshIfStale(): Promise<RefreshSummary | null>;
  /** The watcher's one-at-a-time queue: an expire or an audit read never commits over a refresh. */
  serial: Serial;
  /** The client and cache of a push's server (its base URL); the default server's when absent. */
  actionDeps(server?: string): Promise<ActionDeps>;
  badge(): Promise<void>;
}

/** After pushes were expired: pages read the cache again when any did, and the badge is redrawn. */
export async function expired(any: boolean, badge: () => Promise<void>): Promise<void> {
  if (any) await bumpRevision();
  await badge();
}

/** The watcher's message handlers, for listenForMessages. */
export function watchRoutes({ refresh, refreshIfStale, serial, actionDeps, badge }: WatcherParts): Route[] {
  return [
    handle(watchMessages.refresh, () => refresh(true)),
    handle(watchMessages.refreshIfStale, () => refreshIfStale()),
    handle(watchMessages.expire, async ({ url_tokens, server }) => {
      const result = await serial(async () => expirePushes(await actionDeps(server), url_tokens));
      await expired(result.expired.length > 0, badge);
      return result;
    }),
    // Stored for the cache only: no event, so nothing for pages to reload.
    handle(watchMessages.audit, ({ url_token, server }) =>
      serial(async () => readAuditIntoCache(await actionDeps(server), url_token)),
    ),
    handle(watchMessages.markSeen, async () => {
      if ((await markAllSeen()) > 0) await bumpRevision();
      await badge();
    }),
  ];
}
