/**
 * Reaching the offscreen document from the background, with one resend rule for every feature that uses it.
 */
import type { Message } from '@/lib/messages/message';
import { notDelivered, sendMessage } from '@/lib/messages/runtime';
import { hasOffscreenDocuments, openOffscreenDocument } from './document';

/** Sends once; a message nobody received comes back as `undefined` instead of an error. */
async function delivered<Req, Res>(message: Message<Req, Res>, data: Req): Promise<{ res: Res } | undefined> {
  try {
    return { res: await sendMessage(message, data) };
  } catch (error) {
    if (notDelivered(error)) return undefined;
    throw error;
  }
}

/**
 * Sends a message to the offscreen document. It is sent straight away, as the document is usually open
 * (asking Chrome first cost a round trip on every quick push, issue 13); when nobody received it (no
 * document yet, or it closed), the document is opened and the message sent once more, and once again if it
 * closed in between. A message that was delivered is never sent twice (its work may have run), whatever the
 * error.
 */
export async function sendToOffscreen<Req, Res>(message: Message<Req, Res>, data: Req): Promise<Res> {
  const first = await delivered(message, data);
  if (first) return first.res;
  await openOffscreenDocument();
  const second = await delivered(message, data);
  if (second) return second.res;
  await openOffscreenDocument();
  return sendMessage(message, data);
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
