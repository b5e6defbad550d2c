/**
 * The offscreen document's side of the clipboard (Chrome). The document never has focus, and
 * navigator.clipboard refuses an unfocused document, so the link goes through a textarea and
 * execCommand('copy'), which the CLIPBOARD reason allows.
 */
import { z } from 'zod';
import { AppError } from '@/lib/errors';
import { CHANNELS, listenForMessages, type OffscreenProtocol } from '@/lib/messages/runtime';
import { isOwnExtensionSender } from '@/lib/messages/sender';

const clipboardMessage = z.object({ text: z.string().min(1) });

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
  return listenForMessages<OffscreenProtocol>(
    {
      'clipboard-write': async (data, sender) => {
        if (!isOwnExtensionSender(sender)) throw new AppError('forbidden', 'Not a Secret Push context.');
        const parsed = clipboardMessage.safeParse(data);
        if (!parsed.success) throw new AppError('bad-request', 'Nothing to copy.');
        copyWithTextarea(parsed.data.text, doc);
        return { copied: true };
      },
    },
    { channel: CHANNELS.offscreen },
  );
}
