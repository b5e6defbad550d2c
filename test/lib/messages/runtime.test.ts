import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { handle, listenForMessages, notDelivered, NO_ANSWER, sendMessage } from '@/lib/messages/runtime';
import { defineMessage } from '@/lib/messages/message';
import { AppError } from '@/lib/errors';
import { chromeLikeMessaging, pageSender } from '../demo/messaging';

const greet = defineMessage<{ name: string }, string>({
  type: 'test-greet',
  to: 'background',
  request: z.object({ name: z.string().min(1) }),
  privileged: true,
});
const open = defineMessage<undefined, string>({
  type: 'test-open',
  to: 'background',
  request: z.undefined(),
  privileged: false,
});
const offscreenGreet = defineMessage<{ name: string }, string>({
  type: 'test-offscreen-greet',
  to: 'offscreen',
  request: z.object({ name: z.string() }),
  privileged: true,
});

let sender: { id?: string; url?: string };
const hello = vi.fn(async ({ name }: { name: string }) => `hello ${name}`);

beforeEach(() => {
  sender = pageSender('/popup.html');
  hello.mockClear();
  chromeLikeMessaging(() => sender);
});

describe('runtime messaging', () => {
  it('delivers a typed reply from the handler', async () => {
    listenForMessages([handle(greet, hello)]);
    await expect(sendMessage(greet, { name: 'Ada' })).resolves.toBe('hello Ada');
  });

  it('rethrows a handler error on the sender side with its code', async () => {
    listenForMessages([
      handle(greet, async () => {
        throw new AppError('network', 'The server could not be reached.');
      }),
    ]);
    await expect(sendMessage(greet, { name: 'Ada' })).rejects.toMatchObject({
      code: 'network',
      name: 'AppError',
    });
  });

  it('rejects as not delivered when no context listens', async () => {
    const error = await sendMessage(greet, { name: 'Ada' }).catch((e: unknown) => e);
    expect(notDelivered(error)).toBe(true);
  });

  it('answers by returning a promise of the reply, never through sendResponse', async () => {
    const addListener = vi.spyOn(fakeBrowser.runtime.onMessage, 'addListener');
    listenForMessages([handle(greet, hello)]);
    const listener = addListener.mock.calls[0]![0] as (...args: unknown[]) => unknown;
    const sendResponse = vi.fn();
    const envelope = { channel: 'secret-push', type: 'test-greet', data: { name: 'Ada' } };
    const answered = listener(envelope, sender, sendResponse);
    expect(answered).toBeInstanceOf(Promise);
    await expect(answered).resolves.toEqual({ res: 'hello Ada' });
    expect(sendResponse).not.toHaveBeenCalled();
  });

  it('answers a refusal and a handler error as plain data', async () => {
    const addListener = vi.spyOn(fakeBrowser.runtime.onMessage, 'addListener');
    listenForMessages([
      handle(greet, async () => {
        throw new AppError('rate-limited', 'Too many requests.', { status: 429, retryAfter: 30 });
      }),
    ]);
    const listener = addListener.mock.calls[0]![0] as (...args: unknown[]) => unknown;
    const envelope = { channel: 'secret-push', type: 'test-greet', data: { name: 'Ada' } };
    await expect(listener(envelope, sender, vi.fn())).resolves.toEqual({
      err: { code: 'rate-limited', message: 'Too many requests.', status: 429, retryAfter: 30 },
    });
    const stranger = { id: 'another', url: 'chrome-extension://another/' };
    await expect(listener(envelope, stranger, vi.fn())).resolves.toEqual({
      err: expect.objectContaining({ code: 'forbidden' }),
    });
  });

  it('returns nothing for a message it does not answer, leaving it to other listeners', () => {
    const addListener = vi.spyOn(fakeBrowser.runtime.onMessage, 'addListener');
    listenForMessages([handle(greet, hello)]);
    const listener = addListener.mock.calls[0]![0] as (...args: unknown[]) => unknown;
    const sendResponse = vi.fn();
    expect(
      listener({ channel: 'secret-push', type: 'no-such-message' }, sender, sendResponse),
    ).toBeUndefined();
    expect(sendResponse).not.toHaveBeenCalled();
  });

  it('leaves a message of another channel or an unknown type unanswered', async () => {
    listenForMessages([handle(greet, hello)]);
    for (const message of [
      { channel: 'secret-push-offscreen', type: 'test-greet', data: { name: 'Ada' } },
      { channel: 'secret-push', type: 'no-such-message', data: undefined },
      null,
    ]) {
      const error = await browser.runtime.sendMessage(message).catch((e: unknown) => e);
      expect(notDelivered(error)).toBe(true);
    }
    expect(hello).not.toHaveBeenCalled();
  });

  it('keeps each receiver to its own messages', async () => {
    listenForMessages([handle(offscreenGreet, async ({ name }) => `offscreen ${name}`)]);
    listenForMessages([handle(greet, hello)]);
    await expect(sendMessage(offscreenGreet, { name: 'Ada' })).resolves.toBe('offscreen Ada');
    await expect(sendMessage(greet, { name: 'Ada' })).resolves.toBe('hello Ada');
  });

  it('stops answering once the listener is removed', async () => {
    const stop = listenForMessages([handle(greet, hello)]);
    stop();
    const error = await sendMessage(greet, { name: 'Ada' }).catch((e: unknown) => e);
    expect(notDelivered(error)).toBe(true);
    expect(hello).not.toHaveBeenCalled();
  });

  it.each([
    [
      'a content script (our id, a web page URL)',
      { id: fakeBrowser.runtime.id, url: 'https://evil.example/' },
    ],
    ['another extension', { id: 'another', url: 'chrome-extension://another/page.html' }],
    ['a sender without a URL', { id: fakeBrowser.runtime.id }],
  ])('refuses a privileged message from %s before its handler runs', async (_label, stranger) => {
    sender = stranger;
    listenForMessages([handle(greet, hello)]);
    await expect(sendMessage(greet, { name: 'Ada' })).rejects.toMatchObject({ code: 'forbidden' });
    expect(hello).not.toHaveBeenCalled();
  });

  it('answers a message that is not privileged from any sender', async () => {
    sender = { id: 'another', url: 'https://evil.example/' };
    listenForMessages([handle(open, async () => 'open')]);
    await expect(sendMessage(open, undefined)).resolves.toBe('open');
  });

  it.each([
    ['a missing field', {}],
    ['a wrong type', { name: 42 }],
    ['an empty body', undefined],
  ])('refuses a malformed body (%s) before its handler runs', async (_label, data) => {
    listenForMessages([handle(greet, hello)]);
    await expect(sendMessage(greet, data as never)).rejects.toMatchObject({ code: 'bad-request' });
    expect(hello).not.toHaveBeenCalled();
  });

  it('hands the handler the parsed request, without unknown keys', async () => {
    const seen = vi.fn(async (data: { name: string }) => JSON.stringify(data));
    listenForMessages([handle(greet, seen)]);
    await expect(sendMessage(greet, { name: 'Ada', extra: 1 } as never)).resolves.toBe('{"name":"Ada"}');
  });
});

describe('notDelivered', () => {
  it.each([
    [new AppError('internal', NO_ANSWER), true],
    [new Error('Could not establish connection. Receiving end does not exist.'), true],
    [new AppError('network', 'The server could not be reached.'), false],
    ['Receiving end does not exist', false],
  ])('tells %s apart', (error, expected) => {
    expect(notDelivered(error)).toBe(expected);
  });
});
