import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { copyText } from '@/lib/clipboard';
import { platformClipboard } from '@/lib/clipboard/background';
import { clipboardHash } from '@/lib/clipboard/hash';
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

describe("copyText, a page's copy", () => {
  it('writes the text, then asks for its clearing by its hash only', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const scheduled = vi.fn(async (_hash: string) => {});
    await copyText('hunter2 door code', scheduled);
    expect(writeText).toHaveBeenCalledWith('hunter2 door code');
    const hash = await clipboardHash('hunter2 door code');
    await vi.waitFor(() => expect(scheduled).toHaveBeenCalledWith(hash));
    expect(JSON.stringify(scheduled.mock.calls)).not.toContain('hunter2');
  });

  it('rejects as the browser refused, and asks for no clearing', async () => {
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(
      new DOMException('No', 'NotAllowedError'),
    );
    const scheduled = vi.fn(async (_hash: string) => {});
    await expect(copyText('x', scheduled)).rejects.toThrow('No');
    expect(scheduled).not.toHaveBeenCalled();
  });

  it('keeps the copy when the clearing cannot be asked for', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(
      copyText('still copied', async () => {
        throw new Error('no background');
      }),
    ).resolves.toBeUndefined();
    expect(writeText).toHaveBeenCalledWith('still copied');
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
  });
});
