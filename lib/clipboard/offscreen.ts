/**
 * The offscreen document's side of the clipboard (Chrome): it copies the background's new links, and the
 * clearer's timer and hash live here. The document is never focused, so navigator.clipboard refuses it: it
 * writes, reads and empties the clipboard with a temporary textarea and execCommand, which the CLIPBOARD
 * reason allows. Reading needs the optional clipboardRead permission, asked for when the user turns
 * clearing on.
 */
import { AppError } from '@/lib/errors';
import { handle, listenForMessages } from '@/lib/messages/runtime';
import { createClipboardClearer, type ClipboardAccess } from './clearer';
import { clipboardClearLater, clipboardRead, clipboardWrite } from './messages';

/** Runs `use` on a temporary textarea holding `value`, and removes it whatever happens. */
function withTextarea<T>(doc: Document, value: string, use: (area: HTMLTextAreaElement) => T): T {
  const area = doc.createElement('textarea');
  area.value = value;
  doc.body.append(area);
  try {
    return use(area);
  } finally {
    area.remove();
  }
}

/** Copies `text` with a temporary textarea; AppError 'internal' when the browser refuses. */
export function copyWithTextarea(text: string, doc: Document = document): void {
  withTextarea(doc, text, (area) => {
    area.select();
    if (!doc.execCommand('copy')) throw new AppError('internal', 'The browser refused to copy the link.');
  });
}

/** Chrome's offscreen document: paste into a temporary textarea; clear through a copy event. */
export function textareaClipboard(doc: Document = document): ClipboardAccess {
  return {
    async read() {
      return withTextarea(doc, '', (area) => {
        area.focus();
        // Refused (false) without clipboardRead: the clipboard cannot be compared, so it is left alone.
        return doc.execCommand('paste') ? area.value : null;
      });
    },
    async clear() {
      const empty = (event: ClipboardEvent) => {
        event.clipboardData?.setData('text/plain', '');
        event.preventDefault();
      };
      doc.addEventListener('copy', empty);
      try {
        if (!doc.execCommand('copy'))
          throw new AppError('internal', 'The browser refused to clear the clipboard.');
      } finally {
        doc.removeEventListener('copy', empty);
      }
    },
  };
}

/**
 * Answers 'clipboard-write', 'clipboard-read' (the keyboard's "Push the clipboard") and
 * 'clipboard-clear-later' from our own contexts; returns a function that stops.
 */
export function serveClipboardInOffscreen(doc: Document = document): () => void {
  const access = textareaClipboard(doc);
  const clearer = createClipboardClearer(access);
  return listenForMessages([
    handle(clipboardWrite, async ({ text }) => {
      copyWithTextarea(text, doc);
      return { copied: true };
    }),
    handle(clipboardRead, async () => ({ text: await access.read() })),
    handle(clipboardClearLater, async ({ hash, delayMs }) => {
      clearer.schedule(hash, delayMs);
      return { scheduled: true as const };
    }),
  ]);
}
