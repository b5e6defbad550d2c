/**
 * The dashboard's requests to the background's watcher, loaded on first use: the messages' schemas and the
 * messaging's checks (zod, lib/api/schemas) are not needed to paint the first screen (issue 13).
 */
import type { Message } from '@/lib/messages/message';
import type { watchMessages } from '@/lib/watch/messages';

type WatchMessages = typeof watchMessages;
type RequestOf<K extends keyof WatchMessages> =
  WatchMessages[K] extends Message<infer Req, unknown> ? Req : never;
type AnswerOf<K extends keyof WatchMessages> =
  WatchMessages[K] extends Message<RequestOf<K>, infer Res> ? Res : never;

/** Sends the watcher's message `name` with `data` (sendMessage's answer and errors, once both have loaded). */
export async function askWatcher<K extends keyof WatchMessages>(
  name: K,
  data: RequestOf<K>,
): Promise<AnswerOf<K>> {
  const [{ sendMessage }, { watchMessages: messages }] = await Promise.all([
    import('@/lib/messages/runtime'),
    import('@/lib/watch/messages'),
  ]);
  return sendMessage(messages[name] as Message<RequestOf<K>, AnswerOf<K>>, data);
}

/**
 * askWatcher for a request the background may run twice without harm (an expire): asked again while the
 * background stopped before it answered (lib/messages/again.ts), so a stopped worker never leaves the page
 * saying "not expired" of a push the server expired.
 */
export async function askWatcherAgain<K extends keyof WatchMessages>(
  name: K,
  data: RequestOf<K>,
): Promise<AnswerOf<K>> {
  const { askUntilAnswered } = await import('@/lib/messages/again');
  return askUntilAnswered(() => askWatcher(name, data));
}
