import { describe, expect, it } from 'vitest';
import { browserNotifier } from '@/lib/quick-push/notifier';
import { notifications } from './helpers';

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
