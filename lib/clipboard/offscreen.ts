/**
 * The offscreen document's side of the clipboard (Chrome): it copies the background's new links, and the
 * clearer's timer and hash live here.
 */
import { handle, listenForMessages } from '@/lib/messages/runtime';
import { copyWithTextarea, textareaClipboard } from './access';
import { createClipboardClearer } from './clearer';
import { clipboardClearLater, clipboardWrite } from './messages';

/** Answers 'clipboard-write' and 'clipboard-clear-later' from our own contexts; returns a function that stops. */
export function serveClipboardInOffscreen(doc: Document = document): () => void {
  const clearer = createClipboardClearer(textareaClipboard(doc));
  return listenForMessages([
    handle(clipboardWrite, async ({ text }) => {
      copyWithTextarea(text, doc);
      return { copied: true };
    }),
    handle(clipboardClearLater, async ({ hash, delayMs }) => {
      clearer.schedule(hash, delayMs);
      return { scheduled: true as const };
    }),
  ]);
}
