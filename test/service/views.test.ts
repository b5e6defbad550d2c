/**
 * Contract §4: the exact key sets of every view in both editions, passphrase display, URLs, files and
 * url_token form.
 */
import { describe, expect, it } from 'vitest';
import {
  ALICE,
  AUDIT_ENTRY_KEYS,
  DELETED_KEYS,
  EDITIONS,
  multipart,
  PUSH_KEYS,
  RETRIEVED_KEYS,
  sortedKeys,
  startTestHost,
} from './helpers';

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe.each(EDITIONS)('key sets (%s)', (edition) => {
  const count = edition === 'pro' ? 22 : 17;

  it(`create view has exactly the ${count} push keys`, async () => {
    const t = await startTestHost(edition);
    const push = await t.push({ payload: 'p' }, ALICE.token);
    expect(sortedKeys(push)).toEqual([...PUSH_KEYS[edition]].sort());
    expect(Object.keys(push)).toHaveLength(count);
  });

  it('anonymous create view has the same keys', async () => {
    const t = await startTestHost(edition);
    expect(sortedKeys(await t.push({ payload: 'p' }))).toEqual([...PUSH_KEYS[edition]].sort());
  });

  it(
    edition === 'pro'
      ? 'create view with notify_emails_to keeps the 22 keys'
      : 'create view with notify_emails_to adds notify_emails_to and notify_emails_to_locale',
    async () => {
      const t = await startTestHost(edition);
      const push = await t.push({ payload: 'p', notify_emails_to: 'c@example.com' }, ALICE.token);
      const extra = edition === 'pro' ? [] : ['notify_emails_to', 'notify_emails_to_locale'];
      expect(sortedKeys(push)).toEqual([...PUSH_KEYS[edition], ...extra].sort());
    },
  );

  it('active and expired list items have exactly the push keys', async () => {
    const t = await startTestHost(edition);
    const a = await t.push({ payload: 'a', notify_emails_to: 'c@example.com' }, ALICE.token);
    await t.push({ payload: 'b' }, ALICE.token);
    await t.call('DELETE', `/api/v2/pushes/${a.url_token}`, { token: ALICE.token });
    const [active] = (await t.call('GET', '/api/v2/pushes/active', { token: ALICE.token })).body;
    const [expired] = (await t.call('GET', '/api/v2/pushes/expired', { token: ALICE.token })).body;
    expect(sortedKeys(active)).toEqual([...PUSH_KEYS[edition]].sort());
    expect(sortedKeys(expired)).toEqual([...PUSH_KEYS[edition]].sort());
  });

  it('retrieved view: push keys minus the creator-only ones, plus payload and files', async () => {
    const t = await startTestHost(edition);
    const push = await t.push({ payload: 'p' }, ALICE.token);
    expect(sortedKeys((await t.retrieve(push.url_token)).body)).toEqual(RETRIEVED_KEYS[edition]);
    expect(sortedKeys((await t.retrieve(push.url_token, { token: ALICE.token })).body)).toEqual(
      RETRIEVED_KEYS[edition],
    );
  });

  it('retrieved view of an expired push has the same keys', async () => {
    const t = await startTestHost(edition);
    const push = await t.push({ payload: 'p' }, ALICE.token);
    await t.call('DELETE', `/api/v2/pushes/${push.url_token}`, { token: ALICE.token });
    expect(sortedKeys((await t.retrieve(push.url_token)).body)).toEqual(RETRIEVED_KEYS[edition]);
  });

  it(`delete view has exactly ${edition === 'pro' ? 'the 22 push keys' : 'the push keys minus name and note'}`, async () => {
    const t = await startTestHost(edition);
    const push = await t.push({ payload: 'p' }, ALICE.token);
    const deleted = await t.call('DELETE', `/api/v2/pushes/${push.url_token}`, { token: ALICE.token });
    expect(sortedKeys(deleted.body)).toEqual([...DELETED_KEYS[edition]].sort());
  });

  it('preview view is exactly {url}', async () => {
    const t = await startTestHost(edition);
    const push = await t.push({ payload: 'p' });
    expect(sortedKeys((await t.call('GET', `/api/v2/pushes/${push.url_token}/preview`)).body)).toEqual([
      'url',
    ]);
  });

  it('audit entries have ip, user_agent, referrer, kind, created_at, updated_at', async () => {
    const t = await startTestHost(edition);
    const push = await t.push({ payload: 'p' }, ALICE.token);
    await t.retrieve(push.url_token);
    const { logs } = (await t.audit(push.url_token)).body;
    expect(sortedKeys((await t.audit(push.url_token)).body)).toEqual(['logs']);
    for (const entry of logs) expect(sortedKeys(entry)).toEqual(AUDIT_ENTRY_KEYS);
  });

  it('timestamps are UTC ISO 8601 with milliseconds from the injected clock', async () => {
    const t = await startTestHost(edition);
    const push = await t.push({ payload: 'p' }, ALICE.token);
    expect(push.created_at).toBe(new Date(t.now).toISOString());
    expect(push.updated_at).toMatch(ISO_MS);
    t.advance(5000);
    await t.retrieve(push.url_token);
    const { logs } = (await t.audit(push.url_token)).body;
    expect(logs[1].created_at).toBe(new Date(t.now).toISOString());
    for (const entry of logs) expect(entry.updated_at).toMatch(ISO_MS);
  });
});

describe('fresh push values (pro)', () => {
  it('reports the documented defaults', async () => {
    const t = await startTestHost('pro');
    const push = await t.push({ payload: 'p' }, ALICE.token);
    expect(push).toMatchObject({
      days_remaining: 7,
      deletable_by_viewer: true,
      deleted: false,
      expire_after_days: 7,
      expire_after_duration: 12,
      expire_after_views: 5,
      expired: false,
      expired_on: null,
      expires_in: 604_800,
      name: '',
      note: '',
      notify_emails_to: null,
      passphrase: null,
      retrieval_step: true,
      views_remaining: 5,
    });
  });

  it('days_remaining is 0 under one day, expire_after_days rounds up', async () => {
    const t = await startTestHost('pro');
    const push = await t.push({ payload: 'p', expire_after_duration: 4 });
    expect(push).toMatchObject({ days_remaining: 0, expire_after_days: 1, expires_in: 21_600 });
  });

  it('expires_in counts down with the clock', async () => {
    const t = await startTestHost('pro');
    const push = await t.push({ payload: 'p', expire_after_duration: 3 }, ALICE.token);
    t.advance(600_000);
    const [listed] = (await t.call('GET', '/api/v2/pushes/active', { token: ALICE.token })).body;
    expect(listed.expires_in).toBe(3000);
    expect(listed.expires_at).toBe(push.expires_at);
  });
});

describe('fresh push values (oss)', () => {
  it('reports the documented defaults', async () => {
    const t = await startTestHost('oss');
    const push = await t.push({ payload: 'p' }, ALICE.token);
    expect(push).toMatchObject({
      days_remaining: 7,
      deletable_by_viewer: true,
      deleted: false,
      expire_after_days: 7,
      expire_after_views: 5,
      expired: false,
      expired_on: null,
      name: '',
      note: '',
      passphrase: '',
      retrieval_step: true,
      views_remaining: 5,
    });
  });
});

describe.each(EDITIONS)('passphrase display (%s)', (edition) => {
  it(
    edition === 'pro' ? 'is hidden as "********" in every view' : 'is echoed in clear, null once expired',
    async () => {
      const t = await startTestHost(edition);
      const push = await t.push({ payload: 'p', passphrase: 's3cret' }, ALICE.token);
      const shown = await t.retrieve(push.url_token, { passphrase: 's3cret' });
      const [listed] = (await t.call('GET', '/api/v2/pushes/active', { token: ALICE.token })).body;
      const expected = edition === 'pro' ? '********' : 's3cret';
      expect([push.passphrase, shown.body.passphrase, listed.passphrase]).toEqual([
        expected,
        expected,
        expected,
      ]);
      const deleted = await t.call('DELETE', `/api/v2/pushes/${push.url_token}`, { token: ALICE.token });
      if (edition === 'oss') {
        expect(deleted.body.passphrase).toBeNull();
        expect((await t.retrieve(push.url_token)).body.passphrase).toBeNull();
      } else {
        expect(deleted.body.passphrase).toBeNull(); // erased with the payload: no passphrase left to hide
        expect((await t.retrieve(push.url_token)).body.passphrase).toBeNull();
      }
    },
  );

  it('never puts the passphrase in a pro view, nor the payload in any non-retrieval view', async () => {
    const t = await startTestHost(edition);
    const push = await t.push({ payload: 'the-payload', passphrase: 'the-pass' }, ALICE.token);
    const texts = [
      JSON.stringify(push),
      (await t.call('GET', '/api/v2/pushes/active', { token: ALICE.token })).text,
      (await t.call('GET', `/api/v2/pushes/${push.url_token}/preview`)).text,
      (await t.audit(push.url_token)).text,
    ];
    for (const text of texts) {
      expect(text).not.toContain('the-payload');
      if (edition === 'pro') expect(text).not.toContain('the-pass');
    }
  });
});

describe.each(EDITIONS)('URLs (%s)', (edition) => {
  it('html_url is {base}/p/{token}/r with a retrieval step, and the preview url equals it', async () => {
    const t = await startTestHost(edition);
    const push = await t.push({ payload: 'p', retrieval_step: true });
    expect(push.html_url).toBe(`${t.baseUrl}/p/${push.url_token}/r`);
    const preview = await t.call('GET', `/api/v2/pushes/${push.url_token}/preview`);
    expect(preview.body.url).toBe(push.html_url);
    expect((await t.retrieve(push.url_token)).body.html_url).toBe(push.html_url);
  });

  it('html_url is {base}/p/{token} without a retrieval step, and the preview url equals it', async () => {
    const t = await startTestHost(edition);
    const push = await t.push({ payload: 'p', retrieval_step: false });
    expect(push.html_url).toBe(`${t.baseUrl}/p/${push.url_token}`);
    const preview = await t.call('GET', `/api/v2/pushes/${push.url_token}/preview`);
    expect(preview.body.url).toBe(push.html_url);
  });

  it('json_url is {base}/api/v2/pushes/{token}.json', async () => {
    const t = await startTestHost(edition);
    for (const retrieval_step of [true, false]) {
      const push = await t.push({ payload: 'p', retrieval_step });
      expect(push.json_url).toBe(`${t.baseUrl}/api/v2/pushes/${push.url_token}.json`);
    }
  });

  it('preview works on an expired push', async () => {
    const t = await startTestHost(edition);
    const push = await t.push({ payload: 'p' }, ALICE.token);
    await t.call('DELETE', `/api/v2/pushes/${push.url_token}`, { token: ALICE.token });
    const preview = await t.call('GET', `/api/v2/pushes/${push.url_token}/preview`);
    expect(preview.status).toBe(200);
    expect(preview.body.url).toBe(push.html_url);
  });

  it('serves the recipient page behind html_url (with and without /r)', async () => {
    const t = await startTestHost(edition);
    for (const retrieval_step of [true, false]) {
      const push = await t.push({ payload: 'p', retrieval_step });
      const response = await fetch(push.html_url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    }
  });
});

describe.each(EDITIONS)('url_token (%s)', (edition) => {
  it('is lowercase [a-z0-9_-], 11–19 characters (8–14 random bytes in base64url), and unique', async () => {
    const t = await startTestHost(edition);
    const tokens = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const { url_token } = await t.push({ payload: `p${i}` });
      expect(url_token).toMatch(/^[a-z0-9_-]+$/);
      expect([11, 12, 14, 15, 16, 18, 19]).toContain(url_token.length);
      tokens.add(url_token);
    }
    expect(tokens.size).toBe(40);
  });
});

describe.each(EDITIONS)('files (%s)', (edition) => {
  const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x10, 0x80, 0x0d, 0x0a]);
  const png = new Uint8Array(70_000).map((_, i) => (i * 31) % 256);

  async function filePush() {
    const t = await startTestHost(edition);
    const created = await t.call('POST', '/api/v2/pushes', {
      token: ALICE.token,
      body: multipart({ kind: 'file', payload: 'see attached' }, [
        { name: 'report.pdf', type: 'application/pdf', data: pdf },
        { name: 'pic.png', type: 'image/png', data: png },
      ]),
    });
    expect(created.status).toBe(201);
    return { t, push: created.body };
  }

  it('lists {filename, content_type, url} items on retrieval', async () => {
    const { t, push } = await filePush();
    const shown = await t.retrieve(push.url_token);
    expect(shown.body.payload).toBe('see attached');
    expect(shown.body.files).toEqual([
      { filename: 'report.pdf', content_type: 'application/pdf', url: expect.any(String) },
      { filename: 'pic.png', content_type: 'image/png', url: expect.any(String) },
    ]);
    const [a, b] = shown.body.files;
    expect(a.url).not.toBe(b.url);
    for (const file of shown.body.files) expect(new URL(file.url).origin).toBe(t.baseUrl);
  });

  it('downloads each file intact with its content type and an attachment disposition', async () => {
    const { t, push } = await filePush();
    const { files } = (await t.retrieve(push.url_token)).body;
    for (const [file, bytes] of [
      [files[0], pdf],
      [files[1], png],
    ] as const) {
      const response = await fetch(file.url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(new RegExp(`^${file.content_type}`));
      expect(response.headers.get('content-disposition')).toMatch(/^attachment/);
      expect(response.headers.get('content-disposition')).toContain(file.filename);
      expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    }
  });

  it('downloads through an unguessable path (a long random segment besides token and filename)', async () => {
    const { t, push } = await filePush();
    const { files } = (await t.retrieve(push.url_token)).body;
    for (const file of files) {
      const segments = new URL(file.url).pathname
        .split('/')
        .filter((segment) => segment !== push.url_token && decodeURIComponent(segment) !== file.filename);
      expect(segments.some((segment) => /^[A-Za-z0-9_-]{16,}$/.test(segment))).toBe(true);
    }
    expect((await fetch(`${t.baseUrl}/p/${push.url_token}/report.pdf`)).status).toBe(404);
  });

  it('has files [] without attachments and once expired', async () => {
    const { t, push } = await filePush();
    const text = await t.push({ payload: 'p' });
    expect((await t.retrieve(text.url_token)).body.files).toEqual([]);
    const { files } = (await t.retrieve(push.url_token)).body;
    await t.call('DELETE', `/api/v2/pushes/${push.url_token}`, { token: ALICE.token });
    expect((await t.retrieve(push.url_token)).body.files).toEqual([]);
    expect((await fetch(files[0].url)).status).toBe(404);
  });
});
