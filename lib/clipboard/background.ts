/**
 * BACKGROUND: the clipboard clearer's wiring. The timer and the hash live in the document that can read
 * the clipboard: the offscreen document (Chrome), or the background page itself (Firefox, persistent).
 * chrome.alarms would survive the worker, but its timer would need the hash kept in storage; the offscreen
 * document keeps it in memory only, and lives as long as the extension does unless Chrome closes it (then
 * the pending clear is lost, never done wrongly).
 */
import { handle, listenForMessages } from '@/lib/messages/runtime';
import { BACKGROUND_IS_WORKER, inOffscreenOr } from '@/lib/offscreen';
import { readSettings } from '@/lib/settings/read';
import { navigatorClipboard } from './access';
import { createClipboardClearer, type ClipboardClearer } from './clearer';
import { CLEAR_MS_PER_SECOND } from './delay';
import { clipboardClearLater, clipboardCopied } from './messages';

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
