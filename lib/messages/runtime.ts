/**
 * The messaging core: sends a declared message (lib/messages/message.ts) and answers it. The receiver checks
 * the sender and the request's shape here, once for every message, before any handler runs. Errors cross
 * as plain data ({err}) because Error objects do not survive structured cloning between extension contexts.
 */
import { AppError, toAppError, type AppErrorData } from '@/lib/errors';
import { z } from '@/lib/zod';
import { CHANNELS, type Message } from './message';
import { isOwnExtensionSender } from './sender';
import type { Runtime } from 'webextension-polyfill';

type Envelope = { channel: string; type: string; data: unknown };
type Reply = { res: unknown } | { err: AppErrorData };
type Sender = Runtime.MessageSender;

export type Handler<Req, Res> = (data: Req, sender: Sender) => Promise<Res>;

/** A message with the handler that answers it in this context. */
export interface Route {
  message: Message<unknown, unknown>;
  handler: Handler<unknown, unknown>;
}

/** Pairs a message with its handler, typed by the message's declaration. */
export function handle<Req, Res>(message: Message<Req, Res>, handler: Handler<Req, Res>): Route {
  return { message, handler } as Route;
}

/** The error message when no context answered: nobody handled the message, so it was not delivered. */
// Matched by notDelivered and carried by an AppError 'internal', which describeError words. i18n-ignore
export const NO_ANSWER = 'The extension did not answer. Try again.';

// Chrome's words when no context listens at all (the offscreen document closed, the worker is starting).
const NOT_DELIVERED = /Receiving end does not exist|Could not establish connection/i;

/**
 * True when a send failed because no context received the message: nothing ran, so sending it again cannot
 * do the work twice. Any other failure may come after the receiver started (or finished) the work.
 */
export function notDelivered(error: unknown): boolean {
  return error instanceof Error && (error.message === NO_ANSWER || NOT_DELIVERED.test(error.message));
}

async function answer({ message, handler }: Route, data: unknown, sender: Sender): Promise<unknown> {
  if (message.privileged && !isOwnExtensionSender(sender))
    throw new AppError('forbidden', 'Only Secret Push pages and contexts may send this message.');
  const parsed = z.safeParse(message.request, data);
  if (!parsed.success) throw new AppError('bad-request', `The '${message.type}' message was malformed.`);
  return handler(parsed.data, sender);
}

/**
 * Answers the routes' messages in this context; returns a function that stops answering them. The listener
 * answers by returning a promise of the reply, which webextension-polyfill honours in every Chrome the
 * manifest accepts (from 120, whose own listeners could only answer through sendResponse) and Firefox does
 * natively. For a message that is not its own it returns undefined, which leaves it to other listeners.
 */
export function listenForMessages(routes: readonly Route[]): () => void {
  const byType = new Map(routes.map((route) => [route.message.type, route]));
  const listener = (message: unknown, sender: Sender): Promise<Reply> | undefined => {
    const { channel, type, data } = (message ?? {}) as Partial<Envelope>;
    const route = typeof type === 'string' ? byType.get(type) : undefined;
    if (!route || CHANNELS[route.message.to] !== channel) return undefined;
    return answer(route, data, sender).then(
      (res): Reply => ({ res }),
      (error: unknown): Reply => ({ err: toAppError(error).toJSON() }),
    );
  };
  browser.runtime.onMessage.addListener(listener);
  return () => browser.runtime.onMessage.removeListener(listener);
}

/** Sends a declared message and unwraps its reply, rethrowing the receiver's errors as AppError. */
export async function sendMessage<Req, Res>(message: Message<Req, Res>, data: Req): Promise<Res> {
  const envelope: Envelope = { channel: CHANNELS[message.to], type: message.type, data };
  const reply = (await browser.runtime.sendMessage(envelope)) as Reply | undefined;
  if (!reply) throw new AppError('internal', NO_ANSWER);
  if ('err' in reply) throw AppError.fromJSON(reply.err);
  return reply.res as Res;
}
