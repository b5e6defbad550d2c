import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createMockBackend, openMockStore } from '@/lib/mock';
import { MOCK_DB_VERSION } from '@/lib/mock/store';
import { ALICE, BASE, BOB, DAY, MINUTE, T0, body, harness, rawRecords, type Harness } from './helpers';

interface RawPush {
  url_token: string;
  payload: string | null;
  passphrase: string | null;
  files: unknown[];
  expired: boolean;
  deleted: boolean;
}

async function filePush(h: Harness, views = 5): Promise<string> {
  const form = new FormData();
  form.append('push[payload]', 'the note');
  form.append('push[passphrase]', 'pw');
  form.append('push[expire_after_views]', String(views));
  form.append('push[files][]', new File(['bytes'], 'secret.txt', { type: 'text/plain' }));
  const created = await body(await h.call('POST', '/api/v2/pushes', { token: ALICE.token, body: form }));
  return created.url_token as string;
}

async function rawPush(h: Harness, token: string): Promise<RawPush> {
  const pushes = (await rawRecords(h.factory, 'pushes')) as RawPush[];
  const push = pushes.find((p) => p.url_token === token);
  if (!push) throw new Error('push not stored');
  return push;
}

async function expectErased(h: Harness, token: string) {
  const push = await rawPush(h, token);
  expect(push).toMatchObject({ expired: true, payload: null, passphrase: null, files: [] });
  const files = (await rawRecords(h.factory, 'files')) as { url_token: string }[];
  expect(files.filter((f) => f.url_token === token)).toEqual([]);
}

describe('erasure from storage', () => {
  it('keeps payload, passphrase and bytes while the push lives', async () => {
    const h = await harness('pro');
    const token = await filePush(h);
    expect(await rawPush(h, token)).toMatchObject({ payload: 'the note', passphrase: 'pw' });
    expect(((await rawRecords(h.factory, 'files')) as unknown[]).length).toBe(1);
  });

  it('erases everything on DELETE by the owner', async () => {
    const h = await harness('pro');
    const token = await filePush(h);
    const response = await h.call('DELETE', `/api/v2/pushes/${token}`, { token: ALICE.token });
    expect(await body(response)).toMatchObject({ expired: true, deleted: true, views_remaining: 0 });
    await expectErased(h, token);
    expect((await rawPush(h, token)).deleted).toBe(true);
  });

  it('erases the payload at the last view, and the file bytes 10 minutes later, untouched', async () => {
    const h = await harness('pro');
    const token = await filePush(h, 1);
    await h.call('GET', `/api/v2/pushes/${token}`, { headers: { 'X-Passphrase': 'pw' } });
    expect(await rawPush(h, token)).toMatchObject({ expired: true, payload: null, passphrase: null });
    expect(((await rawRecords(h.factory, 'files')) as unknown[]).length).toBe(1); // still downloadable
    h.clock.now += 10 * 60_000;
    await h.call('GET', '/api/v2/version');
    await expectErased(h, token);
  });

  it('erases a text push right after its last view', async () => {
    const h = await harness('oss');
    const created = await h.createPush({ payload: 'once', passphrase: 'pw', expire_after_views: 1 });
    const token = created.url_token as string;
    expect(
      await body(await h.call('GET', `/api/v2/pushes/${token}?passphrase=pw`, { token: BOB.token })),
    ).toMatchObject({ payload: 'once', views_remaining: 0, expired: false });
    await expectErased(h, token);
  });

  it('erases everything when the time is up, on the next list', async () => {
    const h = await harness('oss');
    const token = await filePush(h);
    h.clock.now += 7 * DAY;
    const expired = (await (
      await h.call('GET', '/api/v2/pushes/expired', { token: ALICE.token })
    ).json()) as {
      url_token: string;
    }[];
    expect(expired.map((p) => p.url_token)).toEqual([token]);
    await expectErased(h, token);
  });

  it('refuses a download once the time is up, erasing the bytes', async () => {
    const h = await harness('pro');
    const token = await filePush(h);
    const shown = await body(
      await h.call('GET', `/api/v2/pushes/${token}`, { headers: { 'X-Passphrase': 'pw' } }),
    );
    const url = new URL((shown.files as { url: string }[])[0]!.url);
    h.clock.now += 7 * DAY;
    expect((await h.call('GET', url.pathname)).status).toBe(404);
    await expectErased(h, token);
  });
});

describe('erasure of pushes nobody touches (time is up)', () => {
  it.each([
    ['pro, a 15-minute duration', 'pro', { expire_after_duration: 0 }, 15 * MINUTE],
    ['oss, 1 day', 'oss', { expire_after_days: 1 }, DAY],
  ] as const)('%s: erased by any unrelated request', async (_label, edition, expiry, lifetime) => {
    const h = await harness(edition);
    const text = await h.createPush({ payload: 'untouched', passphrase: 'pw', ...expiry });
    const token = text.url_token as string;
    const form = new FormData();
    form.append('push[payload]', 'note');
    for (const [key, value] of Object.entries(expiry)) form.append(`push[${key}]`, String(value));
    form.append('push[files][]', new File(['file bytes'], 'f.txt', { type: 'text/plain' }));
    const file = await body(await h.call('POST', '/api/v2/pushes', { token: ALICE.token, body: form }));
    const fileToken = file.url_token as string;
    const later = await h.createPush({ payload: 'lives on', expire_after_views: 3 });

    h.clock.now += lifetime - 1;
    await h.call('GET', '/api/v2/version');
    expect(await rawPush(h, token)).toMatchObject({ payload: 'untouched', passphrase: 'pw' });
    expect(((await rawRecords(h.factory, 'files')) as unknown[]).length).toBe(1);

    h.clock.now += 1; // exactly created_at + duration
    await h.call('GET', '/api/v2/version');
    await expectErased(h, token);
    await expectErased(h, fileToken);
    expect(await rawPush(h, token)).toMatchObject({ expired_on: T0 + lifetime, deleted: false });
    expect(await rawPush(h, later.url_token as string)).toMatchObject({ payload: 'lives on' });
  });

  it('an unknown route erases too, and no audit entry is written for it', async () => {
    const h = await harness('pro');
    const token = (await h.createPush({ payload: 'x', expire_after_duration: 1 })).url_token as string;
    h.clock.now += 30 * MINUTE;
    expect((await h.call('GET', '/nothing-here')).status).toBe(404);
    await expectErased(h, token);
    const audit = (await rawRecords(h.factory, 'audit')) as { kind: string }[];
    expect(audit.map((entry) => entry.kind)).toEqual(['creation']);
  });

  it('upgrades a version 1 database: its live pushes are indexed and erased when due', async () => {
    const factory = new IDBFactory();
    await writeVersion1(factory, [
      v1Push('old-live', T0 + DAY, false, 'old secret'),
      v1Push('old-gone', T0 - DAY, true, null),
    ]);
    const store = await openMockStore({ indexedDB: factory });
    expect(store.db.version).toBe(MOCK_DB_VERSION);
    const handler = createMockBackend({ store, baseUrl: BASE, clock: () => T0 + DAY });
    await handler(new Request(`${BASE}/api/v2/version`));
    const pushes = (await rawRecords(factory, 'pushes')) as RawPush[];
    expect(pushes.find((p) => p.url_token === 'old-live')).toMatchObject({
      expired: true,
      payload: null,
      passphrase: null,
    });
    store.close();
  });

  it("upgrades a version 1 database: its owners' lists show the pushes it had, and a new push comes first", async () => {
    const factory = new IDBFactory();
    await writeVersion1(factory, [
      { ...v1Push('older', T0 + DAY, false, 'a'), owner: ALICE.email, seq: 1 },
      { ...v1Push('newer', T0 + DAY + MINUTE, false, 'b'), owner: ALICE.email, seq: 2 },
      { ...v1Push('ended', T0 - DAY, true, null), owner: ALICE.email, seq: 3 },
      { ...v1Push('bobs', T0 + DAY, false, 'c'), owner: BOB.email, seq: 1 },
      v1Push('anonymous', T0 + DAY, false, 'd'),
    ]);
    const store = await openMockStore({ indexedDB: factory });
    // A minute after 'newer' was made (T0 + MINUTE): the push made now is the newest.
    const handler = createMockBackend({
      store,
      baseUrl: BASE,
      users: [ALICE, BOB],
      clock: () => T0 + 2 * MINUTE,
    });
    const get = (path: string) =>
      handler(new Request(BASE + path, { headers: { Authorization: `Bearer ${ALICE.token}` } }));
    const tokens = async (path: string) =>
      ((await (await get(path)).json()) as { url_token: string }[]).map((push) => push.url_token);
    expect(await tokens('/api/v2/pushes/active')).toEqual(['newer', 'older']);
    expect(await tokens('/api/v2/pushes/expired')).toEqual(['ended']);
    const created = await handler(
      new Request(`${BASE}/api/v2/pushes`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${ALICE.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ push: { payload: 'new' } }),
      }),
    );
    const fresh = ((await created.json()) as { url_token: string }).url_token;
    expect((await store.getPush(fresh))?.seq).toBe(4);
    expect(await tokens('/api/v2/pushes/active')).toEqual([fresh, 'newer', 'older']);
    store.close();
  });
});

describe('page deletion and the last view on the page, in the raw database', () => {
  const form = { body: '', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } };

  it('the delete button erases payload, passphrase and file bytes', async () => {
    const h = await harness('pro');
    const token = await filePush(h);
    const form2 = new URLSearchParams({ passphrase: 'pw' }).toString();
    await h.call('POST', `/p/${token}`, { ...form, body: form2 }); // reveal, as a recipient would first
    expect((await h.call('POST', `/p/${token}/delete`)).status).toBe(200);
    await expectErased(h, token);
    expect(await rawPush(h, token)).toMatchObject({ deleted: true });
  });

  it('the last view through the page erases a text push right after it', async () => {
    const h = await harness('oss');
    const token = (await h.createPush({ payload: 'last one', passphrase: 'pw', expire_after_views: 1 }))
      .url_token as string;
    const shown = await h.call('POST', `/p/${token}`, {
      ...form,
      body: new URLSearchParams({ passphrase: 'pw' }).toString(),
    });
    expect(await shown.text()).toContain('last one');
    await expectErased(h, token);
  });

  it('the last view of a file push through the page keeps the bytes for 10 minutes', async () => {
    const h = await harness('pro');
    const token = await filePush(h, 1);
    const shown = await h.call('POST', `/p/${token}`, {
      ...form,
      body: new URLSearchParams({ passphrase: 'pw' }).toString(),
    });
    expect(await shown.text()).toContain('secret.txt');
    expect(((await rawRecords(h.factory, 'files')) as unknown[]).length).toBe(1);
    h.clock.now += 10 * 60_000;
    await h.call('GET', `/p/${token}`);
    await expectErased(h, token);
  });
});

function v1Push(url_token: string, expires_at: number, expired: boolean, payload: string | null) {
  return {
    url_token,
    seq: 0,
    account: null,
    kind: 'text',
    payload,
    passphrase: payload === null ? null : 'pw',
    name: '',
    note: '',
    expire_after_views: 5,
    expire_after_duration: 6,
    expire_after_days: 1,
    expires_at,
    deletable_by_viewer: true,
    retrieval_step: true,
    authenticated_recipients: false,
    notify_emails_to: null,
    notify_emails_to_locale: null,
    views_counted: 0,
    created_at: expires_at - DAY,
    updated_at: expires_at - DAY,
    expired,
    expired_on: expired ? expires_at : null,
    deleted: false,
    files: [],
  };
}

/** The database as version 1 of the mock created it (no 'by-expiry' index, no erase_at). */
function writeVersion1(factory: IDBFactory, pushes: object[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const open = factory.open('secret-push-mock', 1);
    open.onupgradeneeded = () => {
      const db = open.result;
      db.createObjectStore('pushes', { keyPath: 'url_token' }).createIndex('by-owner', 'owner');
      db.createObjectStore('audit', { keyPath: 'id', autoIncrement: true }).createIndex(
        'by-push',
        'url_token',
      );
      db.createObjectStore('files', { keyPath: 'id' }).createIndex('by-push', 'url_token');
      for (const push of pushes) open.transaction!.objectStore('pushes').put(push);
    };
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      open.result.close();
      resolve();
    };
  });
}
