/**
 * "Try again" goes where the failed push was going, or nowhere (issue 18): the real settings store on
 * fakeBrowser, the background's own quick-push dependencies (kept connection, held pushes in
 * storage.session, browser notifications) and two servers answered by the real mock backend behind fetch.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createMockBackend, openMockStore } from '@/lib/mock';
import { defaultQuickPushDeps } from '@/lib/quick-push/background';
import { createQuickPusher, type QuickPusher } from '@/lib/quick-push/pusher';
import { describeError } from '@/lib/api';
import { AppError } from '@/lib/errors';
import { saveSettings } from '@/lib/settings';
import { closeWatchDb } from '@/lib/watch/db';
import { notifications, sessionText } from './helpers';

const A = 'https://a.pwpush.example';
const B = 'https://b.pwpush.example';
const ALICE = { email: 'alice@example.com', token: 'alice-token-0123456789' };
/** Each server's own token: one token saved for two origins is refused for both (lib/connection). */
const tokenOf = (url: string) => `${ALICE.token}-${new URL(url).hostname}`;
const users = (url: string) => [{ email: ALICE.email, token: tokenOf(url) }];
const SECRET = 'db password: hunter2';

/** Every request each server received, as "METHOD /path". */
let received: Record<string, string[]>;
/** Servers that cannot be reached (fetch fails as it does offline). */
let down: Set<string>;
let pusher: QuickPusher;

beforeEach(async () => {
  closeWatchDb();
  globalThis.indexedDB = new IDBFactory();
  received = { [A]: [], [B]: [] };
  down = new Set();
  const backends = new Map(
    await Promise.all(
      [A, B].map(async (baseUrl) => {
        const store = await openMockStore({ indexedDB: new IDBFactory() });
        const backend = createMockBackend({
          store,
          baseUrl,
          edition: 'pro',
          users: users(baseUrl),
          rateLimit: 0,
        });
        return [baseUrl, backend] as const;
      }),
    ),
  );
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const origin = new URL(request.url).origin;
    if (down.has(origin)) throw new TypeError('fetch failed');
    received[origin]?.push(`${request.method} ${new URL(request.url).pathname}`);
    return backends.get(origin)!(request);
  });
  let id = 0;
  pusher = createQuickPusher({
    ...defaultQuickPushDeps(true),
    writeClipboard: async () => {},
    newId: () => String(++id),
    report: () => {},
  });
});

/** Connect's save, then Make default. */
async function save(url: string) {
  const token = { value: tokenOf(url), place: 'device' as const, origin: url };
  await saveSettings({ type: 'server', entry: { server: { kind: 'self-hosted', url }, token } });
  await saveSettings({ type: 'default', url });
}

/** What another context stores: the policy copy the background keeps, or a token map. */
const store = (values: Record<string, unknown>) => fakeBrowser.storage.local.set(values);

/** A quick push of SECRET that fails on A (unreachable), with B saved too and A back up afterwards. */
async function failOnA() {
  await save(A);
  down.add(A);
  const failed = await pusher.push({ kind: 'text', payload: SECRET });
  expect(failed).toMatchObject({ status: 'failed', retry: true });
  down.delete(A);
  return failed.notificationId;
}

const creates = (url: string) => received[url]!.filter((call) => call === 'POST /api/v2/pushes');

describe('"Try again" after a failed quick push', () => {
  it('sends the held text to the server it failed on, not to the new default', async () => {
    const id = await failOnA();
    await save(B); // B is now the default
    const again = await pusher.tryAgain(id);
    expect(again).toMatchObject({ status: 'pushed' });
    expect(again.status === 'pushed' && new URL(again.link).origin).toBe(A);
    expect(creates(A)).toHaveLength(1);
    expect(received[B]).toEqual([]);
  });

  it('holds where the push was going by its address, never its token', async () => {
    await failOnA();
    const held = await sessionText();
    expect(held).toContain(A);
    expect(held).not.toContain(ALICE.token);
  });

  it('sends nothing anywhere when that server was removed, and the notification says why', async () => {
    const id = await failOnA();
    await save(B);
    await saveSettings({ type: 'remove', url: A });
    const again = await pusher.tryAgain(id);
    const message =
      'a.pwpush.example is no longer saved in Settings, so nothing was sent, there or to another server. Push it again from the page.';
    expect(again).toMatchObject({ status: 'failed', retry: false, message });
    expect(received[A]).toEqual([]);
    expect(received[B]).toEqual([]);
    expect(notifications()[again.notificationId]).toMatchObject({ message });
    expect(notifications()[again.notificationId]?.buttons).toBeUndefined();
    // Nothing is held for another "Try again": the text is gone from the extension.
    expect(await sessionText()).not.toContain('hunter2');
  });

  it('sends nothing when demo mode was turned on since, and says so', async () => {
    const id = await failOnA();
    await saveSettings({ type: 'demo', on: true });
    const again = await pusher.tryAgain(id);
    expect(again).toMatchObject({
      status: 'failed',
      retry: false,
      message: 'Demo mode is on now, so nothing was sent to a.pwpush.example. Push it again from the page.',
    });
    expect(received[A]).toEqual([]);
  });

  it('sends nothing when the organization now locks the servers to another one, and says so', async () => {
    const id = await failOnA();
    await store({ policy: { policy: { serverUrl: B, lockServer: true }, notes: [] } });
    const again = await pusher.tryAgain(id);
    expect(again).toMatchObject({
      status: 'failed',
      retry: false,
      message:
        'Your organization now manages the servers and a.pwpush.example is not one of them, so nothing was sent. Push it again from the page.',
    });
    expect(received[A]).toEqual([]);
    expect(received[B]).toEqual([]);
  });

  it('sends nothing when the token saved for that server is now bound to another origin, and says so', async () => {
    const id = await failOnA();
    await save(B);
    await store({
      serverTokens: {
        [A]: { value: tokenOf(A), origin: B },
        [B]: { value: tokenOf(B), origin: B },
      },
    });
    const again = await pusher.tryAgain(id);
    expect(again).toMatchObject({
      status: 'failed',
      message: describeError(new AppError('token-elsewhere', 'x')),
    });
    expect(received[A]).toEqual([]);
    expect(received[B]).toEqual([]);
  });

  it('sends nothing when the organization no longer allows the kind, and says so', async () => {
    const id = await failOnA();
    await store({ policy: { policy: { allowedKinds: ['url'] }, notes: [] } });
    expect(await pusher.tryAgain(id)).toMatchObject({
      status: 'nothing',
      message: 'Your organization does not allow this kind of push.',
    });
    expect(received[A]).toEqual([]);
  });

  it('still goes to A when A is the default again, once', async () => {
    const id = await failOnA();
    await save(B);
    await save(A);
    expect(await pusher.tryAgain(id)).toMatchObject({ status: 'pushed' });
    expect(creates(A)).toHaveLength(1);
    expect(await pusher.tryAgain(id)).toMatchObject({ status: 'nothing' });
    expect(creates(A)).toHaveLength(1);
  });
});
