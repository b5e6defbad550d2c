import { describe, expect, it } from 'vitest';
import { listenForMessages, sendMessage } from '@/lib/messages/runtime';
import { AppError } from '@/lib/errors';

describe('runtime messaging', () => {
  it('delivers a typed reply from the handler', async () => {
    listenForMessages({ ping: async () => ({ ok: true, version: '9.9.9' }) });
    await expect(sendMessage('ping', undefined)).resolves.toEqual({ ok: true, version: '9.9.9' });
  });

  it('rethrows a handler error on the sender side with its code', async () => {
    listenForMessages({
      ping: async () => {
        throw new AppError('network', 'The server could not be reached.');
      },
    });
    await expect(sendMessage('ping', undefined)).rejects.toMatchObject({ code: 'network', name: 'AppError' });
  });
});
