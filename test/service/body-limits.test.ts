/**
 * The mock's body limits (issue 9, §10): JSON and urlencoded bodies have their own limit, large enough for
 * the biggest valid create however it is escaped; multipart uploads stream and keep the host's limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRUCTURED_MAX_BYTES } from '@/lib/mock/body';
import { startMockHost, type MockHost } from '@/lib/mock/host/server';
import { TEXT_MAX_CHARS } from '@/lib/contract';
import { largestUpload } from './fuzz/upload';

let host: MockHost;
beforeAll(async () => {
  host = await startMockHost({ port: 0, rateLimit: 0, users: [{ email: 'a@example.com', token: 'alice' }] });
});
afterAll(() => host.close());

const post = (body: BodyInit, type: string) =>
  fetch(`${host.baseUrl}/api/v2/pushes`, {
    method: 'POST',
    headers: { authorization: 'Bearer alice', 'content-type': type },
    body,
  });

describe('mock body limits', () => {
  it('takes the largest valid text payload written entirely as \\u escapes of astral characters', async () => {
    const escaped = '\\ud83d\\ude00'.repeat(TEXT_MAX_CHARS); // 12 bytes on the wire for each character
    const body = `{"push":{"payload":"${escaped}","name":"${'\\u00e9'.repeat(200)}"}}`;
    expect(body.length).toBeLessThanOrEqual(STRUCTURED_MAX_BYTES);
    const response = await post(body, 'application/json');
    expect(response.status).toBe(201);
  });

  it('refuses a JSON body over its own limit with 413, below the host limit for uploads', async () => {
    const body = JSON.stringify({ push: { payload: 'x'.repeat(STRUCTURED_MAX_BYTES) } });
    const response = await post(body, 'application/json');
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ status: 413, error: 'Payload Too Large' });
  });

  it('refuses a urlencoded body over the same limit', async () => {
    const response = await post(
      `push[payload]=${'x'.repeat(STRUCTURED_MAX_BYTES)}`,
      'application/x-www-form-urlencoded',
    );
    expect(response.status).toBe(413);
  });

  it('still takes a multipart upload larger than the JSON limit', async () => {
    const form = new FormData();
    form.append('push[files][]', new Blob([new Uint8Array(STRUCTURED_MAX_BYTES + 1024)]), 'big.bin');
    const response = await fetch(`${host.baseUrl}/api/v2/pushes`, {
      method: 'POST',
      headers: { authorization: 'Bearer alice' }, // fetch writes the multipart type and boundary
      body: form,
    });
    expect(response.status).toBe(201);
  });
});

describe('mock caps on free-text fields', () => {
  it.each([
    ['name', 1024],
    ['note', 10_000],
    ['passphrase', 1024],
  ])('refuses a %s over %i characters with a 422 naming it, and takes one at the cap', async (field, max) => {
    const over = await post(
      JSON.stringify({ push: { payload: 'x', [field]: 'é'.repeat(max + 1) } }),
      'application/json',
    );
    expect(over.status).toBe(422);
    expect(await over.json()).toEqual({ [field]: [`is too long (maximum is ${max} characters)`] });
    const at = await post(
      JSON.stringify({ push: { payload: 'x', [field]: 'é'.repeat(max) } }),
      'application/json',
    );
    expect(at.status).toBe(201);
  });

  it('does not store an anonymous 60 MiB note', async () => {
    const form = new FormData();
    form.append('push[payload]', 'x');
    form.append('push[note]', 'n'.repeat(60 * 1024 * 1024));
    const response = await fetch(`${host.baseUrl}/api/v2/pushes`, { method: 'POST', body: form });
    expect(response.status).toBe(422);
  });
});

describe('mock upload memory', () => {
  it('holds a 32 MiB multipart upload in less than twice its size', async () => {
    const upload = await largestUpload(32 * 1024 * 1024);
    expect(upload.status).toBe(201);
    // Buffered, copied and parsed whole, the same upload took five times its size (+160 MiB).
    expect(upload.peakMib).toBeLessThan(2 * upload.mib);
  }, 60_000);
});
