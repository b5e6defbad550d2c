/**
 * The clipboard as the clearer reads and empties it, in the two documents that can: Chrome's offscreen
 * document (never focused, so execCommand) and Firefox's background page (navigator.clipboard). Reading
 * needs the optional clipboardRead permission, asked for when the user turns clearing on.
 */
import { AppError } from '@/lib/errors';
import type { ClipboardAccess } from './clearer';

/** Chrome's offscreen document: paste into a temporary textarea; clear through a copy event. */
export function textareaClipboard(doc: Document = document): ClipboardAccess {
  return {
    async read() {
      const area = doc.createElement('textarea');
      doc.body.append(area);
      try {
        area.focus();
        // Refused (false) without clipboardRead: the clipboard cannot be compared, so it is left alone.
        return doc.execCommand('paste') ? area.value : null;
      } finally {
        area.remove();
      }
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

/** Firefox's background page: navigator.clipboard, which clipboardRead lets it read without focus. */
export function navigatorClipboard(clipboard: Clipboard = navigator.clipboard): ClipboardAccess {
  return {
    // A refused read (no permission) means "cannot compare": null, and nothing is cleared.
    read: () => clipboard.readText().catch(() => null),
    clear: () => clipboard.writeText(''),
  };
}
