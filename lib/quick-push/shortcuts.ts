/**
 * The keyboard's two commands that are not the selection's push (issue 39 §4): "Push the clipboard" (its text
 * pushed as the shortcut's selection is, the link copied in its place) and "Copy the last link" (the newest
 * push the watcher recorded, its link copied again). The manifest names the commands and their keys
 * (wxt.config.ts); background.ts calls these from commands.onCommand. Everything that touches the browser
 * comes in as a dependency.
 */
import { checkLinkOf } from '@/lib/api/link';
import type { TrackedPush } from '@/lib/watch/types';
import { pushKey } from '@/lib/watch/view';
import { t } from '@/lib/i18n';
import { copyAndSay, type PushedDeps } from './pusher';
import type { QuickPushOutcome, QuickRequest } from './types';

export const PUSH_CLIPBOARD_COMMAND = 'push-clipboard';
export const COPY_LAST_LINK_COMMAND = 'copy-last-link';

export interface ShortcutDeps {
  /**
   * Asks for the optional clipboardRead permission (lib/clipboard askToReadClipboard): true at once when it
   * is granted, else the browser's prompt. Called first, in the key press's own gesture.
   */
  askToReadClipboard(): Promise<boolean>;
  /** The clipboard's text; null when the browser refuses to read it. */
  readClipboard(): Promise<string | null>;
  /** The newest push the watcher recorded, of every followed account; undefined when there is none. */
  lastPush(): Promise<TrackedPush | undefined>;
}

/** What the clipboard's push does with what it read: the quick push's own push, or its "nothing" notice. */
export interface ClipboardPusher {
  push(request: QuickRequest): Promise<QuickPushOutcome>;
  nothing(message: string): Promise<QuickPushOutcome>;
}

/**
 * "Push the clipboard": the clipboard's text pushed with the quick push's options (the same create input as
 * the selection's, pusher.ts quickCreateInput), then its link copied over it by the quick push's own
 * after-create step, so the secret is no longer on the clipboard. Nothing is sent when reading is refused
 * or the clipboard holds no text; the notice says which.
 */
export async function pushClipboard(deps: ShortcutDeps, pusher: ClipboardPusher): Promise<QuickPushOutcome> {
  if (!(await deps.askToReadClipboard())) return pusher.nothing(t('keys_clipboardNotAllowed'));
  const text = await deps.readClipboard();
  if (text === null) return pusher.nothing(t('keys_clipboardUnreadable'));
  if (!text.trim()) return pusher.nothing(t('keys_clipboardEmpty'));
  return pusher.push({ kind: 'text', payload: text, name: t('keys_nameClipboard') });
}

/**
 * "Copy the last link": the link of the newest push recorded, copied (after the link check, as the popup's
 * recent list copies it) with the quick push's notice, whose click opens the push in the dashboard. The
 * newest push only: when it has expired, nothing is copied (an older, still open link is another secret,
 * easily pasted to the wrong person), and the notice says so; as it does when there is none.
 */
export async function copyLastLink(
  deps: Pick<ShortcutDeps, 'lastPush'> & PushedDeps,
  nothing: (message: string) => Promise<QuickPushOutcome>,
): Promise<QuickPushOutcome> {
  const push = await deps.lastPush();
  if (!push) return nothing(t('keys_noLastLink'));
  if (push.expired || push.deleted) return nothing(t('keys_lastLinkExpired'));
  const check = checkLinkOf(push.html_url, push.server);
  if (!check.ok) return nothing(t('keys_lastLinkRefused', check.message));
  return copyAndSay(deps, { link: check.url, expiry: () => '', key: pushKey(push) });
}
