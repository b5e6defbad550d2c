import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { registerClipboardClearing } from '@/lib/clipboard/background';
import { clearCopyLater } from '@/lib/clipboard';
import { clipboardHash } from '@/lib/clipboard/hash';
import { clipboardCopied } from '@/lib/clipboard/messages';
import { serveClipboardInOffscreen } from '@/lib/clipboard/offscreen';
import { sendMessage } from '@/lib/messages/runtime';
import { saveSettings } from '@/lib/settings';
import { chromeLikeMessaging, pageSender } from '../demo/messaging';
import { trackDigests } from './settle';

let sender = pageSender('/popup.html');
let stops: Array<() => void> = [];
let settled: () => Promise<void>;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  settled = trackDigests();
  sender = pageSender('/popup.html');
  chromeLikeMessaging(() => sender);
  stops = [registerClipboardClearing()];
});
afterEach(() => {
  stops.forEach((stop) => stop());
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const clipboard = () => navigator.clipboard.readText();

describe('in the background page (Firefox)', () => {
  beforeEach(async () => {
    delete (fakeBrowser as { offscreen?: unknown }).offscreen;
    await navigator.clipboard.writeText('');
  });

  it('clears a copied link after the chosen delay, after the page that copied it is gone', async () => {
    await saveSettings({ type: 'clipboardClear', seconds: 30 });
    await navigator.clipboard.writeText('https://pwpush.test/p/abc');
    await clearCopyLater('https://pwpush.test/p/abc');
    await vi.advanceTimersByTimeAsync(29_000);
    await settled();
    expect(await clipboard()).toBe('https://pwpush.test/p/abc');
    await vi.advanceTimersByTimeAsync(1000);
    await settled();
    expect(await clipboard()).toBe('');
  });

  it('leaves the clipboard alone when the user copied something else since', async () => {
    await saveSettings({ type: 'clipboardClear', seconds: 60 });
    await navigator.clipboard.writeText('hunter2');
    await clearCopyLater('hunter2');
    await navigator.clipboard.writeText('my shopping list');
    await vi.advanceTimersByTimeAsync(60_000);
    await settled();
    expect(await clipboard()).toBe('my shopping list');
  });

  it('schedules nothing while the setting is off (the default)', async () => {
    await navigator.clipboard.writeText('hunter2');
    const answer = await sendMessage(clipboardCopied, { hash: await clipboardHash('hunter2') });
    expect(answer).toEqual({ scheduled: false });
    await vi.advanceTimersByTimeAsync(300_000);
    await settled();
    expect(await clipboard()).toBe('hunter2');
  });

  it('takes a hash only, and only from our own pages', async () => {
    await expect(sendMessage(clipboardCopied, { hash: 'hunter2' })).rejects.toMatchObject({
      code: 'bad-request',
    });
    sender = { id: fakeBrowser.runtime.id, url: 'https://evil.example/' };
    await expect(sendMessage(clipboardCopied, { hash: await clipboardHash('x') })).rejects.toMatchObject({
      code: 'forbidden',
    });
  });
});

/** Chrome's offscreen document, played in this document: execCommand reads and writes `board`. */
function fakeOffscreenClipboard(board: { text: string; readable: boolean }) {
  const execCommand = vi.fn((command: string) => {
    if (command === 'paste') {
      if (!board.readable) return false;
      (document.activeElement as HTMLTextAreaElement).value = board.text;
      return true;
    }
    const event = Object.assign(new Event('copy', { cancelable: true }), {
      clipboardData: { setData: (_type: string, value: string) => (board.text = value) },
    });
    document.dispatchEvent(event);
    return event.defaultPrevented;
  });
  Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
  let open = false;
  Object.assign(fakeBrowser, {
    offscreen: {
      Reason: { BLOBS: 'BLOBS', LOCAL_STORAGE: 'LOCAL_STORAGE', CLIPBOARD: 'CLIPBOARD' },
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
}

describe('in the offscreen document (Chrome)', () => {
  it('clears a copied passphrase there after the delay', async () => {
    const board = { text: 'copy me 8c1e', readable: true };
    fakeOffscreenClipboard(board);
    await saveSettings({ type: 'clipboardClear', seconds: 120 });
    await clearCopyLater('copy me 8c1e');
    await vi.advanceTimersByTimeAsync(119_000);
    await settled();
    expect(board.text).toBe('copy me 8c1e');
    await vi.advanceTimersByTimeAsync(1000);
    await settled();
    expect(board.text).toBe('');
  });

  it('clears nothing when it cannot read the clipboard to compare', async () => {
    const board = { text: 'copy me 8c1e', readable: false };
    fakeOffscreenClipboard(board);
    await saveSettings({ type: 'clipboardClear', seconds: 30 });
    await clearCopyLater('copy me 8c1e');
    await vi.advanceTimersByTimeAsync(30_000);
    await settled();
    expect(board.text).toBe('copy me 8c1e');
  });
});
