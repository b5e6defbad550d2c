/**
 * Where uploads run (the offscreen document in Chrome, the background page in Firefox): a job handed over by
 * a popup is sent with the file client of its server's settings, its progress is told to every popup on the
 * channel, and its end is recorded, told to the popup, and, when no popup takes it, said by the background
 * (a notification). Closing the popup stops nothing here. Everything outside comes in as `deps`.
 */
import type { ApiClient, Push, UploadProgress } from '@/lib/api';
import { createAndRecord } from '@/lib/connection';
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

/** A popup's progress is told at most this often (and always at the end of the body). */
const TELL_MS = 100;
/** A connection readied for a form being filled is used by a Create within this long, else made again. */
const PREPARED_MS = 60_000;

export type Ended = Extract<UploadState, { status: 'done' | 'failed' }>;

export interface RunnerDeps {
  channel: Pick<Channel, 'postMessage'>;
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

/** A runner: `receive` takes each message of the channel, `stop` ends every upload (tests). */
export interface Runner {
  receive(message: ToRunner): void;
  stop(): void;
}

type Context = Required<Omit<RunnerDeps, 'channel'>> & {
  post(message: FromRunner): void;
  uploads: Map<string, Upload>;
  prepared: Map<string | undefined, { at: number; settings: Promise<Settings> }>;
  latest?: string;
};

const filesBytes = (job: UploadJob) => (job.input.files ?? []).reduce((sum, file) => sum + file.data.size, 0);
const tell = (ctx: Context, upload: Upload) => ctx.post({ type: 'state', upload: upload.state });

function settingsFor(ctx: Context, server: string | undefined): Promise<Settings> {
  const ready = ctx.prepared.get(server);
  ctx.prepared.delete(server);
  return ready && ctx.now() - ready.at < PREPARED_MS ? ready.settings : ctx.connect(server);
}

/** Told to the popups, then left to the background unless a popup takes it soon; forgotten in time. */
function end(ctx: Context, upload: Upload, state: Ended, job: UploadJob): void {
  upload.state = state;
  tell(ctx, upload);
  ctx.setTimeout(() => {
    if (upload.taken || ctx.uploads.get(state.id) !== upload) return;
    ctx
      .untaken(state, { subject: job.subject })
      .catch((error: unknown) => ctx.report('Could not say the upload ended', error)); // i18n-ignore
  }, TAKE_MS);
  ctx.setTimeout(() => {
    if (ctx.uploads.get(state.id) === upload) ctx.uploads.delete(state.id);
  }, KEEP_MS);
}

/** The progress callback: the files' bytes sent, told at most every TELL_MS. */
function progressOf(ctx: Context, upload: Upload, total: number) {
  let told = 0;
  return ({ loaded, total: body }: UploadProgress) => {
    if (upload.state.status !== 'sending') return;
    const fraction = body ? Math.min(1, loaded / body) : 0;
    upload.state = { ...upload.state, sent: Math.round(total * fraction) };
    if (fraction < 1 && ctx.now() - told < TELL_MS) return;
    told = ctx.now();
    tell(ctx, upload);
  };
}

async function run(ctx: Context, id: string, job: UploadJob): Promise<void> {
  const total = filesBytes(job);
  const upload: Upload = {
    state: { id, status: 'sending', sent: 0, total },
    controller: new AbortController(),
    taken: false,
  };
  ctx.uploads.set(id, upload);
  ctx.latest = id;
  ctx.post({ type: 'accepted', id });
  tell(ctx, upload);
  const { signal } = upload.controller;
  try {
    const settings = await settingsFor(ctx, job.server);
    const { version } = job;
    const api: ApiClient = ctx.client(
      settings,
      progressOf(ctx, upload, total),
      version ? async () => version : undefined,
    );
    // The one create → link check → record of every create (lib/connection). Recorded here while the popup
    // shows the link: this document outlives the popup, so the record is never lost to a popup closed at
    // once, and the link need not wait for it.
    const {
      recorded,
      server: _server,
      ...result
    } = await createAndRecord(
      api,
      job.input,
      ({ push, server }) => ctx.record(push, { server, subject: job.subject }),
      { signal },
    );
    void recorded.catch(
      (error: unknown) => ctx.report('The new push could not be added to the recent list', error), // i18n-ignore
    );
    const { passphrase } = job.input;
    const done = { id, status: 'done' as const, sent: total, total, result, server: api.baseUrl };
    end(ctx, upload, passphrase ? { ...done, passphrase } : done, job);
  } catch (error) {
    const failed = { id, status: 'failed' as const, sent: upload.state.sent, total };
    if (!signal.aborted) return end(ctx, upload, { ...failed, error: toAppError(error).toJSON() }, job);
    // Cancelled by a popup, which says so itself: nothing is kept or notified.
    ctx.uploads.delete(id);
    ctx.post({ type: 'state', upload: { ...failed, error: toAppError(signal.reason ?? error).toJSON() } });
  }
}

function receive(ctx: Context, message: ToRunner): void {
  switch (message?.type) {
    case 'start':
      if (!ctx.uploads.has(message.id)) void run(ctx, message.id, message.job);
      return;
    case 'cancel': {
      const upload = ctx.uploads.get(message.id);
      if (upload?.state.status === 'sending') upload.controller.abort();
      return;
    }
    case 'ask': {
      const upload = ctx.latest === undefined ? undefined : ctx.uploads.get(ctx.latest);
      ctx.post({ type: 'state', upload: upload && !upload.taken ? upload.state : null });
      return;
    }
    case 'taken': {
      const upload = ctx.uploads.get(message.id);
      if (!upload || upload.state.status === 'sending') return;
      upload.taken = true;
      ctx.uploads.delete(message.id);
      return;
    }
    case 'prepare': {
      const settings = ctx.connect(message.server);
      settings.catch(() => undefined); // met again, and reported, at Create
      ctx.prepared.set(message.server, { at: ctx.now(), settings });
      return;
    }
  }
}

/** A runner answering on `deps.channel`; the caller hands it each message (serveUploads, offscreen.ts). */
export function createRunner({ channel, ...deps }: RunnerDeps): Runner {
  let serving = true;
  const ctx: Context = {
    client: fileClient,
    now: () => Date.now(),
    setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
    // i18n-ignore: logged for developers
    report: (what, error) => console.error(what, error),
    ...deps,
    post: (message) => serving && channel.postMessage(message),
    uploads: new Map(),
    prepared: new Map(),
  };
  return {
    receive: (message) => serving && receive(ctx, message),
    stop: () => {
      serving = false;
      for (const upload of ctx.uploads.values()) upload.controller.abort();
      ctx.uploads.clear();
    },
  };
}

/** Serves `deps.channel` until the returned function is called. */
export function serveUploads(deps: RunnerDeps & { channel: Channel }): () => void {
  const runner = createRunner(deps);
  const onMessage = (event: MessageEvent) => runner.receive(event.data as ToRunner);
  deps.channel.addEventListener('message', onMessage);
  return () => {
    deps.channel.removeEventListener('message', onMessage);
    runner.stop();
  };
}
