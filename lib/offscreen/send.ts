/**
 * Reaching the offscreen document from the background, with one resend rule for every feature that uses it.
 */
import type { Message } from '@/lib/messages/message';
import { notDelivered, sendMessage } from '@/lib/messages/runtime';
import { hasOffscreenDocuments, openOffscreenDocument } from './document';

/**
 * Sends a message to the offscreen document, opening it first. When the document closed between the check
 * and the send, the message was not delivered: it is sent once more to a new document. A message that was
 * delivered is never sent twice (its work may have run), whatever the error.
 */
export async function sendToOffscreen<Req, Res>(message: Message<Req, Res>, data: Req): Promise<Res> {
  await openOffscreenDocument();
  try {
    return await sendMessage(message, data);
  } catch (error) {
    if (!notDelivered(error)) throw error;
    await openOffscreenDocument();
    return sendMessage(message, data);
  }
}

/**
 * Work the background hands to a document: the offscreen document where there is one (Chrome), `here` in
 * the background page otherwise (Firefox). Decided on each call. `here` is undefined in a build whose
 * background never does the work itself (callers pass `BACKGROUND_IS_WORKER ? undefined : …`, so Chrome's
 * worker bundle leaves that code out): then the work always goes to the offscreen document.
 */
export function inOffscreenOr<Req, Res>(
  message: Message<Req, Res>,
  here: ((data: Req) => Promise<Res>) | undefined,
): (data: Req) => Promise<Res> {
  return (data) => (!here || hasOffscreenDocuments() ? sendToOffscreen(message, data) : here(data));
}
