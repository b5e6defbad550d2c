import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createApiClient, type ApiClient } from '@/lib/api';
import { registerDemoService } from '@/lib/demo/background';
import { createDemoHost, viewerPageUrl } from '@/lib/demo/host';
import { serveDemoInOffscreen } from '@/lib/demo/offscreen-host';
import { DEMO_BASE_URL, demoFetch, demoPageOrigin, setLocalDemoRoute } from '@/lib/demo/transport';
import { demoUrlForLink } from '@/lib/demo/viewer-route';
import { demoToken, setLocalDemoTokenSource } from '@/lib/demo/token';
import { requestToWire, wireToResponse } from '@/lib/messages/wire';
import { sendMessage } from '@/lib/messages/runtime';
import { demoMessages } from '@/lib/demo/messages';
import { DEMO_MAX_BODY_BYTES } from '@/lib/demo/constants';
import { revealThroughPage } from '@/entrypoints/viewer/api';
import { chromeLikeMessaging, pageSender } from './messaging';

const VIEWER = fakeBrowser.runtime.getURL('/viewer.html');
const ALL_BYTES = Uint8Array.from({ length: 256 }, (_, i) => i);

/**
 * Chrome's offscreen API as far as the background uses it: one document at a time, and each new document
 * runs the offscreen entry's code again (a new demo host, the same IndexedDB).
 */
function installFakeOffscreen() {
  let stop: (() => void) | undefined;
  const offscreen = {
    Reason: { BLOBS: 'BLOBS', LOCAL_STORAGE: 'LOCAL_STORAGE' },
    createDocument: vi.fn(async () => {
      if (stop) throw new Error('Only a single offscreen document may be created.');
      stop = serveDemoInOffscreen();
    }),
    closeDocument: vi.fn(async () => {
      stop?.();
      stop = undefined;
    }),
  };
  Object.assign(fakeBrowser, { offscreen });
  Object.assign(fakeBrowser.runtime, {
    ContextType: { OFFSCREEN_DOCUMENT: 'OFFSCREEN_DOCUMENT' },
    getContexts: async () => (stop ? [{ contextType: 'OFFSCREEN_DOCUMENT' }] : []),
  });
  return offscreen;
}

let sender = pageSender('/options.html');

function startBackground() {
  registerDemoService();
  // This test plays the extension pages too, in the same module graph: make their demoFetch go through
  // messaging, as it does in a real page, instead of the background's own shortcut.
  setLocalDemoRoute(undefined);
  setLocalDemoTokenSource(undefined);
}

async function clients(): Promise<{ owner: ApiClient; recipient: ApiClient }> {
  const options = { baseUrl: DEMO_BASE_URL, fetch: demoFetch, pageOrigin: demoPageOrigin() };
  return {
    owner: createApiClient({ ...options, token: await demoToken() }),
    recipient: createApiClient({ ...options, token: null }),
  };
}

beforeEach(() => {
  // A fresh IndexedDB per test: the mock's database starts empty.
  globalThis.indexedDB = new IDBFactory();
  sender = pageSender('/options.html');
  chromeLikeMessaging(() => sender);
});
afterEach(() => {
  delete (fakeBrowser as { offscreen?: unknown }).offscreen;
});

describe('the demo service in the offscreen document (Chrome)', () => {
  it('answers an extension page through messaging, with html_url on the viewer page', async () => {
    installFakeOffscreen();
    startBackground();
    const { owner, recipient } = await clients();

    const { push, warning } = await owner.createPush({ payload: 'demo secret', expire_after_views: 3 });
    expect(warning).toBeUndefined();
    expect(push.html_url).toBe(`${VIEWER}#/p/${push.url_token}/r`);

    const seen = await recipient.retrievePush(push.url_token);
    expect(seen.payload).toBe('demo secret');
    expect(seen.views_remaining).toBe(2);
  });

  it('carries a file push with every byte value both ways', async () => {
    installFakeOffscreen();
    startBackground();
    const { owner, recipient } = await clients();
    const { push } = await owner.createPush({
      kind: 'file',
      files: [{ name: 'bytes.bin', type: 'application/octet-stream', data: new Blob([ALL_BYTES]) }],
    });
    const seen = await recipient.retrievePush(push.url_token);
    const file = seen.files[0]!;
    expect(file.filename).toBe('bytes.bin');
    const url = demoUrlForLink(file.url, VIEWER);
    expect(url).not.toBeNull();
    const download = await demoFetch(url!);
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(ALL_BYTES);
  });

  it('reopens a closed offscreen document and still sees earlier pushes', async () => {
    const offscreen = installFakeOffscreen();
    startBackground();
    const { owner } = await clients();
    const { push } = await owner.createPush({ payload: 'before the close' });

    await offscreen.closeDocument();
    const active = await owner.activeAll();

    expect(active.map((p) => p.url_token)).toContain(push.url_token);
    expect(offscreen.createDocument).toHaveBeenCalledTimes(2);
  });

  it('creates one document for concurrent first requests', async () => {
    const offscreen = installFakeOffscreen();
    startBackground();
    const { owner } = await clients();
    await Promise.all([owner.activeAll(), owner.expiredAll(), owner.createPush({ payload: 'x' })]);
    expect(offscreen.createDocument).toHaveBeenCalledTimes(1);
  });

  it('works after the worker restarts (a second background start, nothing kept in memory)', async () => {
    installFakeOffscreen();
    startBackground();
    const { owner } = await clients();
    const { push } = await owner.createPush({ payload: 'kept' });

    fakeBrowser.runtime.onMessage.removeAllListeners(); // the old worker is gone; its document too
    await fakeBrowser.offscreen?.closeDocument();
    startBackground();
    const again = await clients();

    expect((await again.owner.activeAll()).map((p) => p.url_token)).toContain(push.url_token);
  });
});

async function auditKinds(owner: ApiClient, urlToken: string): Promise<string[]> {
  return (await owner.auditAll(urlToken)).map((entry) => entry.kind);
}

describe('the recipient page’s facts (demo-page-info)', () => {
  it.each(['qr', 'url', 'text'] as const)(
    'tells the viewer a %s push’s kind through the offscreen document, counting nothing',
    async (kind) => {
      installFakeOffscreen();
      startBackground();
      const { owner } = await clients();
      const payload = kind === 'url' ? 'https://example.com/' : 'WIFI:S:net;;';
      const { push } = await owner.createPush({ kind, payload });
      sender = pageSender('/viewer.html');
      expect(await sendMessage(demoMessages.pageInfo, { url_token: push.url_token })).toEqual({
        kind,
        live: true,
        views_remaining: 5,
        expires_at: push.expires_at,
      });
      expect(await auditKinds(owner, push.url_token)).toEqual(['creation']);
    },
  );

  it('answers from the background page (Firefox) and says null for an unknown push', async () => {
    startBackground();
    const { owner } = await clients();
    const { push } = await owner.createPush({ kind: 'qr', payload: 'x' });
    expect(await sendMessage(demoMessages.pageInfo, { url_token: push.url_token })).toMatchObject({
      kind: 'qr',
      live: true,
    });
    expect(await sendMessage(demoMessages.pageInfo, { url_token: 'nosuchpush' })).toEqual({
      kind: null,
      live: false,
      views_remaining: 0,
      expires_at: null,
    });
  });

  it('says a push whose views are used up, or that was deleted, can no longer be revealed, counting nothing', async () => {
    startBackground();
    const { owner, recipient } = await clients();
    const { push: once } = await owner.createPush({ payload: 'one view', expire_after_views: 2 });
    await recipient.retrievePush(once.url_token);
    sender = pageSender('/viewer.html');
    expect(await sendMessage(demoMessages.pageInfo, { url_token: once.url_token })).toMatchObject({
      live: true,
      views_remaining: 1,
    });
    await recipient.retrievePush(once.url_token);
    expect(await sendMessage(demoMessages.pageInfo, { url_token: once.url_token })).toEqual({
      kind: 'text',
      live: false,
      views_remaining: 0,
      expires_at: null,
    });
    expect(await auditKinds(owner, once.url_token)).toEqual(['creation', 'view', 'view']);

    const { push: gone } = await owner.createPush({ payload: 'deleted' });
    await owner.deletePush(gone.url_token);
    expect(await sendMessage(demoMessages.pageInfo, { url_token: gone.url_token })).toMatchObject({
      live: false,
    });
    expect(await auditKinds(owner, gone.url_token)).toEqual(['creation', 'expire']);
  });

  it('says a push past its time has expired, as the host checks it on reading', async () => {
    let now = Date.parse('2026-11-23T10:00:00.000Z');
    const host = createDemoHost({
      pageUrl: viewerPageUrl(VIEWER),
      clock: () => now,
      dbName: `page-info-${Math.random()}`,
    });
    const created = await host.handle(
      await requestToWire(
        new Request(`${DEMO_BASE_URL}/api/v2/pushes`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ push: { payload: 'short-lived', expire_after_duration: 0 } }),
        }),
      ),
      'token-1',
    );
    const { url_token } = JSON.parse(await wireToResponse(created).text()) as { url_token: string };
    expect(await host.pageInfo(url_token)).toEqual({
      kind: 'text',
      live: true,
      views_remaining: 5,
      expires_at: '2026-11-23T10:15:00.000Z',
    });
    now += 15 * 60_000;
    expect(await host.pageInfo(url_token)).toMatchObject({ live: false, expires_at: null });
  });

  it('is refused to a web page and to a malformed token', async () => {
    startBackground();
    await expect(sendMessage(demoMessages.pageInfo, { url_token: '../x' })).rejects.toMatchObject({
      code: 'bad-request',
    });
    sender = { id: fakeBrowser.runtime.id, url: 'https://evil.example/' };
    await expect(sendMessage(demoMessages.pageInfo, { url_token: 'abc' })).rejects.toMatchObject({
      code: 'forbidden',
    });
  });
});

describe('authenticated_recipients in demo mode', () => {
  // The notify_emails_to push records its (mock) e-mail send at creation.
  const CREATED = ['creation', 'creation_email_send'];

  async function authenticatedPush(extra: { passphrase?: string } = {}) {
    startBackground();
    const { owner, recipient } = await clients();
    const { push } = await owner.createPush({
      payload: 'for carol only',
      authenticated_recipients: true,
      notify_emails_to: 'bob@example.com, Carol@Example.com',
      ...extra,
    });
    return { owner, recipient, token: push.url_token };
  }

  it('is refused by the API (403) and counts nothing', async () => {
    const { owner, recipient, token } = await authenticatedPush();
    await expect(recipient.retrievePush(token)).rejects.toMatchObject({ code: 'recipient-verification' });
    expect(await auditKinds(owner, token)).toEqual(CREATED);
  });

  it('reveals through the page form to a listed address only', async () => {
    const { owner, token } = await authenticatedPush();
    await expect(revealThroughPage(token, { email: 'mallory@example.com' })).rejects.toMatchObject({
      code: 'recipient-verification',
    });
    expect(await auditKinds(owner, token)).toEqual(CREATED);

    const seen = await revealThroughPage(token, { email: ' carol@example.COM ' });
    expect(seen.payload).toBe('for carol only');
    expect(await auditKinds(owner, token)).toEqual([...CREATED, 'view']);
  });

  it('asks a listed address for the passphrase too', async () => {
    const { owner, token } = await authenticatedPush({ passphrase: 'pw' });
    await expect(revealThroughPage(token, { email: 'bob@example.com' })).rejects.toMatchObject({
      code: 'passphrase-required',
    });
    await expect(
      revealThroughPage(token, { email: 'eve@example.com', passphrase: 'pw' }),
    ).rejects.toMatchObject({ code: 'recipient-verification' });
    expect(await auditKinds(owner, token)).toEqual(CREATED);
    const seen = await revealThroughPage(token, { email: 'bob@example.com', passphrase: 'pw' });
    expect(seen.payload).toBe('for carol only');
  });
});

describe('the viewer’s reveal through the page route', () => {
  it('learns that a passphrase is needed without logging a failed attempt', async () => {
    startBackground();
    const { owner } = await clients();
    const { push } = await owner.createPush({ payload: 'locked', passphrase: 'pw', retrieval_step: false });
    await expect(revealThroughPage(push.url_token)).rejects.toMatchObject({ code: 'passphrase-required' });
    expect(await auditKinds(owner, push.url_token)).toEqual(['creation']);

    await expect(revealThroughPage(push.url_token, { passphrase: 'nope' })).rejects.toMatchObject({
      code: 'passphrase-required',
    });
    expect(await auditKinds(owner, push.url_token)).toEqual(['creation', 'failed_passphrase']);
    expect((await revealThroughPage(push.url_token, { passphrase: 'pw' })).payload).toBe('locked');
    expect(await auditKinds(owner, push.url_token)).toEqual(['creation', 'failed_passphrase', 'view']);
  });
});

describe('the demo service in the background page (Firefox)', () => {
  it('answers extension pages without an offscreen document', async () => {
    startBackground();
    const { owner, recipient } = await clients();
    const { push } = await owner.createPush({ payload: 'firefox', retrieval_step: false });
    expect(push.html_url).toBe(`${VIEWER}#/p/${push.url_token}`);
    expect((await recipient.retrievePush(push.url_token)).payload).toBe('firefox');
  });
});

describe('createDemoHost', () => {
  it('answers a body over DEMO_MAX_BODY_BYTES with 413', async () => {
    const host = createDemoHost({ pageUrl: viewerPageUrl(VIEWER) });
    // base64 of DEMO_MAX_BODY_BYTES + 1 zero bytes, written out directly (no 40 MiB buffer to encode).
    const size = DEMO_MAX_BODY_BYTES + 1;
    const rest = size % 3;
    const body = 'A'.repeat(4 * Math.floor(size / 3)) + (rest === 1 ? 'AA==' : rest === 2 ? 'AAA=' : '');
    const reply = await host.handle(
      {
        method: 'POST',
        url: `${DEMO_BASE_URL}/api/v2/pushes`,
        headers: [
          ['authorization', 'Bearer t'],
          ['content-type', 'application/json'],
        ],
        body,
      },
      't',
    );
    expect(reply.status).toBe(413);
  });

  it('lets a second host on the same database see the first one’s pushes', async () => {
    const token = 'demo-token-for-restart';
    const pageUrl = viewerPageUrl(VIEWER);
    const first = createDemoHost({ pageUrl });
    const create = new Request(`${DEMO_BASE_URL}/api/v2/pushes`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ push: { payload: 'persisted' } }),
    });
    const created = (await wireToResponse(await first.handle(await requestToWire(create), token)).json()) as {
      url_token: string;
    };

    const second = createDemoHost({ pageUrl });
    const list = new Request(`${DEMO_BASE_URL}/api/v2/pushes/active`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const active = (await wireToResponse(
      await second.handle(await requestToWire(list), token),
    ).json()) as Array<{
      url_token: string;
    }>;
    expect(active.map((p) => p.url_token)).toEqual([created.url_token]);
  });
});
