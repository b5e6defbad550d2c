import { describe, expect, it } from 'vitest';
import { ALICE, BOB, DAY, MINUTE, T0, body, harness } from './helpers';

const iso = (ms: number) => new Date(ms).toISOString();

describe('time expiry', () => {
  it('expires a pro push at exactly created_at + duration', async () => {
    const h = await harness('pro');
    const push = await h.createPush({ payload: 's', expire_after_duration: 0 });
    expect(push.expires_at).toBe(iso(T0 + 15 * MINUTE));
    expect(push.expires_in).toBe(900);

    h.clock.now = T0 + 15 * MINUTE - 1;
    const before = await body(await h.call('GET', `/api/v2/pushes/${push.url_token}/preview`));
    expect(before.url).toBeTruthy();
    const active = (await body(
      await h.call('GET', '/api/v2/pushes/active', { token: ALICE.token }),
    )) as unknown;
    expect((active as unknown[]).length).toBe(1);

    h.clock.now = T0 + 15 * MINUTE;
    const shown = await body(await h.call('GET', `/api/v2/pushes/${push.url_token}`));
    expect(shown).toMatchObject({ expired: true, payload: null, files: [], expires_at: null, expires_in: 0 });
    expect(shown.expired_on).toBe(iso(T0 + 15 * MINUTE));
  });

  it('expires an oss push at exactly created_at + days', async () => {
    const h = await harness('oss');
    const push = await h.createPush({ payload: 's', expire_after_days: 2 });
    expect(push.expire_after_days).toBe(2);
    h.clock.now = T0 + 2 * DAY - 1;
    const live = await body(await h.call('GET', `/api/v2/pushes/${push.url_token}`, { token: ALICE.token }));
    expect(live).toMatchObject({ expired: false, payload: 's', days_remaining: 1 });
    h.clock.now = T0 + 2 * DAY;
    const gone = await body(await h.call('GET', `/api/v2/pushes/${push.url_token}`));
    expect(gone).toMatchObject({ expired: true, payload: null, passphrase: null, days_remaining: 0 });
    expect(gone.expired_on).toBe(iso(T0 + 2 * DAY));
  });

  it('moves a push from the active to the expired list when its time is up, without a read', async () => {
    const h = await harness('pro');
    const short = await h.createPush({ payload: 'a', expire_after_duration: 3 });
    const long = await h.createPush({ payload: 'b', expire_after_duration: 6 });
    h.clock.now = T0 + 60 * MINUTE;
    const active = (await (await h.call('GET', '/api/v2/pushes/active', { token: ALICE.token })).json()) as {
      url_token: string;
    }[];
    const expired = (await (
      await h.call('GET', '/api/v2/pushes/expired', { token: ALICE.token })
    ).json()) as {
      url_token: string;
      expired_on: string;
    }[];
    expect(active.map((p) => p.url_token)).toEqual([long.url_token]);
    expect(expired.map((p) => p.url_token)).toEqual([short.url_token]);
    expect(expired[0]?.expired_on).toBe(iso(T0 + 60 * MINUTE));
  });
});

describe('views', () => {
  it('gives the last view the payload with views_remaining 0 and expired false, then expires', async () => {
    const h = await harness('pro');
    const push = await h.createPush({ payload: 'secret', expire_after_views: 2 });
    const path = `/api/v2/pushes/${push.url_token}`;
    expect(await body(await h.call('GET', path))).toMatchObject({ views_remaining: 1, payload: 'secret' });
    h.clock.now += 1000;
    const last = await body(await h.call('GET', path));
    expect(last).toMatchObject({ payload: 'secret', views_remaining: 0, expired: false });
    h.clock.now += 1000;
    const after = await body(await h.call('GET', path));
    expect(after).toMatchObject({ payload: null, expired: true, files: [] });
    expect(after.expired_on).toBe(iso(T0 + 1000));
    const logs = (await body(await h.call('GET', `${path}/audit`, { token: ALICE.token }))).logs as {
      kind: string;
    }[];
    expect(logs.map((l) => l.kind)).toEqual(['creation', 'view', 'view', 'failed_view']);
  });

  it("does not count the owner's own retrieval", async () => {
    const h = await harness('oss');
    const push = await h.createPush({ payload: 'x', expire_after_views: 1 });
    const path = `/api/v2/pushes/${push.url_token}`;
    expect(await body(await h.call('GET', path, { token: ALICE.token }))).toMatchObject({
      views_remaining: 1,
    });
    expect(await body(await h.call('GET', path, { token: BOB.token }))).toMatchObject({
      views_remaining: 0,
      payload: 'x',
    });
    expect(await body(await h.call('GET', path, { token: ALICE.token }))).toMatchObject({ expired: true });
  });

  it('keeps a file push downloadable for 10 minutes after its last view, read again or not', async () => {
    const h = await harness('pro');
    const form = new FormData();
    form.append('push[expire_after_views]', '1');
    form.append('push[files][]', new File(['one'], 'a.txt', { type: 'text/plain' }));
    form.append('push[files][]', new File([new Uint8Array([1, 2])], 'b.bin', { type: 'application/x-test' }));
    const created = await body(await h.call('POST', '/api/v2/pushes', { token: ALICE.token, body: form }));
    const path = `/api/v2/pushes/${created.url_token as string}`;
    const shown = await body(await h.call('GET', path));
    expect(shown).toMatchObject({ expired: false, views_remaining: 0 });
    const files = shown.files as { filename: string; content_type: string; url: string }[];
    expect(files.map((f) => [f.filename, f.content_type])).toEqual([
      ['a.txt', 'text/plain'],
      ['b.bin', 'application/x-test'],
    ]);
    const download = (url: string) => h.call('GET', new URL(url).pathname);
    const first = await download(files[0]!.url);
    expect(first.status).toBe(200);
    expect(await first.text()).toBe('one');
    expect(first.headers.get('content-disposition')).toContain('attachment; filename="a.txt"');
    expect((await download(files[1]!.url)).headers.get('content-type')).toBe('application/x-test');
    expect((await download(files[0]!.url)).status).toBe(200);

    expect(await body(await h.call('GET', path))).toMatchObject({ expired: true, files: [] });
    expect((await download(files[0]!.url)).status).toBe(200);
    h.clock.now += 10 * 60_000;
    expect((await download(files[0]!.url)).status).toBe(404);
  });
});

describe('passphrase limiter', () => {
  it('refuses the sixth attempt within a minute, even a right one, and resets after the minute', async () => {
    const h = await harness('pro');
    const push = await h.createPush({ payload: 'p', passphrase: 'open sesame' });
    const path = `/api/v2/pushes/${push.url_token}`;
    for (let i = 0; i < 5; i++) {
      const wrong = await h.call('GET', path, { headers: { 'X-Passphrase': `nope${i}` } });
      expect(wrong.status).toBe(401);
      h.clock.now += 5000;
    }
    const sixth = await h.call('GET', `${path}?passphrase=open%20sesame`);
    expect(sixth.status).toBe(429);
    expect(await sixth.json()).toEqual({
      error: 'Too many passphrase attempts. Please try again in a minute.',
    });
    h.clock.now = T0 + MINUTE;
    const later = await h.call('GET', path, { headers: { 'X-Passphrase': 'open sesame' } });
    expect(await body(later)).toMatchObject({ payload: 'p', passphrase: '********' });
  });

  it('reads only the query on oss and echoes the passphrase there', async () => {
    const h = await harness('oss');
    const push = await h.createPush({ payload: 'p', passphrase: 'pw' });
    const path = `/api/v2/pushes/${push.url_token}`;
    expect((await h.call('GET', path, { headers: { 'X-Passphrase': 'pw' } })).status).toBe(401);
    expect(await body(await h.call('GET', `${path}?passphrase=pw`))).toMatchObject({
      payload: 'p',
      passphrase: 'pw',
    });
  });
});

describe('per-address rate limit', () => {
  it('answers 429 Retry later with the seconds left in the window, then lets the next window through', async () => {
    const h = await harness('pro', { rateLimit: 3 });
    h.clock.now = T0 + 15_000;
    for (let i = 0; i < 3; i++) expect((await h.call('GET', '/api/v2/version')).status).toBe(200);
    const limited = await h.call('GET', '/api/v2/version');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(limited.headers.get('retry-after')).toBe('45');
    expect(await limited.text()).toBe('Retry later');
    expect((await h.call('GET', '/api/v2/version', { ip: '10.0.0.2' })).status).toBe(200);
    h.clock.now = T0 + MINUTE;
    expect((await h.call('GET', '/api/v2/version')).status).toBe(200);
  });

  it('is off at 0', async () => {
    const h = await harness('pro', { rateLimit: 0 });
    for (let i = 0; i < 200; i++) expect((await h.call('GET', '/api/v2/version')).status).toBe(200);
  });
});
