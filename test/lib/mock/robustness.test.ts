import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { createMockBackend, openMockStore, type MockStore } from '@/lib/mock';
import { ALICE, BASE, body, harness } from './helpers';

describe('bad input', () => {
  it('answers malformed JSON with 400 and still creates on the next request', async () => {
    const h = await harness('pro');
    const bad = await h.call('POST', '/api/v2/pushes', {
      body: '{"push": {"payload": ',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ status: 400, error: 'Bad Request' });
    expect((await h.createPush({ payload: 'fine' })).url_token).toMatch(/^[a-z0-9_-]{11,19}$/);
  });

  it('answers a body above maxBodyBytes with 413, by Content-Length and by the bytes read', async () => {
    const h = await harness('pro', { maxBodyBytes: 100 });
    const big = JSON.stringify({ push: { payload: 'x'.repeat(200) } });
    const declared = await h.call('POST', '/api/v2/pushes', {
      body: big,
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(big.length) },
    });
    expect(declared.status).toBe(413);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const handler = createMockBackend({ store: h.store, baseUrl: BASE, maxBodyBytes: 100 });
    const streamed = await handler(
      new Request(`${BASE}/api/v2/pushes`, {
        method: 'POST',
        body: stream,
        headers: { 'Content-Type': 'application/json' },
        duplex: 'half',
      } as RequestInit),
    );
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toEqual({ status: 413, error: 'Payload Too Large' });
    expect((await h.createPush({ payload: 'small' })).expired).toBe(false);
  });

  it('answers a body whose stream fails midway with 400, logs no engine error, and keeps serving', async () => {
    const h = await harness('pro');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"push": {"payload": "half'));
        controller.error(new Error('client went away'));
      },
    });
    const handler = createMockBackend({ store: h.store, baseUrl: BASE });
    const response = await handler(
      new Request(`${BASE}/api/v2/pushes`, {
        method: 'POST',
        body: stream,
        headers: { 'Content-Type': 'application/json' },
        duplex: 'half',
      } as RequestInit),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ status: 400, error: 'Bad Request' });
    expect(logged).not.toHaveBeenCalled();
    expect((await h.createPush({ payload: 'after' })).expired).toBe(false);
  });

  it('answers broken multipart with 400', async () => {
    const h = await harness('pro');
    const response = await h.call('POST', '/api/v2/pushes', {
      token: ALICE.token,
      body: '--xyz\r\nContent-Disposition: form-data; name="push[payload]"\r\n\r\nunterminated',
      headers: { 'Content-Type': 'multipart/form-data; boundary=xyz' },
    });
    expect(response.status).toBe(400);
  });

  it('treats objects in place of scalars as absent and ignores unknown fields', async () => {
    const h = await harness('pro');
    const response = await h.call('POST', '/api/v2/pushes', {
      json: { push: { payload: { nested: 1 }, name: ['a'], whatever: true } },
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ payload: ['Payload is required.'] });
    const coerced = await h.createPush({ payload: 12345, expire_after_views: '3', retrieval_step: 'no' });
    expect(coerced).toMatchObject({ expire_after_views: 3, retrieval_step: false });
  });

  it.each([
    ['a NUL', '%00'],
    ['a very long token', 'a'.repeat(5000)],
    ['unicode', '%E2%9C%93'],
    ['upper case', 'ABC'],
    ['an encoded slash', '..%2F..'],
  ])('answers %s with 404 not-found', async (_label, t) => {
    const h = await harness('pro');
    const response = await h.call('GET', `/api/v2/pushes/${t}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'not-found' });
  });

  it('answers unknown paths with the route 404', async () => {
    const h = await harness('oss');
    for (const path of ['/', '/api/v2/requests', '/api/v1/version.json', '/api/v2/pushes/a/b/c']) {
      const response = await h.call('GET', path);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ status: 404, error: 'Not Found' });
    }
  });

  it('turns an unexpected failure into a 500 and keeps serving', async () => {
    const report = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const store = await openMockStore({ indexedDB: new IDBFactory() });
    let broken = true;
    const handler = createMockBackend({
      store,
      baseUrl: BASE,
      clock: () => {
        if (broken) {
          broken = false;
          throw new Error('clock failure');
        }
        return Date.now();
      },
    });
    const failing = await handler(new Request(`${BASE}/api/v2/version`));
    expect(failing.status).toBe(500);
    expect(await failing.json()).toEqual({ status: 500, error: 'Internal Server Error' });
    expect((await handler(new Request(`${BASE}/api/v2/version`))).status).toBe(200);
    expect(report).toHaveBeenCalledTimes(1);
  });

  it('logs a failure inside a create through logError, without the payload, passphrase or query', async () => {
    const store = await openMockStore({ indexedDB: new IDBFactory() });
    // A storage failure whose message quotes what it failed on, as structured-clone errors can.
    const failingStore: MockStore = Object.create(store) as MockStore;
    failingStore.commit = async (...changes) => {
      throw new TypeError(`cannot store ${JSON.stringify(changes)}`);
    };
    const lines: string[] = [];
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const handler = createMockBackend({
      store: failingStore,
      baseUrl: BASE,
      users: [ALICE],
      logError: (line) => lines.push(line),
    });
    const response = await handler(
      new Request(`${BASE}/api/v2/pushes?passphrase=query-secret-77`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${ALICE.token}` },
        body: JSON.stringify({ push: { payload: 'payload-secret-42', passphrase: 'pass-secret-99' } }),
      }),
    );
    expect(response.status).toBe(500);
    expect(lines).toEqual(['mock backend: POST create failed (TypeError)']);
    expect(printed).not.toHaveBeenCalled();
    for (const secret of ['payload-secret-42', 'pass-secret-99', 'query-secret-77', ALICE.token]) {
      expect(lines.join('\n')).not.toContain(secret);
    }
  });

  it('logs a failure on a page without the url_token (the key to a secret)', async () => {
    const h = await harness('pro');
    const token = (await h.createPush({ payload: 'x', retrieval_step: false })).url_token as string;
    const lines: string[] = [];
    const failingStore: MockStore = Object.create(h.store) as MockStore;
    failingStore.commit = async () => {
      throw new Error(`failed on ${token}`);
    };
    const handler = createMockBackend({ store: failingStore, baseUrl: BASE, logError: (l) => lines.push(l) });
    expect((await handler(new Request(`${BASE}/p/${token}`))).status).toBe(500);
    expect(lines).toEqual(['mock backend: GET page failed (Error)']);
  });

  it('rejects a present but unknown or empty token with an empty 401, except on /version', async () => {
    const h = await harness('pro');
    for (const token of ['nope', '']) {
      const headers = { Authorization: `Bearer ${token}` };
      const create = await h.call('POST', '/api/v2/pushes', { headers, json: { push: { payload: 'x' } } });
      expect(create.status).toBe(401);
      expect(await create.text()).toBe('');
      expect((await h.call('GET', '/api/v2/version', { headers })).status).toBe(200);
    }
  });
});

describe('create validation', () => {
  it('names every failing field at once (pro)', async () => {
    const h = await harness('pro');
    const response = await h.call('POST', '/api/v2/pushes', {
      json: {
        workspace_id: 'ws_99',
        push: {
          kind: 'url',
          payload: 'ftp://example.com',
          expire_after_duration: 18,
          expire_after_views: 0,
          notify_emails_to: 'a@example.com',
          notify_emails_to_locale: 'xx',
          authenticated_recipients: true,
        },
      },
    });
    expect(response.status).toBe(422);
    expect(Object.keys(await body(response)).sort()).toEqual([
      'expire_after_duration',
      'expire_after_views',
      'notify_emails_to',
      'notify_emails_to_locale',
      'payload',
      'workspace_id',
    ]);
  });

  it('lets oss fall back to defaults silently and ignore pro-only fields', async () => {
    const h = await harness('oss');
    const push = await h.createPush(
      {
        payload: 'https://example.com/',
        expire_after_days: 365,
        expire_after_views: 0,
        expire_after_duration: 99,
        kind: 'url',
      },
      null,
    );
    expect(push).toMatchObject({ expire_after_days: 7, expire_after_views: 5, deletable_by_viewer: null });
    expect(push).not.toHaveProperty('expire_after_duration');
  });

  it('maps pro legacy days to the smallest duration at least that long', async () => {
    const h = await harness('pro');
    expect(await h.createPush({ payload: 'x', expire_after_days: 8 })).toMatchObject({
      expire_after_duration: 13,
      expire_after_days: 14,
    });
  });

  it('validates notify_emails_to and records a creation_email_send entry', async () => {
    const h = await harness('pro');
    const bad = await h.call('POST', '/api/v2/pushes', {
      token: ALICE.token,
      json: { push: { payload: 'x', notify_emails_to: 'a@example.com, A@example.com,,nope' } },
    });
    expect(await bad.json()).toEqual({
      notify_emails_to: [
        'has commas used in the wrong way',
        'contains duplicate emails',
        'contains invalid email(s)',
      ],
    });
    const push = await h.createPush({
      payload: 'x',
      notify_emails_to: 'a@example.com',
      notify_emails_to_locale: 'fr',
    });
    const logs = (
      await body(await h.call('GET', `/api/v2/pushes/${push.url_token}/audit`, { token: ALICE.token }))
    ).logs as { kind: string; notify_by_email?: { locale: string } }[];
    expect(logs.map((l) => l.kind)).toEqual(['creation', 'creation_email_send']);
    expect(logs[1]?.notify_by_email?.locale).toBe('fr');
  });
});
