/**
 * Contract §3: every row of the create field table, and the other create errors, in both editions.
 */
import { describe, expect, it } from 'vitest';
import {
  ALICE,
  auditKinds,
  BOB,
  DAY,
  EDITIONS,
  multipart,
  startTestHost,
  UNAUTHORIZED_FILE,
} from './helpers';

const ONE_MIB = 1_048_576;

describe.each(EDITIONS)('payload (%s)', (edition) => {
  it.each([
    ['text', 'x'.repeat(ONE_MIB)],
    ['qr', 'q'.repeat(1024)],
    ['url', 'https://example.com/path?q=1'],
    ['url', 'http://example.com'],
  ])('accepts a %s payload at the limit or well formed', async (kind, payload) => {
    const t = await startTestHost(edition);
    const created = await t.create({ kind, payload });
    expect(created.status).toBe(201);
    const shown = await t.retrieve(created.body.url_token);
    expect(shown.body.payload).toBe(payload);
  });

  it.each([
    ['text', undefined],
    ['text', ''],
    ['url', ''],
    ['qr', undefined],
    ['text', 'x'.repeat(ONE_MIB + 1)],
    ['qr', 'q'.repeat(1025)],
    ['url', 'ftp://example.com/file'],
    ['url', 'javascript:alert(1)'],
    ['url', 'not a url'],
  ])('rejects kind %s with payload %s… with 422 on payload', async (kind, payload) => {
    const t = await startTestHost(edition);
    const reply = await t.create({ kind, ...(payload === undefined ? {} : { payload }) });
    expect(reply.status).toBe(422);
    expect(reply.body.payload).toEqual([expect.any(String)]);
  });

  it('counts the text limit in characters, not bytes', async () => {
    const t = await startTestHost(edition);
    const payload = 'é'.repeat(ONE_MIB); // 2 MiB of UTF-8
    expect((await t.create({ payload })).status).toBe(201);
  });

  it('needs no payload for a file push', async () => {
    const t = await startTestHost(edition);
    const reply = await t.call('POST', '/api/v2/pushes', {
      token: ALICE.token,
      body: multipart({ kind: 'file' }, [{ name: 'a.txt', type: 'text/plain', data: 'A' }]),
    });
    expect(reply.status).toBe(201);
  });
});

describe.each(EDITIONS)('kind (%s)', (edition) => {
  it('defaults to text: a payload is then required', async () => {
    const t = await startTestHost(edition);
    const reply = await t.create({ name: 'no payload' });
    expect(reply.status).toBe(422);
    expect(reply.body.payload).toEqual([expect.any(String)]);
  });

  it('defaults to file when files are attached: no payload needed', async () => {
    const t = await startTestHost(edition);
    const reply = await t.call('POST', '/api/v2/pushes', {
      token: ALICE.token,
      body: multipart({}, [{ name: 'a.txt', type: 'text/plain', data: 'A' }]),
    });
    expect(reply.status).toBe(201);
    const shown = await t.retrieve(reply.body.url_token);
    expect(shown.body.files).toHaveLength(1);
  });

  it.each(['text', 'url', 'qr', 'file'])('accepts %s', async (kind) => {
    const t = await startTestHost(edition);
    const payload = kind === 'url' ? 'https://example.com' : 'p';
    const reply =
      kind === 'file'
        ? await t.call('POST', '/api/v2/pushes', {
            token: ALICE.token,
            body: multipart({ kind }, [{ name: 'f.bin', type: 'application/octet-stream', data: 'F' }]),
          })
        : await t.create({ kind, payload });
    expect(reply.status).toBe(201);
  });

  it.each(['banana', 'TEXT', 'password'])('rejects kind %j with 422 on kind', async (kind) => {
    const t = await startTestHost(edition);
    const reply = await t.create({ kind, payload: 'p' });
    expect(reply.status).toBe(422);
    expect(reply.body.kind).toEqual([expect.any(String)]);
  });

  it(`${edition === 'oss' ? 'never echoes' : 'does not add'} kind in any response`, async () => {
    const t = await startTestHost(edition);
    const created = await t.create({ kind: 'qr', payload: 'q' }, ALICE.token);
    const shown = await t.retrieve(created.body.url_token);
    const [listed] = (await t.call('GET', '/api/v2/pushes/active', { token: ALICE.token })).body;
    for (const view of [created.body, shown.body, listed]) expect(view).not.toHaveProperty('kind');
  });
});

describe('expire_after_duration (pro)', () => {
  it('defaults to 12 (1 week)', async () => {
    const t = await startTestHost('pro');
    const push = await t.push({ payload: 'p' });
    expect(push).toMatchObject({ expire_after_duration: 12, expire_after_days: 7, expires_in: 7 * 86_400 });
    expect(push.expires_at).toBe(new Date(t.now + 7 * DAY).toISOString());
  });

  // Contract §6, every row written out: value, duration in seconds, expire_after_days (rounded up).
  it.each([
    [0, 900, 1],
    [1, 1_800, 1],
    [2, 2_700, 1],
    [3, 3_600, 1],
    [4, 21_600, 1],
    [5, 43_200, 1],
    [6, 86_400, 1],
    [7, 172_800, 2],
    [8, 259_200, 3],
    [9, 345_600, 4],
    [10, 432_000, 5],
    [11, 518_400, 6],
    [12, 604_800, 7],
    [13, 1_209_600, 14],
    [14, 1_814_400, 21],
    [15, 2_592_000, 30],
    [16, 5_184_000, 60],
    [17, 7_776_000, 90],
  ])('accepts %i: expires_in %i s, expire_after_days %i', async (duration, seconds, days) => {
    const t = await startTestHost('pro');
    const push = await t.push({ payload: 'p', expire_after_duration: duration });
    expect(push).toMatchObject({
      expire_after_duration: duration,
      expires_in: seconds,
      expire_after_days: days,
    });
    expect(push.expires_at).toBe(new Date(t.now + seconds * 1000).toISOString());
  });

  it.each([-1, 18, 100, 'abc', '3 days'])(
    'rejects %j with 422 on expire_after_duration',
    async (duration) => {
      const t = await startTestHost('pro');
      const reply = await t.create({ payload: 'p', expire_after_duration: duration });
      expect(reply.status).toBe(422);
      expect(reply.body.expire_after_duration).toEqual([expect.any(String)]);
    },
  );

  it('reads multipart strings', async () => {
    const t = await startTestHost('pro');
    const reply = await t.call('POST', '/api/v2/pushes', {
      body: multipart({ payload: 'p', expire_after_duration: '3' }),
    });
    expect(reply.body.expire_after_duration).toBe(3);
  });
});

describe('expire_after_duration (oss)', () => {
  it('is ignored: the push keeps 7 days and no duration is echoed', async () => {
    const t = await startTestHost('oss');
    const push = await t.push({ payload: 'p', expire_after_duration: 0 });
    expect(push.expire_after_days).toBe(7);
    expect(push).not.toHaveProperty('expire_after_duration');
    t.advance(60 * 60 * 1000);
    expect((await t.retrieve(push.url_token)).body.expired).toBe(false);
  });

  it('is ignored even when out of range', async () => {
    const t = await startTestHost('oss');
    expect((await t.create({ payload: 'p', expire_after_duration: 99 })).status).toBe(201);
  });
});

describe('expire_after_days (oss)', () => {
  it('defaults to 7', async () => {
    const t = await startTestHost('oss');
    expect((await t.push({ payload: 'p' })).expire_after_days).toBe(7);
  });

  it.each([1, 30, 90])('accepts %i', async (days) => {
    const t = await startTestHost('oss');
    const push = await t.push({ payload: 'p', expire_after_days: days });
    expect(push).toMatchObject({ expire_after_days: days, days_remaining: days });
  });

  it.each([1, 90])(
    'the range end %i: live until exactly that many days later, expired from then on',
    async (days) => {
      const t = await startTestHost('oss');
      const push = await t.push({ payload: 'p', expire_after_days: days });
      expect(push).toMatchObject({ expire_after_days: days, days_remaining: days, expired: false });
      t.advance(days * DAY - 1);
      expect((await t.retrieve(push.url_token)).body).toMatchObject({ expired: false, payload: 'p' });
      t.advance(1);
      const gone = await t.retrieve(push.url_token);
      expect(gone.body).toMatchObject({ expired: true, payload: null });
      expect(gone.body.expired_on).toBe(new Date(t.now).toISOString());
    },
  );

  it.each([0, 91])('just outside the range (%i) silently uses the default 7', async (days) => {
    const t = await startTestHost('oss');
    expect(await t.push({ payload: 'p', expire_after_days: days })).toMatchObject({ expire_after_days: 7 });
  });

  it.each([0, 91, 365, -3, 'abc', null])('silently uses the default for %j', async (days) => {
    const t = await startTestHost('oss');
    const reply = await t.create({ payload: 'p', expire_after_days: days });
    expect(reply.status).toBe(201);
    expect(reply.body.expire_after_days).toBe(7);
  });

  it('reads multipart strings', async () => {
    const t = await startTestHost('oss');
    const reply = await t.call('POST', '/api/v2/pushes', {
      body: multipart({ payload: 'p', expire_after_days: '3' }),
    });
    expect(reply.body.expire_after_days).toBe(3);
  });
});

describe('expire_after_days (pro legacy input)', () => {
  // Contract §3: days → the smallest enum value lasting at least that long, and the expiry it gives.
  it.each([
    [1, 6, 86_400],
    [2, 7, 172_800],
    [3, 8, 259_200],
    [4, 9, 345_600],
    [5, 10, 432_000],
    [6, 11, 518_400],
    [7, 12, 604_800],
    [8, 13, 1_209_600],
    [14, 13, 1_209_600],
    [15, 14, 1_814_400],
    [21, 14, 1_814_400],
    [22, 15, 2_592_000],
    [30, 15, 2_592_000],
    [31, 16, 5_184_000],
    [60, 16, 5_184_000],
    [61, 17, 7_776_000],
    [90, 17, 7_776_000],
  ])('maps %i days to duration %i (expires_in %i s)', async (days, duration, seconds) => {
    const t = await startTestHost('pro');
    const push = await t.push({ payload: 'p', expire_after_days: days });
    expect(push).toMatchObject({ expire_after_duration: duration, expires_in: seconds });
    expect(push.expires_at).toBe(new Date(t.now + seconds * 1000).toISOString());
  });

  it('is ignored when expire_after_duration is given', async () => {
    const t = await startTestHost('pro');
    const push = await t.push({ payload: 'p', expire_after_days: 30, expire_after_duration: 3 });
    expect(push).toMatchObject({ expire_after_duration: 3, expires_in: 3600 });
  });
});

describe.each(EDITIONS)('expire_after_views (%s)', (edition) => {
  it('defaults to 5', async () => {
    const t = await startTestHost(edition);
    expect(await t.push({ payload: 'p' })).toMatchObject({ expire_after_views: 5, views_remaining: 5 });
  });

  it.each([1, 100])('accepts %i', async (views) => {
    const t = await startTestHost(edition);
    expect(await t.push({ payload: 'p', expire_after_views: views })).toMatchObject({
      expire_after_views: views,
      views_remaining: views,
    });
  });

  it.each([0, 101, -1])(
    edition === 'pro' ? 'rejects %i with 422 on expire_after_views' : 'silently uses the default for %i',
    async (views) => {
      const t = await startTestHost(edition);
      const reply = await t.create({ payload: 'p', expire_after_views: views });
      if (edition === 'pro') {
        expect(reply.status).toBe(422);
        expect(reply.body.expire_after_views).toEqual([expect.any(String)]);
      } else {
        expect(reply.status).toBe(201);
        expect(reply.body.expire_after_views).toBe(5);
      }
    },
  );
});

describe.each(EDITIONS)('passphrase (%s)', (edition) => {
  it.each([[''], [undefined]])('%j means no passphrase', async (passphrase) => {
    const t = await startTestHost(edition);
    const push = await t.push({ payload: 'p', ...(passphrase === undefined ? {} : { passphrase }) });
    expect(push.passphrase).toBe(edition === 'pro' ? null : '');
    expect((await t.retrieve(push.url_token)).body.payload).toBe('p');
  });

  it('a non-empty passphrase is required on retrieval', async () => {
    const t = await startTestHost(edition);
    const push = await t.push({ payload: 'p', passphrase: 'open sesame' });
    expect(push.passphrase).toBe(edition === 'pro' ? '********' : 'open sesame');
    expect((await t.retrieve(push.url_token)).status).toBe(401);
  });
});

describe.each(EDITIONS)('name and note (%s)', (edition) => {
  it('default to ""', async () => {
    const t = await startTestHost(edition);
    expect(await t.push({ payload: 'p' })).toMatchObject({ name: '', note: '' });
  });

  it('are returned to the creator in create and list views only', async () => {
    const t = await startTestHost(edition);
    const push = await t.push({ payload: 'p', name: 'DB password', note: 'for Carol' }, ALICE.token);
    expect(push).toMatchObject({ name: 'DB password', note: 'for Carol' });
    const [listed] = (await t.call('GET', '/api/v2/pushes/active', { token: ALICE.token })).body;
    expect(listed).toMatchObject({ name: 'DB password', note: 'for Carol' });
    const shown = await t.retrieve(push.url_token);
    expect(shown.body).not.toHaveProperty('name');
    expect(shown.body).not.toHaveProperty('note');
    const ownerShown = await t.retrieve(push.url_token, { token: ALICE.token });
    expect(ownerShown.body).not.toHaveProperty('name');
    expect(ownerShown.body).not.toHaveProperty('note');
  });
});

describe.each(EDITIONS)('deletable_by_viewer and retrieval_step (%s)', (edition) => {
  it('are true when absent', async () => {
    const t = await startTestHost(edition);
    expect(await t.push({ payload: 'p' })).toMatchObject({ deletable_by_viewer: true, retrieval_step: true });
  });

  it.each([
    [true, true],
    [false, false],
    ['true', true],
    ['false', false],
    ['1', true],
    ['0', false],
    ['on', true],
    ['off', false],
    ['yes', true],
    ['no', false],
  ])('read %j as %s', async (input, expected) => {
    const t = await startTestHost(edition);
    const push = await t.push({ payload: 'p', deletable_by_viewer: input, retrieval_step: input });
    expect(push).toMatchObject({ deletable_by_viewer: expected, retrieval_step: expected });
  });

  it.each([
    ['true', true],
    ['0', false],
  ])('read the multipart string %j as %s', async (input, expected) => {
    const t = await startTestHost(edition);
    const reply = await t.call('POST', '/api/v2/pushes', {
      body: multipart({ payload: 'p', deletable_by_viewer: input, retrieval_step: input }),
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ deletable_by_viewer: expected, retrieval_step: expected });
  });

  it(`gives a url push deletable_by_viewer ${edition === 'oss' ? 'null' : 'as asked'}`, async () => {
    const t = await startTestHost(edition);
    const push = await t.push({ kind: 'url', payload: 'https://example.com', deletable_by_viewer: true });
    expect(push.deletable_by_viewer).toBe(edition === 'oss' ? null : true);
  });

  if (edition === 'oss') {
    it('a url push (deletable_by_viewer null) cannot be deleted by a viewer', async () => {
      const t = await startTestHost(edition);
      const push = await t.push({ kind: 'url', payload: 'https://example.com' }, ALICE.token);
      const reply = await t.call('DELETE', `/api/v2/pushes/${push.url_token}`);
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ error: 'That push is not deletable by viewers.' });
    });
  }
});

describe.each(EDITIONS)('notify_emails_to (%s)', (edition) => {
  it('is refused for anonymous creators with 422', async () => {
    const t = await startTestHost(edition);
    const reply = await t.create({ payload: 'p', notify_emails_to: 'carol@example.com' });
    expect(reply.status).toBe(422);
    expect(reply.body.notify_emails_to).toEqual(['are not allowed for unknown users']);
  });

  it('accepts up to 5 distinct addresses and records a creation_email_send entry', async () => {
    const t = await startTestHost(edition);
    const to = 'a@example.com,b@example.com,c@example.com,d@example.com,e@example.com';
    const created = await t.create(
      { payload: 'p', notify_emails_to: to, notify_emails_to_locale: 'de' },
      ALICE.token,
    );
    expect(created.status).toBe(201);
    expect(created.body.notify_emails_to).toBe(to);
    if (edition === 'oss') expect(created.body.notify_emails_to_locale).toBe('de');
    const logs = (await t.audit(created.body.url_token)).body.logs;
    expect(logs.map((entry: { kind: string }) => entry.kind)).toEqual(['creation', 'creation_email_send']);
    // The reference's audit shape: the email entry carries notify_by_email with the recipients.
    expect(logs[1].notify_by_email).toMatchObject({ recipients: to, locale: 'de' });
  });

  it(`is echoed on create only${edition === 'pro' ? ' (null without it)' : ''}`, async () => {
    const t = await startTestHost(edition);
    const plain = await t.push({ payload: 'p' }, ALICE.token);
    if (edition === 'pro') expect(plain.notify_emails_to).toBeNull();
    else expect(plain).not.toHaveProperty('notify_emails_to');
  });

  it.each([
    ['six addresses', 'a@x.io,b@x.io,c@x.io,d@x.io,e@x.io,f@x.io'],
    ['a duplicate', 'a@x.io,a@x.io'],
    ['an invalid address', 'a@x.io,not-an-email'],
    ['misplaced commas', 'a@x.io,,b@x.io'],
  ])('refuses %s with 422 on notify_emails_to', async (_label, to) => {
    const t = await startTestHost(edition);
    const reply = await t.create({ payload: 'p', notify_emails_to: to }, ALICE.token);
    expect(reply.status).toBe(422);
    expect(reply.body.notify_emails_to).toEqual([expect.any(String)]);
  });
});

describe.each(EDITIONS)('notify_emails_to_locale (%s)', (edition) => {
  it.each(['en', 'de', 'es', 'fr', 'it', 'nl'])('accepts %s', async (locale) => {
    const t = await startTestHost(edition);
    const reply = await t.create(
      { payload: 'p', notify_emails_to: 'c@example.com', notify_emails_to_locale: locale },
      ALICE.token,
    );
    expect(reply.status).toBe(201);
  });

  it.each(['xx', 'english', 'en-XX'])('refuses %j with 422 on notify_emails_to_locale', async (locale) => {
    const t = await startTestHost(edition);
    const reply = await t.create(
      { payload: 'p', notify_emails_to: 'c@example.com', notify_emails_to_locale: locale },
      ALICE.token,
    );
    expect(reply.status).toBe(422);
    expect(reply.body.notify_emails_to_locale).toEqual([expect.any(String)]);
  });
});

describe('authenticated_recipients (pro)', () => {
  it('needs notify_emails_to (422 otherwise)', async () => {
    const t = await startTestHost('pro');
    const reply = await t.create({ payload: 'p', authenticated_recipients: true }, ALICE.token);
    expect(reply.status).toBe(422);
    expect(reply.body.authenticated_recipients).toEqual([expect.any(String)]);
  });

  it('makes API retrieval answer 403 and count no view', async () => {
    const t = await startTestHost('pro');
    const push = await t.push(
      { payload: 'p', authenticated_recipients: true, notify_emails_to: 'carol@example.com' },
      ALICE.token,
    );
    const reply = await t.retrieve(push.url_token);
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ error: 'This push requires recipient verification in a browser.' });
    expect(await auditKinds(t, push.url_token)).not.toContain('view');
  });
});

describe('authenticated_recipients (oss)', () => {
  it('is ignored: no 422 without notify_emails_to, and retrieval works', async () => {
    const t = await startTestHost('oss');
    const push = await t.push({ payload: 'p', authenticated_recipients: true }, ALICE.token);
    const reply = await t.retrieve(push.url_token);
    expect(reply.status).toBe(200);
    expect(reply.body.payload).toBe('p');
  });
});

describe.each(EDITIONS)('files (%s)', (edition) => {
  const file = (i: number) => ({ name: `f${i}.txt`, type: 'text/plain', data: `file ${i}` });

  it('accepts 10 files', async () => {
    const t = await startTestHost(edition);
    const reply = await t.call('POST', '/api/v2/pushes', {
      token: ALICE.token,
      body: multipart(
        { kind: 'file' },
        Array.from({ length: 10 }, (_, i) => file(i)),
      ),
    });
    expect(reply.status).toBe(201);
    expect((await t.retrieve(reply.body.url_token)).body.files).toHaveLength(10);
  });

  it('refuses 11 files with 422', async () => {
    const t = await startTestHost(edition);
    const reply = await t.call('POST', '/api/v2/pushes', {
      token: ALICE.token,
      body: multipart(
        { kind: 'file' },
        Array.from({ length: 11 }, (_, i) => file(i)),
      ),
    });
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual({ files: ['You can only attach up to 10 files per push.'] });
  });

  it('needs a token for a files part: 401 with the sign-in message', async () => {
    const t = await startTestHost(edition);
    const reply = await t.call('POST', '/api/v2/pushes', { body: multipart({ payload: 'p' }, [file(1)]) });
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual(UNAUTHORIZED_FILE);
  });

  it('needs a token for kind file: 401 with the sign-in message', async () => {
    const t = await startTestHost(edition);
    const reply = await t.create({ kind: 'file', payload: 'p' });
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual(UNAUTHORIZED_FILE);
  });
});

describe('workspace_id / account_id (pro)', () => {
  it('anonymous pushes have account_id null; a user’s get the prefixed workspace id', async () => {
    const t = await startTestHost('pro');
    expect((await t.push({ payload: 'p' })).account_id).toBeNull();
    expect((await t.push({ payload: 'p' }, ALICE.token)).account_id).toMatch(/^ws_\d+$/);
  });

  it.each(['workspace_id', 'account_id'])(
    'accepts the caller’s own id in %s, prefixed or raw',
    async (key) => {
      const t = await startTestHost('pro');
      const own = (await t.push({ payload: 'p' }, ALICE.token)).account_id as string;
      const raw = Number(own.slice('ws_'.length));
      for (const value of [own, raw]) {
        const reply = await t.create({ payload: 'p' }, ALICE.token, { [key]: value });
        expect(reply.status).toBe(201);
        expect(reply.body.account_id).toBe(own);
      }
    },
  );

  it.each(['workspace_id', 'account_id'])(
    'refuses another user’s or an unknown id in %s with 422',
    async (key) => {
      const t = await startTestHost('pro');
      const bobs = (await t.push({ payload: 'p' }, BOB.token)).account_id as string;
      for (const value of [bobs, 'ws_999999', 'nonsense']) {
        const reply = await t.create({ payload: 'p' }, ALICE.token, { [key]: value });
        expect(reply.status).toBe(422);
        expect(reply.body).toEqual({ workspace_id: ['is invalid'] });
      }
    },
  );
});

describe('workspace_id / account_id (oss)', () => {
  it('are ignored', async () => {
    const t = await startTestHost('oss');
    const reply = await t.create({ payload: 'p' }, ALICE.token, { workspace_id: 'ws_999999', account_id: 7 });
    expect(reply.status).toBe(201);
    expect(reply.body).not.toHaveProperty('account_id');
  });
});

describe.each(EDITIONS)('other create errors (%s)', (edition) => {
  it.each([
    ['an empty object', {}],
    ['only a workspace', { workspace_id: 'ws_1' }],
  ])('%s without push → 400 param is missing', async (_label, body) => {
    const t = await startTestHost(edition);
    const reply = await t.call('POST', '/api/v2/pushes', { json: body });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ error: 'param is missing or the value is empty or invalid: push' });
  });

  it('a multipart body without push parts → 400 param is missing', async () => {
    const t = await startTestHost(edition);
    const form = new FormData();
    form.append('other', 'x');
    const reply = await t.call('POST', '/api/v2/pushes', { body: form });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ error: 'param is missing or the value is empty or invalid: push' });
  });

  it.each(['{"push":', 'push=1', '{"push":{"payload":"x"}}}', "{'push':{}}"])(
    'invalid JSON %j → 400 Bad Request',
    async (text) => {
      const t = await startTestHost(edition);
      const reply = await t.call('POST', '/api/v2/pushes', {
        body: text,
        headers: { 'content-type': 'application/json' },
      });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ status: 400, error: 'Bad Request' });
    },
  );

  it('422 names every failing field at once', async () => {
    const t = await startTestHost(edition);
    const reply = await t.create(
      {
        kind: 'url',
        payload: 'ftp://nope',
        expire_after_duration: 99,
        expire_after_views: 0,
        notify_emails_to: 'not-an-email',
        notify_emails_to_locale: 'xx',
      },
      ALICE.token,
    );
    expect(reply.status).toBe(422);
    const expected = ['payload', 'notify_emails_to', 'notify_emails_to_locale'];
    if (edition === 'pro') expected.push('expire_after_duration', 'expire_after_views');
    expect(Object.keys(reply.body).sort()).toEqual(expected.sort());
    for (const field of expected)
      expect(reply.body[field]).toEqual(expect.arrayContaining([expect.any(String)]));
  });

  it('writes a creation audit entry on success', async () => {
    const t = await startTestHost(edition);
    const push = await t.push({ payload: 'p' }, ALICE.token);
    expect(await auditKinds(t, push.url_token)).toEqual(['creation']);
  });

  it('writes nothing on failure', async () => {
    const t = await startTestHost(edition);
    await t.create({ payload: '' }, ALICE.token);
    const active = await t.call('GET', '/api/v2/pushes/active', { token: ALICE.token });
    expect(active.body).toEqual([]);
  });
});
