import { describe, expect, it } from 'vitest';
import { ALICE, BASE, body, harness } from './helpers';

async function many(edition: 'pro' | 'oss', count: number) {
  const h = await harness(edition, { rateLimit: 0 });
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    tokens.push((await h.createPush({ payload: `p${i}`, name: `n${i}` })).url_token as string);
  }
  return { h, tokens };
}

describe('pagination', () => {
  it('pages 50 at a time, newest first, with pro headers and Link', async () => {
    const { h, tokens } = await many('pro', 120);
    const first = await h.call('GET', '/api/v2/pushes/active', { token: ALICE.token });
    const items = (await first.json()) as { url_token: string; name: string }[];
    expect(items.length).toBe(50);
    expect(items[0]?.url_token).toBe(tokens[119]);
    expect(first.headers.get('x-page')).toBe('1');
    expect(first.headers.get('x-per-page')).toBe('50');
    expect(first.headers.get('x-total')).toBe('120');
    expect(first.headers.get('x-total-pages')).toBe('3');
    expect(first.headers.get('link')).toBe(
      `<${BASE}/api/v2/pushes/active?page=2>; rel="next", <${BASE}/api/v2/pushes/active?page=3>; rel="last"`,
    );
    const middle = await h.call('GET', '/api/v2/pushes/active?page=2', { token: ALICE.token });
    const url = (n: number) => `<${BASE}/api/v2/pushes/active?page=${n}>`;
    expect(middle.headers.get('link')).toBe(
      `${url(1)}; rel="first", ${url(1)}; rel="prev", ${url(3)}; rel="next", ${url(3)}; rel="last"`,
    );
    const last = await h.call('GET', '/api/v2/pushes/active?page=3', { token: ALICE.token });
    expect(((await last.json()) as unknown[]).length).toBe(20);
    expect(last.headers.get('link')).toBe(
      `<${BASE}/api/v2/pushes/active?page=1>; rel="first", <${BASE}/api/v2/pushes/active?page=2>; rel="prev"`,
    );
    const past = await h.call('GET', '/api/v2/pushes/active?page=4', { token: ALICE.token });
    expect(await past.json()).toEqual([]);
  });

  it('sends no pagination headers on oss', async () => {
    const { h } = await many('oss', 51);
    const response = await h.call('GET', '/api/v2/pushes/active', { token: ALICE.token });
    expect(((await response.json()) as unknown[]).length).toBe(50);
    for (const name of ['link', 'x-page', 'x-per-page', 'x-total', 'x-total-pages']) {
      expect(response.headers.get(name)).toBeNull();
    }
  });

  it.each([
    ['0', 200],
    ['-4', 200],
    ['200', 200],
    ['201', 400],
    ['1.5', 400],
    ['abc', 400],
  ])('answers page=%s with %i', async (page, status) => {
    const h = await harness('pro');
    const response = await h.call('GET', `/api/v2/pushes/expired?page=${page}`, { token: ALICE.token });
    expect(response.status).toBe(status);
    if (status === 400) expect(await body(response)).toEqual({ error: 'Invalid page parameter' });
  });

  it('pages audit entries oldest first', async () => {
    const h = await harness('pro', { rateLimit: 0 });
    const push = await h.createPush({ payload: 'x', expire_after_views: 100 });
    for (let i = 0; i < 60; i++) await h.call('GET', `/api/v2/pushes/${push.url_token}`);
    const page1 = await h.call('GET', `/api/v2/pushes/${push.url_token}/audit`, { token: ALICE.token });
    const logs = (await body(page1)).logs as { kind: string }[];
    expect(logs.length).toBe(50);
    expect(logs[0]?.kind).toBe('creation');
    expect(page1.headers.get('x-total')).toBe('61');
    const page2 = await body(
      await h.call('GET', `/api/v2/pushes/${push.url_token}/audit.json?page=2`, { token: ALICE.token }),
    );
    expect((page2.logs as unknown[]).length).toBe(11);
  });
});
