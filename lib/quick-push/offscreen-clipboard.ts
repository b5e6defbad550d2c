/**
 * The offscreen document's side of the clipboard (Chrome). The document never has focus, and
 * navigator.clipboard refuses an unfocused document, so the link goes through a textarea and
 * execCommand('copy'), which the CLIPBOARD reason allows.
 */
import { AppError } from '@/lib/errors';
import { handle, listenForMessages } from '@/lib/messages/runtime';
import { clipboardWrite } from './messages';

/** Copies `text` with a temporary textarea; AppError 'internal' when the browser refuses. */
export function copyWithTextarea(text: string, doc: Document = document): void {
  const area = doc.createElement('textarea');
  area.value = text;
  doc.body.append(area);
  try {
    area.select();
    if (!doc.execCommand('copy')) throw new AppError('internal', 'The browser refused to copy the link.');
  } finally {
    area.remove();
  }
}

/** Answers 'clipboard-write' from our own contexts; returns a function that stops. */
export function serveClipboardInOffscreen(doc: Document = document): () => void {
  return listenForMessages([
    handle(clipboardWrite, async ({ text }) => {
      copyWithTextarea(text, doc);
      return { copied: true };
    }),
  ]);
}
