/**
 * The offscreen document's side of uploads (Chrome). Only the channel is opened at start: the runner, the
 * API client and the messages to the background load with the first message a popup sends, so the document
 * opens with what the demo service and the clipboard need, and neither preact nor the words.
 */
import { UPLOADS_CHANNEL } from '@/lib/messages/message';
import type { Channel, ToRunner } from './protocol';

/** Starts listening; returns a function that stops (tests: a closed document stops by itself). */
export function serveUploadsInOffscreen(
  channel: Channel = new BroadcastChannel(UPLOADS_CHANNEL),
): () => void {
  let runner: Promise<import('./runner').Runner> | undefined;
  const onMessage = (event: MessageEvent) => {
    runner ??= import('./offscreen-runner').then(({ offscreenRunner }) => offscreenRunner(channel));
    // In the order they came: each waits for the same one runner.
    void runner.then((one) => one.receive(event.data as ToRunner));
  };
  channel.addEventListener('message', onMessage);
  return () => {
    channel.removeEventListener('message', onMessage);
    void runner?.then((one) => one.stop());
  };
}
