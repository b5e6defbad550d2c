/** What the extension does after it copied a secret, a link or a passphrase (pages, and quick push). */
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
