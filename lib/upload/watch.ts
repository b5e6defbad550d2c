/**
 * A popup opened while an upload it did not start runs (or after it ended untaken) follows it here. Small
 * and free of the API client, so the popup's first chunk carries it.
 */
import { UPLOADS_CHANNEL, type Channel, type FromRunner, type UploadState } from './protocol';

/** Ids of the uploads this popup handed over (hand-over.ts): it follows them itself. */
export const handedOver = new Set<string>();

/** What a popup opened during (or after) an upload it did not start follows. */
export interface Watch {
  stop(): void;
  /** The popup showed this end: the runner forgets it. */
  take(id: string): void;
  cancel(id: string): void;
}

/** Follows the uploads this popup did not hand over: `onState` with each state, first with the current one. */
export function watchUploads(
  onState: (upload: UploadState | null) => void,
  channel: Channel = new BroadcastChannel(UPLOADS_CHANNEL),
): Watch {
  channel.addEventListener('message', (event: MessageEvent) => {
    const message = event.data as FromRunner;
    if (message.type !== 'state' || (message.upload && handedOver.has(message.upload.id))) return;
    onState(message.upload);
  });
  channel.postMessage({ type: 'ask' });
  return {
    stop: () => channel.close(),
    take: (id) => channel.postMessage({ type: 'taken', id }),
    cancel: (id) => channel.postMessage({ type: 'cancel', id }),
  };
}
