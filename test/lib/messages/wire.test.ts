import { describe, expect, it } from 'vitest';
import {
  base64ToBytes,
  bytesToBase64,
  requestToWire,
  responseToWire,
  wireRequestSchema,
  wireResponseSchema,
  wireToRequest,
  wireToResponse,
} from '@/lib/messages/wire';

const ALL_BYTES = Uint8Array.from({ length: 256 }, (_, i) => i);

/** What runtime messaging does to a message in Chrome: a JSON round trip. */
function overMessaging<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

describe('base64', () => {
  it('round-trips every byte value and large buffers', () => {
    const big = new Uint8Array(200_000).map((_, i) => (i * 7) % 256);
    expect(base64ToBytes(bytesToBase64(ALL_BYTES))).toEqual(ALL_BYTES);
    // Buffer.equals: a deep toEqual over 200,000 elements is needlessly slow.
    expect(Buffer.from(base64ToBytes(bytesToBase64(big))).equals(Buffer.from(big))).toBe(true);
  });
});

describe('wire requests', () => {
  it('carry a multipart body with a binary file byte for byte', async () => {
    const form = new FormData();
    form.append('push[kind]', 'file');
    form.append('push[files][]', new Blob([ALL_BYTES], { type: 'application/octet-stream' }), 'bytes.bin');
    const original = new Request('https://demo.example/api/v2/pushes', { method: 'POST', body: form });
    const expectedBody = new Uint8Array(await original.clone().arrayBuffer());

    const wire = overMessaging(await requestToWire(original));
    expect(wireRequestSchema.safeParse(wire).success).toBe(true);
    const rebuilt = wireToRequest(wire);

    expect(rebuilt.method).toBe('POST');
    expect(rebuilt.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(new Uint8Array(await rebuilt.clone().arrayBuffer())).toEqual(expectedBody);
    const parsed = await rebuilt.formData();
    expect(parsed.get('push[kind]')).toBe('file');
    const file = parsed.get('push[files][]') as File;
    expect(file.name).toBe('bytes.bin');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(ALL_BYTES);
  });

  it('carry a JSON request with its headers', async () => {
    const body = JSON.stringify({ push: { payload: 'héllo ✓', expire_after_views: 2 } });
    const original = new Request('https://demo.example/api/v2/pushes.json?x=1', {
      method: 'POST',
      headers: { Authorization: 'Bearer t0k', 'Content-Type': 'application/json', 'X-Passphrase': 'p' },
      body,
    });
    const rebuilt = wireToRequest(overMessaging(await requestToWire(original)));
    expect(rebuilt.url).toBe('https://demo.example/api/v2/pushes.json?x=1');
    expect(rebuilt.headers.get('authorization')).toBe('Bearer t0k');
    expect(rebuilt.headers.get('x-passphrase')).toBe('p');
    expect(await rebuilt.json()).toEqual(JSON.parse(body));
  });

  it('carry no body for a GET', async () => {
    const wire = await requestToWire(new Request('https://demo.example/api/v2/pushes/abc'));
    expect(wire.body).toBeNull();
    expect(wireToRequest(wire).body).toBeNull();
  });

  it('tie the rebuilt request to a local signal', async () => {
    const controller = new AbortController();
    const rebuilt = wireToRequest(await requestToWire(new Request('https://demo.example/x')), {
      signal: controller.signal,
    });
    controller.abort();
    expect(rebuilt.signal.aborted).toBe(true);
  });
});

describe('wire responses', () => {
  it('carry a binary body, the status and several headers', async () => {
    const headers = new Headers({ 'Content-Type': 'application/octet-stream', 'X-Total': '3' });
    headers.append('Link', '<https://demo.example/?page=2>; rel="next"');
    headers.set('Content-Disposition', 'attachment; filename="bytes.bin"');
    const original = new Response(ALL_BYTES, { status: 201, statusText: 'Created', headers });

    const wire = overMessaging(await responseToWire(original));
    expect(wireResponseSchema.safeParse(wire).success).toBe(true);
    const rebuilt = wireToResponse(wire);

    expect(rebuilt.status).toBe(201);
    expect(rebuilt.statusText).toBe('Created');
    expect([...rebuilt.headers]).toEqual([...headers]);
    expect(new Uint8Array(await rebuilt.arrayBuffer())).toEqual(ALL_BYTES);
  });

  it('keep an empty 401 body empty and a 204 without a body', async () => {
    const empty = wireToResponse(await responseToWire(new Response('', { status: 401 })));
    expect(empty.status).toBe(401);
    expect(await empty.text()).toBe('');
    const none = wireToResponse(await responseToWire(new Response(null, { status: 204 })));
    expect(none.status).toBe(204);
    expect(none.body).toBeNull();
  });
});
