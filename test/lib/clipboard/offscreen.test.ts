import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { sendMessage } from '@/lib/messages/runtime';
import { clipboardWrite } from '@/lib/clipboard/messages';
import { copyWithTextarea, serveClipboardInOffscreen } from '@/lib/clipboard/offscreen';
import { chromeLikeMessaging, pageSender } from '../demo/messaging';

/** happy-dom has no clipboard: record what was selected when execCommand('copy') ran. */
function spyCopy(result = true) {
  const copied: string[] = [];
  const execCommand = vi.fn((command: string) => {
    const area = document.querySelector('textarea');
    if (command === 'copy' && area) copied.push(area.value.slice(area.selectionStart, area.selectionEnd));
    return result;
  });
  Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
  return copied;
}

describe('copyWithTextarea', () => {
  it('copies the selected text of a temporary textarea and removes it', () => {
    const copied = spyCopy();
    copyWithTextarea('https://example.com/p/abc');
    expect(copied).toEqual(['https://example.com/p/abc']);
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('throws when the browser refuses, and still removes the textarea', () => {
    spyCopy(false);
    expect(() => copyWithTextarea('x')).toThrow('The browser refused to copy the link.');
    expect(document.querySelector('textarea')).toBeNull();
  });
});

describe('serveClipboardInOffscreen', () => {
  it('copies for our own contexts', async () => {
    const copied = spyCopy();
    chromeLikeMessaging(() => pageSender('/background.js'));
    const stop = serveClipboardInOffscreen();
    await expect(sendMessage(clipboardWrite, { text: 'https://example.com/p/1' })).resolves.toEqual({
      copied: true,
    });
    expect(copied).toEqual(['https://example.com/p/1']);
    stop();
  });

  it('refuses a sender that is not one of our pages', async () => {
    const copied = spyCopy();
    chromeLikeMessaging(() => ({ id: fakeBrowser.runtime.id, url: 'https://evil.example/' }));
    const stop = serveClipboardInOffscreen();
    await expect(sendMessage(clipboardWrite, { text: 'x' })).rejects.toMatchObject({
      code: 'forbidden',
    });
    expect(copied).toEqual([]);
    stop();
  });
});
