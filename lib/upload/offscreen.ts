/**
 * The offscreen document's side of uploads (Chrome): the runner, with the background doing what this
 * document cannot (it has only chrome.runtime): the settings, the record, the notification.
 */
import { sendMessage } from '@/lib/messages/runtime';
import { uploadMessages } from './messages';
import { UPLOADS_CHANNEL } from './protocol';
import { serveUploads } from './runner';

/** Starts serving; returns a function that stops (tests: a closed document stops by itself). */
export function serveUploadsInOffscreen(channel = new BroadcastChannel(UPLOADS_CHANNEL)): () => void {
  return serveUploads({
    channel,
    connect: (server) => sendMessage(uploadMessages.connection, server === undefined ? {} : { server }),
    record: async (push, info) => void (await sendMessage(uploadMessages.record, { push, ...info })),
    untaken: async (end, { subject }) =>
      void (await sendMessage(
        uploadMessages.untaken,
        end.status === 'done'
          ? { status: 'done', push: end.result.push, server: end.server, subject }
          : { status: 'failed', error: end.error },
      )),
  });
}
