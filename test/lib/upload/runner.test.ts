/**
 * The hand-over of file pushes (issue 37 #6): the popup's side (hand-over.ts, watch.ts) and the runner's
 * (runner.ts) over real BroadcastChannels, as two documents of one origin would talk, against the mock
 * backend through the one client builder (lib/connection clientFor). A popup that goes away does not stop the
 * upload; its end is then left to the background; no file byte and no passphrase reaches storage.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Push } from '@/lib/api';
import { withCompletionProgress, type UploadProgress } from '@/lib/api/upload';
import { clientFor, savedTarget } from '@/lib/connection';
import { createMockBackend, openMockStore, type MockHandler } from '@/lib/mock';
import { DEFAULT_PUSH_DEFAULTS, type Settings } from '@/lib/settings';
import { handOver, type HandOverDeps } from '@/lib/upload/hand-over';
import { KEEP_MS, TAKE_MS, UPLOADS_CHANNEL, type UploadJob, type UploadState } from '@/lib/upload/protocol';
import { serveUploads, type Ended } from '@/lib/upload/runner';
import { watchUploads } from '@/lib/upload/watch';

const SERVER = 'https://pwpush.example.com';
const USER = { email: 'ann@example.com', token: 'ann-token-0123' };
const SECRET_BYTES = 'the quarterly numbers, not yet public';
const PASSPHRASE = 'open sesame 42';

const settings: Settings = {
  demoMode: false,
  server: { kind: 'self-hosted', url: SERVER },
  token: USER.token,
  tokenOrigin: SERVER,
  tokenPlace: 'device',
  servers: [],
  defaultServer: SERVER,
  defaults: DEFAULT_PUSH_DEFAULTS,
};

let backend: MockHandler;
const channels: BroadcastChannel[] = [];
const channel = () => {
  const one = new BroadcastChannel(UPLOADS_CHANNEL);
  channels.push(one);
  return one;
};
beforeEach(async () => {
  const store = await openMockStore({ name: `uploads-${Math.random()}` });
  backend = createMockBackend({ store, baseUrl: SERVER, edition: 'pro', users: [USER], rateLimit: 0 });
});
const stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  for (const one of channels.splice(0)) one.close();
  vi.useRealTimers();
});

/** The runner, with the mock backend behind the one client builder; a gate holds the body half way. */
function runner(gate: Promise<void> = Promise.resolve()) {
  const recorded: Array<{ push: Push; server: string; subject?: string }> = [];
  const untaken: Ended[] = [];
  const connected: Array<string | undefined> = [];
  const stop = serveUploads({
    channel: channel(),
    connect: async (server) => {
      connected.push(server);
      return settings;
    },
    record: async (push, info) => void recorded.push({ push, ...info }),
    untaken: async (end) => void untaken.push(end),
    client: (given, onProgress, version) =>
      clientFor(
        savedTarget(given),
        {
          server: withCompletionProgress(async (input, init) => {
            const request = new Request(input, init);
            const size = (await request.clone().arrayBuffer()).byteLength;
            onProgress({ loaded: size / 2, total: size } satisfies UploadProgress);
            await gate;
            return backend(request);
          }, onProgress),
        },
        { version },
      ),
  });
  stops.push(stop);
  return { recorded, untaken, connected };
}

const popupDeps = (): HandOverDeps => ({
  channel,
  ready: async () => true,
  newId: () => crypto.randomUUID(),
});

const job = (): UploadJob => ({
  input: {
    kind: 'file',
    files: [{ name: 'q3.txt', type: 'text/plain', data: new File([SECRET_BYTES], 'q3.txt') }],
    passphrase: PASSPHRASE,
  },
  subject: 'q3.txt',
  // As the popup's client read it: the runner asks the server nothing before the upload.
  version: { application_version: '2.1.0', api_version: '2.1', edition: 'commercial', features: {} },
});

/** Everything the extension holds in storage, as text. */
async function stored(): Promise<string> {
  return JSON.stringify([await fakeBrowser.storage.local.get(), await fakeBrowser.storage.session.get()]);
}

describe('handing a file push over', () => {
  it('sends it where uploads run: the popup sees its progress and its push, recorded once, and nothing is notified', async () => {
    const { recorded, untaken } = runner();
    const progress: Array<{ sent: number; total: number }> = [];
    const done = await handOver(
      job(),
      { signal: new AbortController().signal, onProgress: (one) => progress.push(one) },
      popupDeps(),
    );
    const total = SECRET_BYTES.length;
    expect(progress).toContainEqual({ sent: Math.round(total / 2), total });
    expect(done).toMatchObject({
      status: 'done',
      server: SERVER,
      passphrase: PASSPHRASE,
      sent: total,
      total,
    });
    expect(done.result.push.html_url).toMatch(/^https:\/\/pwpush\.example\.com\/p\//);
    expect(recorded).toEqual([{ push: done.result.push, server: SERVER, subject: 'q3.txt' }]);
    // The popup is told the create's answer as the API gave it, the verdict on its link included.
    expect(Object.keys(done.result).sort()).toEqual(['link', 'push']);
    expect(done.result.link).toEqual({ ok: true, url: done.result.push.html_url });
    // The server holds the file, and asked with the owner's token it gives the bytes back.
    const owner = clientFor(savedTarget(settings), {
      server: (input, init) => backend(new Request(input, init)),
    });
    const held = await owner.retrievePush(done.result.push.url_token, { passphrase: PASSPHRASE });
    expect(held.files.map((file) => file.filename)).toEqual(['q3.txt']);
    await new Promise((resolve) => setTimeout(resolve, TAKE_MS + 50));
    expect(untaken).toEqual([]);
  });

  it('carries on when the popup goes away half way: the end is left to the background, and a popup opened later shows it once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    let release!: () => void;
    const { recorded, untaken } = runner(new Promise((resolve) => (release = resolve)));
    const popup = channel();
    const states: UploadState[] = [];
    popup.addEventListener('message', (event: MessageEvent) => {
      if (event.data.type === 'state' && event.data.upload) states.push(event.data.upload);
    });
    popup.postMessage({ type: 'start', id: 'up-1', job: job() });
    const half = Math.round(SECRET_BYTES.length / 2);
    await vi.waitFor(() =>
      expect(states).toContainEqual({
        id: 'up-1',
        status: 'sending',
        sent: half,
        total: SECRET_BYTES.length,
      }),
    );
    popup.close(); // the popup closes half way

    release();
    await vi.waitFor(() => expect(recorded).toHaveLength(1));
    expect(untaken).toEqual([]);
    await vi.advanceTimersByTimeAsync(TAKE_MS);
    expect(untaken).toMatchObject([{ id: 'up-1', status: 'done', server: SERVER }]);

    // A popup opened after the end is told it, with the passphrase it was sent with (held in memory only).
    const seen: Array<UploadState | null> = [];
    const watch = watchUploads((upload) => seen.push(upload), channel());
    await vi.waitFor(() =>
      expect(seen).toMatchObject([{ id: 'up-1', status: 'done', passphrase: PASSPHRASE }]),
    );
    watch.take('up-1');
    const later: Array<UploadState | null> = [];
    const again = watchUploads((upload) => later.push(upload), channel());
    await vi.waitFor(() => expect(later).toEqual([null]));
    watch.stop();
    again.stop();
    expect(await stored()).not.toContain(SECRET_BYTES);
    expect(await stored()).not.toContain(PASSPHRASE);
  });

  it('forgets an end nobody took after ten minutes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    runner();
    channel().postMessage({ type: 'start', id: 'up-2', job: job() });
    await vi.advanceTimersByTimeAsync(TAKE_MS);
    const seen: Array<UploadState | null> = [];
    watchUploads((upload) => seen.push(upload), channel());
    await vi.waitFor(() => expect(seen.at(-1)).toMatchObject({ id: 'up-2', status: 'done' }));
    await vi.advanceTimersByTimeAsync(KEEP_MS);
    const later: Array<UploadState | null> = [];
    watchUploads((upload) => later.push(upload), channel());
    await vi.waitFor(() => expect(later).toEqual([null]));
  });

  it('Cancel stops the upload: nothing is created, recorded or notified', async () => {
    let release!: () => void;
    const { recorded, untaken } = runner(new Promise((resolve) => (release = resolve)));
    const controller = new AbortController();
    let halfWay!: () => void;
    const half = new Promise<void>((resolve) => (halfWay = resolve));
    const sending = handOver(job(), { signal: controller.signal, onProgress: () => halfWay() }, popupDeps());
    await half;
    controller.abort(new DOMException('Cancelled', 'AbortError'));
    await expect(sending).rejects.toMatchObject({ name: 'AbortError' });
    release();
    await new Promise((resolve) => setTimeout(resolve, TAKE_MS + 50));
    expect(recorded).toEqual([]);
    expect(untaken).toEqual([]);
  });

  it('a failure goes to the popup that handed it over', async () => {
    const { untaken } = runner();
    backend = async () => new Response('{"error":"boom"}', { status: 500 });
    await expect(
      handOver(job(), { signal: new AbortController().signal, onProgress: () => {} }, popupDeps()),
    ).rejects.toMatchObject({ code: 'http', status: 500 });
    await new Promise((resolve) => setTimeout(resolve, TAKE_MS + 50));
    expect(untaken).toEqual([]);
  });

  it('a failure once the popup is gone goes to the background; the job goes to the server the popup chose', async () => {
    const { untaken, connected } = runner();
    backend = async () => new Response('{"error":"boom"}', { status: 500 });
    channel().postMessage({ type: 'start', id: 'up-3', job: { ...job(), server: 'https://other.example' } });
    await vi.waitFor(() => expect(untaken).toMatchObject([{ id: 'up-3', status: 'failed' }]), TAKE_MS * 4);
    expect(connected).toEqual(['https://other.example']);
  });

  it('starts a job once however often it is sent (the popup sends it again when the runner was not ready)', async () => {
    const { recorded } = runner();
    const popup = channel();
    popup.postMessage({ type: 'start', id: 'up-4', job: job() });
    popup.postMessage({ type: 'start', id: 'up-4', job: job() });
    await vi.waitFor(() => expect(recorded).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(recorded).toHaveLength(1);
  });
});
