/**
 * The clipboard (write, read and clear, in every document). This door is what a page needs, and stays light
 * (no zod, no settings): what the extension does after it copied a secret, a link or a passphrase. The
 * background's side (writing a new link, clearing a copy later) is its front background.ts, and the offscreen
 * document's (Chrome) offscreen.ts; each is for its own context only (.ci/eslint-doors.js).
 *
 * Each side reaches the clipboard its own document's way (the offscreen document with one textarea helper,
 * Firefox's background page through navigator.clipboard). Inside: clearer.ts (the pure clearer: one timer,
 * compare the hash before clearing), hash.ts, delay.ts, messages.ts.
 */
import { clipboardHash } from './hash';

/**
 * A page's way: ask the background (the background itself passes clearClipboardLater). Loaded on the
 * first copy: the message's schema (zod) must not weigh on the popup's first bytes (the 40 KB budget).
 */
const askBackground = async (hash: string) => {
  const [{ sendMessage }, { clipboardCopied }] = await Promise.all([
    import('@/lib/messages/runtime'),
    import('./messages'),
  ]);
  return sendMessage(clipboardCopied, { hash });
};

/**
 * Has the clipboard cleared later, per the user's setting, if it still holds `text` then. Only the hash
 * leaves the caller. A failure is reported, never thrown: the copy itself stands.
 */
export async function clearCopyLater(
  text: string,
  schedule: (hash: string) => Promise<unknown> = askBackground,
): Promise<void> {
  try {
    await schedule(await clipboardHash(text));
  } catch (error) {
    console.warn('The clipboard will not be cleared automatically', error);
  }
}

/**
 * A page's copy (the popup, the dashboard, the recipient page): `text` on the clipboard through
 * navigator.clipboard, which an extension page may write on the user's click, then cleared later if the user
 * asked (clearCopyLater). Every copy a page makes is a secret, a link or a passphrase. Rejects as writeText
 * does (NotAllowedError); the clearing's own failure is only reported.
 */
export async function copyText(
  text: string,
  schedule: (hash: string) => Promise<unknown> = askBackground,
): Promise<void> {
  await navigator.clipboard.writeText(text);
  void clearCopyLater(text, schedule);
}
