import { describe, expect, it } from 'vitest';
import { PRO_PUSH_KEYS as PRO_PUSH } from '../../contract-keys';
import { ALICE, BOB, T0, body, harness } from './helpers';

const OSS_PUSH = PRO_PUSH.filter(
  (k) => !['account_id', 'expire_after_duration', 'expires_at', 'expires_in', 'notify_emails_to'].includes(k),
);
const without = (keys: string[], gone: string[]) => keys.filter((k) => !gone.includes(k));
const sorted = (o: Record<string, unknown>) => Object.keys(o).sort();

describe('key sets', () => {
  it('matches the pro create, list, retrieve and delete views', async () => {
    const h = await harness('pro');
    const push = await h.createPush({ payload: 'x', passphrase: 'pw' });
    expect(sorted(push)).toEqual(PRO_PUSH);
    const token = push.url_token as string;
    const [listed] = (await (
      await h.call('GET', '/api/v2/pushes/active', { token: ALICE.token })
    ).json()) as Record<string, unknown>[];
    expect(sorted(listed!)).toEqual(PRO_PUSH);
    const shown = await body(
      await h.call('GET', `/api/v2/pushes/${token}`, { headers: { 'X-Passphrase': 'pw' } }),
    );
    expect(sorted(shown)).toEqual(
      [...without(PRO_PUSH, ['account_id', 'name', 'note', 'notify_emails_to']), 'files', 'payload'].sort(),
    );
    const deleted = await body(await h.call('DELETE', `/api/v2/pushes/${token}`, { token: ALICE.token }));
    expect(sorted(deleted)).toEqual(PRO_PUSH);
  });

  it('matches the oss create (with notify), retrieve and delete views', async () => {
    const h = await harness('oss');
    const push = await h.createPush({ payload: 'x', notify_emails_to: 'a@example.com' });
    expect(sorted(push)).toEqual([...OSS_PUSH, 'notify_emails_to', 'notify_emails_to_locale'].sort());
    const token = push.url_token as string;
    const shown = await body(await h.call('GET', `/api/v2/pushes/${token}`));
    expect(sorted(shown)).toEqual([...without(OSS_PUSH, ['name', 'note']), 'files', 'payload'].sort());
    const deleted = await body(await h.call('DELETE', `/api/v2/pushes/${token}`));
    expect(sorted(deleted)).toEqual(without(OSS_PUSH, ['name', 'note']));
  });
});

describe('values', () => {
  it('fills pro defaults, the hidden passphrase and the workspace', async () => {
    const h = await harness('pro');
    const push = await h.createPush({ payload: 'x', passphrase: 'pw' });
    expect(push).toMatchObject({
      account_id: 'ws_1',
      expire_after_duration: 12,
      expire_after_days: 7,
      expires_in: 604_800,
      days_remaining: 7,
      expire_after_views: 5,
      passphrase: '********',
      deletable_by_viewer: true,
      retrieval_step: true,
      created_at: new Date(T0).toISOString(),
    });
    const anonymous = await h.createPush({ payload: 'x' }, null);
    expect(anonymous).toMatchObject({ account_id: null, passphrase: null });
  });

  it('accepts the caller’s workspace as ws_ id or number and refuses another', async () => {
    const h = await harness('pro');
    for (const id of ['ws_2', 2]) {
      const response = await h.call('POST', '/api/v2/pushes', {
        token: BOB.token,
        json: { workspace_id: id, push: { payload: 'x' } },
      });
      expect((await body(response)).account_id).toBe('ws_2');
    }
    const other = await h.call('POST', '/api/v2/pushes', {
      token: BOB.token,
      json: { account_id: 'ws_1', push: { payload: 'x' } },
    });
    expect(await other.json()).toEqual({ workspace_id: ['is invalid'] });
  });

  it('hides the creator’s fields when a viewer deletes on pro', async () => {
    const h = await harness('pro');
    const push = await h.createPush({ payload: 'x', name: 'mine', note: 'private' });
    const deleted = await body(await h.call('DELETE', `/api/v2/pushes/${push.url_token as string}`));
    expect(deleted).toMatchObject({ account_id: null, name: null, note: null, deleted: true, expires_in: 0 });
  });

  it('builds url_token from 8..14 injected random bytes, lowercase base64url', async () => {
    const h = await harness('pro', { random: (n) => new Uint8Array(n).fill(0xfb) });
    const push = await h.createPush({ payload: 'x', retrieval_step: false });
    // first byte 0xfb → 8 + 251 % 7 = 14 bytes → 19 characters
    expect(push.url_token).toBe('-_v7-_v7-_v7-_v7-_s');
    expect(push.html_url).toBe('http://mock.test/p/-_v7-_v7-_v7-_v7-_s');
  });
});
