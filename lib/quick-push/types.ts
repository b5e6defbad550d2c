/**
 * What a quick push sends, as plain data: it is held (storage.session) for "Try again", so it is validated
 * again when read back (zod, the storage boundary).
 */
import { lazySchema, z } from '@/lib/zod';
import type { PushKind } from '@/lib/contract';
import { destinationSchema } from '@/lib/connection';

// `name`: the push's name after its source (menus.ts), never the secret. `chat`: the id of the chat or mail
// app (lib/chat-guard) whose tab it was made from, when the guard is on: kept with a held request so "Try
// again" is guarded too; never the tab's address. `preset`: the id of the preset chosen in a "… as ▸"
// submenu (issue 39); absent: the first preset.
export const quickRequestSchema = lazySchema(() =>
  z.discriminatedUnion('kind', [
    /** Selected text, sent as a text push. */
    z.object({
      kind: z.literal('text'),
      payload: z.string(),
      name: z.optional(z.string()),
      chat: z.optional(z.string()),
      preset: z.optional(z.string()),
    }),
    /** A link or the page's address, sent as a URL push. */
    z.object({
      kind: z.literal('url'),
      payload: z.string(),
      name: z.optional(z.string()),
      chat: z.optional(z.string()),
      preset: z.optional(z.string()),
    }),
    /** An image on a page: the extension fetches `src` and sends it as a file push. */
    z.object({
      kind: z.literal('image'),
      src: z.string(),
      pageUrl: z.optional(z.string()),
      name: z.optional(z.string()),
      chat: z.optional(z.string()),
      preset: z.optional(z.string()),
    }),
  ]),
);
export type QuickRequest = z.infer<typeof quickRequestSchema>;

/** A failed request held for "Try again", with where it was going (never a token): it goes there or nowhere. */
export const heldPushSchema = lazySchema(() =>
  z.object({
    request: quickRequestSchema,
    /** null: no server was saved when it failed; it then goes where the settings point when tried again. */
    destination: z.nullable(destinationSchema),
  }),
);
export type HeldPush = z.infer<typeof heldPushSchema>;
export type ImageRequest = Extract<QuickRequest, { kind: 'image' }>;

/** The kinds a quick push makes: never a QR code. */
export type QuickPushKind = Exclude<PushKind, 'qr'>;

/** The push kind on the wire (and in the tracked-push cache) for each request. */
export function wireKind(request: QuickRequest): QuickPushKind {
  return request.kind === 'image' ? 'file' : request.kind;
}

/** What a quick push ended with; the background ignores it, tests read it. Never holds the secret. */
export type QuickPushOutcome =
  | { status: 'pushed'; notificationId: string; link: string; copied: boolean; message: string }
  | { status: 'failed'; notificationId: string; message: string; retry: boolean }
  /**
   * Sent, then failed as the background's life ended (Firefox reloading its page): the push may exist.
   * Nothing is said now; `notificationId` is the notice the next life raises about it (lib/interrupted).
   */
  | { status: 'unknown'; notificationId: string; message: string }
  /** Nothing was sent (nothing selected, nothing left to try again). */
  | { status: 'nothing'; notificationId: string; message: string };
