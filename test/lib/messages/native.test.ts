/**
 * The messaging core through the real webextension-polyfill on a Chrome whose own listeners can answer only
 * by returning true and calling sendResponse later, and which ignore a returned promise: every Chrome from
 * 120 (the manifest's minimum) to 143. fakeBrowser's own runtime messaging behaves exactly so, and stands as
 * that browser's `chrome` here; the polyfill wraps it as it does in the shipped bundles, and our listeners
 * answer by returning a promise (lib/messages/runtime.ts).
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { AppError } from '@/lib/errors';
import { defineMessage } from '@/lib/messages/message';

/** An old Chrome's `chrome`, built on fakeBrowser's runtime: callbacks and sendResponse only. */
function oldChrome(): object {
  const { runtime } = fakeBrowser;
  return {
    runtime: {
      id: runtime.id,
      getURL: (path: string) => runtime.getURL(path as '/'),
      onMessage: runtime.onMessage,
      // The polyfill calls the callback form and reads lastError, as on a real Chrome.
      sendMessage: (message: unknown, callback: (reply: unknown) => void) => {
        runtime.sendMessage(message).then(callback, (error: Error) => {
          chromeRuntime.lastError = { message: error.message };
          callback(undefined);
          chromeRuntime.lastError = undefined;
        });
      },
      lastError: undefined as { message: string } | undefined,
    },
  };
}
let chromeRuntime: { lastError?: { message: string } };

vi.mock('wxt/browser', async () => {
  const chrome = oldChrome() as { runtime: typeof chromeRuntime };
  chromeRuntime = chrome.runtime;
  const global = globalThis as { chrome?: unknown; browser?: unknown };
  const own = global.browser;
  global.chrome = chrome;
  delete global.browser; // Chrome before 144 has no `browser`: the polyfill must build one
  const { default: polyfilled } = await import('webextension-polyfill');
  global.browser = own;
  return { browser: polyfilled };
});

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

let runtime: typeof import('@/lib/messages/runtime');
beforeAll(async () => {
  runtime = await import('@/lib/messages/runtime');
});

describe('messaging through webextension-polyfill on a Chrome that answers only through sendResponse', () => {
  it('is the polyfill, not the browser object, that the messaging core talks to', async () => {
    const { browser } = await import('wxt/browser');
    expect(browser).not.toBe(fakeBrowser);
    expect(browser.runtime.id).toBe(fakeBrowser.runtime.id);
  });

  it('delivers the reply of a listener that returns a promise', async () => {
    const stop = runtime.listenForMessages([runtime.handle(greet, async ({ name }) => `hello ${name}`)]);
    await expect(runtime.sendMessage(greet, { name: 'Ada' })).resolves.toBe('hello Ada');
    stop();
  });

  it('hands the old Chrome the form it needs: true now, the reply through sendResponse', async () => {
    const stop = runtime.listenForMessages([runtime.handle(greet, async ({ name }) => `hello ${name}`)]);
    const sendResponse = vi.fn();
    const envelope = { channel: 'secret-push', type: 'test-greet', data: { name: 'Ada' } };
    const results = await fakeBrowser.runtime.onMessage.trigger(envelope, {}, sendResponse);
    expect(results).toContain(true);
    await vi.waitFor(() => expect(sendResponse).toHaveBeenCalledWith({ res: 'hello Ada' }));
    stop();
  });

  it('sends a handler error back as data, rethrown with its code and words', async () => {
    const stop = runtime.listenForMessages([
      runtime.handle(greet, async () => {
        throw new AppError('network', 'The server could not be reached.');
      }),
    ]);
    await expect(runtime.sendMessage(greet, { name: 'Ada' })).rejects.toMatchObject({
      name: 'AppError',
      code: 'network',
      message: 'The server could not be reached.',
    });
    stop();
  });

  it('sends a malformed request and a stranger back refused, before the handler runs', async () => {
    const hello = vi.fn(async () => 'hello');
    const stop = runtime.listenForMessages([runtime.handle(greet, hello), runtime.handle(guarded, hello)]);
    await expect(runtime.sendMessage(greet, { name: 42 } as never)).rejects.toMatchObject({
      code: 'bad-request',
    });
    // The unpatched fake names no sender: not one of ours.
    await expect(runtime.sendMessage(guarded, { name: 'Ada' })).rejects.toMatchObject({ code: 'forbidden' });
    expect(hello).not.toHaveBeenCalled();
    stop();
  });

  it('leaves a message nobody answers unanswered, which the sender reports', async () => {
    const stop = runtime.listenForMessages([]);
    await expect(runtime.sendMessage(greet, { name: 'Ada' })).rejects.toThrow(runtime.NO_ANSWER);
    stop();
  });
});
