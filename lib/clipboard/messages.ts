/**
 * The clipboard's messages: the background asks the offscreen document (Chrome) to copy a new link; a page
 * that copied a secret tells the background (by hash only), and the background hands the timer to the
 * offscreen document, which can read the clipboard.
 */
import { lazySchema, memo, z } from '@/lib/zod';
import { defineMessage } from '@/lib/messages/message';

// Schemas built on first use (lib/zod.ts lazySchema): a woken worker may never see these messages.
const hash = memo(() => z.string().check(z.regex(/^[0-9a-f]{64}$/)));

/** The background asks the offscreen document (Chrome) to copy the new link (quick push, uploads). */
export const clipboardWrite = defineMessage<{ text: string }, { copied: true }>({
  type: 'clipboard-write',
  to: 'offscreen',
  request: lazySchema(() => z.object({ text: z.string().check(z.minLength(1)) })),
  privileged: true,
});

/**
 * The background asks the offscreen document (Chrome) for the clipboard's text ("Push the clipboard"): null
 * when the browser refuses (no clipboardRead). The text is answered in memory only, never stored.
 */
export const clipboardRead = defineMessage<undefined, { text: string | null }>({
  type: 'clipboard-read',
  to: 'offscreen',
  request: lazySchema(() => z.undefined()),
  privileged: true,
});

/** A page copied a secret, a link or a passphrase: clear it later if the setting says so. */
export const clipboardCopied = defineMessage<{ hash: string }, { scheduled: boolean }>({
  type: 'clipboard-copied',
  to: 'background',
  request: lazySchema(() => z.object({ hash: hash() })),
  privileged: true,
});

/** The background asks the offscreen document to clear the clipboard in `delayMs` if it is unchanged. */
export const clipboardClearLater = defineMessage<{ hash: string; delayMs: number }, { scheduled: true }>({
  type: 'clipboard-clear-later',
  to: 'offscreen',
  request: lazySchema(() =>
    z.object({ hash: hash(), delayMs: z.number().check(z.int(), z.gte(0), z.lte(3_600_000)) }),
  ),
  privileged: true,
});
