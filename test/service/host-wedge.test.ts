/**
 * A request whose body the service answers without reading (a bad token, an unknown path, the recipient
 * page's delete form) must not wedge the keep-alive connection it came on: the next request on that
 * connection answers at once, not after the socket times out.
 */
import { Agent, request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startMockHost, type MockHost } from '@/lib/mock/host/server';

const hosts: MockHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.close()));
});

interface Sent {
  status: number;
  ms: number;
}

/** One request through `agent`, timed from send to the end of the answer. */
function send(agent: Agent, url: string, method: string, headers: Record<string, string>, body?: Buffer) {
  const started = performance.now();
  return new Promise<Sent>((resolve, reject) => {
    const req = httpRequest(url, { agent, method, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const BIG = Buffer.from(JSON.stringify({ push: { payload: 'x'.repeat(512 * 1024) } }));

describe('node host: an unread body does not wedge the connection', () => {
  it.each([
    ['a bad token', '/api/v2/pushes', 'POST', { authorization: 'Bearer nobody' }, 401],
    ['an unknown path', '/api/v2/nothing-here', 'POST', {}, 404],
    [
      "the page's delete form",
      '/p/nope/delete',
      'POST',
      { 'content-type': 'application/x-www-form-urlencoded' },
      404,
    ],
  ])(
    'after %s, the next request on the same connection answers at once',
    async (_, path, method, extra, status) => {
      const host = await startMockHost({ port: 0, rateLimit: 0 });
      hosts.push(host);
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const headers = { 'content-type': 'application/json', ...extra };
        const first = await send(agent, host.baseUrl + path, method, headers, BIG);
        expect(first.status).toBe(status);
        const next = await send(agent, `${host.baseUrl}/api/v2/version`, 'GET', {});
        expect(next.status).toBe(200);
        expect(next.ms).toBeLessThan(2000);
      } finally {
        agent.destroy();
      }
    },
  );
});
