import { describe, expect, it } from 'vitest';
import { ALICE, harness } from './harness';

const pagesRequested = (requests: Request[], path: string) =>
  requests
    .filter((r) => new URL(r.url).pathname === path)
    .map((r) => new URL(r.url).searchParams.get('page'));

describe.each(['pro', 'oss'] as const)('pagination against the %s mock', (edition) => {
  it('walks every page of 120 active pushes, newest first', async () => {
    const h = await harness(edition);
    const alice = h.client(ALICE.token);
    const created: string[] = [];
    for (let i = 0; i < 120; i++) {
      created.push((await alice.createPush({ payload: `s${i}`, name: `n${i}` })).push.url_token);
      h.advance(1_000);
    }
    const first = await alice.activePage(1);
    expect(first.items).toHaveLength(50);
    expect(first.nextPage).toBe(2);
    expect(h.requests.at(-1)!.url).toContain('page=1');
    if (edition === 'pro') expect(first.total).toBe(120);
    else expect(first.total).toBeUndefined();

    const all = await alice.activeAll();
    expect(all.map((p) => p.url_token)).toEqual([...created].reverse());
    expect(pagesRequested(h.requests, '/api/v2/pushes/active')).toEqual(['1', '1', '2', '3']);
    const last = await alice.activePage(3);
    expect(last.items).toHaveLength(20);
    expect(last.nextPage).toBeUndefined();
  });

  it('walks the expired list and stops at an empty first page', async () => {
    const h = await harness(edition);
    const alice = h.client(ALICE.token);
    await expect(alice.expiredAll()).resolves.toEqual([]);
    const { push } = await alice.createPush({ payload: 'x' });
    await alice.deletePush(push.url_token);
    const expired = await alice.expiredAll();
    expect(expired.map((p) => [p.url_token, p.deleted])).toEqual([[push.url_token, true]]);
  });

  it('walks an audit log longer than a page, oldest first', async () => {
    const h = await harness(edition);
    const alice = h.client(ALICE.token);
    const { push } = await alice.createPush({ payload: 'x', expire_after_views: 100 });
    // The owner's own retrievals are logged as owner_view and do not use up views.
    for (let i = 0; i < 60; i++) await alice.retrievePush(push.url_token);
    const first = await alice.auditPage(push.url_token);
    expect(first.items).toHaveLength(50);
    expect(first.nextPage).toBe(2);
    const all = await alice.auditAll(push.url_token);
    expect(all).toHaveLength(61);
    expect(all[0]?.kind).toBe('creation');
    expect(all.slice(1).every((e) => e.kind === 'owner_view')).toBe(true);
  });
});

describe('pagination headers', () => {
  it('pro sends Link and X-Total, oss sends neither, and the client needs neither', async () => {
    for (const edition of ['pro', 'oss'] as const) {
      const h = await harness(edition);
      const alice = h.client(ALICE.token);
      for (let i = 0; i < 51; i++) await alice.createPush({ payload: `s${i}` });
      const response = await h.fetch(
        `${h.requests[0]!.url.replace('/api/v2/version', '')}/api/v2/pushes/active?page=1`,
        {
          headers: { Authorization: `Bearer ${ALICE.token}` },
        },
      );
      if (edition === 'pro') {
        expect(response.headers.get('link')).toContain('rel="next"');
        expect(response.headers.get('x-total')).toBe('51');
      } else {
        expect(response.headers.get('link')).toBeNull();
        expect(response.headers.get('x-total')).toBeNull();
      }
      await expect(alice.activeAll()).resolves.toHaveLength(51);
    }
  });
});
