/**
 * Putting the new link on the clipboard from an extension context, never from a script in the web page.
 * Chrome's service worker has no clipboard, so the offscreen document (reason CLIPBOARD) copies it; Firefox's
 * background page can write it itself (clipboardWrite permission). lib/offscreen decides which.
 */
import { clearClipboardLater } from '@/lib/clipboard/background';
import { clearCopyLater } from '@/lib/clipboard/copied';
import { BACKGROUND_IS_WORKER, inOffscreenOr } from '@/lib/offscreen';
import { clipboardWrite } from './messages';

export type ClipboardWriter = (text: string) => Promise<void>;

/** Firefox: the background page is a document, and clipboardWrite lets it write without focus. */
async function writeInBackgroundPage({ text }: { text: string }): Promise<{ copied: true }> {
  await navigator.clipboard.writeText(text);
  return { copied: true };
}

/** The clipboard as the background reaches it: through the offscreen document, or in its own page. */
export function platformClipboard(): ClipboardWriter {
  const write = inOffscreenOr(clipboardWrite, BACKGROUND_IS_WORKER ? undefined : writeInBackgroundPage);
  return async (text) => {
    await write({ text });
    // The new link is a secret: cleared later if the user asked (lib/clipboard).
    await clearCopyLater(text, clearClipboardLater);
  };
}
