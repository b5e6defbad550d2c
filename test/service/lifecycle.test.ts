/**
 * Contract §5: views, last view, time, expired retrieval, passphrase, delete and audit, over real HTTP with
 * the host's injected clock.
 */
import { describe, expect, it } from 'vitest';
import {
  ALICE,
  auditKinds,
  BOB,
  DAY,
  EDITIONS,
  MINUTE,
  multipart,
  NOT_FOUND_TOKEN,
  PASSPHRASE_401,
  startTestHost,
  type TestHost,
} from './helpers';

const activeItem = async (t: TestHost, urlToken: string) => {
  const lists = [
    ...(await t.call('GET', '/api/v2/pushes/active', { token: ALICE.token })).body,
    ...(await t.call('GET', '/api/v2/pushes/expired', { token: ALICE.token })).body,
  ];
  return lists.find((push: { url_token: string }) => push.url_token === urlToken);
};

describe.each(EDITIONS)('views (%s)', (edition) => {
  it('a retrieval by anyone but the owner counts as a view', async () => {
    const t = await startTestHost(edition);
    const push = await t.push({ payload: 'p' }, ALICE.token);
    expect((await t.retrieve(push.url_token)).body.views_remaining).toBe(4);
    expect((await t.retrieve(push.url_token, { token: BOB.token })).body.views_remaining).toBe(3);
    expect(await auditKinds(t, push.url_token)).toEqual(['creation', 'view', 'view']);
  });

  it('the owner’s retrieval writes owner_view and does not count', async () => {
    const t = await startTestHost(edition);
    const push = await t.push({ payload: 'p' }, ALICE.token);
    const shown = await t.retrieve(push.url_token, { token: ALICE.token });
    expect(shown.body).toMatchObject({ payload: 'p', views_remaining: 5 });
    expect(await auditKinds(t, push.url_token)).toEqual(['creation', 'owner_view']);
    expect((await activeItem(t, push.url_token)).views_remaining).toBe(5);
  });

  it('the last view carries the payload, views_remaining 0 and expired false; then the push is expired', async () => {
    const t = await startTestHost(edition);
    const push = await t.push({ payload: 'last', expire_after_views: 2 }, ALICE.token);
    await t.retrieve(push.url_token);
    t.advance(1234);
    const last = await t.retrieve(push.url_token);
    expect(last.status).toBe(200);
    expect(last.body).toMatchObject({ payload: 'last', views_remaining: 0, expired: false });
    const listed = await activeItem(t, push.url_token);
    expect(listed).toMatchObject({
      expired: true,
      expired_on: new Date(t.now).toISOString(),
      deleted: false,
    });
    const expiredList = (await t.call('GET', '/api/v2/pushes/expired', { token: ALICE.token })).body;
    expect(expiredList.map((p: { url_token: string }) => p.url_token)).toEqual([push.url_token]);
    const after = await t.retrieve(push.url_token);
    expect(after.body).toMatchObject({ expired: true, payload: null, files: [], views_remaining: 0 });
  });

  it('a file push keeps its files downloadable for 10 minutes after its last view, then 404', async () => {
    const t = await startTestHost(edition);
    const created = await t.call('POST', '/api/v2/pushes', {
      token: ALICE.token,
      body: multipart({ kind: 'file', expire_after_views: '1' }, [
        { name: 'k.txt', type: 'text/plain', data: 'KEY' },
      ]),
    });
    const last = await t.retrieve(created.body.url_token);
    expect(last.body).toMatchObject({ views_remaining: 0, expired: false });
    const url = last.body.files[0].url;
    expect(await (await fetch(url)).text()).toBe('KEY');
    const next = await t.retrieve(created.body.url_token);
    expect(next.body).toMatchObject({ expired: true, files: [] });
    t.advance(10 * MINUTE - 1);
    expect(await (await fetch(url)).text()).toBe('KEY'); // the recipient's page may still fetch them
    t.advance(1);
    expect((await fetch(url)).status).toBe(404);
  });

  it('a file push whose files nobody reads again is erased 10 minutes after its last view', async () => {
    const t = await startTestHost(edition);
    const created = await t.call('POST', '/api/v2/pushes', {
      token: ALICE.token,
      body: multipart({ kind: 'file', expire_after_views: '1' }, [
        { name: 'k.txt', type: 'text/plain', data: 'KEY' },
      ]),
    });
    const url = (await t.retrieve(created.body.url_token)).body.files[0].url;
    t.advance(10 * MINUTE);
    await t.call('GET', '/api/v2/version'); // any request erases what is due
    expect((await fetch(url)).status).toBe(404);
  });

  it('404 {"error":"not-found"} for a push that does not exist, on every push endpoint', async () => {
    const t = await startTestHost(edition);
    for (const [method, path] of [
      ['GET', '/api/v2/pushes/doesnotexist1'],
      ['GET', '/api/v2/pushes/doesnotexist1/preview'],
      ['GET', '/api/v2/pushes/doesnotexist1/audit'],
      ['DELETE', '/api/v2/pushes/doesnotexist1'],
    ] as const) {
      const reply = await t.call(method, path, { token: ALICE.token });
      expect({ path, method, status: reply.status, body: reply.body }).toEqual({
        path,
        method,
        status: 404,
        body: NOT_FOUND_TOKEN,
      });
    }
  });
});

describe.each(EDITIONS)('time (%s)', (edition) => {
  const options = edition === 'pro' ? { expire_after_duration: 3 } : { expire_after_days: 1 };
  const lifetime = edition === 'pro' ? 60 * MINUTE : DAY;

  it('a push is live until created_at + duration and expired from then on', async () => {
    const t = await startTestHost(edition);
    const push = await t.push({ payload: 'p', ...options }, ALICE.token);
    const createdAt = t.now;
    t.advance(lifetime - 1);
    expect((await t.retrieve(push.url_token, { token: ALICE.token })).body).toMatchObject({
      expired: false,
      payload: 'p',
    });
    t.advance(1);
    const gone = await t.retrieve(push.url_token);
    expect(gone.status).toBe(200);
    expect(gone.body).toMatchObject({
      expired: true,
      payload: null,
      files: [],
      expired_on: new Date(createdAt + lifetime).toISOString(),
      deleted: false,
      days_remaining: 0,
    });
    if (edition === 'pro') expect(gone.body).toMatchObject({ expires_at: null, expires_in: 0 });
  });

  it('expiry by time is seen in the lists too', async () => {
    const t = await startTestHost(edition);
    const push = await t.push({ payload: 'p', ...options }, ALICE.token);
    t.advance(lifetime + 5 * MINUTE);
    expect((await t.call('GET', '/api/v2/pushes/active', { token: ALICE.token })).body).toEqual([]);
    const [expired] = (await t.call('GET', '/api/v2/pushes/expired', { token: ALICE.token })).body;
    expect(expired).toMatchObject({
      url_token: push.url_token,
      expired: true,
      expired_on: new Date(t.now - 5 * MINUTE).toISOString(),
    });
  });

  // pro (contract §4): whole days left until expires_at. oss (reference §4): expire_after_days minus whole
  // days since created_at. Two days and a second into a 7-day push, that is 4 and 5.
  it(`days_remaining counts ${edition === 'pro' ? 'whole days left' : 'days minus whole days elapsed'}`, async () => {
    const t = await startTestHost(edition);
    const push = await t.push(
      { payload: 'p', ...(edition === 'pro' ? {} : { expire_after_days: 7 }) },
      ALICE.token,
    );
    t.advance(2 * DAY + 1000);
    expect((await activeItem(t, push.url_token)).days_remaining).toBe(edition === 'pro' ? 4 : 5);
  });
});

describe.each(EDITIONS)('expired retrieval (%s)', (edition) => {
  it('answers 200 with expired true, payload null, files [] and writes a counted failed_view', async () => {
    const t = await startTestHost(edition);
    const push = await t.push(
      { payload: 'p', ...(edition === 'pro' ? { expire_after_duration: 0 } : {}) },
      ALICE.token,
    );
    t.advance(edition === 'pro' ? 15 * MINUTE : 7 * DAY);
    const reply = await t.retrieve(push.url_token);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ expired: true, payload: null, files: [], views_remaining: 4 });
    const again = await t.retrieve(push.url_token);
    expect(again.body.views_remaining).toBe(3);
    expect(await auditKinds(t, push.url_token)).toEqual(['creation', 'failed_view', 'failed_view']);
  });
});

describe.each(EDITIONS)('passphrase (%s)', (edition) => {
  async function guarded() {
    const t = await startTestHost(edition);
    const push = await t.push({ payload: 'guarded', passphrase: 'correct horse' }, ALICE.token);
    return { t, token: push.url_token as string };
  }

  it('the right passphrase in the query opens the push', async () => {
    const { t, token } = await guarded();
    const reply = await t.retrieve(token, { passphrase: 'correct horse' });
    expect(reply.status).toBe(200);
    expect(reply.body.payload).toBe('guarded');
  });

  it('missing → 401 with the passphrase body, a failed_passphrase entry and no view counted', async () => {
    const { t, token } = await guarded();
    const reply = await t.retrieve(token);
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual(PASSPHRASE_401);
    expect(await auditKinds(t, token)).toEqual(['creation', 'failed_passphrase']);
    expect((await activeItem(t, token)).views_remaining).toBe(5);
  });

  it('wrong → 401 with the passphrase body, a failed_passphrase entry and no view counted', async () => {
    const { t, token } = await guarded();
    const reply = await t.retrieve(token, { passphrase: 'wrong horse' });
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual(PASSPHRASE_401);
    expect(await auditKinds(t, token)).toEqual(['creation', 'failed_passphrase']);
    expect((await activeItem(t, token)).views_remaining).toBe(5);
  });

  it('the owner is not exempt', async () => {
    const { t, token } = await guarded();
    expect((await t.retrieve(token, { token: ALICE.token })).status).toBe(401);
    expect((await t.retrieve(token, { token: ALICE.token, passphrase: 'correct horse' })).status).toBe(200);
  });

  if (edition === 'pro') {
    it('X-Passphrase opens the push', async () => {
      const { t, token } = await guarded();
      const reply = await t.retrieve(token, { headers: { 'x-passphrase': 'correct horse' } });
      expect(reply.status).toBe(200);
      expect(reply.body.payload).toBe('guarded');
    });

    it('X-Passphrase is read before the query parameter', async () => {
      const { t, token } = await guarded();
      const wrongHeader = await t.retrieve(token, {
        passphrase: 'correct horse',
        headers: { 'x-passphrase': 'nope' },
      });
      expect(wrongHeader.status).toBe(401);
      const rightHeader = await t.retrieve(token, {
        passphrase: 'nope',
        headers: { 'x-passphrase': 'correct horse' },
      });
      expect(rightHeader.status).toBe(200);
    });
  } else {
    it('X-Passphrase is ignored', async () => {
      const { t, token } = await guarded();
      const reply = await t.retrieve(token, { headers: { 'x-passphrase': 'correct horse' } });
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual(PASSPHRASE_401);
    });
  }

  it('more than 5 passphrase requests for one push within a minute → 429, even when right', async () => {
    const { t, token } = await guarded();
    for (let i = 0; i < 5; i++)
      expect((await t.retrieve(token, { passphrase: `guess ${i}` })).status).toBe(401);
    const sixth = await t.retrieve(token, { passphrase: 'correct horse' });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({ error: 'Too many passphrase attempts. Please try again in a minute.' });
    expect((await activeItem(t, token)).views_remaining).toBe(5);
    t.advance(61_000);
    expect((await t.retrieve(token, { passphrase: 'correct horse' })).status).toBe(200);
  });

  it('requests without a passphrase do not count toward the 429', async () => {
    const { t, token } = await guarded();
    for (let i = 0; i < 6; i++) expect((await t.retrieve(token)).status).toBe(401);
    expect((await t.retrieve(token, { passphrase: 'correct horse' })).status).toBe(200);
  });

  it('the passphrase limit is per push', async () => {
    const { t, token } = await guarded();
    const other = await t.push({ payload: 'other', passphrase: 'pw' });
    for (let i = 0; i < 6; i++) await t.retrieve(token, { passphrase: 'bad' });
    expect((await t.retrieve(other.url_token, { passphrase: 'pw' })).status).toBe(200);
  });

  it('an expired push skips the check: 200 expired without a passphrase', async () => {
    const { t, token } = await guarded();
    await t.call('DELETE', `/api/v2/pushes/${token}`, { token: ALICE.token });
    const reply = await t.retrieve(token);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ expired: true, payload: null });
    expect(await auditKinds(t, token)).toEqual(['creation', 'expire', 'failed_view']);
  });
});

describe.each(EDITIONS)('delete (%s)', (edition) => {
  it('the owner may delete a push that is not deletable by viewers', async () => {
    const t = await startTestHost(edition);
    const push = await t.push(
      { payload: 'p', deletable_by_viewer: false, expire_after_views: 7 },
      ALICE.token,
    );
    t.advance(4321);
    const reply = await t.call('DELETE', `/api/v2/pushes/${push.url_token}`, { token: ALICE.token });
    expect(reply.status).toBe(200);
    const common = {
      expired: true,
      deleted: true,
      expired_on: new Date(t.now).toISOString(),
    };
    if (edition === 'pro') {
      expect(reply.body).toMatchObject({
        ...common,
        expires_at: null,
        expires_in: 0,
        days_remaining: 0,
        views_remaining: 0,
      });
    } else {
      // oss keeps its counters
      expect(reply.body).toMatchObject({ ...common, days_remaining: 7, views_remaining: 7 });
    }
    expect(await auditKinds(t, push.url_token)).toEqual(['creation', 'expire']);
  });

  it('erases the payload: later retrievals get payload null', async () => {
    const t = await startTestHost(edition);
    const push = await t.push({ payload: 'erase me' }, ALICE.token);
    await t.call('DELETE', `/api/v2/pushes/${push.url_token}`, { token: ALICE.token });
    const shown = await t.retrieve(push.url_token, { token: ALICE.token });
    expect(shown.body).toMatchObject({ expired: true, payload: null });
  });

  it('anyone may delete a push with deletable_by_viewer', async () => {
    const t = await startTestHost(edition);
    const push = await t.push({ payload: 'p', deletable_by_viewer: true }, ALICE.token);
    const reply = await t.call('DELETE', `/api/v2/pushes/${push.url_token}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ expired: true, deleted: true });
  });

  it.each([
    ['an anonymous viewer', null],
    ['another user', BOB.token],
  ])('%s gets 401 "not deletable" when deletable_by_viewer is false', async (_label, token) => {
    const t = await startTestHost(edition);
    const push = await t.push({ payload: 'p', deletable_by_viewer: false }, ALICE.token);
    const reply = await t.call('DELETE', `/api/v2/pushes/${push.url_token}`, { token });
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ error: 'That push is not deletable by viewers.' });
    expect((await t.retrieve(push.url_token)).body).toMatchObject({ expired: false, payload: 'p' });
  });

  it('an already expired push: 200 with the current object and no new entry', async () => {
    const t = await startTestHost(edition);
    const push = await t.push({ payload: 'p', expire_after_views: 1 }, ALICE.token);
    await t.retrieve(push.url_token); // last view
    await t.retrieve(push.url_token); // expired: failed_view
    const before = await activeItem(t, push.url_token);
    const reply = await t.call('DELETE', `/api/v2/pushes/${push.url_token}`, { token: ALICE.token });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ expired: true, deleted: false, expired_on: before.expired_on });
    expect(await auditKinds(t, push.url_token)).toEqual(['creation', 'view', 'failed_view']);
  });

  it('deleting twice writes one expire entry', async () => {
    const t = await startTestHost(edition);
    const push = await t.push({ payload: 'p' }, ALICE.token);
    await t.call('DELETE', `/api/v2/pushes/${push.url_token}`, { token: ALICE.token });
    const second = await t.call('DELETE', `/api/v2/pushes/${push.url_token}`, { token: ALICE.token });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ expired: true, deleted: true });
    expect(await auditKinds(t, push.url_token)).toEqual(['creation', 'expire']);
  });
});

describe.each(EDITIONS)('audit (%s)', (edition) => {
  it('another user gets 403 "doesn’t belong to you"', async () => {
    const t = await startTestHost(edition);
    const push = await t.push({ payload: 'p' }, ALICE.token);
    const reply = await t.audit(push.url_token, BOB.token);
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ error: "That push doesn't belong to you." });
  });

  it('any user gets 403 on an anonymous push', async () => {
    const t = await startTestHost(edition);
    const push = await t.push({ payload: 'p' });
    const reply = await t.audit(push.url_token, ALICE.token);
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ error: "That push doesn't belong to you." });
  });

  it('records every kind, oldest first', async () => {
    const t = await startTestHost(edition);
    const push = await t.push(
      { payload: 'p', passphrase: 'pw', notify_emails_to: 'carol@example.com' },
      ALICE.token,
    );
    await t.retrieve(push.url_token, { passphrase: 'pw' });
    await t.retrieve(push.url_token, { passphrase: 'pw', token: ALICE.token });
    await t.retrieve(push.url_token, { passphrase: 'bad' });
    await t.call('DELETE', `/api/v2/pushes/${push.url_token}`, { token: ALICE.token });
    await t.retrieve(push.url_token);
    expect(await auditKinds(t, push.url_token)).toEqual([
      'creation',
      'creation_email_send',
      'view',
      'owner_view',
      'failed_passphrase',
      'expire',
      'failed_view',
    ]);
  });

  it('takes ip, user_agent and referrer from the request (referrer null without Referer)', async () => {
    const t = await startTestHost(edition);
    const push = await t.push({ payload: 'p' }, ALICE.token);
    await t.retrieve(push.url_token, {
      headers: { 'user-agent': 'Recipient Browser/2.0', referer: 'https://chat.example/room/1' },
    });
    const { logs } = (await t.audit(push.url_token)).body;
    expect(logs[0]).toMatchObject({
      kind: 'creation',
      ip: '127.0.0.1',
      user_agent: 'service-test/1.0',
      referrer: null,
    });
    expect(logs[1]).toMatchObject({
      kind: 'view',
      ip: '127.0.0.1',
      user_agent: 'Recipient Browser/2.0',
      referrer: 'https://chat.example/room/1',
    });
  });
});
