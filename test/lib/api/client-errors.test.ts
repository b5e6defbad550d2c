import { describe, expect, it } from 'vitest';
import { ALICE, BOB, errorOf, harness } from './harness';

const BAD_TOKEN = 'not-a-real-token-000';

describe.each(['pro', 'oss'] as const)('error mapping against the %s mock', (edition) => {
  it.each([
    ['create', (c: Client, _t: string) => c.createPush({ payload: 'x' })],
    ['retrieve', (c: Client, t: string) => c.retrievePush(t)],
    ['preview', (c: Client, t: string) => c.previewPush(t)],
    ['delete', (c: Client, t: string) => c.deletePush(t)],
  ])('reads an empty 401 on %s with a token as token-rejected', async (_name, call) => {
    const h = await harness(edition);
    const { push } = await h.client().createPush({ payload: 'x' });
    const error = await errorOf(call(h.client(BAD_TOKEN), push.url_token));
    expect(error).toMatchObject({ code: 'token-rejected', status: 401 });
  });

  it.each([
    ['audit', (c: Client, t: string) => c.auditPage(t)],
    ['active', (c: Client) => c.activePage()],
    ['expired', (c: Client) => c.expiredPage()],
  ])(
    'reads an empty 401 on %s as unauthorized without a token and token-rejected with one',
    async (_n, call) => {
      const h = await harness(edition);
      const { push } = await h.client(ALICE.token).createPush({ payload: 'x' });
      expect((await errorOf(call(h.client(), push.url_token))).code).toBe('unauthorized');
      expect((await errorOf(call(h.client(BAD_TOKEN), push.url_token))).code).toBe('token-rejected');
    },
  );

  it('reads the Devise 401 on an anonymous file create as sign-in-required', async () => {
    const h = await harness(edition);
    const files = [{ name: 'a.txt', type: 'text/plain', data: new Blob(['a']) }];
    expect(await errorOf(h.client().createPush({ files }))).toMatchObject({
      code: 'sign-in-required',
      status: 401,
    });
  });

  it('reads a wrong or missing passphrase as passphrase-required', async () => {
    const h = await harness(edition);
    const { push } = await h.client().createPush({ payload: 'x', passphrase: 'right' });
    expect((await errorOf(h.client().retrievePush(push.url_token))).code).toBe('passphrase-required');
    const wrong = await errorOf(h.client().retrievePush(push.url_token, { passphrase: 'wrong' }));
    expect(wrong).toMatchObject({ code: 'passphrase-required', status: 401 });
  });

  it('reads the sixth passphrase attempt in a minute as passphrase-rate-limited', async () => {
    const h = await harness(edition);
    const { push } = await h.client().createPush({ payload: 'x', passphrase: 'right' });
    const client = h.client();
    for (let i = 0; i < 5; i++)
      await errorOf(client.retrievePush(push.url_token, { passphrase: `wrong${i}` }));
    const error = await errorOf(client.retrievePush(push.url_token, { passphrase: 'right' }));
    expect(error).toMatchObject({ code: 'passphrase-rate-limited', status: 429 });
  });

  it('reads a refused viewer delete as not-deletable', async () => {
    const h = await harness(edition);
    const { push } = await h.client().createPush({ payload: 'x', deletable_by_viewer: false });
    expect(await errorOf(h.client().deletePush(push.url_token))).toMatchObject({
      code: 'not-deletable',
      status: 401,
    });
  });

  it("reads someone else's audit as forbidden", async () => {
    const h = await harness(edition);
    const { push } = await h.client(ALICE.token).createPush({ payload: 'x' });
    expect(await errorOf(h.client(BOB.token).auditPage(push.url_token))).toMatchObject({
      code: 'forbidden',
      status: 403,
    });
  });

  it('reads an unknown token as not-found', async () => {
    const h = await harness(edition);
    expect(await errorOf(h.client().retrievePush('nosuchpush000'))).toMatchObject({
      code: 'not-found',
      status: 404,
    });
    expect((await errorOf(h.client(ALICE.token).auditPage('nosuchpush000'))).code).toBe('not-found');
  });

  it('reads a body over the limit as too-large', async () => {
    const h = await harness(edition, { maxBodyBytes: 2_000 });
    expect(await errorOf(h.client().createPush({ payload: 'x'.repeat(5_000) }))).toMatchObject({
      code: 'too-large',
      status: 413,
    });
  });

  it('reads 422 as validation and keeps the field errors', async () => {
    const h = await harness(edition);
    const error = await errorOf(h.client().createPush({ kind: 'url', payload: 'ftp://example.com' }));
    expect(error).toMatchObject({ code: 'validation', status: 422 });
    expect(Object.keys(error.fields ?? {})).toEqual(['payload']);
    expect(error.fields?.payload?.length).toBeGreaterThan(0);
  });

  it('reads anonymous notify recipients as a validation error on notify_emails_to', async () => {
    const h = await harness(edition);
    const error = await errorOf(h.client().createPush({ payload: 'x', notify_emails_to: 'bob@example.com' }));
    expect(error.code).toBe('validation');
    expect(error.fields).toHaveProperty('notify_emails_to');
  });

  it('reads a 429 "Retry later" on a create as rate-limited with the delay', async () => {
    const h = await harness(edition, { rateLimit: 2 });
    h.advance(50_000); // 10 s left in the minute window
    const client = h.client();
    await client.createPush({ payload: 'first' }); // + the version call: 2 requests
    const error = await errorOf(client.createPush({ payload: 'second' }));
    expect(error).toMatchObject({ code: 'rate-limited', status: 429, retryAfter: 10 });
  });

  // The client cannot produce these requests itself; a proxy rewriting them stands in for a broken path.
  it('reads 400 "param is missing" as bad-request', async () => {
    const h = await harness(edition);
    h.tamper((request, forward) =>
      request.method === 'POST'
        ? forward(
            new Request(request.url, { method: 'POST', headers: request.headers, body: '{"payload":"x"}' }),
          )
        : forward(request),
    );
    expect(await errorOf(h.client().createPush({ payload: 'x' }))).toMatchObject({
      code: 'bad-request',
      status: 400,
    });
  });

  it('reads 400 on a malformed JSON body as bad-request', async () => {
    const h = await harness(edition);
    h.tamper((request, forward) =>
      request.method === 'POST'
        ? forward(new Request(request.url, { method: 'POST', headers: request.headers, body: '{"push": {' }))
        : forward(request),
    );
    expect(await errorOf(h.client().createPush({ payload: 'x' }))).toMatchObject({
      code: 'bad-request',
      status: 400,
    });
  });

  it('reads 400 "Invalid page parameter" as invalid-page', async () => {
    const h = await harness(edition);
    h.tamper((request, forward) => forward(new Request(request.url.replace('page=1', 'page=abc'), request)));
    expect(await errorOf(h.client(ALICE.token).activePage(1))).toMatchObject({
      code: 'invalid-page',
      status: 400,
    });
  });
});

describe('pro recipient verification', () => {
  it('reads the 403 on an authenticated-recipients push as recipient-verification', async () => {
    const h = await harness('pro');
    const { push } = await h.client(ALICE.token).createPush({
      payload: 'x',
      notify_emails_to: 'bob@example.com',
      authenticated_recipients: true,
    });
    expect(await errorOf(h.client().retrievePush(push.url_token))).toMatchObject({
      code: 'recipient-verification',
      status: 403,
    });
  });

  it('reads an out-of-range duration as a validation error from the server', async () => {
    const h = await harness('pro');
    const error = await errorOf(h.client().createPush({ payload: 'x', expire_after_duration: 99 }));
    expect(error).toMatchObject({ code: 'validation', status: 422 });
    expect(error.fields).toHaveProperty('expire_after_duration');
  });
});

type Client = ReturnType<Awaited<ReturnType<typeof harness>>['client']>;
