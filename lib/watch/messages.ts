/**
 * The watcher's messages (lib/watch/background/routes.ts answers them, the dashboard sends them). Every one is
 * privileged: they read and delete the user's pushes with their token.
 */
import { lazySchema, memo, z } from '@/lib/zod';
import { URL_TOKEN_PATTERN, type AuditEntry } from '@/lib/api';
import { defineMessage } from '@/lib/messages/message';
import type { ExpireResult } from './actions';
import type { RefreshSummary } from './types';

// Built on first use, like every schema the background loads (lib/lazy.ts; issue 22).
const urlToken = memo(() => z.string().check(z.regex(URL_TOKEN_PATTERN)));
/** The base URL of the pushes' server (a TrackedPush's `server`); absent: the default server. */
const server = memo(() => z.optional(z.string().check(z.maxLength(2048))));
const nothing = lazySchema(() => z.undefined());

export const watchMessages = {
  /** Refresh the cache now (Retry-After still applies). */
  refresh: defineMessage<undefined, RefreshSummary>({
    type: 'watch-refresh',
    to: 'background',
    request: nothing,
    privileged: true,
  }),
  /**
   * A page opened (the dashboard): refresh now if any followed account's cache is empty or older than the
   * watcher's interval; null when every cache is fresh and nothing was asked of the servers.
   */
  refreshIfStale: defineMessage<undefined, RefreshSummary | null>({
    type: 'watch-refresh-if-stale',
    to: 'background',
    request: nothing,
    privileged: true,
  }),
  /** Delete these pushes on their server (expire them now), then update the cache. */
  expire: defineMessage<{ url_tokens: string[]; server?: string }, ExpireResult>({
    type: 'watch-expire',
    to: 'background',
    request: lazySchema(() => z.object({ url_tokens: z.array(urlToken()), server: server() })),
    privileged: true,
  }),
  /** The whole audit log of one push (every page), also stored in the cache. */
  audit: defineMessage<{ url_token: string; server?: string }, AuditEntry[]>({
    type: 'watch-audit',
    to: 'background',
    request: lazySchema(() => z.object({ url_token: urlToken(), server: server() })),
    privileged: true,
  }),
  /** Every event is seen; clears the unseen-events badge. */
  markSeen: defineMessage<undefined, void>({
    type: 'watch-mark-seen',
    to: 'background',
    request: nothing,
    privileged: true,
  }),
};
