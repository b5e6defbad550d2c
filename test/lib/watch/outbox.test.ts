import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { listTrackedPushes } from '@/lib/watch/read';
import { followSent, recordSent, sendToRecord } from '@/lib/watch/outbox';
import { BASE, resetWatchDb, signInAlice, watchHarness } from './helpers';

beforeEach(async () => {
  await resetWatchDb();
  await signInAlice();
});

/** Waits until `check` passes (the background's runs follow storage events, which the fake fires async). */
async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('never happened');
}

describe('the hand-over of a created push to the background (issue 37: the link shows at once)', () => {
  it('holds no clear passphrase an open-source server echoed, and the background records it as "has one"', async () => {
    const h = await watchHarness('oss');
    const { push } = await h.anonymous.createPush({
      payload: 'hunter2-top-secret',
      passphrase: 'open sesame',
    });
    expect(push.passphrase).toBe('open sesame');
    await sendToRecord(push, { server: BASE, kind: 'text', subject: 'Wi-Fi' });
    const held = JSON.stringify(await fakeBrowser.storage.session.get(null));
    expect(held).toContain(push.url_token);
    expect(held).not.toContain('open sesame');
    expect(held).not.toContain('hunter2');

    await recordSent();
    const [record] = await listTrackedPushes(BASE);
    expect(record).toMatchObject({
      url_token: push.url_token,
      has_passphrase: true,
      kind: 'text',
      subject: 'Wi-Fi',
    });
    expect(await fakeBrowser.storage.session.get(null)).toEqual({});
  });

  it('records each push handed over while the background follows, once, and what waited from before it started', async () => {
    const h = await watchHarness('pro');
    const made = await Promise.all([1, 2, 3].map(() => h.anonymous.createPush({ payload: 'x' })));
    await sendToRecord(made[0]!.push, { server: BASE, kind: 'text' }); // before the background started
    const stop = followSent((error) => {
      throw error;
    });
    try {
      await sendToRecord(made[1]!.push, { server: BASE, kind: 'text' });
      await sendToRecord(made[2]!.push, { server: BASE, kind: 'url' });
      await until(async () => (await listTrackedPushes(BASE)).length === 3);
      await until(async () => Object.keys(await fakeBrowser.storage.session.get(null)).length === 0);
      const tokens = (await listTrackedPushes(BASE)).map((record) => record.url_token).sort();
      expect(tokens).toEqual(made.map(({ push }) => push.url_token).sort());
    } finally {
      stop();
    }
  });

  it('takes out an entry that is not a push, and keeps other session items', async () => {
    await fakeBrowser.storage.session.set({
      'createdPush:junk': { push: 'nope' },
      popupHandoff: { kept: 1 },
    });
    await recordSent();
    expect(await fakeBrowser.storage.session.get(null)).toEqual({ popupHandoff: { kept: 1 } });
    expect(await listTrackedPushes(BASE)).toEqual([]);
  });
});
