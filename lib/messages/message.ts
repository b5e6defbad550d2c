/**
 * A message, declared once by the feature that owns it (lib/demo/messages.ts, lib/watch/messages.ts, …):
 * its name, who answers it, the shape of its request and whether only our own pages may send it. This
 * module and runtime.ts know no feature; they only carry what the declarations describe.
 */
import type { z } from '@/lib/zod';

/**
 * One channel per receiver. runtime.sendMessage reaches every extension context but the sender, so a page's
 * message also reaches the offscreen document: the channel keeps each listener to its own messages.
 */
export const CHANNELS = { background: 'secret-push', offscreen: 'secret-push-offscreen' } as const;
export type Receiver = keyof typeof CHANNELS;

/**
 * The one BroadcastChannel of the extension's documents (lib/upload/protocol.ts): a popup hands file uploads
 * over on it, by structured clone, which runtime messaging cannot do. Declared here, with the runtime
 * channels every context already loads, so the offscreen document opens with no file more for it.
 */
export const UPLOADS_CHANNEL = 'secret-push-uploads';

export interface Message<Req, Res> {
  /** The name on the wire; unique across every receiver. */
  readonly type: string;
  readonly to: Receiver;
  /** The request's shape, checked by the receiver before its handler runs. */
  readonly request: z.core.$ZodType<Req>;
  /**
   * Only our own extension pages and contexts may send it (lib/messages/sender.ts): it touches a token, a
   * secret or the user's pushes.
   */
  readonly privileged: boolean;
  /** Type only (never set): what the handler answers. */
  readonly answer?: Res;
}

/** Declares a message: `Req` is what the sender passes, `Res` what the receiver's handler answers. */
export function defineMessage<Req, Res>(declaration: Omit<Message<Req, Res>, 'answer'>): Message<Req, Res> {
  return declaration;
}
