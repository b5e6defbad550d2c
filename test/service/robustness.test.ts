/**
 * Bad input over real HTTP: every odd request gets a clean 4xx (never a 500 or a dropped connection), and
 * the next ordinary request still works.
 */
import { describe, expect, it } from 'vitest';
import { ALICE, EDITIONS, NOT_FOUND_ROUTE, NOT_FOUND_TOKEN, startTestHost, type TestHost } from './helpers';

const BAD_REQUEST = { status: 400, error: 'Bad Request' };
const MISSING_PUSH = { error: 'param is missing or the value is empty or invalid: push' };

/** What a create with a wrongly typed field gives: the status, and the 422 body or fields to check. */
interface Outcome {
  status: 201 | 422;
  body?: Record<string, string[]>;
  created?: Record<string, unknown>;
  shown?: Record<string, unknown>;
  /** oss: keys the create view must not have. */
  absent?: string[];
}

/** The host still creates and serves a push after whatever came before. */
async function stillWorks(t: TestHost): Promise<void> {
  const push = await t.push({ payload: 'still fine' }, ALICE.token);
  const shown = await t.retrieve(push.url_token);
  expect(shown.status).toBe(200);
  expect(shown.body.payload).toBe('still fine');
}

describe.each(EDITIONS)('robustness (%s)', (edition) => {
  it.each([
    ['truncated JSON', '{"push":{"payload":"x"'],
    ['an unterminated string', '"push'],
    ['binary noise', '\u0000\u0001\u00ff{{{'],
    ['a huge nesting', '['.repeat(10_000)],
  ])('malformed JSON (%s) → 400 Bad Request', async (_label, text) => {
    const t = await startTestHost(edition);
    const reply = await t.call('POST', '/api/v2/pushes', {
      body: text,
      headers: { 'content-type': 'application/json' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(BAD_REQUEST);
    await stillWorks(t);
  });

  it.each([
    ['push is an array', { push: ['payload'] }],
    ['push is a string', { push: 'payload' }],
    ['push is a number', { push: 42 }],
    ['the body is an array', [{ push: { payload: 'x' } }]],
    ['the body is null', null],
    ['the body is a bare string', 'push'],
  ])('%s → 400 "param is missing", not a crash', async (_label, json) => {
    const t = await startTestHost(edition);
    const reply = await t.call('POST', '/api/v2/pushes', { json });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(MISSING_PUSH);
    await stillWorks(t);
  });

  // One exact outcome each: strong parameters drop an object or array given for a scalar (the field is
  // then absent: its default, or "required"), scalars are cast (numbers to text, odd booleans to false).
  const PAYLOAD_REQUIRED: Outcome = { status: 422, body: { payload: ['Payload is required.'] } };
  it.each<[string, Record<string, unknown>, Outcome]>([
    ['payload as a number', { payload: 42 }, { status: 201, shown: { payload: '42' } }],
    ['payload as an object', { payload: { nested: true } }, PAYLOAD_REQUIRED],
    ['payload as an array', { payload: ['a', 'b'] }, PAYLOAD_REQUIRED],
    [
      'kind as a number',
      { kind: 7, payload: 'p' },
      { status: 422, body: { kind: ['is not included in the list'] } },
    ],
    [
      'expire_after_views as a word',
      { payload: 'p', expire_after_views: 'lots' },
      edition === 'pro'
        ? { status: 422, body: { expire_after_views: ['must be a whole number from 1 to 100.'] } }
        : { status: 201, created: { expire_after_views: 5 } }, // oss: silently the default
    ],
    [
      'expire_after_views as an object',
      { payload: 'p', expire_after_views: { n: 1 } },
      { status: 201, created: { expire_after_views: 5, views_remaining: 5 } },
    ],
    [
      'notify_emails_to as an array',
      { payload: 'p', notify_emails_to: ['a@example.com'] },
      {
        status: 201,
        created: edition === 'pro' ? { notify_emails_to: null } : {},
        absent: ['notify_emails_to'],
      },
    ],
    ['name as an object', { payload: 'p', name: { first: 'x' } }, { status: 201, created: { name: '' } }],
    [
      'deletable_by_viewer as a number',
      { payload: 'p', deletable_by_viewer: 42 },
      { status: 201, created: { deletable_by_viewer: false } },
    ],
    [
      'retrieval_step as an object',
      { payload: 'p', retrieval_step: { yes: true } },
      { status: 201, created: { retrieval_step: true } },
    ],
    [
      'passphrase as a number',
      { payload: 'p', passphrase: 1234 },
      { status: 201, created: { passphrase: edition === 'pro' ? '********' : '1234' } },
    ],
  ])('a wrong type (%s) → one exact outcome, never a crash', async (_label, push, outcome) => {
    const t = await startTestHost(edition);
    const reply = await t.create(push, ALICE.token);
    expect(reply.status).toBe(outcome.status);
    if (outcome.status === 422) expect(reply.body).toEqual(outcome.body);
    if (outcome.created) expect(reply.body).toMatchObject(outcome.created);
    if (outcome.shown) {
      const shown = await t.retrieve(reply.body.url_token);
      expect(shown.body).toMatchObject(outcome.shown);
    }
    if (outcome.absent && edition === 'oss') {
      for (const key of outcome.absent) expect(reply.body).not.toHaveProperty(key);
    }
    await stillWorks(t);
  });

  it('ignores unknown fields, inside push and at the top level', async () => {
    const t = await startTestHost(edition);
    const reply = await t.create({ payload: 'p', colour: 'blue', views_total: 9, __proto__x: 1 }, null, {
      extra: true,
      push_locale: 'fr',
    });
    expect(reply.status).toBe(201);
    expect(reply.body).not.toHaveProperty('colour');
    await stillWorks(t);
  });

  it('ignores a __proto__ key without polluting anything', async () => {
    const t = await startTestHost(edition);
    const reply = await t.call('POST', '/api/v2/pushes', {
      body: '{"push":{"payload":"p","__proto__":{"expire_after_views":1}}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ expire_after_views: 5, views_remaining: 5 });
    expect(({} as Record<string, unknown>).expire_after_views).toBeUndefined();
    await stillWorks(t);
  });

  it('refuses a body above maxBodyBytes with 413 (declared length)', async () => {
    const t = await startTestHost(edition, { maxBodyBytes: 2048 });
    const reply = await t.create({ payload: 'x'.repeat(10_000) });
    expect(reply.status).toBe(413);
    expect(reply.body).toEqual({ status: 413, error: 'Payload Too Large' });
    await stillWorks(t);
  });

  it('refuses a streamed body above maxBodyBytes with 413', async () => {
    const t = await startTestHost(edition, { maxBodyBytes: 2048 });
    const chunk = new TextEncoder().encode('x'.repeat(1000));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"push":{"payload":"'));
      },
      pull(controller) {
        if (sent++ < 50) controller.enqueue(chunk);
        else {
          controller.enqueue(new TextEncoder().encode('"}}'));
          controller.close();
        }
      },
    });
    const response = await fetch(`${t.baseUrl}/api/v2/pushes`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit & { duplex: 'half' });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ status: 413, error: 'Payload Too Large' });
    await stillWorks(t);
  });

  it('refuses a multipart file upload above maxBodyBytes with 413', async () => {
    const t = await startTestHost(edition, { maxBodyBytes: 4096 });
    const form = new FormData();
    form.append('push[kind]', 'file');
    form.append('push[files][]', new Blob([new Uint8Array(50_000)]), 'big.bin');
    const reply = await t.call('POST', '/api/v2/pushes', { token: ALICE.token, body: form });
    expect(reply.status).toBe(413);
    await stillWorks(t);
  });

  it.each([
    [
      'a wrong boundary',
      'multipart/form-data; boundary=nope',
      '--other\r\nContent-Disposition: form-data; name="push[payload]"\r\n\r\nx\r\n--other--\r\n',
    ],
    [
      'no boundary',
      'multipart/form-data',
      '--b\r\nContent-Disposition: form-data; name="push[payload]"\r\n\r\nx\r\n--b--\r\n',
    ],
    [
      'a truncated body',
      'multipart/form-data; boundary=b',
      '--b\r\nContent-Disposition: form-data; name="push[payload]"\r\n\r\nx',
    ],
    ['garbage', 'multipart/form-data; boundary=b', 'this is not multipart at all'],
  ])('broken multipart (%s) → 400 Bad Request', async (_label, contentType, text) => {
    const t = await startTestHost(edition);
    const reply = await t.call('POST', '/api/v2/pushes', {
      body: text,
      headers: { 'content-type': contentType },
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(BAD_REQUEST);
    await stillWorks(t);
  });

  it.each([
    ['a token with odd characters', '/api/v2/pushes/%00%ff%2F..'],
    ['an encoded slash', '/api/v2/pushes/abc%2Fdef'],
    ['a very long token', `/api/v2/pushes/${'a'.repeat(5000)}`],
    ['unicode', '/api/v2/pushes/%E2%9C%93%F0%9F%94%91'],
    ['an uppercase token', '/api/v2/pushes/ABCDEFGHIJKL'],
    ['a bad percent escape', '/api/v2/pushes/%zz'],
    ['an odd token with .json', '/api/v2/pushes/%00.json'],
  ])('an odd API token (%s) → 404 {"error":"not-found"}', async (_label, path) => {
    const t = await startTestHost(edition);
    const reply = await t.call('GET', path, { token: ALICE.token });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual(NOT_FOUND_TOKEN);
    await stillWorks(t);
  });

  it.each([
    ['dot segments', '/api/v2/pushes/../../../etc/passwd'],
    ['extra segments', '/api/v2/pushes/abc/def/ghi/jkl'],
    ['a double slash', '//api/v2/pushes/active'],
    ['an unknown API path', '/api/v2/requests'],
    ['the site root', '/'],
  ])('an unknown route (%s) → 404 {"status":404,"error":"Not Found"}', async (_label, path) => {
    const t = await startTestHost(edition);
    const reply = await t.call('GET', path, { token: ALICE.token });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual(NOT_FOUND_ROUTE);
    await stillWorks(t);
  });

  it.each([
    ['a page for an odd token', '/p/%00'],
    ['a retrieval step for an odd token', '/p/%00/r'],
    ['a download for an odd id', '/downloads/%00'],
    ['a download for an odd id with a name', '/downloads/%00/secret.txt'],
    ['a download for an unknown id', '/downloads/AAAAAAAAAAAAAAAAAAAAAA/secret.txt'],
  ])('%s → the 404 page, not a crash', async (_label, path) => {
    const t = await startTestHost(edition);
    const reply = await t.call('GET', path);
    expect(reply.status).toBe(404);
    expect(reply.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(reply.text).toContain('<h1>Secret not found</h1>');
    await stillWorks(t);
  });

  it.each([
    ['a very long token', `Bearer ${'t'.repeat(10_000)}`],
    ['a token with a space', 'Bearer alice token'],
    ['latin-1 bytes', 'Bearer t\u00e9st'],
  ])('an odd Authorization header (%s) → 401 empty, not a crash', async (_label, authorization) => {
    const t = await startTestHost(edition);
    const reply = await t.call('GET', '/api/v2/pushes/active', { headers: { authorization } });
    expect(reply.status).toBe(401);
    expect(reply.text).toBe('');
    await stillWorks(t);
  });

  it('accepts a bare token without the Bearer word, like the real server', async () => {
    const t = await startTestHost(edition);
    const reply = await t.call('GET', '/api/v2/pushes/active', { headers: { authorization: ALICE.token } });
    expect(reply.status).toBe(200);
  });

  it('reads no parameters from a JSON body sent as text/plain: 400 "param is missing"', async () => {
    const t = await startTestHost(edition);
    const reply = await t.call('POST', '/api/v2/pushes', {
      body: JSON.stringify({ push: { payload: 'p' } }),
      headers: { 'content-type': 'text/plain' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(MISSING_PUSH);
    await stillWorks(t);
  });

  it('survives many concurrent requests', async () => {
    const t = await startTestHost(edition);
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) => t.create({ payload: `c${i}` }, ALICE.token)),
    );
    expect(replies.map((reply) => reply.status)).toEqual(Array(30).fill(201));
    const active = await t.call('GET', '/api/v2/pushes/active', { token: ALICE.token });
    expect(active.body).toHaveLength(30);
  });

  it('counts views correctly under concurrent retrievals', async () => {
    const t = await startTestHost(edition);
    const push = await t.push({ payload: 'race', expire_after_views: 3 }, ALICE.token);
    const replies = await Promise.all(Array.from({ length: 8 }, () => t.retrieve(push.url_token)));
    const withPayload = replies.filter((reply) => reply.body?.payload === 'race');
    expect(withPayload).toHaveLength(3);
  });
});
