/**
 * Where uploads run (the offscreen document in Chrome, the background page in Firefox): a job handed over by
 * a popup is sent with the file client of its server's settings, its progress is told to every popup on the
 * channel, and its end is recorded, told to the popup, and, when no popup takes it, said by the background
 * (a notification). Closing the popup stops nothing here. Everything outside comes in as `deps`.
 */
import type { ApiClient, Push } from '@/lib/api';
import type { UploadProgress } from '@/lib/api/upload';
import { toAppError } from '@/lib/errors';
import type { Settings } from '@/lib/settings';
import { fileClient } from './file-client';
import {
  KEEP_MS,
  TAKE_MS,
  type Channel,
  type FromRunner,
  type ToRunner,
  type UploadJob,
  type UploadState,
} from './protocol';

/** A popup's progress is told at most this often (and always at 0 and at the end of the body). */
const TELL_MS = 100;
/** A connection readied for a form being filled is used by a Create within this long, else made again. */
const PREPARED_MS = 60_000;

export type Ended = Extract<UploadState, { status: 'done' | 'failed' }>;

export interface RunnerDeps {
  channel: Channel;
  /** The saved settings for `server` (undefined: the default one): the token's origin is checked later. */
  connect(server?: string): Promise<Settings>;
  /** Records the new push for the recent list and the dashboard (as the popup did). */
  record(push: Push, info: { server: string; subject?: string }): Promise<void>;
  /** No popup took this end within TAKE_MS: the background says it. */
  untaken(end: Ended, info: { subject?: string }): Promise<void>;
  client?: typeof fileClient;
  now?: () => number;
  setTimeout?: (run: () => void, ms: number) => unknown;
  report?: (what: string, error: unknown) => void;
}

interface Upload {
  state: UploadState;
  controller: AbortController;
  taken: boolean;
}

const filesBytes = (job: UploadJob) => (job.input.files ?? []).reduce((sum, file) => sum + file.data.size, 0);

/** Serves the channel until the returned function is called. */
export function serveUploads(deps: RunnerDeps): () => void {
  const {
    channel,
    client = fileClient,
    now = () => Date.now(),
    setTimeout: later = (run, ms) => globalThis.setTimeout(run, ms),
    // i18n-ignore: logged for developers
    report = (what, error) => console.error(what, error),
  } = deps;
  const uploads = new Map<string, Upload>();
  const prepared = new Map<string | undefined, { at: number; settings: Promise<Settings> }>();
  let latest: string | undefined;

  const post = (message: FromRunner) => channel.postMessage(message);
  const tell = (upload: Upload) => post({ type: 'state', upload: upload.state });
  const forget = (id: string) => {
    uploads.get(id)?.controller.abort();
    uploads.delete(id);
  };

  function settingsFor(server: string | undefined): Promise<Settings> {
    const ready = prepared.get(server);
    prepared.delete(server);
    return ready && now() - ready.at < PREPARED_MS ? ready.settings : deps.connect(server);
  }

  function prepare(server: string | undefined): void {
    const settings = deps.connect(server);
    settings.catch(() => undefined); // met again, and reported, at Create
    prepared.set(server, { at: now(), settings });
  }

  function end(id: string, upload: Upload, state: Ended, job: UploadJob): void {
    upload.state = state;
    tell(upload);
    later(() => {
      if (upload.taken || uploads.get(id) !== upload) return;
      deps
        .untaken(state, { subject: job.subject })
        .catch((error: unknown) => report('Could not say the upload ended', error)); // i18n-ignore
    }, TAKE_MS);
    later(() => {
      if (uploads.get(id) === upload) uploads.delete(id);
    }, KEEP_MS);
  }

  async function run(id: string, job: UploadJob): Promise<void> {
    const total = filesBytes(job);
    const upload: Upload = {
      state: { id, status: 'sending', sent: 0, total },
      controller: new AbortController(),
      taken: false,
    };
    uploads.set(id, upload);
    latest = id;
    post({ type: 'accepted', id });
    tell(upload);
    let told = 0;
    const onProgress = ({ loaded, total: body }: UploadProgress) => {
      if (upload.state.status !== 'sending') return;
      const fraction = body ? Math.min(1, loaded / body) : 0;
      upload.state = { ...upload.state, sent: Math.round(total * fraction) };
      if (fraction < 1 && now() - told < TELL_MS) return;
      told = now();
      tell(upload);
    };
    const { signal } = upload.controller;
    try {
      const settings = await settingsFor(job.server);
      const version = job.version;
      const api: ApiClient = client(settings, onProgress, version ? async () => version : undefined);
      const result = await api.createPush(job.input, { signal });
      // Recorded before the popup shows the link, as the popup itself did: a push is never left unrecorded.
      await deps
        .record(result.push, { server: api.baseUrl, subject: job.subject })
        .catch((error: unknown) => report('The new push could not be added to the recent list', error)); // i18n-ignore
      const passphrase = job.input.passphrase;
      end(
        id,
        upload,
        {
          id,
          status: 'done',
          sent: total,
          total,
          result,
          server: api.baseUrl,
          ...(passphrase ? { passphrase } : {}),
        },
        job,
      );
    } catch (error) {
      if (signal.aborted) {
        // Cancelled by a popup, which says so itself: nothing is kept or notified.
        uploads.delete(id);
        post({
          type: 'state',
          upload: {
            id,
            status: 'failed',
            sent: upload.state.sent,
            total,
            error: toAppError(signal.reason ?? error).toJSON(),
          },
        });
        return;
      }
      end(
        id,
        upload,
        { id, status: 'failed', sent: upload.state.sent, total, error: toAppError(error).toJSON() },
        job,
      );
    }
  }

  const onMessage = (event: MessageEvent) => {
    const message = event.data as ToRunner;
    switch (message?.type) {
      case 'start':
        if (!uploads.has(message.id)) void run(message.id, message.job);
        return;
      case 'cancel': {
        const upload = uploads.get(message.id);
        if (upload?.state.status === 'sending') upload.controller.abort();
        return;
      }
      case 'ask': {
        const upload = latest === undefined ? undefined : uploads.get(latest);
        post({ type: 'state', upload: upload && !upload.taken ? upload.state : null });
        return;
      }
      case 'taken': {
        const upload = uploads.get(message.id);
        if (upload && upload.state.status !== 'sending') {
          upload.taken = true;
          forget(message.id);
        }
        return;
      }
      case 'prepare':
        prepare(message.server);
        return;
    }
  };
  channel.addEventListener('message', onMessage);
  return () => {
    channel.removeEventListener('message', onMessage);
    for (const id of [...uploads.keys()]) forget(id);
  };
}
