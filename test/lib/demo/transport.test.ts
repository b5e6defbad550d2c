import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { handle, listenForMessages, sendMessage } from '@/lib/messages/runtime';
import { demoMessages } from '@/lib/demo/messages';
import { demoRoutes, type DemoService } from '@/lib/demo/router';
import { DEMO_BASE_URL, demoFetch, setLocalDemoRoute } from '@/lib/demo/transport';
import { DEMO_MAX_BODY_BYTES } from '@/lib/demo/constants';
import { createApiClient } from '@/lib/api';
import { requestToWire, responseToWire, wireToRequest, type WireRequest } from '@/lib/messages/wire';
import { chromeLikeMessaging, pageSender } from './messaging';

let sender = pageSender();
let forwarded: Array<{ request: WireRequest; token: string }>;
let release: () => void;

/** A stand-in demo service that echoes the request, after `release()` when `hold` is set. */
function echoService(hold = false): DemoService {
  const fetch: DemoService['fetch'] = async (request, token) => {
    forwarded.push({ request, token });
    if (hold) await new Promise<void>((resolve) => (release = resolve));
    const body = await wireToRequest(request).text();
    return responseToWire(
      Response.json({ method: request.method, url: request.url, body }, { headers: { 'X-Echo': 'yes' } }),
    );
  };
  return { fetch, pageInfo: async () => ({ kind: null, live: false, views_remaining: 0, expires_at: null }) };
}

beforeEach(() => {
  sender = pageSender();
  forwarded = [];
  chromeLikeMessaging(() => sender);
});
afterEach(() => setLocalDemoRoute(undefined));

describe('demoFetch from an extension page', () => {
  it('crosses messaging to the background and returns the response', async () => {
    listenForMessages(demoRoutes(echoService()));
    const response = await demoFetch(`${DEMO_BASE_URL}/api/v2/pushes`, { method: 'POST', body: 'hi' });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-echo')).toBe('yes');
    expect(await response.json()).toEqual({
      method: 'POST',
      url: `${DEMO_BASE_URL}/api/v2/pushes`,
      body: 'hi',
    });
  });

  it('attaches the stored demo token on the background side', async () => {
    await fakeBrowser.storage.local.set({ demoToken: 'demo-token' });
    listenForMessages(demoRoutes(echoService()));
    await demoFetch(`${DEMO_BASE_URL}/api/v2/version`);
    expect(forwarded.map((f) => f.token)).toEqual(['demo-token']);
  });

  it('is refused to a web page (a content script sender)', async () => {
    sender = { id: fakeBrowser.runtime.id, url: 'https://evil.example/' };
    listenForMessages(demoRoutes(echoService()));
    const wire = await requestToWire(new Request(`${DEMO_BASE_URL}/api/v2/pushes/active`));
    await expect(sendMessage(demoMessages.fetch, { request: wire })).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(demoFetch(`${DEMO_BASE_URL}/api/v2/pushes/active`)).rejects.toThrow(TypeError);
    expect(forwarded).toEqual([]);
  });

  it('refuses a malformed message', async () => {
    listenForMessages(demoRoutes(echoService()));
    await expect(sendMessage(demoMessages.fetch, { request: { url: 1 } } as never)).rejects.toMatchObject({
      code: 'bad-request',
    });
  });

  it('only reaches the demo service', async () => {
    await expect(demoFetch('https://example.com/api/v2/version')).rejects.toThrow(TypeError);
  });

  it('fails like fetch when the background does not answer', async () => {
    await expect(demoFetch(`${DEMO_BASE_URL}/api/v2/version`)).rejects.toThrow(TypeError);
  });

  it('rejects with the abort reason when aborted before or during the request', async () => {
    listenForMessages(demoRoutes(echoService(true)));
    await expect(
      demoFetch(`${DEMO_BASE_URL}/api/v2/version`, { signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(forwarded).toEqual([]);

    const controller = new AbortController();
    const pending = demoFetch(`${DEMO_BASE_URL}/api/v2/version`, { signal: controller.signal });
    await expect.poll(() => forwarded.length).toBe(1);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    release();
  });
});

describe('demoFetch in the background', () => {
  it('goes straight to the local route without messaging', async () => {
    await fakeBrowser.storage.local.set({ demoToken: 'demo-token' });
    const service = echoService();
    setLocalDemoRoute(async (request) => service.fetch(request, 'demo-token'));
    const response = await demoFetch(`${DEMO_BASE_URL}/api/v2/version`);
    expect(response.ok).toBe(true);
    expect(fakeBrowser.runtime.sendMessage).not.toHaveBeenCalled();
  });
});

describe('demoFetch with a body over the demo service’s limit', () => {
  /** DEMO_MAX_BODY_BYTES + 1 bytes, built from one shared 1 MiB chunk. */
  function justOverTheLimit(): Blob {
    const mib = new Uint8Array(1024 * 1024);
    const body = new Blob([
      ...Array<Uint8Array<ArrayBuffer>>(DEMO_MAX_BODY_BYTES / mib.length).fill(mib),
      new Uint8Array(1),
    ]);
    expect(body.size).toBe(DEMO_MAX_BODY_BYTES + 1);
    return body;
  }

  it('answers with the service’s 413 and sends no message', async () => {
    listenForMessages(demoRoutes(echoService()));
    const response = await demoFetch(`${DEMO_BASE_URL}/api/v2/pushes`, {
      method: 'POST',
      body: justOverTheLimit(),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ status: 413, error: 'Payload Too Large' });
    expect(fakeBrowser.runtime.sendMessage).not.toHaveBeenCalled();
    expect(forwarded).toEqual([]);
  });

  it('reaches the API client as a too-large error, not a network failure', async () => {
    const client = createApiClient({ baseUrl: DEMO_BASE_URL, fetch: demoFetch, token: 'demo-token' });
    // The client asks the edition first (a small GET), then sends the multipart body.
    listenForMessages([
      handle(demoMessages.fetch, async () =>
        responseToWire(Response.json({ application_version: '1.0', api_version: '2.0', edition: 'pro' })),
      ),
    ]);
    await expect(
      client.createPush({
        kind: 'file',
        files: [{ name: 'big.bin', type: 'application/octet-stream', data: justOverTheLimit() }],
      }),
    ).rejects.toMatchObject({ code: 'too-large', status: 413 });
  });
});

describe('a create relayed to the demo service (issue 40)', () => {
  const marks = async () =>
    Object.entries(await fakeBrowser.storage.session.get(null)).filter(([key]) =>
      key.startsWith('interrupted:'),
    );

  it('is marked as under way until its answer is handed back: a background stopped meanwhile leaves the mark', async () => {
    listenForMessages(demoRoutes(echoService(true)));
    const answer = demoFetch(`${DEMO_BASE_URL}/api/v2/pushes`, { method: 'POST', body: 'zq-demo-secret' });
    await vi.waitFor(() => expect(forwarded).toHaveLength(1));
    // The service has the request: the mark landed before, with nothing of the body.
    const [mark] = await marks();
    expect(mark?.[1]).toMatchObject({ kind: 'demo-create' });
    expect(JSON.stringify(mark)).not.toContain('zq-demo-secret');
    release();
    expect((await answer).status).toBe(200);
    expect(await marks()).toEqual([]);
  });

  it('marks nothing else (a read)', async () => {
    listenForMessages(demoRoutes(echoService(true)));
    const answer = demoFetch(`${DEMO_BASE_URL}/api/v2/pushes/active`);
    await vi.waitFor(() => expect(forwarded).toHaveLength(1));
    expect(await marks()).toEqual([]);
    release();
    await answer;
  });
});
