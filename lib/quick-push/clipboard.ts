/**
 * Putting the new link on the clipboard from an extension context, never from a script in the web page.
 * Chrome's service worker has no clipboard, so the offscreen document (reason CLIPBOARD) copies it; Firefox's
 * background page can write it itself (clipboardWrite permission).
 */
import { ensureOffscreenDocument, hasOffscreenApi } from '@/lib/demo/offscreen';
import { sendOffscreenMessage } from '@/lib/messages/runtime';

export type ClipboardWriter = (text: string) => Promise<void>;

/** Chrome: through the one offscreen document (lib/demo/offscreen.ts creates it with every reason). */
export async function writeThroughOffscreen(text: string): Promise<void> {
  await ensureOffscreenDocument();
  try {
    await sendOffscreenMessage('clipboard-write', { text });
  } catch (error) {
    // Chrome may close the document between our check and the message. Copying twice is harmless, so one
    // more try with a fresh document; a second failure is reported to the caller.
    console.warn('Copying through the offscreen document failed once; trying again', error);
    await ensureOffscreenDocument();
    await sendOffscreenMessage('clipboard-write', { text });
  }
}

/** Firefox: the background page is a document, and clipboardWrite lets it write without focus. */
export async function writeInBackgroundPage(text: string): Promise<void> {
  await navigator.clipboard.writeText(text);
}

export function platformClipboard(): ClipboardWriter {
  return hasOffscreenApi() ? writeThroughOffscreen : writeInBackgroundPage;
}
