import { describe, expect, it } from 'vitest';
import {
  browserNotifier,
  FAILED_PREFIX,
  NOTICE_PREFIX,
  noticeId,
  pushOfNotice,
} from '@/lib/quick-push/notifier';
import { notifications } from './helpers';
import { pushKey } from '@/lib/watch/push-address';

describe('browserNotifier', () => {
  it('Chrome: a failure gets a "Try again" button and stays until acted on', async () => {
    await browserNotifier({ buttons: true }).show('n', { title: 'T', message: 'M.', retry: true });
    expect(notifications().n).toMatchObject({
      type: 'basic',
      title: 'T',
      message: 'M.',
      buttons: [{ title: 'Try again' }],
      requireInteraction: true,
      iconUrl: expect.stringMatching(/\/icon\/128\.png$/),
    });
  });

  it('Firefox: no buttons; the text says a click tries again', async () => {
    await browserNotifier({ buttons: false }).show('n', { title: 'T', message: 'M.', retry: true });
    expect(notifications().n).toMatchObject({ message: 'M. Click here to try again.' });
    expect(notifications().n).not.toHaveProperty('buttons');
  });

  it('clears a notification', async () => {
    const notifier = browserNotifier({ buttons: true });
    await notifier.show('n', { title: 'T', message: 'M.', retry: false });
    await notifier.clear('n');
    expect(notifications()).toEqual({});
  });
});

describe('noticeId and pushOfNotice', () => {
  it('carry the key of the push a notification is about, whatever its server looks like, and not its token', () => {
    const push = { server: 'https://push.example:8443/sub|path?x=%41', url_token: 'ab_c-1xyzw' };
    const id = noticeId(`${NOTICE_PREFIX}pushed:`, 'f00d', pushKey(push));
    expect(id.startsWith(`${NOTICE_PREFIX}pushed:f00d|`)).toBe(true);
    expect(pushOfNotice(id)).toBe(pushKey(push));
    expect(id).not.toContain(push.url_token);
    expect(id).not.toContain('push.example');
  });

  it('find no push in a failure’s notification, nor in another module’s', () => {
    expect(pushOfNotice(noticeId(FAILED_PREFIX, 'f00d'))).toBeNull();
    expect(pushOfNotice('watch:https://push.example|abc|1')).toBeNull();
    expect(pushOfNotice(`${NOTICE_PREFIX}pushed:1|#/push/x/NOT A TOKEN`)).toBeNull();
    // The earlier form, server and token: it names no push any more (lib/watch/push-address.ts).
    expect(pushOfNotice(`${NOTICE_PREFIX}pushed:1|#/push/https%3A%2F%2Fpush.example/abc123`)).toBeNull();
  });
});
