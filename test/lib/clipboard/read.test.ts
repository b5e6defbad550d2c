/**
 * The background's read of the clipboard (the keyboard's "Push the clipboard"): through the offscreen
 * document in Chrome, in the background page itself in Firefox; null whenever the browser refuses.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { askToReadClipboard, platformClipboardReader } from '@/lib/clipboard/background';
import { clipboardRead } from '@/lib/clipboard/messages';
import { serveClipboardInOffscreen } from '@/lib/clipboard/offscreen';
import { sendMessage } from '@/lib/messages/runtime';
import { chromeLikeMessaging, pageSender } from '../demo/messaging';

let stops: Array<() => void> = [];
let sender = pageSender('/background.js');

beforeEach(() => {
  sender = pageSender('/background.js');
  chromeLikeMessaging(() => sender);
});
afterEach(() => {
  stops.forEach((stop) => stop());
  stops = [];
  delete (fakeBrowser as { offscreen?: unknown }).offscreen;
  vi.restoreAllMocks();
});

/** Chrome's offscreen document, played in this document: a paste into its textarea reads `board`. */
function fakeOffscreenClipboard(board: { text: string; readable: boolean }) {
  const execCommand = vi.fn((command: string) => {
    if (command !== 'paste' || !board.readable) return false;
    (document.activeElement as HTMLTextAreaElement).value = board.text;
    return true;
  });
  Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
  let open = false;
  Object.assign(fakeBrowser, {
    offscreen: {
      Reason: { CLIPBOARD: 'CLIPBOARD' },
      createDocument: vi.fn(async () => {
        open = true;
        stops.push(serveClipboardInOffscreen());
      }),
    },
  });
  Object.assign(fakeBrowser.runtime, {
    ContextType: { OFFSCREEN_DOCUMENT: 'OFFSCREEN_DOCUMENT' },
    getContexts: async () => (open ? [{ contextType: 'OFFSCREEN_DOCUMENT' }] : []),
  });
  return execCommand;
}

describe('platformClipboardReader in Chrome (the offscreen document)', () => {
  it('reads the clipboard through the offscreen document, opening it first, and leaves no textarea', async () => {
    const execCommand = fakeOffscreenClipboard({ text: 'hunter2 on the clipboard', readable: true });
    await expect(platformClipboardReader()()).resolves.toBe('hunter2 on the clipboard');
    expect(execCommand).toHaveBeenCalledWith('paste');
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('answers null when the browser refuses the paste (no clipboardRead)', async () => {
    fakeOffscreenClipboard({ text: 'hunter2', readable: false });
    await expect(platformClipboardReader()()).resolves.toBeNull();
  });

  it('answers only our own contexts', async () => {
    fakeOffscreenClipboard({ text: 'hunter2', readable: true });
    stops.push(serveClipboardInOffscreen());
    sender = { id: fakeBrowser.runtime.id, url: 'https://evil.example/' } as never;
    await expect(sendMessage(clipboardRead, undefined)).rejects.toMatchObject({ code: 'forbidden' });
  });
});

describe('platformClipboardReader in Firefox (the background page)', () => {
  it('reads with navigator.clipboard, sending no message', async () => {
    await navigator.clipboard.writeText('firefox clipboard text');
    await expect(platformClipboardReader()()).resolves.toBe('firefox clipboard text');
    expect(fakeBrowser.runtime.sendMessage).not.toHaveBeenCalled();
  });

  it('answers null when the read is refused', async () => {
    vi.spyOn(navigator.clipboard, 'readText').mockRejectedValue(
      new DOMException('denied', 'NotAllowedError'),
    );
    await expect(platformClipboardReader()()).resolves.toBeNull();
  });
});

describe('askToReadClipboard', () => {
  it.each([true, false])(
    'asks for the optional clipboardRead permission only, and says %s as the browser does',
    async (granted) => {
      const request = vi
        .spyOn(fakeBrowser.permissions, 'request')
        .mockImplementation((async () => granted) as never);
      await expect(askToReadClipboard()).resolves.toBe(granted);
      expect(request).toHaveBeenCalledWith({ permissions: ['clipboardRead'] });
    },
  );
});
