import { beforeEach, describe, expect, it } from 'vitest';
import { idbCache } from '@/lib/watch/cache';
import { watchDb } from '@/lib/watch/db';
import { listTrackedPushes } from '@/lib/watch/read';
import { recordCreatedPush } from '@/lib/watch/record';
import { refreshWatch } from '@/lib/watch/refresh';
import { watchRevisionItem } from '@/lib/store/items';
import { BASE, DAY, resetWatchDb, watchHarness, type WatchHarness } from './helpers';

let h: WatchHarness;
const refresh = (hasToken: boolean) =>
  refreshWatch({ client: h.owner, cache: idbCache(watchDb), clock: h.clock, server: BASE, hasToken });

beforeEach(async () => {
  await resetWatchDb();
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
    expect(await watchRevisionItem.getValue()).toBe(1);
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
});

describe('a push created here with a token', () => {
  it('turns into a server record and reports every view after its creation', async () => {
    h = await watchHarness('pro');
    await refresh(true); // the first sync is done before the push exists
    const push = await h.create();
    await recordCreatedPush(push, { server: BASE, kind: 'text' });
    await h.view(push.url_token, { ip: '203.0.113.4' });
    const { events } = await refresh(true);
    expect(events).toMatchObject([{ kind: 'viewed', ip: '203.0.113.4', views_left: 4 }]);
    expect((await listTrackedPushes(BASE))[0]).toMatchObject({ source: 'server', kind: 'text' });
  });
});
