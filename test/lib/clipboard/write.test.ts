import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { platformClipboard } from '@/lib/clipboard/background';
import { serveClipboardInOffscreen } from '@/lib/clipboard/offscreen';
import { chromeLikeMessaging, pageSender } from '../demo/messaging';

beforeEach(() => {
  chromeLikeMessaging(() => pageSender('/background.js'));
});
afterEach(() => {
  delete (fakeBrowser as { offscreen?: unknown }).offscreen;
});

describe('platformClipboard', () => {
  it('copies through the offscreen document in Chrome, opening it first', async () => {
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    let stop: (() => void) | undefined;
    const createDocument = vi.fn(async () => {
      stop = serveClipboardInOffscreen();
    });
    Object.assign(fakeBrowser, { offscreen: { Reason: {}, createDocument } });
    Object.assign(fakeBrowser.runtime, {
      ContextType: { OFFSCREEN_DOCUMENT: 'OFFSCREEN_DOCUMENT' },
      getContexts: async () => (stop ? [{}] : []),
    });
    await platformClipboard()('https://example.com/p/abc');
    expect(createDocument).toHaveBeenCalledTimes(1);
    expect(execCommand).toHaveBeenCalledWith('copy');
    stop?.();
  });

  it('does not copy twice when the document received the link but could not copy it', async () => {
    const execCommand = vi.fn(() => false);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    const stop = serveClipboardInOffscreen();
    Object.assign(fakeBrowser, { offscreen: { Reason: {}, createDocument: vi.fn() } });
    Object.assign(fakeBrowser.runtime, {
      ContextType: { OFFSCREEN_DOCUMENT: 'OFFSCREEN_DOCUMENT' },
      getContexts: async () => [{}],
    });
    await expect(platformClipboard()('x')).rejects.toMatchObject({ code: 'internal' });
    expect(execCommand).toHaveBeenCalledTimes(1);
    stop();
  });

  it('writes in the background page where there are no offscreen documents (Firefox)', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await platformClipboard()('https://example.com/p/abc');
    expect(writeText).toHaveBeenCalledWith('https://example.com/p/abc');
    expect(fakeBrowser.runtime.sendMessage).not.toHaveBeenCalled();
  });
});
