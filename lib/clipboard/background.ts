/**
 * BACKGROUND: the clipboard as the background reaches it, never from a script in the web page: a new link
 * written (platformClipboard), and a copy cleared later. Chrome's service worker has no clipboard, so the
 * offscreen document (reason CLIPBOARD) does both; Firefox's background page can do them itself
 * (clipboardWrite permission; clipboardRead when clearing is on). lib/offscreen decides which.
 *
 * The clearer's timer and hash live in the document that can read the clipboard: the offscreen document
 * (Chrome), or the background page itself (Firefox, persistent).
 * chrome.alarms would survive the worker, but its timer would need the hash kept in storage; the offscreen
 * document keeps it in memory only, and lives as long as the extension does unless Chrome closes it (then
 * the pending clear is lost, never done wrongly).
 */
import { handle, listenForMessages } from '@/lib/messages/runtime';
import { BACKGROUND_IS_WORKER, inOffscreenOr } from '@/lib/offscreen';
import { readSettings } from '@/lib/settings/read';
import { createClipboardClearer, type ClipboardAccess, type ClipboardClearer } from './clearer';
import { CLEAR_MS_PER_SECOND } from './delay';
import { clearCopyLater } from './index';
import { clipboardClearLater, clipboardCopied, clipboardRead, clipboardWrite } from './messages';

export type ClipboardWriter = (text: string) => Promise<void>;
/** The clipboard's text, or null when the browser refuses to read it (clipboardRead not granted). */
export type ClipboardReader = () => Promise<string | null>;

/**
 * Firefox's background page: navigator.clipboard, which clipboardWrite lets it write and clipboardRead
 * lets it read without focus.
 */
function navigatorClipboard(clipboard: Clipboard = navigator.clipboard): ClipboardAccess {
  return {
    // A refused read (no permission) means "cannot compare": null, and nothing is cleared.
    read: () => clipboard.readText().catch(() => null),
    clear: () => clipboard.writeText(''),
  };
}

let backgroundClearer: ClipboardClearer | undefined;

/** Firefox: the background page keeps the timer itself (never in Chrome's build, see BACKGROUND_IS_WORKER). */
async function scheduleInThisPage({ hash, delayMs }: { hash: string; delayMs: number }) {
  backgroundClearer ??= createClipboardClearer(navigatorClipboard());
  backgroundClearer.schedule(hash, delayMs);
  return { scheduled: true as const };
}

const scheduleClear = inOffscreenOr(
  clipboardClearLater,
  BACKGROUND_IS_WORKER ? undefined : scheduleInThisPage,
);

/**
 * Schedules the clearing of a copy (by its hash) after the delay the user chose; false when clearing is
 * off. The clipboard is cleared only if it still holds that copy then.
 */
export async function clearClipboardLater(hash: string): Promise<boolean> {
  const seconds = (await readSettings()).preferences.clipboardClearSeconds;
  if (!seconds) return false;
  await scheduleClear({ hash, delayMs: seconds * CLEAR_MS_PER_SECOND });
  return true;
}

/** Answers the pages' 'clipboard-copied'; returns a function that stops. */
export function registerClipboardClearing(): () => void {
  return listenForMessages([
    handle(clipboardCopied, async ({ hash }) => ({ scheduled: await clearClipboardLater(hash) })),
  ]);
}

/** Firefox: the background page is a document, and clipboardWrite lets it write without focus. */
async function writeInBackgroundPage({ text }: { text: string }): Promise<{ copied: true }> {
  await navigator.clipboard.writeText(text);
  return { copied: true };
}

/** The clipboard as the background writes it: through the offscreen document, or in its own page. */
export function platformClipboard(): ClipboardWriter {
  const write = inOffscreenOr(clipboardWrite, BACKGROUND_IS_WORKER ? undefined : writeInBackgroundPage);
  return async (text) => {
    await write({ text });
    // The new link is a secret: cleared later if the user asked.
    await clearCopyLater(text, clearClipboardLater);
  };
}

/** Firefox: the background page reads with navigator.clipboard, which clipboardRead allows without focus. */
async function readInBackgroundPage(): Promise<{ text: string | null }> {
  return { text: await navigatorClipboard().read() };
}

/**
 * The clipboard as the background reads it (the keyboard's "Push the clipboard"): through the offscreen
 * document (Chrome), or in its own page (Firefox). Needs the optional clipboardRead permission
 * (askToReadClipboard); without it the answer is null. The text stays in memory: the caller pushes it.
 */
export function platformClipboardReader(): ClipboardReader {
  const read = inOffscreenOr(clipboardRead, BACKGROUND_IS_WORKER ? undefined : readInBackgroundPage);
  return async () => (await read(undefined)).text;
}

/**
 * Asks for clipboardRead, the optional permission reading the clipboard needs (granted already: true at
 * once, no prompt). Called first thing in the handler of the user's own key press, whose gesture a request
 * needs in both browsers; the person's answer is kept by the browser, so the prompt comes once.
 */
export function askToReadClipboard(): Promise<boolean> {
  return browser.permissions.request({ permissions: ['clipboardRead'] });
}
