import { beforeEach, describe, expect, it } from 'vitest';
import { afterFailure, backoffDelay, BACKOFF_MAX_MS, waitUntil } from '@/lib/watch/refresh/backoff';
import { idbCache } from '@/lib/watch/cache';
import { watchDb } from '@/lib/watch/db';
import { refreshWatch } from '@/lib/watch/refresh';
import { INITIAL_STATE } from '@/lib/watch/types';
import {
  BASE,
  MINUTE,
  readWatcherState,
  resetWatchDb,
  signInAlice,
  type WatchHarness,
  watchHarness,
} from './helpers';

let h: WatchHarness;
let account: string;
const refresh = (force = false) =>
  refreshWatch({
    client: h.owner,
    cache: idbCache(watchDb, account),
    clock: h.clock,
    server: BASE,
    hasToken: true,
    force,
  });
const offline = async (): Promise<Response> => {
  throw new TypeError('Failed to fetch');
};
const serverError = async () => new Response('oops', { status: 503 });
const rateLimited = async () =>
  new Response('Retry later', {
    status: 429,
    headers: { 'retry-after': '600', 'content-type': 'text/plain' },
  });

beforeEach(async () => {
  await resetWatchDb();
  account = await signInAlice();
  h = await watchHarness('pro');
});

describe('backoffDelay', () => {
  it.each([
    [1, MINUTE],
    [2, 2 * MINUTE],
    [3, 4 * MINUTE],
    [7, BACKOFF_MAX_MS],
    [30, BACKOFF_MAX_MS],
  ])('waits after failure %i for %i ms', (failures, ms) => {
    expect(backoffDelay(failures)).toBe(ms);
  });
});

describe('afterFailure', () => {
  it('does not back off for an error that a retry would not fix', () => {
    const state = afterFailure(INITIAL_STATE, { code: 'unauthorized', message: 'no', status: 401 }, 1000);
    expect(state).toMatchObject({ failures: 0, backoffUntil: null, lastError: { code: 'unauthorized' } });
    expect(waitUntil(state, 1000, false)).toBeNull();
  });
});

describe('refreshWatch', () => {
  it.each([
    ['offline', offline, 'network'],
    ['a 5xx', serverError, 'http'],
  ])('backs off exponentially while %s, and resets on success', async (_, answer, code) => {
    h.fail(answer);
    expect(await refresh()).toMatchObject({ summary: { status: 'failed', error: { code } } });
    expect((await refresh()).summary).toMatchObject({ status: 'waiting', nextAttemptAt: h.clock() + MINUTE });
    h.advance(MINUTE);
    await refresh();
    expect(await readWatcherState()).toMatchObject({ failures: 2, backoffUntil: h.clock() + 2 * MINUTE });
    h.advance(2 * MINUTE);
    h.fail(null);
    expect((await refresh()).summary.status).toBe('done');
    expect(await readWatcherState()).toMatchObject({ failures: 0, backoffUntil: null, lastError: null });
  });

  it('lets a refresh the user asked for skip the back-off', async () => {
    h.fail(offline);
    await refresh();
    h.fail(null);
    expect((await refresh(true)).summary.status).toBe('done');
  });

  it('honours Retry-After, even for a refresh the user asked for', async () => {
    h.fail(rateLimited);
    const { summary } = await refresh();
    expect(summary).toMatchObject({ status: 'failed', error: { code: 'rate-limited', retryAfter: 600 } });
    h.fail(null);
    h.advance(599_000);
    h.resetCounts();
    expect((await refresh(true)).summary).toMatchObject({
      status: 'waiting',
      nextAttemptAt: h.clock() + 1000,
    });
    expect(h.counts()).toEqual({ list: 0, audit: 0, other: 0 });
    h.advance(1000);
    expect((await refresh(true)).summary.status).toBe('done');
  });

  it('writes nothing of a refresh that failed half-way', async () => {
    const push = await h.create();
    await refresh();
    await h.view(push.url_token);
    // The list answers, the audit fails: the view must still be reported by the next successful refresh.
    h.fail((request, forward) =>
      new URL(request.url).pathname.endsWith('/audit') ? serverError() : forward(request),
    );
    expect((await refresh()).summary.status).toBe('failed');
    h.fail(null);
    expect((await refresh(true)).events).toMatchObject([{ kind: 'viewed' }]);
  });
});
