import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { AppError } from '@/lib/errors';
import { defineMessage } from '@/lib/messages/message';
import { handle, listenForMessages } from '@/lib/messages/runtime';
import {
  hasOffscreenDocuments,
  inOffscreenOr,
  openOffscreenDocument,
  sendToOffscreen,
} from '@/lib/offscreen';
import { chromeLikeMessaging, pageSender } from '../demo/messaging';

const work = defineMessage<{ n: number }, number>({
  type: 'test-offscreen-work',
  to: 'offscreen',
  request: z.object({ n: z.number() }),
  privileged: true,
});

let handler: ReturnType<typeof vi.fn<(data: { n: number }) => Promise<number>>>;

/**
 * Chrome's offscreen API as far as lib/offscreen uses it: one document at a time, each new document
 * registering the handler again. `claimOpen` makes getContexts report a document that has already closed.
 * Like Chrome, getContexts lists a document while it loads, a few tasks before it listens; createDocument
 * resolves once it does.
 */
function installFakeOffscreen() {
  let stop: (() => void) | undefined;
  let loading = false;
  const state = { claimOpen: false };
  const offscreen = {
    Reason: { BLOBS: 'BLOBS', LOCAL_STORAGE: 'LOCAL_STORAGE', CLIPBOARD: 'CLIPBOARD' },
    createDocument: vi.fn(async () => {
      if (stop || loading) throw new Error('Only a single offscreen document may be created.');
      loading = true;
      for (let task = 0; task < 5; task++) await new Promise((resolve) => setTimeout(resolve, 0));
      loading = false;
      stop = listenForMessages([handle(work, (data) => handler(data))]);
    }),
    close() {
      stop?.();
      stop = undefined;
    },
  };
  Object.assign(fakeBrowser, { offscreen });
  Object.assign(fakeBrowser.runtime, {
    ContextType: { OFFSCREEN_DOCUMENT: 'OFFSCREEN_DOCUMENT' },
    getContexts: vi.fn(async () => {
      const open = stop !== undefined || loading || state.claimOpen;
      state.claimOpen = false;
      return open ? [{ contextType: 'OFFSCREEN_DOCUMENT' }] : [];
    }),
  });
  return { offscreen, state };
}

beforeEach(() => {
  handler = vi.fn(async ({ n }: { n: number }) => n * 2);
  chromeLikeMessaging(() => pageSender('/background.js'));
});
afterEach(() => {
  delete (fakeBrowser as { offscreen?: unknown }).offscreen;
});

describe('sendToOffscreen', () => {
  it('opens the document on demand, once for concurrent callers, and answers', async () => {
    const { offscreen } = installFakeOffscreen();
    expect(hasOffscreenDocuments()).toBe(true);
    await expect(
      Promise.all([sendToOffscreen(work, { n: 1 }), sendToOffscreen(work, { n: 2 })]),
    ).resolves.toEqual([2, 4]);
    expect(offscreen.createDocument).toHaveBeenCalledTimes(1);
  });

  it('lets a caller that finds the document still loading wait for it, instead of sending into it', async () => {
    const { offscreen } = installFakeOffscreen();
    const first = sendToOffscreen(work, { n: 1 });
    // The second caller's message goes out while the first one's document is listed but not yet listening.
    while (offscreen.createDocument.mock.calls.length === 0) await Promise.resolve();
    await expect(Promise.all([first, sendToOffscreen(work, { n: 2 })])).resolves.toEqual([2, 4]);
    expect(offscreen.createDocument).toHaveBeenCalledTimes(1);
  });

  it('sends once more to a new document when the message was not delivered', async () => {
    const { offscreen, state } = installFakeOffscreen();
    state.claimOpen = true; // the document closed between the check and the send
    await expect(sendToOffscreen(work, { n: 3 })).resolves.toBe(6);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(offscreen.createDocument).toHaveBeenCalledTimes(1);
  });

  it('sends straight to an open document, without asking Chrome first whether it is open', async () => {
    const { offscreen } = installFakeOffscreen();
    await offscreen.createDocument();
    const getContexts = fakeBrowser.runtime.getContexts as ReturnType<typeof vi.fn>;
    getContexts.mockClear();
    await expect(sendToOffscreen(work, { n: 4 })).resolves.toBe(8);
    expect(getContexts).not.toHaveBeenCalled();
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('opens the document again when it closed since the last message, and delivers once', async () => {
    const { offscreen } = installFakeOffscreen();
    await expect(sendToOffscreen(work, { n: 1 })).resolves.toBe(2);
    offscreen.close();
    await expect(sendToOffscreen(work, { n: 2 })).resolves.toBe(4);
    expect(offscreen.createDocument).toHaveBeenCalledTimes(2);
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('never sends a delivered message twice, even when its handler failed', async () => {
    installFakeOffscreen();
    handler.mockRejectedValueOnce(new AppError('internal', 'The browser refused to copy the link.'));
    await expect(sendToOffscreen(work, { n: 1 })).rejects.toMatchObject({ code: 'internal' });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failed creation: the next call creates the document again', async () => {
    const { offscreen } = installFakeOffscreen();
    offscreen.createDocument.mockRejectedValueOnce(new Error('no document today'));
    await expect(openOffscreenDocument()).rejects.toThrow('no document today');
    await expect(sendToOffscreen(work, { n: 5 })).resolves.toBe(10);
    expect(offscreen.createDocument).toHaveBeenCalledTimes(2);
  });

  it('takes a document another caller created in between as success', async () => {
    const { offscreen } = installFakeOffscreen();
    await offscreen.createDocument();
    (fakeBrowser.runtime.getContexts as ReturnType<typeof vi.fn>).mockResolvedValueOnce([]);
    await expect(openOffscreenDocument()).resolves.toBeUndefined();
  });
});

describe('inOffscreenOr', () => {
  it('hands the work to the offscreen document in Chrome', async () => {
    installFakeOffscreen();
    const here = vi.fn(async () => -1);
    await expect(inOffscreenOr(work, here)({ n: 4 })).resolves.toBe(8);
    expect(here).not.toHaveBeenCalled();
  });

  it('does the work here where there are no offscreen documents (Firefox)', async () => {
    delete (fakeBrowser as { offscreen?: unknown }).offscreen;
    expect(hasOffscreenDocuments()).toBe(false);
    const here = vi.fn(async ({ n }: { n: number }) => n + 1);
    await expect(inOffscreenOr(work, here)({ n: 4 })).resolves.toBe(5);
    expect(fakeBrowser.runtime.sendMessage).not.toHaveBeenCalled();
  });

  it('always hands the work to the offscreen document in a build whose background never does it', async () => {
    installFakeOffscreen();
    await expect(inOffscreenOr(work, undefined)({ n: 6 })).resolves.toBe(12);
    expect(handler).toHaveBeenCalledTimes(1);
  });
});
