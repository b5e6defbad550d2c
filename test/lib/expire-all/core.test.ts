import { describe, expect, it } from 'vitest';
import {
  choosePushes,
  createRunner,
  MAX_RETRIES,
  windowStart,
  type ExpireItem,
  type ExpireOutcome,
  type ExpireRun,
} from '@/lib/expire-all/core';
import type { TrackedPush } from '@/lib/watch/types';

const NOW = Date.parse('2026-03-10T15:30:00.000Z');
const A = 'https://a.example';
const B = 'https://b.example';

function tracked(url_token: string, server: string, createdAgoMs: number, extra: Partial<TrackedPush> = {}) {
  const created_at = new Date(NOW - createdAgoMs).toISOString();
  return {
    server,
    url_token,
    html_url: `${server}/p/${url_token}`,
    name: url_token,
    note: '',
    created_at,
    expires_at: new Date(NOW + 86_400_000).toISOString(),
    expire_after_views: 5,
    views_remaining: 5,
    expired: false,
    deleted: false,
    expired_on: null,
    has_passphrase: false,
    retrieval_step: false,
    deletable_by_viewer: true,
    source: 'server',
    updated_at: created_at,
    ...extra,
  } satisfies TrackedPush;
}

const MIN = 60_000;

describe('choosePushes', () => {
  const pushes = [
    tracked('recent-a', A, 10 * MIN),
    tracked('recent-b', B, 59 * MIN),
    tracked('older-a', A, 2 * 60 * MIN),
    tracked('yesterday', A, 3 * 86_400_000),
    tracked('expired-a', A, 5 * MIN, { expired: true }),
    tracked('deleted-b', B, 5 * MIN, { expired: true, deleted: true }),
    tracked('timed-out', B, 5 * MIN, { expires_at: new Date(NOW - 1).toISOString() }),
  ];
  const tokens = (list: TrackedPush[]) => list.map((push) => push.url_token);

  it('takes the pushes of the window and servers asked for, never one already expired, deleted or past its time', () => {
    expect(tokens(choosePushes(pushes, { servers: null, window: 'hour' }, NOW))).toEqual([
      'recent-a',
      'recent-b',
    ]);
    expect(tokens(choosePushes(pushes, { servers: [A], window: 'hour' }, NOW))).toEqual(['recent-a']);
    expect(tokens(choosePushes(pushes, { servers: [B], window: 'all' }, NOW))).toEqual(['recent-b']);
    expect(tokens(choosePushes(pushes, { servers: null, window: 'all' }, NOW))).toEqual([
      'recent-a',
      'recent-b',
      'older-a',
      'yesterday',
    ]);
    expect(choosePushes(pushes, { servers: ['https://c.example'], window: 'all' }, NOW)).toEqual([]);
  });

  it("'today' reaches back to the local midnight, 'hour' to an hour ago", () => {
    const midnight = new Date(NOW);
    midnight.setHours(0, 0, 0, 0);
    expect(windowStart('today', NOW)).toBe(midnight.getTime());
    expect(windowStart('hour', NOW)).toBe(NOW - 60 * MIN);
    const sinceMidnight = NOW - midnight.getTime();
    const today = choosePushes(
      [tracked('just-after', A, sinceMidnight - 1), tracked('just-before', A, sinceMidnight + 1)],
      { servers: null, window: 'today' },
      NOW,
    );
    expect(tokens(today)).toEqual(['just-after']);
  });
});

/** A runner with a test clock (sleeping moves it), a record of each expire asked for, and a gate per call. */
function harness(answer: (item: ExpireItem, call: number) => ExpireOutcome | Promise<ExpireOutcome>) {
  let now = NOW;
  const calls: string[] = [];
  const sleeps: number[] = [];
  const published: ExpireRun[] = [];
  const finished: ExpireRun[] = [];
  const runner = createRunner({
    expireOne: async (item) => {
      calls.push(`${item.server} ${item.url_token}`);
      return answer(item, calls.length);
    },
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
    clock: () => now,
    publish: (run) => void published.push(run),
    finished: (run) => void finished.push(run),
  });
  return { runner, calls, sleeps, published, finished };
}

/** A run a stopped worker stored: begun a minute ago over every push of server A, with `counts` as it left them. */
const storedRun = (
  counts: Pick<ExpireRun, 'total' | 'handled' | 'expired' | 'failed' | 'waiting_until'>,
): ExpireRun => ({
  status: 'running',
  started_at: NOW - MIN,
  finished_at: null,
  scopes: [{ servers: null, window: 'all' }],
  servers: [A],
  ...counts,
});

const items = (server: string, ...tokens: string[]) =>
  tokens.map((url_token) => ({ server, url_token, title: `Push ${url_token}` }));
const ok: ExpireOutcome = { ok: true };
const limited = (retryAfter?: number): ExpireOutcome => ({
  ok: false,
  error: { code: 'rate-limited', message: 'The server is rate limiting requests.', status: 429, retryAfter },
});

describe('the run', () => {
  it('expires each push once, in order, and publishes "n of total" after each, then the result', async () => {
    const h = harness(() => ok);
    const first = h.runner.request([...items(A, 't1', 't2'), ...items(B, 't3')], {
      servers: null,
      window: 'all',
    });
    expect(first).toMatchObject({ status: 'running', total: 3, handled: 0, servers: [A, B] });
    await h.runner.idle();
    expect(h.calls).toEqual([`${A} t1`, `${A} t2`, `${B} t3`]);
    expect(h.published.map((run) => `${run.handled} of ${run.total}`)).toEqual([
      '0 of 3',
      '1 of 3',
      '2 of 3',
      '3 of 3',
      '3 of 3',
    ]);
    expect(h.finished).toEqual([
      expect.objectContaining({ status: 'done', total: 3, expired: 3, failed: [], finished_at: NOW }),
    ]);
  });

  it("waits out a 429's Retry-After and asks for the same push again; nothing is skipped or doubled", async () => {
    const h = harness((_item, call) => (call === 2 ? limited(7) : ok));
    h.runner.request(items(A, 't1', 't2', 't3'), { servers: [A], window: 'hour' });
    await h.runner.idle();
    expect(h.calls).toEqual([`${A} t1`, `${A} t2`, `${A} t2`, `${A} t3`]);
    expect(h.sleeps).toEqual([7000]);
    // While it waited, the pages heard until when.
    expect(h.published.some((run) => run.waiting_until === NOW + 7000)).toBe(true);
    expect(h.runner.current()).toMatchObject({ status: 'done', expired: 3, failed: [], waiting_until: null });
  });

  it('sleeps a long Retry-After in steps, publishing each, and caps it; a 429 without one waits 5 s', async () => {
    const h = harness((_item, call) => (call === 1 ? limited(3600) : call === 2 ? limited() : ok));
    h.runner.request(items(A, 't1'), { servers: null, window: 'all' });
    await h.runner.idle();
    // 3600 s asked, 120 s waited in six 20 s steps; then 5 s for the 429 that named no time.
    expect(h.sleeps).toEqual([20_000, 20_000, 20_000, 20_000, 20_000, 20_000, 5_000]);
    expect(h.runner.current()).toMatchObject({ expired: 1 });
  });

  it('lists a push the server refused, with its error, and one still rate limited after every retry', async () => {
    const gone = { code: 'not-found' as const, message: 'Not found.', status: 404 };
    const h = harness((item) =>
      item.url_token === 'gone' ? { ok: false, error: gone } : item.url_token === 'busy' ? limited(1) : ok,
    );
    h.runner.request(items(A, 'gone', 'fine', 'busy'), { servers: null, window: 'all' });
    await h.runner.idle();
    expect(h.calls.filter((call) => call.endsWith('busy'))).toHaveLength(MAX_RETRIES + 1);
    expect(h.runner.current()).toMatchObject({
      status: 'done',
      total: 3,
      handled: 3,
      expired: 1,
      failed: [
        { server: A, url_token: 'gone', title: 'Push gone', error: gone },
        { server: A, url_token: 'busy', title: 'Push busy', error: { code: 'rate-limited' } },
      ],
    });
  });

  it('lists a push whose expire threw, and goes on', async () => {
    const h = harness((item) => {
      if (item.url_token === 't1') throw new Error('worker gone');
      return ok;
    });
    h.runner.request(items(A, 't1', 't2'), { servers: null, window: 'all' });
    await h.runner.idle();
    expect(h.runner.current()).toMatchObject({
      expired: 1,
      failed: [{ url_token: 't1', error: { code: 'internal' } }],
    });
  });

  it('a second request while one runs joins it: only the pushes not already in it are added, each asked once', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const h = harness(async (_item, call) => {
      if (call === 1) await gate;
      return ok;
    });
    h.runner.request(items(A, 't1', 't2'), { servers: [A], window: 'hour' });
    const joined = h.runner.request([...items(A, 't2', 't1'), ...items(B, 't9')], {
      servers: null,
      window: 'all',
    });
    expect(joined).toMatchObject({ status: 'running', total: 3, servers: [A, B], started_at: NOW });
    expect(joined.scopes).toEqual([
      { servers: [A], window: 'hour' },
      { servers: null, window: 'all' },
    ]);
    release();
    await h.runner.idle();
    expect(h.calls).toEqual([`${A} t1`, `${A} t2`, `${B} t9`]);
    expect(h.finished).toHaveLength(1);
    expect(h.finished[0]).toMatchObject({ total: 3, expired: 3 });
  });

  it('a request after a run ended starts a new run', async () => {
    const h = harness(() => ok);
    h.runner.request(items(A, 't1'), { servers: null, window: 'all' });
    await h.runner.idle();
    const next = h.runner.request(items(A, 't2'), { servers: null, window: 'all' });
    expect(next).toMatchObject({ status: 'running', total: 1, handled: 0, expired: 0 });
    await h.runner.idle();
    expect(h.calls).toEqual([`${A} t1`, `${A} t2`]);
  });

  it('a run with no push ends at once, done, with nothing asked', async () => {
    const h = harness(() => ok);
    h.runner.request([], { servers: null, window: 'hour' });
    await h.runner.idle();
    expect(h.calls).toEqual([]);
    expect(h.finished).toEqual([expect.objectContaining({ status: 'done', total: 0 })]);
  });

  it('resumes a stored run with its pushes chosen again, its counts kept and its failures not asked again', async () => {
    const h = harness(() => ok);
    const stored = storedRun({
      total: 5,
      handled: 3,
      expired: 2,
      failed: [{ ...items(A, 'bad')[0]!, error: { code: 'forbidden', message: 'No.' } }],
      waiting_until: NOW + 5000,
    });
    const resumed = h.runner.resume(stored, items(A, 'bad', 't4', 't5'));
    expect(resumed).toMatchObject({ status: 'running', total: 5, handled: 3, waiting_until: null });
    await h.runner.idle();
    expect(h.calls).toEqual([`${A} t4`, `${A} t5`]);
    expect(h.runner.current()).toMatchObject({ status: 'done', total: 5, handled: 5, expired: 4 });
  });

  it("asks again at the resume a push that failed with no answer from the server (issue 40: Firefox aborts the reloaded page's requests), and keeps a failure the server answered", async () => {
    const h = harness(() => ok);
    const stored = storedRun({
      total: 4,
      handled: 3,
      expired: 0,
      failed: [
        { ...items(A, 'cut')[0]!, error: { code: 'network', message: 'The server could not be reached.' } },
        {
          ...items(A, 'aborted')[0]!,
          error: { code: 'internal', message: 'The request failed unexpectedly.' },
        },
        { ...items(A, 'bad')[0]!, error: { code: 'forbidden', message: 'No.' } },
      ],
      waiting_until: null,
    });
    const resumed = h.runner.resume(stored, items(A, 'cut', 'aborted', 'bad', 't3'));
    expect(resumed).toMatchObject({ total: 4, handled: 1, expired: 0 });
    await h.runner.idle();
    expect(h.calls).toEqual([`${A} cut`, `${A} aborted`, `${A} t3`]);
    expect(h.runner.current()).toMatchObject({
      status: 'done',
      total: 4,
      handled: 4,
      expired: 3,
      failed: [expect.objectContaining({ url_token: 'bad' })],
    });
  });

  it('counts as expired a push the stopped worker expired after it last stored the run (issue 40): N of N, not N-1', async () => {
    const h = harness(() => ok);
    const stored = storedRun({
      total: 3,
      handled: 0,
      expired: 0,
      failed: [],
      waiting_until: null,
    });
    // t1's DELETE and its record landed; the worker stopped before it stored "1 of 3".
    const resumed = h.runner.resume(stored, items(A, 't2', 't3'));
    expect(resumed).toMatchObject({ total: 3, handled: 1, expired: 1 });
    await h.runner.idle();
    expect(h.calls).toEqual([`${A} t2`, `${A} t3`]);
    expect(h.runner.current()).toMatchObject({
      status: 'done',
      total: 3,
      handled: 3,
      expired: 3,
      failed: [],
    });
  });
});
