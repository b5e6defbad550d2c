import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { isGone } from '@/lib/api';
import { DEMO_BASE_URL } from '@/lib/demo/constants';
import { ALICE, BASE, errorOf, harness } from './harness';

async function bodyOf(request: Request | undefined): Promise<unknown> {
  return JSON.parse(await request!.text());
}
const lastCreate = (requests: Request[]) => requests.filter((r) => r.method === 'POST').at(-1);

describe.each(['pro', 'oss'] as const)('the client against the %s mock', (edition) => {
  it('detects the edition once per client', async () => {
    const h = await harness(edition);
    const client = h.client();
    await expect(client.edition()).resolves.toBe(edition);
    await expect(client.edition()).resolves.toBe(edition);
    await client.createPush({ payload: 'one' });
    expect(h.requests.filter((r) => r.url.endsWith('/api/v2/version'))).toHaveLength(1);
    await expect(client.version()).resolves.toMatchObject({
      api_version: '2.1',
      edition: edition === 'pro' ? 'commercial' : 'oss',
    });
  });

  it('takes the version another client of the server read, asking the server nothing', async () => {
    const h = await harness(edition);
    const first = h.client();
    const second = h.client(null, { version: first.version });
    await expect(second.edition()).resolves.toBe(edition);
    await second.createPush({ payload: 'one', expire_after_days: 3 });
    await expect(first.edition()).resolves.toBe(edition);
    expect(h.requests.filter((r) => r.url.endsWith('/api/v2/version'))).toHaveLength(1);
    // The shared version also chose the edition's form of the expiry, as the client's own would have.
    const sent = (await bodyOf(lastCreate(h.requests))) as { push: Record<string, unknown> };
    expect(sent.push).toHaveProperty(edition === 'pro' ? 'expire_after_duration' : 'expire_after_days');
  });

  it('sends days as the edition understands them', async () => {
    const h = await harness(edition);
    const { push } = await h.client().createPush({ payload: 'secret', expire_after_days: 3 });
    const sent = await bodyOf(lastCreate(h.requests));
    if (edition === 'pro') {
      expect(sent).toEqual({ push: { payload: 'secret', expire_after_duration: 8 } });
      expect(push.expire_after_duration).toBe(8);
    } else {
      expect(sent).toEqual({ push: { payload: 'secret', expire_after_days: 3 } });
      expect(push).not.toHaveProperty('expire_after_duration');
    }
    expect(push.expire_after_days).toBe(3);
  });

  it('sends a duration as the edition understands it', async () => {
    const h = await harness(edition);
    const { push } = await h.client().createPush({ payload: 'secret', expire_after_duration: 13 });
    const sent = (await bodyOf(lastCreate(h.requests))) as { push: Record<string, unknown> };
    if (edition === 'pro') {
      expect(sent.push).toEqual({ payload: 'secret', expire_after_duration: 13 });
      expect(push).toMatchObject({ expire_after_duration: 13, expire_after_days: 14 });
      expect(push.expires_at).toBe('2026-01-15T00:00:00.000Z');
    } else {
      expect(sent.push).toEqual({ payload: 'secret', expire_after_days: 14 });
      expect(push.expire_after_days).toBe(14);
      expect(push).not.toHaveProperty('expires_at');
    }
  });

  it('creates, retrieves and deletes a text push with its options', async () => {
    const h = await harness(edition);
    const alice = h.client(ALICE.token);
    const { push, warning } = await alice.createPush({
      payload: 'p@ss w0rd',
      name: 'db',
      note: 'for Bob',
      expire_after_views: 2,
      deletable_by_viewer: false,
      retrieval_step: false,
    });
    expect(warning).toBeUndefined();
    expect(push).toMatchObject({
      name: 'db',
      note: 'for Bob',
      expire_after_views: 2,
      deletable_by_viewer: false,
    });
    expect(push.html_url).toBe(`${BASE}/p/${push.url_token}`);
    const got = await h.client().retrievePush(push.url_token);
    expect(got).toMatchObject({ payload: 'p@ss w0rd', files: [], views_remaining: 1, expired: false });
    const deleted = await alice.deletePush(push.url_token);
    expect(deleted).toMatchObject({ expired: true, deleted: true });
    expect(isGone(deleted)).toBe(true);
  });

  it('returns an expired retrieval as data that isGone recognises', async () => {
    const h = await harness(edition);
    const { push } = await h.client().createPush({ payload: 'once', expire_after_views: 1 });
    const first = await h.client().retrievePush(push.url_token);
    expect(first.payload).toBe('once');
    expect(isGone(first)).toBe(false);
    const second = await h.client().retrievePush(push.url_token);
    expect(second).toMatchObject({ expired: true, payload: null, files: [] });
    expect(isGone(second)).toBe(true);
  });

  it('previews without counting a view', async () => {
    const h = await harness(edition);
    const { push } = await h.client().createPush({ payload: 'x', expire_after_views: 1 });
    await expect(h.client().previewPush(push.url_token)).resolves.toEqual({ url: push.html_url });
    await expect(h.client().retrievePush(push.url_token)).resolves.toMatchObject({ payload: 'x' });
  });

  it('creates a file push as multipart and the bytes come back intact from files[].url', async () => {
    const h = await harness(edition);
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    const { push } = await h.client(ALICE.token).createPush({
      payload: 'see attachments',
      expire_after_views: 3,
      files: [
        { name: 'all-bytes.bin', type: 'application/octet-stream', data: new Blob([bytes]) },
        { name: 'notes.txt', type: 'text/plain', data: new Blob(['héllo']) },
      ],
    });
    const sent = lastCreate(h.requests)!;
    expect(sent.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const form = await sent.formData();
    expect(form.get('push[payload]')).toBe('see attachments');
    expect(form.getAll('push[files][]')).toHaveLength(2);

    const got = await h.client().retrievePush(push.url_token);
    expect(got.files.map((f) => [f.filename, f.content_type])).toEqual([
      ['all-bytes.bin', 'application/octet-stream'],
      ['notes.txt', 'text/plain'],
    ]);
    const download = await h.fetch(got.files[0]!.url);
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(bytes);
    expect(await (await h.fetch(got.files[1]!.url)).text()).toBe('héllo');
  });

  it('sends the passphrase the way the edition reads it', async () => {
    const h = await harness(edition);
    const passphrase = 'correct horse & battery=staple';
    const { push } = await h.client().createPush({ payload: 'behind a passphrase', passphrase });
    const got = await h.client().retrievePush(push.url_token, { passphrase });
    expect(got.payload).toBe('behind a passphrase');
    const sent = h.requests.filter((r) => r.method === 'GET' && r.url.includes(push.url_token)).at(-1)!;
    if (edition === 'pro') {
      expect(sent.headers.get('x-passphrase')).toBe(passphrase);
      expect(new URL(sent.url).search).toBe('');
    } else {
      expect(sent.headers.get('x-passphrase')).toBeNull();
      expect(new URL(sent.url).searchParams.get('passphrase')).toBe(passphrase);
      expect(sent.url).toContain('passphrase=correct+horse+%26+battery%3Dstaple');
    }
  });

  it('retrieves with a passphrase that cannot travel in a header', async () => {
    const h = await harness(edition);
    const passphrase = ' ключ 🔑 ';
    const { push } = await h.client().createPush({ payload: 'unicode', passphrase });
    await expect(h.client().retrievePush(push.url_token, { passphrase })).resolves.toMatchObject({
      payload: 'unicode',
    });
    const sent = h.requests.filter((r) => r.method === 'GET' && r.url.includes(push.url_token)).at(-1)!;
    expect(new URL(sent.url).searchParams.get('passphrase')).toBe(passphrase);
  });

  it('sends credentials omit always, and Authorization only with a token and never to /version', async () => {
    const h = await harness(edition);
    const { push } = await h.client().createPush({ payload: 'anonymous' });
    await h.client().retrievePush(push.url_token);
    const alice = h.client(ALICE.token);
    await alice.createPush({ payload: 'mine' });
    await alice.activePage();
    expect(h.requests.length).toBeGreaterThanOrEqual(6);
    for (const request of h.requests) expect(request.credentials).toBe('omit');
    const auth = h.requests.map((r) => [new URL(r.url).pathname, r.method, r.headers.get('authorization')]);
    expect(auth).toEqual([
      ['/api/v2/version', 'GET', null],
      ['/api/v2/pushes', 'POST', null],
      [`/api/v2/pushes/${push.url_token}`, 'GET', null],
      ['/api/v2/version', 'GET', null],
      ['/api/v2/pushes', 'POST', `Bearer ${ALICE.token}`],
      ['/api/v2/pushes/active', 'GET', `Bearer ${ALICE.token}`],
    ]);
  });

  it('warns when html_url is on another origin than the page origin', async () => {
    const h = await harness(edition, { pageUrl: (path) => `https://viewer.example${path}` });
    const { push, warning } = await h.client().createPush({ payload: 'x' });
    expect(push.html_url.startsWith('https://viewer.example/p/')).toBe(true);
    expect(warning).toMatchObject({ code: 'host-mismatch' });
    expect(warning?.message).not.toContain(push.url_token);
    const matching = await h
      .client(null, { pageOrigin: 'https://viewer.example' })
      .createPush({ payload: 'y' });
    expect(matching.warning).toBeUndefined();
  });

  it('gives the verdict on each created push link as the answer arrives: only a safe one on the server passes', async () => {
    const h = await harness(edition);
    const made = await h.client().createPush({ payload: 'x' });
    expect(made.link).toEqual({ ok: true, url: made.push.html_url });
    for (const [link, code] of [
      ['javascript:alert(1)', 'unsafe-link'],
      ['https://elsewhere.example/p/abc', 'host-mismatch'],
    ] as const) {
      h.tamper(async (request, forward) => {
        const response = await forward(request);
        const body = (await response.json()) as Record<string, unknown>;
        return Response.json({ ...body, html_url: link }, { status: response.status });
      });
      const { link: verdict } = await h.client().createPush({ payload: 'y' });
      expect(verdict).toMatchObject({ ok: false, code });
    }
  });

  it('judges a link against the home it was given, reading no browser: the client runs in Node too', async () => {
    const h = await harness(edition, { pageUrl: (path) => `https://viewer.example${path}` });
    // The server's pages on another origin: the default home (the server's own origin) refuses them.
    const made = await h.client().createPush({ payload: 'x' });
    expect(made.link).toMatchObject({ ok: false, code: 'host-mismatch' });
    // A viewer home takes only its viewer page: the server's /p/ page there is still refused.
    const viewerHome = { linkHome: { server: BASE, viewerOrigin: 'https://viewer.example' } };
    expect((await h.client(null, viewerHome).createPush({ payload: 'y' })).link).toMatchObject({ ok: false });
    // The demo service's address outside any extension (a journey's client in Node, where no browser
    // exists): judged without asking the browser anything, refused where no viewer was named.
    const getURL = vi.spyOn(fakeBrowser.runtime, 'getURL');
    try {
      const demo = await h.client(null, { baseUrl: DEMO_BASE_URL }).createPush({ payload: 'z' });
      expect(demo.link).toMatchObject({ ok: false, code: 'host-mismatch' });
      expect(getURL).not.toHaveBeenCalled();
    } finally {
      getURL.mockRestore();
    }
  });

  it('rejects a response that does not match the schema as bad-response', async () => {
    const h = await harness(edition);
    const { push } = await h.client().createPush({ payload: 'zq-secret-77' });
    h.tamper(async (request, forward) => {
      const response = await forward(request);
      const body = (await response.json()) as Record<string, unknown>;
      return Response.json({ ...body, views_remaining: 'many' }, { status: response.status });
    });
    const error = await errorOf(h.client().retrievePush(push.url_token));
    expect(error).toMatchObject({ code: 'bad-response', status: 200 });
    expect(error.message).toContain('views_remaining');
    expect(error.message).not.toContain('zq-secret-77');
  });
});

describe('pro-only create fields', () => {
  it('refuses authenticated recipients on oss before the create request', async () => {
    const h = await harness('oss');
    const error = await errorOf(
      h
        .client(ALICE.token)
        .createPush({ payload: 'x', notify_emails_to: 'bob@example.com', authenticated_recipients: true }),
    );
    expect(error.code).toBe('validation');
    expect(error.fields).toHaveProperty('authenticated_recipients');
    expect(h.calls()).toEqual([]);
  });

  it('sends workspace_id at the top level on pro and never on oss', async () => {
    const pro = await harness('pro');
    const { push } = await pro.client(ALICE.token).createPush({ payload: 'x', workspace_id: 'ws_1' });
    expect(await bodyOf(lastCreate(pro.requests))).toEqual({ push: { payload: 'x' }, workspace_id: 'ws_1' });
    expect(push.account_id).toBe('ws_1');
    const oss = await harness('oss');
    await oss.client(ALICE.token).createPush({ payload: 'x', workspace_id: 'ws_1' });
    expect(await bodyOf(lastCreate(oss.requests))).toEqual({ push: { payload: 'x' } });
  });
});
