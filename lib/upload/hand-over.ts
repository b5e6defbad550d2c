/**
 * The popup's side of uploads (issue 37 #6): a file push is handed to the runner (runner.ts) over the
 * uploads channel, so closing the popup does not stop it; a popup opened later follows it (watchUploads).
 */
import { AppError } from '@/lib/errors';
import { sendMessage } from '@/lib/messages/runtime';
import { uploadMessages } from './messages';
import { UPLOADS_CHANNEL, type Channel, type FromRunner, type UploadJob, type UploadState } from './protocol';
import { handedOver } from './watch';

const filesBytes = (job: UploadJob) => (job.input.files ?? []).reduce((sum, file) => sum + file.data.size, 0);

/** A job the runner has not acknowledged within this long is sent again once the runner is ready. */
const RETRY_MS = 250;
/** After that, the runner says it took the job within this long, or the hand-over failed. */
const ACCEPT_MS = 5_000;

export interface HandOverDeps {
  channel(): Channel;
  /** Opens the place where uploads run (the offscreen document in Chrome) and resolves once it listens. */
  ready(): Promise<unknown>;
  newId(): string;
}

export const defaultHandOverDeps: HandOverDeps = {
  channel: () => new BroadcastChannel(UPLOADS_CHANNEL),
  ready: () => sendMessage(uploadMessages.ready, undefined),
  newId: () => crypto.randomUUID(),
};

export type Done = Extract<UploadState, { status: 'done' }>;

/**
 * Readies the runner while a file push is filled in: opened, and connected to `server` (undefined: the
 * default), so Create goes straight to the upload.
 */
export async function prepareUpload(server: string | undefined, deps = defaultHandOverDeps): Promise<void> {
  await deps.ready();
  const channel = deps.channel();
  channel.postMessage({ type: 'prepare', ...(server === undefined ? {} : { server }) });
  channel.close();
}

/**
 * Hands `job` over and follows it: `onProgress` with the files' bytes sent, and resolves with the end once
 * the push exists (taking it, so no notification says it too) or rejects with why it failed. An abort of
 * `signal` cancels the upload.
 */
export async function handOver(
  job: UploadJob,
  {
    signal,
    onProgress,
  }: { signal: AbortSignal; onProgress: (progress: { sent: number; total: number }) => void },
  deps = defaultHandOverDeps,
): Promise<Done> {
  signal.throwIfAborted();
  const id = deps.newId();
  handedOver.add(id);
  const channel = deps.channel();
  try {
    return await new Promise<Done>((resolve, reject) => {
      let accepted = false;
      const timers: ReturnType<typeof setTimeout>[] = [];
      const fail = (error: unknown) => {
        timers.forEach(clearTimeout);
        reject(error);
      };
      const start = () => channel.postMessage({ type: 'start', id, job });
      const abort = () => {
        channel.postMessage({ type: 'cancel', id });
        fail(signal.reason);
      };
      signal.addEventListener('abort', abort, { once: true });
      channel.addEventListener('message', (event: MessageEvent) => {
        const message = event.data as FromRunner;
        if (message.type === 'accepted' && message.id === id) {
          accepted = true;
          timers.forEach(clearTimeout);
          // Handed over: from now on closing the popup stops nothing, and the popup may say so at once.
          onProgress({ sent: 0, total: filesBytes(job) });
        }
        if (message.type !== 'state' || message.upload?.id !== id) return;
        const upload = message.upload;
        if (upload.status === 'sending') onProgress({ sent: upload.sent, total: upload.total });
        else {
          signal.removeEventListener('abort', abort);
          channel.postMessage({ type: 'taken', id });
          if (upload.status === 'done') resolve(upload);
          else fail(AppError.fromJSON(upload.error));
        }
      });
      // Sent at once: the runner is usually ready (prepareUpload, as the form was filled), and a popup closed
      // right after Create has then handed its files over already. Unanswered, the runner is opened (or
      // waited for) and the job sent again; the runner starts a job once, whatever the number of sends.
      start();
      timers.push(
        setTimeout(() => {
          if (accepted) return;
          deps.ready().then(() => void (accepted || start()), fail);
          timers.push(
            setTimeout(
              () => fail(new AppError('internal', 'The upload could not be handed over. Try again.')),
              ACCEPT_MS,
            ),
          );
        }, RETRY_MS),
      );
    });
  } finally {
    channel.close();
  }
}
