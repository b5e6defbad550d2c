/**
 * The watcher's messages (lib/watch/background.ts answers them, the dashboard sends them). Every one is
 * privileged: they read and delete the user's pushes with their token.
 */
import { z } from 'zod';
import type { AuditEntry } from '@/lib/api';
import { URL_TOKEN_PATTERN } from '@/lib/api/schemas';
import { defineMessage } from '@/lib/messages/message';
import type { ExpireResult } from './actions';
import type { RefreshSummary } from './types';

const urlToken = z.string().regex(URL_TOKEN_PATTERN);

export const watchMessages = {
  /** Refresh the cache now (Retry-After still applies). */
  refresh: defineMessage<undefined, RefreshSummary>({
    type: 'watch-refresh',
    to: 'background',
    request: z.undefined(),
    privileged: true,
  }),
  /** Delete these pushes on the server (expire them now), then update the cache. */
  expire: defineMessage<{ url_tokens: string[] }, ExpireResult>({
    type: 'watch-expire',
    to: 'background',
    request: z.object({ url_tokens: z.array(urlToken) }),
    privileged: true,
  }),
  /** The whole audit log of one push (every page), also stored in the cache. */
  audit: defineMessage<{ url_token: string }, AuditEntry[]>({
    type: 'watch-audit',
    to: 'background',
    request: z.object({ url_token: urlToken }),
    privileged: true,
  }),
  /** Every event is seen; clears the unseen-events badge. */
  markSeen: defineMessage<undefined, void>({
    type: 'watch-mark-seen',
    to: 'background',
    request: z.undefined(),
    privileged: true,
  }),
};
