import { describe, expect, it } from 'vitest';
import { ALICE, errorOf, harness } from './harness';

/** The mock's limit is a fixed minute window; START is at a window edge, so `advance` sets the time left. */
describe.each(['pro', 'oss'] as const)('rate limits against the %s mock', (edition) => {
  it('waits out a short Retry-After on a read and then succeeds', async () => {
    const h = await harness(edition, { rateLimit: 2 });
    h.advance(45_000); // 15 s left in the window
    const alice = h.client(ALICE.token);
    await alice.activePage();
    await alice.activePage();
    const page = await alice.activePage();
    expect(page.items).toEqual([]);
    expect(h.slept).toEqual([15_000]);
    expect(h.calls()).toEqual(Array(4).fill('GET /api/v2/pushes/active'));
  });

  it('gives up on a read after two retries', async () => {
    const h = await harness(edition, { rateLimit: 1 });
    h.advance(50_000);
    await h.client().version();
    // Hold the clock in the used-up window, so every retry is refused again.
    const frozen = h.now();
    h.tamper((request, forward) => {
      h.advance(frozen - h.now());
      return forward(request);
    });
    // A new client: one client asks for the version once and keeps the answer.
    const error = await errorOf(h.client().version());
    expect(error).toMatchObject({ code: 'rate-limited', status: 429, retryAfter: 10 });
    expect(h.slept).toEqual([10_000, 10_000]);
    expect(h.requests.filter((r) => r.url.endsWith('/api/v2/version'))).toHaveLength(4);
  });

  it('does not wait when Retry-After is longer than 30 s', async () => {
    const h = await harness(edition, { rateLimit: 1 });
    h.advance(5_000); // 55 s left
    const client = h.client(ALICE.token);
    await client.activePage();
    const error = await errorOf(client.activePage());
    expect(error).toMatchObject({ code: 'rate-limited', retryAfter: 55 });
    expect(h.slept).toEqual([]);
  });

  it('never re-sends a create on 429', async () => {
    const h = await harness(edition, { rateLimit: 1 });
    h.advance(50_000);
    const client = h.client();
    await client.edition();
    const error = await errorOf(client.createPush({ payload: 'x' }));
    expect(error.code).toBe('rate-limited');
    expect(h.slept).toEqual([]);
    expect(h.calls()).toEqual(['POST /api/v2/pushes']);
  });

  it('never re-sends a retrieval on 429: it would count a view', async () => {
    const h = await harness(edition, { rateLimit: 2 });
    h.advance(50_000);
    const client = h.client();
    const { push } = await client.createPush({ payload: 'x' });
    const error = await errorOf(client.retrievePush(push.url_token));
    expect(error.code).toBe('rate-limited');
    expect(h.slept).toEqual([]);
    expect(h.calls()).toEqual(['POST /api/v2/pushes', `GET /api/v2/pushes/${push.url_token}`]);
  });

  it('never re-sends a create whose response was lost, though the server made the push', async () => {
    const h = await harness(edition);
    const alice = h.client(ALICE.token);
    await alice.edition();
    h.tamper(async (request, forward) => {
      const response = await forward(request);
      if (request.method === 'POST') throw new TypeError('network connection lost');
      return response;
    });
    expect((await errorOf(alice.createPush({ payload: 'x' }))).code).toBe('network');
    h.tamper(null);
    expect(h.calls()).toEqual(['POST /api/v2/pushes']);
    expect((await alice.activePage()).items).toHaveLength(1);
  });
});
