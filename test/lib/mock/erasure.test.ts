// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ALICE, BOB, DAY, body, harness, rawRecords, type Harness } from './helpers';

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

  it('erases everything once the views run out (a file push on its next access)', async () => {
    const h = await harness('pro');
    const token = await filePush(h, 1);
    await h.call('GET', `/api/v2/pushes/${token}`, { headers: { 'X-Passphrase': 'pw' } });
    expect((await rawPush(h, token)).payload).toBe('the note'); // still downloadable
    await h.call('GET', `/api/v2/pushes/${token}/preview`);
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
