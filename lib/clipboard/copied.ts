/** What the extension does after it copied a secret, a link or a passphrase (pages, and quick push). */
import { sendMessage } from '@/lib/messages/runtime';
import { clipboardHash } from './hash';
import { clipboardCopied } from './messages';

/** A page's way: ask the background (the background itself passes clearClipboardLater). */
const askBackground = async (hash: string) => sendMessage(clipboardCopied, { hash });

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
