/**
 * The messaging core on a browser's own runtime messaging with no polyfill in between: a `chrome` that
 * answers a message only when a listener returns true and calls sendResponse, and ignores a returned promise
 * (every Chrome before it learnt promise answers; Firefox and Chromium 156 take both forms). fakeBrowser's
 * own runtime messaging behaves exactly so, and stands as that browser here, unpatched.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { AppError } from '@/lib/errors';
import { defineMessage } from '@/lib/messages/message';
import { handle, listenForMessages, NO_ANSWER, sendMessage } from '@/lib/messages/runtime';

const greet = defineMessage<{ name: string }, string>({
  type: 'test-greet',
  to: 'background',
  request: z.object({ name: z.string() }),
  // fakeBrowser's own sendMessage names no sender, which a privileged message would refuse.
  privileged: false,
});
const guarded = defineMessage<{ name: string }, string>({
  type: 'test-guarded',
  to: 'background',
  request: z.object({ name: z.string() }),
  privileged: true,
});

let listeners: Array<(...args: unknown[]) => unknown>;
beforeEach(() => {
  listeners = [];
  const add = fakeBrowser.runtime.onMessage.addListener.bind(fakeBrowser.runtime.onMessage);
  vi.spyOn(fakeBrowser.runtime.onMessage, 'addListener').mockImplementation((listener) => {
    listeners.push(listener as (...args: unknown[]) => unknown);
    add(listener);
  });
});

describe("messaging on the browser's own runtime, answered only through sendResponse", () => {
  it('delivers the reply', async () => {
    listenForMessages([handle(greet, async ({ name }) => `hello ${name}`)]);
    await expect(sendMessage(greet, { name: 'Ada' })).resolves.toBe('hello Ada');
  });

  it('hands the browser the form it needs: true now, the reply later', async () => {
    listenForMessages([handle(greet, async ({ name }) => `hello ${name}`)]);
    const sendResponse = vi.fn();
    const envelope = { channel: 'secret-push', type: 'test-greet', data: { name: 'Ada' } };
    expect(listeners[0]!(envelope, {}, sendResponse)).toBe(true);
    await vi.waitFor(() => expect(sendResponse).toHaveBeenCalledWith({ res: 'hello Ada' }));
  });

  it('sends a handler error back as data, rethrown with its code and words', async () => {
    listenForMessages([
      handle(greet, async () => {
        throw new AppError('network', 'The server could not be reached.');
      }),
    ]);
    await expect(sendMessage(greet, { name: 'Ada' })).rejects.toMatchObject({
      name: 'AppError',
      code: 'network',
      message: 'The server could not be reached.',
    });
  });

  it('sends a malformed request and a stranger back refused, before the handler runs', async () => {
    const hello = vi.fn(async () => 'hello');
    listenForMessages([handle(greet, hello), handle(guarded, hello)]);
    await expect(sendMessage(greet, { name: 42 } as never)).rejects.toMatchObject({ code: 'bad-request' });
    // The unpatched fake names no sender: not one of ours.
    await expect(sendMessage(guarded, { name: 'Ada' })).rejects.toMatchObject({ code: 'forbidden' });
    expect(hello).not.toHaveBeenCalled();
  });

  it('leaves a message nobody answers unanswered, which the sender reports', async () => {
    listenForMessages([]);
    await expect(sendMessage(greet, { name: 'Ada' })).rejects.toThrow(NO_ANSWER);
  });
});
