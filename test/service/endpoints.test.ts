/**
 * Contract §1 (endpoint table, .json suffix, unknown paths) and §2 (authentication), over real HTTP.
 */
import { describe, expect, it } from 'vitest';
import {
  ALICE,
  EDITIONS,
  multipart,
  NOT_FOUND_ROUTE,
  startTestHost,
  type CallOptions,
  type TestHost,
} from './helpers';

describe.each(EDITIONS)('endpoint table (%s)', (edition) => {
  it('GET /version answers 200 with application_version, api_version 2.1, edition and features', async () => {
    const t = await startTestHost(edition);
    const reply = await t.call('GET', '/api/v2/version');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      application_version: expect.any(String),
      api_version: '2.1',
      edition: edition === 'pro' ? 'commercial' : 'oss',
      features: expect.any(Object),
    });
  });

  it('GET /version ignores a bad or empty token', async () => {
    const t = await startTestHost(edition);
    expect((await t.call('GET', '/api/v2/version', { token: 'wrong' })).status).toBe(200);
    expect((await t.call('GET', '/api/v2/version', { headers: { authorization: 'Bearer ' } })).status).toBe(
      200,
    );
  });

  it('POST /pushes answers 201 anonymously and with a token', async () => {
    const t = await startTestHost(edition);
    expect((await t.create({ payload: 'a' })).status).toBe(201);
    expect((await t.create({ payload: 'b' }, ALICE.token)).status).toBe(201);
  });

  it('GET /pushes/:url_token answers 200 anonymously with the payload', async () => {
    const t = await startTestHost(edition);
    const push = await t.push({ payload: 'hello' });
    const reply = await t.retrieve(push.url_token);
    expect(reply.status).toBe(200);
    expect(reply.body.payload).toBe('hello');
  });

  it('GET /pushes/:url_token/preview answers 200 {url} without counting a view or writing an entry', async () => {
    const t = await startTestHost(edition);
    const push = await t.push({ payload: 'p' }, ALICE.token);
    const reply = await t.call('GET', `/api/v2/pushes/${push.url_token}/preview`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ url: push.html_url });
    const audit = await t.audit(push.url_token);
    expect(audit.body.logs.map((entry: { kind: string }) => entry.kind)).toEqual(['creation']);
    const [listed] = (await t.call('GET', '/api/v2/pushes/active', { token: ALICE.token })).body;
    expect(listed.views_remaining).toBe(5);
  });

  it('GET /pushes/:url_token/audit answers 200 {logs} to the owner', async () => {
    const t = await startTestHost(edition);
    const push = await t.push({ payload: 'p' }, ALICE.token);
    const reply = await t.audit(push.url_token);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ logs: [expect.objectContaining({ kind: 'creation' })] });
  });

  it('DELETE /pushes/:url_token answers 200 with the deleted push', async () => {
    const t = await startTestHost(edition);
    const push = await t.push({ payload: 'p' }, ALICE.token);
    const reply = await t.call('DELETE', `/api/v2/pushes/${push.url_token}`, { token: ALICE.token });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ url_token: push.url_token, expired: true, deleted: true });
  });

  it('GET /pushes/active and /pushes/expired answer 200 arrays, newest first', async () => {
    const t = await startTestHost(edition);
    const first = await t.push({ payload: '1' }, ALICE.token);
    t.advance(1000);
    const second = await t.push({ payload: '2' }, ALICE.token);
    t.advance(1000);
    const third = await t.push({ payload: '3' }, ALICE.token);
    const active = await t.call('GET', '/api/v2/pushes/active', { token: ALICE.token });
    expect(active.status).toBe(200);
    expect(active.body.map((p: { url_token: string }) => p.url_token)).toEqual([
      third.url_token,
      second.url_token,
      first.url_token,
    ]);
    await t.call('DELETE', `/api/v2/pushes/${first.url_token}`, { token: ALICE.token });
    t.advance(1000);
    await t.call('DELETE', `/api/v2/pushes/${third.url_token}`, { token: ALICE.token });
    const expired = await t.call('GET', '/api/v2/pushes/expired', { token: ALICE.token });
    expect(expired.status).toBe(200);
    expect(expired.body.map((p: { url_token: string }) => p.url_token)).toEqual([
      third.url_token,
      first.url_token,
    ]);
    const stillActive = await t.call('GET', '/api/v2/pushes/active', { token: ALICE.token });
    expect(stillActive.body.map((p: { url_token: string }) => p.url_token)).toEqual([second.url_token]);
  });

  it('lists only the caller’s own pushes', async () => {
    const t = await startTestHost(edition);
    await t.push({ payload: 'mine' }, ALICE.token);
    await t.push({ payload: 'anonymous' });
    const bob = await t.call('GET', '/api/v2/pushes/active', { token: 'bob-token-0123456789' });
    expect(bob.body).toEqual([]);
    const alice = await t.call('GET', '/api/v2/pushes/active', { token: ALICE.token });
    expect(alice.body).toHaveLength(1);
  });
});

describe.each(EDITIONS)('.json suffix (%s)', (edition) => {
  it('is accepted on every endpoint', async () => {
    const t = await startTestHost(edition);
    expect((await t.call('GET', '/api/v2/version.json')).status).toBe(200);
    const created = await t.call('POST', '/api/v2/pushes.json', {
      token: ALICE.token,
      json: { push: { payload: 'x' } },
    });
    expect(created.status).toBe(201);
    const token = created.body.url_token;
    const preview = await t.call('GET', `/api/v2/pushes/${token}/preview.json`);
    expect(preview.status).toBe(200);
    expect(preview.body.url).toBe(created.body.html_url);
    const shown = await t.call('GET', `/api/v2/pushes/${token}.json`);
    expect(shown.status).toBe(200);
    expect(shown.body.payload).toBe('x');
    const audit = await t.call('GET', `/api/v2/pushes/${token}/audit.json`, { token: ALICE.token });
    expect(audit.status).toBe(200);
    expect(audit.body.logs.map((entry: { kind: string }) => entry.kind)).toEqual(['creation', 'view']);
    const active = await t.call('GET', '/api/v2/pushes/active.json', { token: ALICE.token });
    expect(active.status).toBe(200);
    expect(active.body).toHaveLength(1);
    const deleted = await t.call('DELETE', `/api/v2/pushes/${token}.json`, { token: ALICE.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body.deleted).toBe(true);
    const expired = await t.call('GET', '/api/v2/pushes/expired.json', { token: ALICE.token });
    expect(expired.status).toBe(200);
    expect(expired.body).toHaveLength(1);
  });

  it('json_url retrieves the push as JSON', async () => {
    const t = await startTestHost(edition);
    const push = await t.push({ payload: 'via json_url' });
    const reply = await t.call('GET', push.json_url.slice(t.baseUrl.length));
    expect(reply.status).toBe(200);
    expect(reply.body.payload).toBe('via json_url');
  });
});

describe.each(EDITIONS)('unknown paths and methods (%s)', (edition) => {
  it.each([
    ['GET', '/nope'],
    ['GET', '/api/v2'],
    ['GET', '/api/v2/requests'],
    ['GET', '/api/v2/accounts'],
    ['GET', '/api/v2/workspaces'],
    ['GET', '/api/v2/collections'],
    ['GET', '/api/v2/pushes'],
    ['GET', '/api/v1/version.json'],
    ['POST', '/api/v2/requests'],
    ['GET', '/api/v2/pushes/some-token/unknown'],
  ])('%s %s → 404 {"status":404,"error":"Not Found"}', async (method, path) => {
    const t = await startTestHost(edition);
    const reply = await t.call(method, path, { token: ALICE.token });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual(NOT_FOUND_ROUTE);
  });

  it.each(['PUT', 'PATCH'])('%s on a push → 404 Not Found', async (method) => {
    const t = await startTestHost(edition);
    const push = await t.push({ payload: 'p' }, ALICE.token);
    const reply = await t.call(method, `/api/v2/pushes/${push.url_token}`, {
      token: ALICE.token,
      json: { push: { payload: 'changed' } },
    });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual(NOT_FOUND_ROUTE);
    expect((await t.retrieve(push.url_token, { token: ALICE.token })).body.payload).toBe('p');
  });
});

/** Every non-version endpoint, called on a live push `token`. */
function endpoints(
  t: TestHost,
  urlToken: string,
): Array<[string, (options: CallOptions) => ReturnType<TestHost['call']>]> {
  return [
    ['POST /pushes', (o) => t.call('POST', '/api/v2/pushes', { ...o, json: { push: { payload: 'x' } } })],
    [
      'POST /pushes (multipart)',
      (o) => t.call('POST', '/api/v2/pushes', { ...o, body: multipart({ payload: 'x' }) }),
    ],
    ['GET /pushes/:t', (o) => t.call('GET', `/api/v2/pushes/${urlToken}`, o)],
    ['GET /pushes/:t/preview', (o) => t.call('GET', `/api/v2/pushes/${urlToken}/preview`, o)],
    ['GET /pushes/:t/audit', (o) => t.call('GET', `/api/v2/pushes/${urlToken}/audit`, o)],
    ['DELETE /pushes/:t', (o) => t.call('DELETE', `/api/v2/pushes/${urlToken}`, o)],
    ['GET /pushes/active', (o) => t.call('GET', '/api/v2/pushes/active', o)],
    ['GET /pushes/expired', (o) => t.call('GET', '/api/v2/pushes/expired', o)],
  ];
}

describe.each(EDITIONS)('authentication (%s)', (edition) => {
  it.each([
    ['an unknown token', { authorization: 'Bearer not-a-user-token' }],
    ['an empty Bearer token', { authorization: 'Bearer ' }],
    ['a Basic header from a proxy', { authorization: 'Basic YWxpY2U6c2VjcmV0' }],
  ])('%s → 401 with an empty body on every endpoint but /version', async (_label, headers) => {
    const t = await startTestHost(edition);
    const push = await t.push({ payload: 'p', deletable_by_viewer: true });
    for (const [name, call] of endpoints(t, push.url_token)) {
      const reply = await call({ headers });
      expect({ name, status: reply.status, text: reply.text }).toEqual({ name, status: 401, text: '' });
    }
    // Nothing happened to the push: still live, nothing viewed or deleted.
    const live = await t.retrieve(push.url_token);
    expect(live.body).toMatchObject({ expired: false, payload: 'p', views_remaining: 4 });
  });

  it.each(['audit', 'active', 'expired'])('no token on %s → 401 with an empty body', async (which) => {
    const t = await startTestHost(edition);
    const push = await t.push({ payload: 'p' }, ALICE.token);
    const path = which === 'audit' ? `/api/v2/pushes/${push.url_token}/audit` : `/api/v2/pushes/${which}`;
    const reply = await t.call('GET', path);
    expect(reply.status).toBe(401);
    expect(reply.text).toBe('');
  });

  it('authenticates by the Bearer token alone (no session cookie is honoured)', async () => {
    const t = await startTestHost(edition);
    await t.push({ payload: 'p' }, ALICE.token);
    const reply = await t.call('GET', '/api/v2/pushes/active', {
      headers: { cookie: `_session=${ALICE.token}` },
    });
    expect(reply.status).toBe(401);
  });
});
