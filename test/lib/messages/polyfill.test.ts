/**
 * The messaging core through webextension-polyfill where it does its work: a Chrome without the `browser`
 * namespace (before 144), whose `chrome` takes callbacks and answers a message only when a listener
 * returns true and calls sendResponse. fakeBrowser's own runtime messaging behaves exactly so, and stands as
 * that `chrome` here; the polyfill is loaded over it the way the built bundles load it.
 */
import { createRequire } from 'node:module';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { AppError } from '@/lib/errors';
import { defineMessage } from '@/lib/messages/message';
import { handle, listenForMessages, NO_ANSWER, sendMessage } from '@/lib/messages/runtime';

vi.mock('wxt/browser', async () => {
  const { fakeBrowser: chrome } = await import('wxt/testing/fake-browser');
  const require = createRequire(import.meta.url);
  const id = require.resolve('webextension-polyfill');
  delete require.cache[id];
  const native = (globalThis as { browser?: unknown }).browser;
  vi.stubGlobal('browser', undefined); // no browser namespace: the polyfill wraps chrome
  vi.stubGlobal('chrome', chrome);
  const polyfill: unknown = require(id);
  vi.stubGlobal('browser', native);
  if (polyfill === chrome) throw new Error('the polyfill handed the fake back instead of wrapping it');
  return { browser: polyfill };
});

const greet = defineMessage<{ name: string }, string>({
  type: 'test-greet',
  to: 'background',
  request: z.object({ name: z.string() }),
  // fakeBrowser's own sendMessage names no sender, which a privileged message would refuse.
  privileged: false,
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

describe('messaging through webextension-polyfill on a Chrome before 144', () => {
  it('answers with the promise the listener returns', async () => {
    listenForMessages([handle(greet, async ({ name }) => `hello ${name}`)]);
    await expect(sendMessage(greet, { name: 'Ada' })).resolves.toBe('hello Ada');
  });

  it('hands chrome the sendResponse form it needs: true now, the reply later', async () => {
    listenForMessages([handle(greet, async ({ name }) => `hello ${name}`)]);
    const sendResponse = vi.fn();
    const envelope = { channel: 'secret-push', type: 'test-greet', data: { name: 'Ada' } };
    expect(listeners[0]!(envelope, {}, sendResponse)).toBe(true);
    await vi.waitFor(() => expect(sendResponse).toHaveBeenCalledWith({ res: 'hello Ada' }));
  });

  it('sends a handler error back as data, rethrown with its code', async () => {
    listenForMessages([
      handle(greet, async () => {
        throw new AppError('network', 'The server could not be reached.');
      }),
    ]);
    await expect(sendMessage(greet, { name: 'Ada' })).rejects.toMatchObject({ code: 'network' });
  });

  it('leaves a message nobody answers unanswered, which the sender reports', async () => {
    listenForMessages([]);
    await expect(sendMessage(greet, { name: 'Ada' })).rejects.toThrow(NO_ANSWER);
  });
});
