/**
 * The clipboard as the background's documents reach it: Chrome's offscreen document (never focused, so
 * navigator.clipboard refuses it: a temporary textarea and execCommand, which the CLIPBOARD reason allows)
 * and Firefox's background page (navigator.clipboard). Reading needs the optional clipboardRead permission,
 * asked for when the user turns clearing on.
 */
import { AppError } from '@/lib/errors';
import type { ClipboardAccess } from './clearer';

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

/** Firefox's background page: navigator.clipboard, which clipboardRead lets it read without focus. */
export function navigatorClipboard(clipboard: Clipboard = navigator.clipboard): ClipboardAccess {
  return {
    // A refused read (no permission) means "cannot compare": null, and nothing is cleared.
    read: () => clipboard.readText().catch(() => null),
    clear: () => clipboard.writeText(''),
  };
}
