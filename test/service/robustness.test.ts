// @vitest-environment node
/**
 * Bad input over real HTTP: every odd request gets a clean 4xx (never a 500 or a dropped connection), and
 * the next ordinary request still works.
 */
import { describe, expect, it } from 'vitest';
import { ALICE, EDITIONS, startTestHost, type TestHost } from './helpers';

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
    ['a bare string', '"push"'],
    ['binary noise', '\u0000\u0001\u00ff{{{'],
    ['a huge nesting', '['.repeat(10_000)],
  ])('malformed JSON (%s) → 400', async (_label, text) => {
    const t = await startTestHost(edition);
    const reply = await t.call('POST', '/api/v2/pushes', {
      body: text,
      headers: { 'content-type': 'application/json' },
    });
    expect(reply.status).toBe(400);
    await stillWorks(t);
  });

  it.each([
    ['push is an array', { push: ['payload'] }],
    ['push is a string', { push: 'payload' }],
    ['push is a number', { push: 42 }],
    ['the body is an array', [{ push: { payload: 'x' } }]],
    ['the body is null', null],
  ])('%s → 400, not a crash', async (_label, json) => {
    const t = await startTestHost(edition);
    const reply = await t.call('POST', '/api/v2/pushes', { json });
    expect(reply.status).toBe(400);
    await stillWorks(t);
  });

  it.each([
    ['payload', { payload: 42 }],
    ['payload', { payload: { nested: true } }],
    ['payload', { payload: ['a', 'b'] }],
    ['kind', { kind: 7, payload: 'p' }],
    ['expire_after_views', { payload: 'p', expire_after_views: 'lots' }],
    ['expire_after_views', { payload: 'p', expire_after_views: { n: 1 } }],
    ['notify_emails_to', { payload: 'p', notify_emails_to: ['a@example.com'] }],
    ['name', { payload: 'p', name: { first: 'x' } }],
  ])('a wrong type on %s → 201 or a 422 naming it, never a crash', async (field, push) => {
    const t = await startTestHost(edition);
    const reply = await t.create(push, ALICE.token);
    expect([201, 422]).toContain(reply.status);
    if (reply.status === 422) expect(reply.body[field]).toEqual([expect.any(String)]);
    await stillWorks(t);
  });

  it.each([
    ['deletable_by_viewer', 42],
    ['retrieval_step', { yes: true }],
    ['passphrase', 1234],
  ])('a wrong type on %s → 201 or 422, never 500', async (field, value) => {
    const t = await startTestHost(edition);
    const reply = await t.create({ payload: 'p', [field]: value }, ALICE.token);
    expect([201, 422]).toContain(reply.status);
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
    expect([201, 422]).toContain(reply.status);
    if (reply.status === 201) expect(reply.body.expire_after_views).toBe(5);
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
  ])('broken multipart (%s) → 400', async (_label, contentType, text) => {
    const t = await startTestHost(edition);
    const reply = await t.call('POST', '/api/v2/pushes', {
      body: text,
      headers: { 'content-type': contentType },
    });
    expect(reply.status).toBe(400);
    await stillWorks(t);
  });

  it.each([
    ['a token with odd characters', '/api/v2/pushes/%00%ff%2F..'],
    ['an encoded slash', '/api/v2/pushes/abc%2Fdef'],
    ['a very long token', `/api/v2/pushes/${'a'.repeat(5000)}`],
    ['unicode', '/api/v2/pushes/%E2%9C%93%F0%9F%94%91'],
    ['an uppercase token', '/api/v2/pushes/ABCDEFGHIJKL'],
    ['dot segments', '/api/v2/pushes/../../../etc/passwd'],
    ['extra segments', '/api/v2/pushes/abc/def/ghi/jkl'],
    ['a double slash', '//api/v2/pushes/active'],
    ['a bad percent escape', '/api/v2/pushes/%zz'],
    ['a page for an odd token', '/p/%00'],
    ['a download for an odd id', '/p/abc/files/%00'],
  ])('an odd path (%s) → 4xx, not a crash', async (_label, path) => {
    const t = await startTestHost(edition);
    const reply = await t.call('GET', path, { token: ALICE.token });
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
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

  it('answers a JSON body with the wrong content type sensibly', async () => {
    const t = await startTestHost(edition);
    const reply = await t.call('POST', '/api/v2/pushes', {
      body: JSON.stringify({ push: { payload: 'p' } }),
      headers: { 'content-type': 'text/plain' },
    });
    expect(reply.status).toBeLessThan(500);
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
