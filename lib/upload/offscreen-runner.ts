/**
 * The offscreen document's runner (Chrome), loaded on first use (offscreen.ts): what this document cannot do
 * itself (it has only chrome.runtime) it asks the background: the settings, the record, the notification.
 */
import { sendMessage } from '@/lib/messages/runtime';
import { uploadMessages } from './messages';
import type { Channel } from './protocol';
import { createRunner, type Runner } from './runner';

export function offscreenRunner(channel: Pick<Channel, 'postMessage'>): Runner {
  return createRunner({
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
