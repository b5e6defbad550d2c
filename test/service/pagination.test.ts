/**
 * Contract §7: pagination of audit/active/expired (page rules, 50 a page, pro headers) and the per-address
 * rate limit.
 */
import { describe, expect, it } from 'vitest';
import { ALICE, EDITIONS, getFrom, MINUTE, startTestHost, type TestHost } from './helpers';

/** Creates `count` pushes for Alice, one second apart (so "newest first" is unambiguous). */
async function manyPushes(t: TestHost, count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    tokens.push((await t.push({ payload: `p${i}` }, ALICE.token)).url_token);
    t.advance(1000);
  }
  return tokens;
}

function parseLink(header: string | null): Record<string, number> {
  const rels: Record<string, number> = {};
  for (const part of (header ?? '').split(',')) {
    const match = part.match(/<([^>]+)>\s*;\s*rel="([^"]+)"/);
    if (match) rels[match[2]!] = Number(new URL(match[1]!).searchParams.get('page') ?? '1');
  }
  return rels;
}

const list = (t: TestHost, which: string, page?: string) =>
  t.call('GET', `/api/v2/pushes/${which}${page === undefined ? '' : `?page=${encodeURIComponent(page)}`}`, {
    token: ALICE.token,
  });

describe.each(EDITIONS)('pagination (%s)', (edition) => {
  it('serves 50 a page, newest first, an empty page past the end (120 pushes)', async () => {
    const t = await startTestHost(edition);
    const tokens = (await manyPushes(t, 120)).reverse();
    const pages = [];
    for (const page of ['1', '2', '3', '4']) {
      const reply = await list(t, 'active', page);
      expect(reply.status).toBe(200);
      pages.push(reply.body.map((p: { url_token: string }) => p.url_token));
    }
    expect(pages.map((page) => page.length)).toEqual([50, 50, 20, 0]);
    expect(pages.flat()).toEqual(tokens);
    expect((await list(t, 'active')).body.map((p: { url_token: string }) => p.url_token)).toEqual(pages[0]);
  }, 60_000);

  it.each(['0', '-3'])('reads page=%s as page 1', async (page) => {
    const t = await startTestHost(edition);
    const tokens = await manyPushes(t, 2);
    const reply = await list(t, 'active', page);
    expect(reply.status).toBe(200);
    expect(reply.body.map((p: { url_token: string }) => p.url_token)).toEqual(tokens.reverse());
  });

  it('accepts page=200', async () => {
    const t = await startTestHost(edition);
    const reply = await list(t, 'expired', '200');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([]);
  });

  it.each(['abc', '1.5', '201', '1e3'])('answers page=%j with 400 Invalid page parameter', async (page) => {
    const t = await startTestHost(edition);
    await manyPushes(t, 1);
    const push = (await list(t, 'active')).body[0];
    for (const path of [
      `/api/v2/pushes/active?page=${page}`,
      `/api/v2/pushes/expired?page=${page}`,
      `/api/v2/pushes/${push.url_token}/audit?page=${page}`,
    ]) {
      const reply = await t.call('GET', path, { token: ALICE.token });
      expect({ path, status: reply.status, body: reply.body }).toEqual({
        path,
        status: 400,
        body: { error: 'Invalid page parameter' },
      });
    }
  });

  it('pages the audit log 50 entries at a time, oldest first', async () => {
    const t = await startTestHost(edition);
    const push = await t.push({ payload: 'p', expire_after_views: 100 }, ALICE.token);
    for (let i = 0; i < 55; i++) await t.retrieve(push.url_token);
    const first = await t.audit(push.url_token, ALICE.token, '1');
    const second = await t.audit(push.url_token, ALICE.token, '2');
    const third = await t.audit(push.url_token, ALICE.token, '3');
    expect([first.body.logs.length, second.body.logs.length, third.body.logs.length]).toEqual([50, 6, 0]);
    expect(first.body.logs[0].kind).toBe('creation');
    expect((await t.audit(push.url_token, ALICE.token, '0')).body.logs).toEqual(first.body.logs);
  }, 60_000);

  if (edition === 'pro') {
    // "As they apply", read the GitHub way: first/prev after page 1, next/last before the last page.
    it('adds X-Page, X-Per-Page, X-Total, X-Total-Pages and a Link header with the rels that apply', async () => {
      const t = await startTestHost(edition);
      await manyPushes(t, 120);
      const expected = [
        { page: '1', rels: { next: 2, last: 3 } },
        { page: '2', rels: { first: 1, prev: 1, next: 3, last: 3 } },
        { page: '3', rels: { first: 1, prev: 2 } },
      ];
      for (const { page, rels } of expected) {
        const reply = await list(t, 'active', page);
        expect({
          page: reply.headers.get('x-page'),
          perPage: reply.headers.get('x-per-page'),
          total: reply.headers.get('x-total'),
          totalPages: reply.headers.get('x-total-pages'),
          rels: parseLink(reply.headers.get('link')),
        }).toEqual({ page, perPage: '50', total: '120', totalPages: '3', rels });
        const next = reply.headers.get('link')?.match(/<([^>]+)>\s*;\s*rel="next"/)?.[1];
        if (next) expect(new URL(next).pathname).toBe('/api/v2/pushes/active');
      }
    }, 60_000);

    it('sends the headers on audit and on an empty list too', async () => {
      const t = await startTestHost(edition);
      const push = await t.push({ payload: 'p' }, ALICE.token);
      const audit = await t.audit(push.url_token);
      expect(audit.headers.get('x-total')).toBe('1');
      expect(audit.headers.get('x-per-page')).toBe('50');
      const empty = await list(t, 'expired');
      expect(empty.headers.get('x-total')).toBe('0');
      expect(empty.headers.get('x-page')).toBe('1');
    });
  } else {
    it('sends no pagination headers', async () => {
      const t = await startTestHost(edition);
      const tokens = await manyPushes(t, 51);
      const replies = [await list(t, 'active', '1'), await list(t, 'active', '2'), await t.audit(tokens[0]!)];
      for (const reply of replies) {
        for (const name of ['link', 'x-page', 'x-per-page', 'x-total', 'x-total-pages']) {
          expect(reply.headers.get(name)).toBeNull();
        }
      }
    }, 60_000);
  }
});

describe.each(EDITIONS)('per-address rate limit (%s)', (edition) => {
  it('answers request 6 of 5 a minute with 429 text/plain "Retry later" and Retry-After', async () => {
    const t = await startTestHost(edition, { rateLimit: 5 });
    for (let i = 0; i < 5; i++) expect((await t.call('GET', '/api/v2/version')).status).toBe(200);
    const limited = await t.call('GET', '/api/v2/version');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(limited.text.trim()).toBe('Retry later');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('limits every path, the API and the pages alike', async () => {
    const t = await startTestHost(edition, { rateLimit: 2 });
    await t.call('GET', '/api/v2/version');
    await t.create({ payload: 'p' });
    expect((await t.call('GET', '/p/whatever')).status).toBe(429);
    expect((await t.create({ payload: 'p' })).status).toBe(429);
  });

  it('counts per client address', async () => {
    const t = await startTestHost(edition, { rateLimit: 3 });
    for (let i = 0; i < 3; i++) await t.call('GET', '/api/v2/version');
    expect((await t.call('GET', '/api/v2/version')).status).toBe(429);
    const other = await getFrom('127.0.0.2', `${t.baseUrl}/api/v2/version`);
    expect(other.status).toBe(200);
  });

  it('serves again once the window has passed on the injected clock', async () => {
    const t = await startTestHost(edition, { rateLimit: 2 });
    await t.call('GET', '/api/v2/version');
    await t.call('GET', '/api/v2/version');
    const limited = await t.call('GET', '/api/v2/version');
    expect(limited.status).toBe(429);
    t.advance(Number(limited.headers.get('retry-after')) * 1000);
    expect((await t.call('GET', '/api/v2/version')).status).toBe(200);
  });

  it('rateLimit 0 turns the limit off', async () => {
    const t = await startTestHost(edition, { rateLimit: 0 });
    for (let i = 0; i < 150; i++) {
      const reply = await t.call('GET', '/api/v2/version');
      if (reply.status !== 200) throw new Error(`request ${i + 1} got ${reply.status}`);
    }
  }, 60_000);

  it('defaults to 120 requests a minute', async () => {
    const t = await startTestHost(edition, { rateLimit: undefined });
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++) statuses.push((await t.call('GET', '/api/v2/version')).status);
    expect(statuses.slice(0, 120).every((status) => status === 200)).toBe(true);
    expect(statuses[120]).toBe(429);
    t.advance(MINUTE);
    expect((await t.call('GET', '/api/v2/version')).status).toBe(200);
  }, 60_000);
});
