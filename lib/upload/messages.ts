/**
 * Uploads' runtime messages: what the popup and the offscreen document ask the background, which alone reads
 * the settings, writes the pushes' records and raises notifications (the offscreen document has only
 * chrome.runtime). The files themselves never cross runtime messaging (protocol.ts).
 */
import { pushSchema, type Push } from '@/lib/api';
import { isAppError, type AppErrorData } from '@/lib/errors';
import { defineMessage } from '@/lib/messages/message';
import type { Settings } from '@/lib/settings';
import { lazySchema, z } from '@/lib/zod';

/** What an upload ended with, when no popup took it. */
export type UntakenEnd =
  | { status: 'done'; push: Push; server: string; subject?: string }
  | { status: 'failed'; error: AppErrorData };

export const uploadMessages = {
  /** A popup is about to hand over an upload: the place where uploads run is opened (Chrome) and ready. */
  ready: defineMessage<undefined, true>({
    type: 'upload-ready',
    to: 'background',
    request: lazySchema(() => z.undefined()),
    privileged: true,
  }),
  /**
   * The offscreen document's upload needs the saved settings of `server` (its token included, as the demo
   * token travels with each demo request): the client is then built by clientForSettings, which refuses a
   * token saved for another origin, as everywhere.
   */
  connection: defineMessage<{ server?: string }, Settings>({
    type: 'upload-connection',
    to: 'background',
    request: lazySchema(() => z.object({ server: z.optional(z.string()) })),
    privileged: true,
  }),
  /** A file push exists: recorded for the recent list and the dashboard. */
  record: defineMessage<{ push: Push; server: string; subject?: string }, null>({
    type: 'upload-record',
    to: 'background',
    request: lazySchema(() =>
      z.object({ push: pushSchema, server: z.string(), subject: z.optional(z.string()) }),
    ),
    privileged: true,
  }),
  /** An upload ended and no popup took it: the background says so (a notification). */
  untaken: defineMessage<UntakenEnd, null>({
    type: 'upload-untaken',
    to: 'background',
    request: lazySchema(() =>
      z.union([
        z.object({
          status: z.literal('done'),
          push: pushSchema,
          server: z.string(),
          subject: z.optional(z.string()),
        }),
        z.object({ status: z.literal('failed'), error: z.custom<AppErrorData>(isAppError) }),
      ]),
    ),
    privileged: true,
  }),
};
