/**
 * The Node host holds under abuse (issue 40): idle sockets past its connection cap and a sender trickling
 * its headers do not keep a normal request from its answer; uploads past the cap on stored bytes are
 * refused as the real server refuses one when its storage is full, and the host goes on serving; its memory
 * stays under that cap plus a margin. `npm run fuzz` runs the same scenarios at length (fuzz/abuse.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { MockHost } from '@/lib/mock/host/server';
import {
  ABUSE_TOKEN,
  abusedHost,
  fillPastCap,
  idleSockets,
  MEMORY_MARGIN_MIB,
  slowBody,
  slowHeaders,
  timedVersion,
  uploadFile,
} from './fuzz/abuse';
import { sendRaw } from './fuzz/send';

const hosts: MockHost[] = [];
const ends: (() => void)[] = [];
afterEach(async () => {
  ends.splice(0).forEach((end) => end());
  await Promise.all(hosts.splice(0).map((host) => host.close()));
});

describe('node host: connections and slow senders', () => {
  it('2,000 idle sockets and a slow-header sender: a normal request still answers within 2 s', async () => {
    const host = await abusedHost({ headersTimeoutMs: 1500 });
    hosts.push(host);
    const idle = await idleSockets(host.baseUrl, 2000);
    ends.push(idle.end);
    // Sent after them: a slow sender is idle to the cap's rule until its headers are in, and the longest-idle
    // connections are closed first.
    const slow = slowHeaders(host.baseUrl, 100);
    const answered = await timedVersion(host.baseUrl);
    expect(answered.status).toBe(200);
    expect(answered.ms).toBeLessThan(2000);
    // The cap (1,000 by default) was held by closing the longest-idle connections, not the new one.
    await expect.poll(() => idle.closed, { timeout: 20_000 }).toBeGreaterThanOrEqual(1000);
    expect(idle.open).toBeLessThanOrEqual(1000);
    // The trickling sender is cut off at the headers timeout, with Node's 408.
    const cut = await slow;
    expect(cut.answer).toBe('HTTP/1.1 408 Request Timeout');
    expect(cut.ms).toBeGreaterThan(1400);
    expect(cut.ms).toBeLessThan(5000);
  }, 40_000);

  it('a connection that never sends a byte is closed after the idle timeout', async () => {
    const host = await abusedHost({ idleTimeoutMs: 500 });
    hosts.push(host);
    const idle = await idleSockets(host.baseUrl, 3);
    ends.push(idle.end);
    expect(idle.open).toBe(3);
    await expect.poll(() => idle.closed, { timeout: 3000 }).toBe(3);
  });

  it('with every connection answering a request, a new one past the cap is refused and the others kept', async () => {
    const host = await abusedHost({ maxConnections: 2 });
    hosts.push(host);
    // Two requests under way (their bodies still coming), so neither connection is idle.
    const busy = [slowBody(host.baseUrl, 100, 1500), slowBody(host.baseUrl, 100, 1500)];
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(timedVersion(host.baseUrl)).rejects.toThrow();
    // Both went on until the client gave up (1.5 s), not cut by the newcomer.
    for (const ended of await Promise.all(busy)) expect(ended.ms).toBeGreaterThan(1400);
    expect((await timedVersion(host.baseUrl)).status).toBe(200);
  });
});

describe('node host: a cap on stored bytes', () => {
  it('uploads past the cap get the real server’s 500, nothing is kept, and the host keeps serving', async () => {
    const filled = await fillPastCap(16, 4, 7);
    hosts.push(filled.host);
    expect(filled.statuses).toEqual([201, 201, 201, 201, 500, 500, 500]);
    expect(filled.refusals).toEqual(['{"status":500,"error":"Internal Server Error"}']);
    expect(filled.after.status).toBe(200);
    // A text push needs no storage: made as usual.
    const text = await sendRaw(filled.host.baseUrl, {
      method: 'POST',
      path: '/api/v2/pushes',
      headers: { authorization: `Bearer ${ABUSE_TOKEN}`, 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ push: { payload: 'still here' } })),
    });
    expect(text.status).toBe(201);
  });

  it('an expired upload frees its bytes for the next one', async () => {
    const host = await abusedHost({ maxStoredBytes: 3 * 1024 * 1024 });
    hosts.push(host);
    const first = await uploadFile(host.baseUrl, 2 * 1024 * 1024);
    expect(first.status).toBe(201);
    expect((await uploadFile(host.baseUrl, 2 * 1024 * 1024)).status).toBe(500);
    const expired = await sendRaw(host.baseUrl, {
      method: 'DELETE',
      path: `/api/v2/pushes/${first.token}`,
      headers: { authorization: `Bearer ${ABUSE_TOKEN}` },
    });
    expect(expired.status).toBe(200);
    expect((await uploadFile(host.baseUrl, 2 * 1024 * 1024)).status).toBe(201);
  });

  it('memory stays under the cap plus 96 MiB while uploads go past it', async () => {
    const filled = await fillPastCap(32, 4, 16);
    hosts.push(filled.host);
    expect(filled.statuses.filter((status) => status === 201)).toHaveLength(8);
    expect(filled.peakMib).toBeLessThan(32 + MEMORY_MARGIN_MIB);
  });
});
