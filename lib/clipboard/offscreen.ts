/** The offscreen document's side of the clipboard clearer (Chrome): the timer, and the hash, live here. */
import { handle, listenForMessages } from '@/lib/messages/runtime';
import { textareaClipboard } from './access';
import { createClipboardClearer } from './clearer';
import { clipboardClearLater } from './messages';

/** Answers 'clipboard-clear-later' from our own contexts; returns a function that stops. */
export function serveClipboardClearing(doc: Document = document): () => void {
  const clearer = createClipboardClearer(textareaClipboard(doc));
  return listenForMessages([
    handle(clipboardClearLater, async ({ hash, delayMs }) => {
      clearer.schedule(hash, delayMs);
      return { scheduled: true as const };
    }),
  ]);
}
