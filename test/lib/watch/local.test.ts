import { beforeEach, describe, expect, it } from 'vitest';
import { idbCache } from '@/lib/watch/cache';
import { watchDb } from '@/lib/watch/db';
import { listTrackedPushes } from '@/lib/watch/read';
import { recordCreatedPush } from '@/lib/watch/record';
import { refreshWatch } from '@/lib/watch/refresh';
import { countBumps } from './bumps';
import type { CreatePushInput } from '@/lib/api';
import { BASE, DAY, resetWatchDb, signInAlice, watchHarness, type WatchHarness } from './helpers';

let h: WatchHarness;
let account: string;
const refresh = (hasToken: boolean) =>
  refreshWatch({
    client: h.owner,
    cache: idbCache(watchDb, account),
    clock: h.clock,
    server: BASE,
    hasToken,
  });

beforeEach(async () => {
  await resetWatchDb();
  account = await signInAlice();
});

describe.each(['pro', 'oss'] as const)('a push created here without a token (%s)', (edition) => {
  beforeEach(async () => {
    h = await watchHarness(edition);
  });

  async function createAnonymously() {
    const { push } = await h.anonymous.createPush({
      payload: 'hunter2-top-secret',
      passphrase: 'open sesame',
      note: 'Wi-Fi for the guest room',
      expire_after_days: 2,
      expire_after_duration: 7,
    });
    await recordCreatedPush(push, { server: BASE, kind: 'text' });
    return push;
  }

  it('is recorded as local with its expiry, and bumps the revision', async () => {
    const bumps = countBumps();
    const push = await createAnonymously();
    const [record] = await listTrackedPushes(BASE);
    expect(record).toMatchObject({
      url_token: push.url_token,
      source: 'local',
      kind: 'text',
      note: 'Wi-Fi for the guest room',
      has_passphrase: true,
      expires_at: new Date(Date.parse(push.created_at) + 2 * DAY).toISOString(),
    });
    expect(bumps.count).toBe(1);
    bumps.stop();
  });

  it('expires by time alone, with no request to the server', async () => {
    const push = await createAnonymously();
    h.advance(DAY);
    expect((await refresh(false)).events).toEqual([]);
    h.advance(DAY + 1);
    const { events, summary } = await refresh(false);
    expect(events).toMatchObject([{ kind: 'expired', reason: 'time', url_token: push.url_token }]);
    expect(summary.needsToken).toBe(true);
    expect(h.counts()).toEqual({ list: 0, audit: 0, other: 0 });
    expect((await listTrackedPushes(BASE))[0]).toMatchObject({ expired: true });
  });

  it('stays local and timed when a token is added later (the server does not list it)', async () => {
    await createAnonymously();
    await refresh(true);
    h.advance(2 * DAY + 1);
    const { events } = await refresh(true);
    expect(events).toMatchObject([{ kind: 'expired', reason: 'time' }]);
  });

  it('asks for its audit once when a token is set, then follows it by time at no cost', async () => {
    const push = await createAnonymously();
    await refresh(true); // the first sync, both lists
    expect(h.counts().audit).toBe(1); // refused: not this token's push
    expect((await listTrackedPushes(BASE))[0]).toMatchObject({ source: 'local', audit_denied: true });
    for (let i = 0; i < 3; i++) {
      h.advance(DAY / 4);
      h.resetCounts();
      expect((await refresh(true)).events).toEqual([]);
      expect(h.counts()).toEqual({ list: 2, audit: 0, other: 0 });
    }
    h.advance((5 * DAY) / 4 + 1); // two days after its creation
    expect((await refresh(true)).events).toMatchObject([
      { kind: 'expired', reason: 'time', url_token: push.url_token },
    ]);
  });
});

describe.each(['pro', 'oss'] as const)('a push created here with a token (%s)', (edition) => {
  beforeEach(async () => {
    h = await watchHarness(edition);
    await refresh(true); // the first sync is done before the push exists
  });

  async function createHere(input: CreatePushInput = {}) {
    const push = await h.create(input);
    await recordCreatedPush(push, { server: BASE, kind: 'text' });
    return push;
  }

  it('turns into a server record and reports every view after its creation', async () => {
    const push = await createHere();
    await h.view(push.url_token, { ip: '203.0.113.4' });
    const { events } = await refresh(true);
    expect(events).toMatchObject([{ kind: 'viewed', ip: '203.0.113.4', views_left: 4 }]);
    expect((await listTrackedPushes(BASE))[0]).toMatchObject({ source: 'server', kind: 'text' });
  });

  it('keeps the subject recorded at create (for its label) once the server lists it', async () => {
    const push = await h.create({ payload: 'https://wiki.example.com/reset?t=1' });
    await recordCreatedPush(push, { server: BASE, kind: 'url', subject: 'wiki.example.com' });
    await refresh(true);
    expect((await listTrackedPushes(BASE))[0]).toMatchObject({
      source: 'server',
      subject: 'wiki.example.com',
    });
  });

  it('reports the view (with its IP) and the expiry of a push used up before the next refresh', async () => {
    const push = await createHere({ expire_after_views: 1 });
    await h.view(push.url_token, { ip: '203.0.113.4' });
    h.resetCounts();
    const { events } = await refresh(true);
    expect(events).toMatchObject([
      { kind: 'viewed', ip: '203.0.113.4', views_left: 0 },
      { kind: 'expired', reason: 'views', url_token: push.url_token },
    ]);
    expect(h.counts()).toEqual({ list: 2, audit: 1, other: 0 });
    expect((await listTrackedPushes(BASE))[0]).toMatchObject({
      source: 'server',
      expired: true,
      deleted: false,
      views_remaining: 0,
    });
    h.resetCounts();
    expect((await refresh(true)).events).toEqual([]);
    expect(h.counts()).toEqual({ list: 2, audit: 0, other: 0 });
  });

  it('reports a push deleted before the next refresh', async () => {
    const push = await createHere({ deletable_by_viewer: true });
    await h.anonymous.deletePush(push.url_token);
    const { events } = await refresh(true);
    expect(events).toMatchObject([{ kind: 'deleted', url_token: push.url_token }]);
    expect((await listTrackedPushes(BASE))[0]).toMatchObject({ expired: true, deleted: true });
  });
});
